"""Two simulation reports compared: Newcombe's interval for a difference of shares, the
normal interval for a difference of means, and what counts as beyond chance."""

from __future__ import annotations

import pytest

from pnp.rules.comparison import differences, summary
from pnp.rules.measures import lengths, shares, wilson


def report(ended: int, games: int, wins: dict[str, int], turns: list[int]) -> dict:
    return {"games": games, "ended": ended, "wins": wins,
            "ended_share": wilson(ended, games), "win_share": shares(wins, ended),
            "turns": lengths(turns)}


def test_a_share_difference_has_newcombes_interval():
    """One of Newcombe's (1998) worked examples: 56/70 against 48/80 differ by 0.2000,
    with 0.0524 to 0.3339 by his method 10 (here the mix compared is the 48/80, so its
    difference is this less other: the other way round)."""
    found = differences(report(48, 80, {"a": 24}, [10, 12]),
                        report(56, 70, {"a": 28}, [10, 12]))[0]
    assert (found["difference"], found["low"], found["high"]) == (-20.0, -33.4, -5.2)
    assert found["beyond_chance"]


def test_a_share_near_zero_keeps_an_honest_interval():
    """Another of his examples: 5/56 against 0/29, -0.0381 to 0.1926."""
    found = differences(report(5, 56, {"a": 1}, [3, 4]), report(0, 29, {}, []))[0]
    assert (found["difference"], found["low"], found["high"]) == (8.9, -3.8, 19.3)
    assert not found["beyond_chance"]


def test_the_same_games_differ_by_nothing_and_nothing_is_beyond_chance():
    same = report(72, 100, {"beetles": 40, "miners": 32}, list(range(30, 102)))
    found = differences(same, same)
    assert [entry["name"] for entry in found] == ["games end", "beetles", "miners", "mean"]
    for entry in found:
        assert entry["difference"] == 0 and entry["low"] == -entry["high"] < 0
        assert not entry["beyond_chance"]
    assert summary(found, "a", "b", 100) == \
        "in 100 games each, no difference between a and b can be told from chance"


def test_a_mean_difference_uses_both_spreads():
    short, long = list(range(20, 60)), list(range(40, 80))
    found = differences(report(40, 40, {"a": 20}, short), report(40, 40, {"a": 20}, long))[-1]
    spread = (pytest.approx(11.69, abs=0.01), pytest.approx(11.69, abs=0.01))
    assert (lengths(short)["sd"], lengths(long)["sd"]) == spread
    assert found["difference"] == -20.0 and found["beyond_chance"]  # this less other
    half = 1.96 * (2 * 11.69 ** 2 / 40) ** 0.5
    assert found["low"] == pytest.approx(-20 - half, abs=0.06)


def test_too_few_games_are_said_and_never_beyond_chance():
    found = differences(report(0, 5, {}, []), report(1, 5, {"a": 1}, [7]))
    assert found[-1]["difference"] is None and not found[-1]["beyond_chance"]



def test_games_the_rules_always_end_leave_no_games_end_share_to_compare():
    certain = {**report(50, 50, {"a": 20, "b": 30}, list(range(50))),
               "ended_share": {"share": 100.0, "low": 100.0, "high": 100.0}}
    found = differences(certain, certain)
    assert [entry["measure"] for entry in found] == ["win_share", "win_share", "turns"]
    measured = report(50, 50, {"a": 20, "b": 30}, list(range(50)))
    assert differences(measured, measured)[0]["measure"] == "ended_share"


def test_only_the_kinds_whose_copies_changed_are_compared():
    from pnp.rules.measures import tile_kinds

    ours = report(40, 40, {"a": 20}, list(range(40)))
    theirs = report(40, 40, {"a": 20}, list(range(40)))
    ours["tile_kinds"] = tile_kinds([{"tee": 3, "cross": 1}] * 20 + [{"tee": 5}] * 20,
                                    {"tee": 10, "cross": 2})
    theirs["tile_kinds"] = tile_kinds([{"tee": 1}] * 20 + [{"tee": 3}] * 20,
                                      {"tee": 6, "elbow": 4})
    kinds = [entry for entry in differences(ours, theirs) if entry["measure"] == "tile_kinds"]
    assert [entry["name"] for entry in kinds] == ["cross", "elbow", "tee"]
    cross, elbow, tee = kinds
    assert (tee["this"], tee["other"], tee["difference"]) == (4.0, 2.0, 2.0)
    assert tee["beyond_chance"] and tee["low"] == pytest.approx(2 - 1.96 * (2 / 40) ** 0.5,
                                                                 abs=0.06)
    assert (cross["this"], cross["other"], cross["difference"]) == (0.5, 0.0, 0.5)
    assert (elbow["this"], elbow["other"]) == (0.0, 0.0)  # never laid in either
    same = {**ours, "tile_kinds": ours["tile_kinds"]}
    assert not [entry for entry in differences(ours, same) if entry["measure"] == "tile_kinds"]


def test_every_mean_a_simulator_reports_has_words_of_its_own():
    """A comparison line names its measure in words, never by its key."""
    from pnp.input.catalog import resolve
    from pnp.input.tileset import load_tileset
    from pnp.rules import Setup, rules_for
    from pnp.rules.comparison import MEAN_WORDS

    for game, variant in (("demon-mine", None), ("dynamine", None), ("gold-mine", "phantom"),
                          ("mattock", None)):
        rules = rules_for(game)
        assert rules is not None and rules.simulate is not None
        found = rules.simulate(Setup(load_tileset(resolve(game)), 2, variant), 2, 1, None, 1)
        means = {key for key, value in found.items()
                 if isinstance(value, dict) and "histogram" in value}
        assert means and means <= MEAN_WORDS.keys(), (game, means - MEAN_WORDS.keys())
