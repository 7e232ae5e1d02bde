"""The measures a designer reads off simulated games: shares with their uncertainty, and
the spread of game lengths, not only a median.

A hundred random games say that the beetles won 56 of them; they do not say
that the beetles win 56% of the time. How far the true share may lie from what
the games showed is the 95% Wilson interval (Wilson, 1927), which stays inside
0 to 100% and behaves for shares near either end, where the textbook
"p ± 1.96 sd" does not. Game lengths are summed up by their quantiles and a
histogram, so a mix whose games are either very short or very long is not
hidden behind an ordinary median. Pure arithmetic: every simulator's report
uses these, and the words a person reads are made from them in one place.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from typing import Any

Z_95 = 1.959963984540054  # the normal quantile that leaves 2.5% in each tail
BINS = 10  # bars of a game-length histogram


def wilson(successes: int, trials: int) -> dict[str, float | None]:
    """The share ``successes / trials`` and its 95% Wilson interval, in whole-number
    percent to one decimal; all None for no trials."""
    if trials <= 0:
        return {"share": None, "low": None, "high": None}
    share, low, high = wilson_bounds(successes, trials)
    return {"share": round(100 * share, 1), "low": round(100 * low, 1),
            "high": round(100 * high, 1)}


def wilson_bounds(successes: int, trials: int) -> tuple[float, float, float]:
    """The share and its 95% Wilson interval as fractions, unrounded (``trials`` > 0)."""
    share = successes / trials
    spread = Z_95 * Z_95 / trials
    centre = (share + spread / 2) / (1 + spread)
    half = Z_95 * math.sqrt(share * (1 - share) / trials + spread / (4 * trials)) / \
        (1 + spread)
    return share, max(0.0, centre - half), min(1.0, centre + half)


def shares(counts: Mapping[str, int], trials: int) -> dict[str, dict[str, float | None]]:
    """Each side's share of ``trials`` with its interval, by side."""
    return {side: {"games": count, **wilson(count, trials)} for side, count in counts.items()}


def lengths(turns: Sequence[int]) -> dict[str, object]:
    """Mean, median, the 10th, 25th, 75th and 90th percentiles, the extremes, and a
    histogram of ``turns`` in :data:`BINS` equal bars (each ``[from, to)``, the last
    one closed); None throughout for no games."""
    if not turns:
        return {"mean": None, "median": None, "sd": None, "games": 0, "min": None,
                "max": None, "percentiles": None, "histogram": []}
    low, high = min(turns), max(turns)
    cuts = statistics.quantiles(turns, n=20, method="inclusive") if len(turns) > 1 else \
        [float(turns[0])] * 19
    width = max(1, math.ceil((high - low + 1) / BINS))
    bars = [0] * math.ceil((high - low + 1) / width)
    for value in turns:
        bars[(value - low) // width] += 1
    return {"mean": round(statistics.fmean(turns), 1), "median": statistics.median(turns),
            "sd": round(statistics.stdev(turns), 2) if len(turns) > 1 else 0.0,
            "games": len(turns), "min": low, "max": high,
            "percentiles": {"10": cuts[1], "25": cuts[4], "75": cuts[14], "90": cuts[17]},
            "histogram": [{"from": low + index * width, "to": low + (index + 1) * width,
                           "games": count} for index, count in enumerate(bars)]}


def is_length(figure: object) -> bool:
    """Whether a report's figure is a spread of values (:func:`lengths`, with its
    histogram) rather than a share, a count or words: what the page, the studio, the
    comparison and the text report each draw or compare as a distribution."""
    return isinstance(figure, Mapping) and "histogram" in figure


def certain(percent: float) -> dict[str, float]:
    """A share the rules decide rather than the games measure (every game of Dynamine
    ends): no interval, and written without one."""
    return {"share": percent, "low": percent, "high": percent}


def is_certain(share: Mapping[str, Any]) -> bool:
    """Whether a share is one of :func:`certain`'s, not a measured one with its interval
    (a Wilson interval never closes to a point)."""
    return share.get("share") is not None and \
        share.get("low") == share.get("high") == share.get("share")


def tile_kinds(laid: Sequence[Mapping[str, int]], copies: Mapping[str, int],
               stuck: Sequence[Mapping[str, int]] | None = None) -> dict[str, dict[str, object]]:
    """For each tile kind (``copies``: how many the mix holds of each), the tiles of it
    laid in a game on average (with its standard deviation, to compare two mixes by),
    the same per copy in the mix, and the share of games (with its interval) in which
    none was: a kind seldom laid is one a designer may
    cut, or one the other tiles leave no room for. Per copy, a kind of one copy and a
    kind of ten compare fairly. Where a game can leave a tile stuck (``stuck``, per
    game: Demon Mine's thrown from a full hand, Gold Mine's set aside for fitting
    nowhere), how many of each kind a game leaves so, on average."""
    games = len(laid)
    found: dict[str, dict[str, object]] = {}
    for kind, count in copies.items():
        counts = [game.get(kind, 0) for game in laid]
        total = sum(counts)
        found[kind] = {
            "copies": count,
            "laid_per_game": round(total / games, 2) if games else None,
            "sd": round(statistics.stdev(counts), 2) if games > 1 else None,
            "laid_per_copy": round(total / games / count, 3) if games and count else None,
            "never_laid": wilson(sum(1 for count in counts if not count), games)}
        if stuck is not None:
            found[kind]["stuck_per_game"] = \
                round(sum(game.get(kind, 0) for game in stuck) / games, 2) if games else None
    return found


def verdict(ended: int, games: int, wins: Mapping[str, int]) -> str:
    """The report in a sentence: how often games end, and who wins the ones that do,
    each share with its 95% margin ("games end 72% (63-80%) of the time; of those,
    beetles won 56% (46-66%)")."""
    end = wilson(ended, games)
    words = f"games end {share_words(end)} of the time"
    if not ended:
        return words
    leader = max(sorted(wins), key=lambda side: wins[side])
    won = wilson(wins[leader], ended)
    return f"{words}; of those, {leader} won {share_words(won)}"


def share_words(share: Mapping[str, Any]) -> str:
    """A share with its interval as a person reads it: "72% (62.5-79.9%)"; "no games"
    for a share of none."""
    if share.get("share") is None:
        return "no games"
    if is_certain(share):
        return f"{share['share']:g}%"
    return f"{share['share']:g}% ({share['low']:g}-{share['high']:g}%)"


def figure_words(figure: object) -> str:
    """A figure as a person reads it: "no games" where there was nothing to measure."""
    return "no games" if figure is None else str(figure)
