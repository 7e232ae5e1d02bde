"""Two mixes' simulation reports side by side, and which differences are beyond chance.

Both mixes play the same number of games from the same seed, yet each game
goes its own way, so two shares from a hundred games each differ by chance
alone. A difference counts as real when its 95% interval leaves out zero:
for a share (games that end, a side's wins) Newcombe's interval for the
difference of two proportions, built from the two Wilson intervals
(Newcombe, 1998, method 10), which behaves near 0% and 100% as the
textbook one does not; for a length, the normal interval of the
difference of two means (Welch's standard error). Pure arithmetic on the
reports' figures.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from pnp.rules.measures import Z_95, is_certain, is_length, wilson_bounds

Report = Mapping[str, Any]
MEANS_FROM = 30  # games a side before two mean lengths are compared
# what a length's mean is called in a comparison; others by their key
MEAN_WORDS = {"turns": "mean turns of the games that end", "tiles_placed": "mean tiles placed",
              "miners_removed": "mean miners removed",
              "first_link": "mean turn of the first entrance-hive link",
              "score": "mean score of a player, VP", "winning_score": "mean winning score, VP",
              "margin": "mean winner's lead, VP", "depth": "mean depth of a mine, levels",
              "tiles_built": "mean tiles a player built",
              "open_ends": "mean open ends left", "chambers_reached": "mean gold chambers "
              "within reach", "caverns_laid": "mean caverns laid",
              "tiles_set_aside": "mean tiles set aside",
              "phantom_arrives": "mean tile bringing the Phantom in",
              "phantom_to_entrance": "mean Phantom steps to the entrance"}


def differences(this: Report, other: Report) -> list[dict[str, Any]]:
    """Each measure both reports share: its two values, the difference (``this`` less
    ``other``: the designer's mix against the one it is compared with, in percentage
    points for a share), its 95% interval, and whether the interval leaves out zero.
    Shares come first: games that end (unless the rules end every game, which leaves
    nothing to compare), then each side's wins of the games that end; then every
    length both measured."""
    found = [] if _certain_end(this) and _certain_end(other) else [
        _share("ended_share", str(this.get("ended_label", "games end")),
               (this["ended"], this["games"]), (other["ended"], other["games"]))]
    wins_this, wins_other = this.get("wins", {}), other.get("wins", {})
    found += [_share("win_share", side, (wins_this.get(side, 0), this["ended"]),
                     (wins_other.get(side, 0), other["ended"]))
              for side in sorted(set(wins_this) | set(wins_other))]
    found += [_mean(key, this[key], other[key]) for key in this
              if is_length(this[key]) and isinstance(other.get(key), Mapping)]
    return found + _changed_kinds(this, other)


def _changed_kinds(this: Report, other: Report) -> list[dict[str, Any]]:
    """For each tile kind whose copies differ between the mixes (the ones the designer
    changed), the difference in how many are laid a game: a kind added, cut or
    recounted is the first place its effect shows. Unchanged kinds are left out: eighty
    more lines would hide those few, and some would pass by chance."""
    ours, theirs = this.get("tile_kinds") or {}, other.get("tile_kinds") or {}
    found = []
    for name in sorted(set(ours) | set(theirs)):
        mine, its = ours.get(name), theirs.get(name)
        if mine is not None and its is not None and mine.get("copies") == its.get("copies"):
            continue
        found.append(_mean("tile_kinds", _laid(mine, this), _laid(its, other)) |
                     {"name": name})
    return found


def _laid(kind: Mapping[str, Any] | None, report: Report) -> dict[str, Any]:
    """A kind's tiles laid a game as a mean to compare: none in a mix without it."""
    if kind is None:
        return {"mean": 0.0, "sd": 0.0, "games": report["games"]}
    return {"mean": kind.get("laid_per_game"), "sd": kind.get("sd"), "games": report["games"]}


def _share(measure: str, name: str, this: tuple[int, int],
           other: tuple[int, int]) -> dict[str, Any]:
    """A share's difference in percentage points, with Newcombe's interval."""
    entry: dict[str, Any] = {"measure": measure, "name": name,
                             "this": _percent(*this), "other": _percent(*other)}
    if this[1] <= 0 or other[1] <= 0:
        return {**entry, "difference": None, "low": None, "high": None, "beyond_chance": False}
    p1, low1, high1 = wilson_bounds(*other)  # Newcombe's p1 - p2 is read as this less other
    p2, low2, high2 = wilson_bounds(*this)
    gap = p2 - p1
    low = gap - math.sqrt((p2 - low2) ** 2 + (high1 - p1) ** 2)
    high = gap + math.sqrt((high2 - p2) ** 2 + (p1 - low1) ** 2)
    return {**entry, "difference": round(100 * gap, 1), "low": round(100 * low, 1),
            "high": round(100 * high, 1), "beyond_chance": low > 0 or high < 0}


def _mean(measure: str, this: Mapping[str, Any], other: Mapping[str, Any]) -> dict[str, Any]:
    """A length's difference of means, with the normal interval of Welch's standard
    error (both samples have their own spread), from :data:`MEANS_FROM` games a side:
    with fewer, the normal quantile would claim differences chance makes (Welch's t
    would need its degrees of freedom, and so few games say little anyway)."""
    entry: dict[str, Any] = {"measure": measure, "name": "mean",
                             "this": this.get("mean"), "other": other.get("mean")}
    counts = (this.get("games") or 0, other.get("games") or 0)
    if min(counts) < MEANS_FROM or this.get("sd") is None or other.get("sd") is None:
        return {**entry, "difference": None, "low": None, "high": None, "beyond_chance": False}
    gap = float(this["mean"]) - float(other["mean"])
    error = math.sqrt(float(this["sd"]) ** 2 / counts[0] + float(other["sd"]) ** 2 / counts[1])
    low, high = gap - Z_95 * error, gap + Z_95 * error
    return {**entry, "difference": round(gap, 1), "low": round(low, 1), "high": round(high, 1),
            "beyond_chance": low > 0 or high < 0}


def _certain_end(report: Report) -> bool:
    """Whether the rules end every game (Dynamine's rounds), so there is nothing to
    compare in how often games end."""
    return is_certain(report.get("ended_share") or {})


def _percent(successes: int, trials: int) -> float | None:
    return round(100 * successes / trials, 1) if trials > 0 else None


def summary(found: list[dict[str, Any]], this: str, other: str, games: int) -> str:
    """The comparison in a sentence: the differences beyond chance, or that none is."""
    real = [entry for entry in found if entry["beyond_chance"]]
    if not real:
        return (f"in {games} games each, no difference between {this} and {other} can be "
                "told from chance")
    return (f"beyond chance, {this} differs from {other} in " +
            "; ".join(_said(entry) for entry in real))


def _said(entry: Mapping[str, Any]) -> str:
    sign = "+" if entry["difference"] > 0 else ""
    unit = " points" if entry["measure"] in ("ended_share", "win_share") else ""
    return (f"{measure_words(entry)} {sign}{entry['difference']:g}{unit} "
            f"({entry['low']:g} to {entry['high']:g})")


def measure_words(entry: Mapping[str, Any]) -> str:
    """What a difference measures, in words: "games that end, %", "beetles' wins, % of
    the games that end", "mean turns"."""
    if entry["measure"] == "ended_share":
        return "games that end, %" if entry["name"] == "games end" else \
            f"how often {entry['name']}, %"
    if entry["measure"] == "win_share":
        return f"{entry['name']} wins, % of the games that end"
    if entry["measure"] == "tile_kinds":
        return f"{entry['name']} laid in a game"
    return MEAN_WORDS.get(entry["measure"], f"mean {entry['measure'].replace('_', ' ')}")
