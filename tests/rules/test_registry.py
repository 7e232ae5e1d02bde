"""Each game's abilities are asked of its registered rules, never of its name: the
commands and the studio learn which games score, list turns, simulate or find links."""

from __future__ import annotations

from support import ROOT

from pnp.input.tileset import load_tileset
from pnp.rules import GAME_MODULES, games_offering, rules_for
from pnp.studio.verdict import verdict


def test_the_games_offering_each_ability_are_the_ones_whose_rules_have_it():
    assert games_offering("score") == ["dynamine"]
    assert games_offering("turns") == ["mattock"]
    assert games_offering("links") == ["demon-mine"]
    assert games_offering("simulate") == list(GAME_MODULES)
    for game in GAME_MODULES:
        rules = rules_for(game)
        assert rules is not None and rules.game == game


def test_the_studio_shows_links_for_a_game_whose_rules_find_them_only():
    demon = verdict(load_tileset(ROOT / "tilesets" / "demon-mine.yaml"), 2)["links"]
    assert demon is not None and demon["size"] == 8 and demon["links"]
    assert demon["entrances"] in ([[0, 0]], [[7, 0]])
    gold = verdict(load_tileset(ROOT / "tilesets" / "gold-mine.yaml"), 2)["links"]
    assert gold is None
