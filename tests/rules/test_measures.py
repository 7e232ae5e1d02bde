"""The measures a designer reads off simulated games (issue 40): shares with their 95%
interval, game lengths as a spread, and the report in a sentence."""

from __future__ import annotations

import math
from itertools import pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.rules.measures import lengths, shares, verdict, wilson


def test_wilsons_interval_matches_the_formula_worked_by_hand():
    # 56 of 100: centre (0.56 + 1.92/100) / 1.0384, half 1.96 * sqrt(...) / 1.0384
    z = 1.959963984540054
    p, n = 0.56, 100
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    assert wilson(56, 100) == {"share": 56.0, "low": round(100 * (centre - half), 1),
                               "high": round(100 * (centre + half), 1)}
    assert wilson(56, 100) == {"share": 56.0, "low": 46.2, "high": 65.3}
    assert wilson(0, 0) == {"share": None, "low": None, "high": None}
    assert wilson(10, 10)["high"] == 100.0 and wilson(10, 10)["low"] < 100.0


@settings(deadline=None, max_examples=200)
@given(st.integers(1, 10_000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_the_interval_holds_the_share_and_stays_inside_0_to_100(case):
    successes, trials = case
    found = wilson(successes, trials)
    assert 0.0 <= found["low"] <= found["share"] <= found["high"] <= 100.0
    # never wider than the widest interval of its number of games, at one half
    widest = wilson(trials // 2, trials) if trials % 2 == 0 else wilson(trials // 2 + 1, trials)
    assert found["high"] - found["low"] <= widest["high"] - widest["low"] + 0.2


def test_shares_count_each_side_of_the_games_that_ended():
    found = shares({"miners": 30, "beetles": 70}, 100)
    assert found["beetles"]["games"] == 70 and found["beetles"]["share"] == 70.0
    assert found["miners"]["low"] < 30.0 < found["miners"]["high"]


def test_lengths_give_percentiles_and_a_histogram_that_holds_every_game():
    turns = [10, 12, 12, 14, 15, 18, 20, 25, 40, 90]
    found = lengths(turns)
    assert (found["min"], found["max"], found["median"]) == (10, 90, 16.5)
    assert found["percentiles"]["25"] <= found["median"] <= found["percentiles"]["75"]
    assert sum(bar["games"] for bar in found["histogram"]) == len(turns)
    assert len(found["histogram"]) <= 10
    bars = found["histogram"]
    assert bars[0]["from"] == 10 and all(a["to"] == b["from"] for a, b in pairwise(bars))
    for value in turns:  # each game in the one bar whose span holds it
        assert sum(bar["from"] <= value < bar["to"] for bar in bars) == 1
    assert lengths([])["histogram"] == [] and lengths([7])["percentiles"]["90"] == 7


@pytest.mark.parametrize(("ended", "games", "wins", "words"), [
    (72, 100, {"miners": 32, "beetles": 40},
     "games end 72% (62.5-79.9%) of the time; of those, beetles won 55.6% (44.1-66.5%)"),
    (0, 10, {"red": 0, "blue": 0}, "games end 0% (0-27.8%) of the time"),
])
def test_the_report_says_in_a_sentence_what_matters(ended, games, wins, words):
    assert verdict(ended, games, wins) == words


def test_mattocks_games_never_place_more_tiles_than_the_proven_most():
    """Mattock's key number: the tiles on the board when a game ends, the setup's twelve
    included. No game can pass 87 on the full board with the fixed set-up (the bound
    proved by integer programming), nor end before its twelve."""
    from support import ROOT

    from pnp.input.tileset import load_tileset
    from pnp.rules import Setup
    from pnp.rules.mattock.simulate import simulate

    report = simulate(Setup(load_tileset(ROOT / "tilesets" / "mattock.yaml"), 2), 20, 3)
    placed = report["tiles_placed"]
    assert 12 < placed["min"] <= placed["median"] <= placed["max"] <= 87
    assert sum(bar["games"] for bar in placed["histogram"]) == 20


def test_each_tile_kind_is_counted_per_game_and_the_games_without_it_shared():
    from pnp.rules.measures import tile_kinds

    found = tile_kinds([{"tee": 2, "cross": 1}, {"tee": 4}, {}, {"tee": 0}],
                       {"tee": 6, "cross": 1})
    assert found["tee"]["laid_per_game"] == 1.5 and found["cross"]["laid_per_game"] == 0.25
    assert found["tee"]["laid_per_copy"] == 0.25 and found["cross"]["laid_per_copy"] == 0.25
    assert found["tee"]["copies"] == 6
    assert found["tee"]["sd"] == pytest.approx(1.91, abs=0.01)  # of 2, 4, 0, 0
    assert found["tee"]["never_laid"] == wilson(2, 4)
    assert found["cross"]["never_laid"] == wilson(3, 4)
    assert tile_kinds([], {"tee": 2})["tee"] == {"copies": 2, "laid_per_game": None,
                                                 "sd": None, "laid_per_copy": None,
                                                 "never_laid": wilson(0, 0)}


def test_a_share_certain_by_the_rules_is_written_without_an_interval():
    from pnp.rules.measures import share_words

    assert share_words({"share": 100.0, "low": 100.0, "high": 100.0}) == "100%"
    assert share_words(wilson(10, 10)) == "100% (72.2-100%)"


def test_a_kind_left_stuck_is_counted_per_game_where_the_game_can_leave_one():
    from pnp.rules.measures import tile_kinds

    found = tile_kinds([{"tee": 1}, {}], {"tee": 2, "cross": 1}, [{"tee": 3}, {"cross": 1}])
    assert found["tee"]["stuck_per_game"] == 1.5 and found["cross"]["stuck_per_game"] == 0.5
    assert "stuck_per_game" not in tile_kinds([{"tee": 1}], {"tee": 2})["tee"]
