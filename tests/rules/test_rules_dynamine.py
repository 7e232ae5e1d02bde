"""Dynamine: building rules, peripheral moves, scoring by hand, the layout file, the mix check.

The tiles come from a small YAML tileset written here, so the tests do not
depend on the shipped mix; only the last tests read tilesets/dynamine.yaml.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest
from support import ROOT, tileset_from_text

from pnp.errors import InputError
from pnp.input.tileset import load_tileset
from pnp.rules import Setup
from pnp.rules import dynamine as dyn

TILESET = """\
game: dynamine
title: Test Dynamine
size: 1.5in
rotatable: false
players: [2, 3, 4]
components:
  - {name: mission-deep, kind: card, count: 4, size: 63mm x 88mm, features: [{label: DEEP}]}
  - {name: depth-red, kind: token, count: 5, size: 1in, shape: round, colour: "#b3261e"}
  - {name: depth-blue, kind: token, count: 5, size: 1in, shape: round, colour: "#1f4e9c"}
  - {name: depth-green, kind: token, count: 5, size: 1in, shape: round, colour: "#2e7d32"}
  - {name: depth-yellow, kind: token, count: 5, size: 1in, shape: round, colour: "#e8b90f"}
  - {name: round-2, kind: token, count: 10, size: 1in, shape: round, features: [{text: "2"}]}
tiles:
  - {name: entrance, count: 4, role: base, paths: [{ports: E-S-W, junction: true}]}
  - {name: shaft, count: 20, paths: [N-S], features: [{die: 1}]}
  - {name: row, count: 10, paths: [E-W], features: [{die: 1}]}
  - {name: cross, count: 10, paths: [N-E-S-W], features: [{die: 2}]}
  - {name: elbow-nw, count: 2, paths: [N-W], features: [{die: 1}]}
  - {name: split, count: 1, paths: [N-E, S-W], features: [{die: 2}]}
  - name: plus-shaft
    count: 2
    paths: [N-S]
    features: [{die: 2}, {label: "+1", at: S}]
  - {name: vein-shaft, count: 4, paths: [N-S], features: [{die: 3}, {icon: vein}]}
  - name: two-vein-shaft
    count: 2
    paths: [N-S]
    features: [{die: 4}, {icon: vein, at: NW}, {icon: vein, at: SE}]
  - {name: vein-row, count: 2, paths: [E-W], features: [{die: 3}, {icon: vein}]}
  - {name: vein-cross, count: 2, paths: [N-E-S-W], features: [{die: 4}, {icon: vein}]}
  - {name: altar1-row, count: 2, paths: [E-W], features: [{die: 3}, {icon: altar, badge: "1"}]}
  - {name: altar4-row, count: 2, paths: [E-W], features: [{die: 5}, {icon: altar, badge: "4"}]}
  - {name: fossil2-row, count: 2, paths: [E-W], features: [{die: 4}, {icon: fossil, badge: "2"}]}
  - {name: well-shaft, count: 2, paths: [N-S], features: [{die: 3}, {icon: well}]}
  - {name: well-altar-shaft, count: 2, paths: [N-S], features: [{die: 5}, {icon: well-altar}]}
  - {name: well-dragon-shaft, count: 2, paths: [N-S], features: [{die: 5}, {icon: well-dragon}]}
  - {name: sapphire-cross, count: 1, paths: [N-E-S-W], features: [{die: 6}, {icon: sapphire}]}
"""


@pytest.fixture(scope="module")
def tiles():
    return tileset_from_text(TILESET)


def kind(tileset, name):
    return tileset.tile(name)


def mine_of(tileset, placements, entrance=(0, 1)):
    """A mine built tile by tile, failing loudly if any step breaks the rules."""
    mine = dyn.Mine.start(tileset.tile("entrance"), entrance)
    for name, cell in placements:
        problem = dyn.placement_problem(mine, cell, tileset.tile(name))
        assert problem is None, f"{name} at {cell}: {problem}"
        mine = mine.with_tile(cell, tileset.tile(name))
    return mine


# ---------------------------------------------------------------------------
# Tile facts come from features, not names.


def test_facts_read_from_features(tiles):
    assert dyn.tile_facts(kind(tiles, "two-vein-shaft")).veins == 2
    assert dyn.tile_facts(kind(tiles, "altar4-row")).altars == (4,)
    assert dyn.tile_facts(kind(tiles, "fossil2-row")).fossils == (2,)
    assert dyn.tile_facts(kind(tiles, "plus-shaft")).plus_one_edges == ("S",)
    assert dyn.tile_facts(kind(tiles, "well-dragon-shaft")).wells == ("dragon",)
    assert dyn.tile_facts(kind(tiles, "well-dragon-shaft")).fossil_count == 1
    assert dyn.tile_facts(kind(tiles, "vein-cross")).cost == 4
    assert dyn.tile_facts(kind(tiles, "entrance")).entrance


def test_a_vein_badge_counts_as_that_many_veins():
    tileset = tileset_from_text(TILESET.replace(
        "{icon: vein}]}\n  - name: two-vein-shaft", '{icon: vein, badge: "2"}]}\n'
        "  - name: two-vein-shaft", 1))
    assert dyn.tile_facts(tileset.tile("vein-shaft")).veins == 2


# ---------------------------------------------------------------------------
# Building.


def test_a_tile_must_line_up_with_the_entrance(tiles):
    mine = dyn.Mine.start(kind(tiles, "entrance"))
    assert dyn.can_place(mine, (0, 2), kind(tiles, "shaft"))  # S of entrance meets N
    assert not dyn.can_place(mine, (0, 2), kind(tiles, "row"))  # open S against rock N
    assert dyn.can_place(mine, (1, 1), kind(tiles, "row"))  # E meets W
    assert not dyn.can_place(mine, (1, 1), kind(tiles, "shaft"))  # open E against rock W
    assert "do not line up" in dyn.placement_problem(mine, (1, 1), kind(tiles, "shaft"))


def test_a_tile_must_touch_an_open_tunnel(tiles):
    mine = dyn.Mine.start(kind(tiles, "entrance"))
    assert not dyn.can_place(mine, (0, 3), kind(tiles, "shaft"))  # touches nothing
    assert not dyn.can_place(mine, (1, 2), kind(tiles, "cross"))  # only a corner touches
    assert not dyn.can_place(mine, (0, 0), kind(tiles, "cross"))  # above the entrance
    assert not dyn.can_place(mine, (0, 1), kind(tiles, "cross"))  # taken
    assert not dyn.can_place(mine, (0, 2), kind(tiles, "entrance"))  # not a tunnel tile


def test_rock_may_meet_rock_when_another_edge_connects(tiles):
    mine = mine_of(tiles, [("row", (1, 1)), ("cross", (0, 2))])
    assert dyn.can_place(mine, (1, 2), kind(tiles, "row"))  # W open-open, N rock-rock
    assert not dyn.can_place(mine, (1, 2), kind(tiles, "elbow-nw"))  # N open against rock


def test_a_walled_off_tunnel_does_not_lead_to_the_entrance(tiles):
    mine = mine_of(tiles, [("split", (0, 2))])  # its N-E tunnel meets the entrance
    assert not dyn.can_place(mine, (0, 3), kind(tiles, "shaft"))  # S-W tunnel leads nowhere
    assert dyn.can_place(mine, (1, 2), kind(tiles, "row"))  # E end is on the joined tunnel


def test_plus_one_ends_add_a_building_point(tiles):
    mine = mine_of(tiles, [("plus-shaft", (0, 2))])
    assert dyn.plus_one_bonus(mine, (0, 3), kind(tiles, "shaft")) == 1
    assert dyn.plus_one_bonus(mine, (1, 1), kind(tiles, "row")) == 0


# ---------------------------------------------------------------------------
# Peripheral tiles and moves.


@pytest.fixture
def small_mine(tiles):
    #  level 1:  row  ENTRANCE  row
    #  level 2:       shaft
    #  level 3:       cross     row
    #  level 4:       shaft
    return mine_of(tiles, [("row", (1, 1)), ("row", (-1, 1)), ("shaft", (0, 2)),
                           ("cross", (0, 3)), ("row", (1, 3)), ("shaft", (0, 4))])


def test_peripheral_tiles_of_a_small_mine(small_mine):
    assert dyn.peripheral_tiles(small_mine) == ((-1, 1), (1, 1), (1, 3), (0, 4))


def test_an_enclosed_tile_is_not_peripheral(tiles):
    cells = {(x, level): kind(tiles, "cross") for x in range(3) for level in range(1, 4)}
    cells[(1, 1)] = kind(tiles, "entrance")
    mine = dyn.Mine.of((1, 1), cells)
    peripheral = dyn.peripheral_tiles(mine)
    assert (1, 2) not in peripheral  # removable, but surrounded on all sides
    assert (0, 2) in peripheral and (2, 3) in peripheral
    assert (1, 1) not in peripheral


def test_moving_a_peripheral_tile(small_mine, tiles):
    moved = dyn.move_tile(small_mine, (1, 3), (-1, 3))  # the row now meets the cross's W end
    assert moved.tiles[(-1, 3)] == kind(tiles, "row")
    assert (1, 3) not in moved.tiles
    assert small_mine.tiles[(1, 3)] == kind(tiles, "row")  # the old mine is untouched


@pytest.mark.parametrize("source, target, reason", [
    ((0, 2), (1, 2), "not peripheral"),  # it holds the lower mine to the entrance
    ((0, 1), (0, 5), "entrance"),
    ((0, 4), (-1, 2), "line up"),  # the row above has rock where the shaft opens
    ((0, 4), (0, 6), "connect"),  # nothing is left to connect to down there
    ((1, 3), (1, 3), "another cell"),
    ((5, 5), (0, 5), "no tile"),
])
def test_illegal_moves(small_mine, source, target, reason):
    assert not dyn.can_move(small_mine, source, target)
    with pytest.raises(dyn.IllegalMove, match=reason):
        dyn.move_tile(small_mine, source, target)


# ---------------------------------------------------------------------------
# Scoring a hand-built game, level by level.

ANA = [  # level, cell, tile
    ("altar1-row", (-1, 1)), ("vein-row", (1, 1)),  # level 1
    ("shaft", (0, 2)),  # level 2
    ("well-shaft", (0, 3)),  # level 3
    ("two-vein-shaft", (0, 4)),  # level 4
    ("vein-cross", (0, 5)), ("altar4-row", (1, 5)), ("fossil2-row", (-1, 5)),  # level 5
    ("well-altar-shaft", (0, 6)),  # level 6
    ("vein-shaft", (0, 7)),  # level 7
]
BEN = [("row", (1, 1)), ("shaft", (0, 2)), ("well-dragon-shaft", (0, 3)),
       ("sapphire-cross", (0, 4)), ("vein-shaft", (0, 5))]


@pytest.fixture
def game(tiles):
    return dyn.Layout((
        dyn.PlayerLayout("Ana", mine_of(tiles, [(n, c) for n, c in ANA]),
                         items=("ancient-ring", "support-beams"),
                         missions=("great-stone-altar", "main-water-well", "deep-halls")),
        dyn.PlayerLayout("Ben", mine_of(tiles, BEN),
                         items=("wall-torches", "water-barrel", "cave-raven"),
                         missions=("blue-sapphire", "giant-dragon-skull")),
    ))


def test_levels_of_the_hand_built_mine(game, tiles):
    ana = dyn.score_layout(tiles, game)["players"][0]
    rows = {row["level"]: row for row in ana["levels"]}
    # level 1: one vein x 1; altar 1 + that vein
    assert (rows[1]["tiles"], rows[1]["vein_points"], rows[1]["altar_points"]) == (3, 1, 2)
    assert rows[2]["vein_points"] == rows[2]["well_points"] == 0
    # level 3: plain well, 1 + shaft above (entrance is not a tunnel tile) + 4 tiles below
    assert rows[3]["well_points"] == 1 + 1 + 4
    assert rows[4]["vein_points"] == 2 * 4
    # level 5: one vein x 5; altar 4 + that vein; a 2-VP fossil
    assert (rows[5]["vein_points"], rows[5]["altar_points"], rows[5]["fossil_points"]) == \
        (5, 5, 2)
    # level 6: well with an altar, 2 + four vertical tiles above (cross, shafts, plain well)
    assert rows[6]["well_points"] == 2 + 4
    assert rows[7]["vein_points"] == 5  # level 7 pays like level 5
    assert ana["counts"] == {"fossils": 1, "wells": 2, "altars": 2, "deepest": 7,
                             "veins": 5, "tiles": 11}


def test_whole_game_breakdown(game, tiles):
    report = dyn.score_layout(tiles, game)
    ana, ben = report["players"]
    assert report["side"] == "A"
    # side A defaults (3 VP): fossils tie 1-1 (Ben's dragon well counts), so nobody
    assert ana["rewards"] == {"fossils": 0, "wells": 3, "altars": 3, "deepest": 3,
                              "veins": 3, "tiles": 3}
    assert ana["items"] == {"ancient-ring": 2 * 2, "support-beams": 7}
    assert ana["missions"] == {"great-stone-altar": 4, "main-water-well": 0, "deep-halls": 4}
    assert ana["breakdown"] == {"veins": 19, "altars": 7, "wells": 12, "fossils": 2,
                                "rewards": 15, "items": 11, "missions": 8}
    assert ana["total"] == 74
    # Ben: vein on level 5; dragon well 2 + 1 shaft above; no rewards
    assert ben["breakdown"] == {"veins": 5, "altars": 0, "wells": 3, "fossils": 0,
                                "rewards": 0, "items": 4, "missions": 5}
    assert ben["items"] == {"wall-torches": 2, "water-barrel": 2, "cave-raven": 0}
    assert ben["missions"] == {"blue-sapphire": 5, "giant-dragon-skull": 0}
    assert report["winner"] == "Ana" and report["ranking"] == ["Ana", "Ben"]


@pytest.mark.parametrize("amounts, side, expected", [
    ({"a": 2, "b": 1}, "A", {"a": 3, "b": 0}),
    ({"a": 2, "b": 2}, "A", {"a": 0, "b": 0}),  # a tie: nobody scores
    ({"a": 0, "b": 0}, "A", {"a": 0, "b": 0}),
    ({"a": 5, "b": 2, "c": 2, "d": 0}, "B", {"a": 3, "b": 1, "c": 1, "d": 0}),
    ({"a": 3, "b": 3, "c": 1}, "B", {"a": 3, "b": 3, "c": 0}),  # tied 1st, then 3rd place
    ({"a": 1, "b": 0, "c": 0}, "B", {"a": 3, "b": 0, "c": 0}),  # nothing built, nothing won
])
def test_reward_awards(amounts, side, expected):
    value = dyn.RewardValue(3, (3, 1), "default")
    assert dyn.award(amounts, side, value) == expected


def test_three_players_use_side_b(tiles):
    players = tuple(dyn.PlayerLayout(name, mine_of(tiles, [(tile, (0, 2))]))
                    for name, tile in (("P1", "two-vein-shaft"), ("P2", "vein-shaft"),
                                       ("P3", "shaft")))
    report = dyn.score_layout(tiles, dyn.Layout(players))
    assert report["side"] == "B"
    rewards = {p["name"]: p["rewards"] for p in report["players"]}
    # depth and tile count tie for everyone: all take 1st place; veins 2 / 1 / 0
    assert rewards["P1"] == {"fossils": 0, "wells": 0, "altars": 0, "deepest": 3,
                             "veins": 3, "tiles": 3}
    assert rewards["P2"]["veins"] == 1 and rewards["P3"]["veins"] == 0
    assert [p["total"] for p in report["players"]] == [2 * 2 + 9, 2 + 7, 6]


def test_reward_points_come_from_the_cards_when_printed():
    tileset = tileset_from_text(with_pieces(textwrap.dedent("""\
          - name: reward-veins
            kind: card
            count: 1
            size: 63mm x 88mm
            features: [{label: MOST MINE VEINS}, {text: "Most veins: 4 VP. Ties: none."}]
            reverse:
              features: [{label: MOST MINE VEINS}, {text: "First 6 VP, second 2 VP."}]
          - name: mission-main-water-well
            kind: card
            count: 1
            size: 63mm x 88mm
            features: [{label: MAIN WATER WELL}, {text: "A well on level 5: 4 VP."}]
        """)))
    values = dyn.reward_values(tileset)
    assert values["veins"] == dyn.RewardValue(4, (6, 2), "card")
    assert values["wells"] == dyn.RewardValue(3, (3, 1), "default")  # a mission, not a reward


def test_tie_break_counts_tiles_from_level_five_up(tiles):
    cara = mine_of(tiles, [("row", (1, 1)), ("shaft", (0, 2)), ("cross", (0, 3))])
    dan = mine_of(tiles, [("shaft", (0, 2)), ("cross", (0, 3)), ("row", (1, 3))])
    report = dyn.score_layout(tiles, dyn.Layout((dyn.PlayerLayout("Cara", cara),
                                                 dyn.PlayerLayout("Dan", dan))))
    assert [p["total"] for p in report["players"]] == [0, 0]
    assert report["winner"] == "Dan"  # two tiles on level 3 against one


def test_tie_break_starts_at_level_five_not_at_the_deepest_level(tiles):
    # Ann goes a level deeper (one tile on each of levels 2-6); Bo has two tiles on
    # level 5. Both score 5: Ann a vein on level 2 and the deepest-mine card, Bo a
    # vein on level 5; veins, tiles and everything else tie. The rulebook's
    # tie-break looks at level 5 first, where Bo has more, so Bo wins although
    # Ann alone reached level 6.
    ann = mine_of(tiles, [("vein-shaft", (0, 2)), ("shaft", (0, 3)), ("shaft", (0, 4)),
                          ("shaft", (0, 5)), ("shaft", (0, 6))])
    bo = mine_of(tiles, [("shaft", (0, 2)), ("shaft", (0, 3)), ("shaft", (0, 4)),
                         ("vein-cross", (0, 5)), ("row", (1, 5))])
    report = dyn.score_layout(tiles, dyn.Layout((dyn.PlayerLayout("Ann", ann),
                                                 dyn.PlayerLayout("Bo", bo))))
    totals = {p["name"]: p["total"] for p in report["players"]}
    assert totals == {"Ann": 5, "Bo": 5}
    assert report["players"][0]["rewards"]["deepest"] == 3
    assert report["winner"] == "Bo" and report["ranking"] == ["Bo", "Ann"]


def test_tie_break_goes_on_to_level_four_then_up(tiles):
    # Nobody reaches level 5; equal on level 4 (one tile each), so level 3 decides.
    one = mine_of(tiles, [("shaft", (0, 2)), ("cross", (0, 3)), ("row", (1, 3)),
                          ("shaft", (0, 4))])
    two = mine_of(tiles, [("cross", (0, 2)), ("row", (1, 2)), ("shaft", (0, 3)),
                          ("shaft", (0, 4))])
    report = dyn.score_layout(tiles, dyn.Layout((dyn.PlayerLayout("Two", two),
                                                 dyn.PlayerLayout("One", one))))
    assert [p["total"] for p in report["players"]] == [0, 0]
    assert report["winner"] == "One"


def test_a_full_tie_has_no_single_winner(tiles):
    mine = mine_of(tiles, [("vein-shaft", (0, 2))])
    report = dyn.score_layout(tiles, dyn.Layout((dyn.PlayerLayout("Eve", mine),
                                                 dyn.PlayerLayout("Fay", mine))))
    assert report["winner"] is None and report["winners"] == ["Eve", "Fay"]


def test_missions_at_level_five_mean_level_five(tiles):
    deep = mine_of(tiles, [("shaft", (0, 2)), ("shaft", (0, 3)), ("shaft", (0, 4)),
                           ("shaft", (0, 5)), ("well-shaft", (0, 6))])
    assert not dyn.mission_done("main-water-well", deep)
    assert dyn.mission_done("main-water-well", deep.without((0, 6)).with_tile(
        (0, 5), kind(tiles, "well-shaft")))


# ---------------------------------------------------------------------------
# The layout file.

GOOD_LAYOUT = """\
game: dynamine
players:
  - name: Ana
    tiles:
      - {tile: shaft, at: [0, 2]}
      - {tile: vein-shaft, at: [0, 3]}
    items: [item-ancient-ring]
    missions: [deep-halls]
  - name: Ben
    entrance: [4, 1]
    tiles:
      - {tile: row, at: [5, 1]}
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "layout.yaml"
    path.write_text(text)
    return path


def test_a_good_layout_loads_and_scores(tmp_path, tiles):
    layout = dyn.load_layout(write(tmp_path, GOOD_LAYOUT), tiles)
    assert [p.name for p in layout.players] == ["Ana", "Ben"]
    assert layout.players[0].items == ("ancient-ring",)
    assert layout.players[1].mine.entrance == (4, 1)
    report = dyn.score_layout(tiles, layout)
    assert report["players"][0]["breakdown"]["veins"] == 3


@pytest.mark.parametrize("old, new, line, words", [
    ("tile: vein-shaft,", "tile: vein-shafts,", 6, "did you mean vein-shaft"),
    ("{tile: shaft, at: [0, 2]}", "{tile: row, at: [0, 2]}", 5, "does not line up"),
    ("{tile: vein-shaft, at: [0, 3]}", "{tile: vein-shaft, at: [0, 4]}", 6, "not joined"),
    ("{tile: vein-shaft, at: [0, 3]}", "{tile: vein-shaft, at: [0, 2]}", 6, "already taken"),
    ("{tile: row, at: [5, 1]}", "{tile: row, at: [5, 0]}", 12, "above the entrance"),
    ("at: [0, 3]", "at: [0, x]", 6, "not a cell"),
    ("entrance: [4, 1]", "entrance: [4, 2]", 10, "level 1"),
    ("items: [item-ancient-ring]", "items: [ancient-rings]", 7, "did you mean ancient-ring"),
    ("missions: [deep-halls]", "mision: [deep-halls]", 8, "did you mean 'missions'"),
    ("game: dynamine", "game: mattock", 1, "another game"),
    ("tile: shaft,", "tile: entrance,", 5, "unknown tunnel tile"),
])
def test_layout_errors_name_line_and_field(tmp_path, tiles, old, new, line, words):
    assert old in GOOD_LAYOUT
    path = write(tmp_path, GOOD_LAYOUT.replace(old, new))
    with pytest.raises(InputError) as caught:
        dyn.load_layout(path, tiles)
    text = str(caught.value)
    assert f"{path}, line {line}:" in text
    assert words in text
    assert "Allowed:" in text


def test_a_missing_layout_file_is_an_input_error(tmp_path, tiles):
    with pytest.raises(InputError, match="does not exist"):
        dyn.load_layout(tmp_path / "nowhere.yaml", tiles)


def test_layout_refuses_one_player(tmp_path, tiles):
    one = GOOD_LAYOUT.split("  - name: Ben")[0]
    with pytest.raises(InputError, match="2 to 4"):
        dyn.load_layout(write(tmp_path, one), tiles)


def test_layout_refuses_a_shared_item(tmp_path, tiles):
    text = GOOD_LAYOUT + "    items: [ancient-ring]\n"
    with pytest.raises(InputError, match="already held") as caught:
        dyn.load_layout(write(tmp_path, text), tiles)
    assert "line 13" in str(caught.value)


def test_layout_refuses_more_copies_than_printed(tmp_path, tiles):
    text = GOOD_LAYOUT.replace("tile: vein-shaft, at: [0, 3]", "tile: sapphire-cross, at: [0, 3]")
    text += "      - {tile: sapphire-cross, at: [4, 2]}\n"
    with pytest.raises(InputError, match="more copies") as caught:
        dyn.load_layout(write(tmp_path, text), tiles)
    assert "line 13" in str(caught.value)


# ---------------------------------------------------------------------------
# The mix check.


def with_pieces(more: str, text: str = TILESET) -> str:
    """The test tileset with more pieces (a YAML list, at any indentation) listed under
    its own components."""
    listed = textwrap.indent(textwrap.dedent(more), "  ")
    return text.replace("components:\n", "components:\n" + listed, 1)


def errors(tileset, players=2):
    return [f for f in dyn.check(Setup(tileset, players)) if f.severity == "error"]


def test_the_test_tileset_passes(tiles):
    assert errors(tiles, 4) == []
    infos = {f.rule: f.message for f in dyn.check(Setup(tiles, 2)) if f.severity == "info"}
    assert "cost 1: 32, cost 2: 13" in infos["costs"]


@pytest.mark.parametrize("old, new, rule", [
    ("rotatable: false\n", "", "fixed-orientation"),
    ("name: row, count: 10, paths: [E-W], features: [{die: 1}]",
     "name: row, count: 10, paths: [E-W]", "cost"),
    ("name: row, count: 10, paths: [E-W], features: [{die: 1}]",
     "name: row, count: 10, paths: [E-W], features: [{die: 1}, {die: 2}]", "cost"),
    ('{icon: vein, at: NW}, {icon: vein, at: SE}',
     '{icon: vein, at: NW}, {icon: vein, at: SE}, {icon: vein, at: SW}', "veins"),
    ('{icon: altar, badge: "4"}', '{icon: altar, badge: "3"}', "altar-value"),
    ('{icon: fossil, badge: "2"}', "{icon: fossil}", "fossil-value"),
    ("paths: [{ports: E-S-W, junction: true}]", "paths: [N]", "entrance-opening"),
    ("role: base, paths: [{ports: E-S-W, junction: true}]", "role: base", "entrance-opening"),
    ("{name: entrance, count: 4,", "{name: entrance, count: 1,", "entrances"),
])
def test_check_errors(old, new, rule):
    assert old in TILESET
    found = errors(tileset_from_text(TILESET.replace(old, new)))
    assert rule in {f.rule for f in found}, found


@pytest.mark.parametrize(("old", "new", "rule"), [
    ("name: mission-deep, kind: card, count: 4", "name: mission-deep, kind: card, count: 3",
     "missions"),
    ('name: depth-yellow, kind: token, count: 5', 'name: depth-yellow, kind: token, count: 4',
     "depth-markers"),
    ("name: round-2, kind: token, count: 10", "name: round-2, kind: token, count: 0",
     "round-tokens")])
def test_the_set_up_needs_its_pieces_for_every_player(old, new, rule):
    """Three missions for four players once passed: the set-up deals one to each, and
    gives each player five depth markers of their colour; the rounds need round tokens."""
    assert old in TILESET
    short = tileset_from_text(TILESET.replace(old, new))
    assert rule in {f.rule for f in errors(short, 4)}
    # three players need three of each; no round token is too few for any count
    assert (rule in {f.rule for f in errors(short, 3)}) == (rule == "round-tokens")


def test_pieces_from_a_card_list_count_for_the_set_up(tmp_path):
    """A card list's rows are pieces like any other: three missions in a CSV are three."""
    (tmp_path / "missions.csv").write_text("name,count,title\nmission-deep,3,DEEP\n")
    text = TILESET.replace(
        "  - {name: mission-deep, kind: card, count: 4, size: 63mm x 88mm, features: "
        "[{label: DEEP}]}\n", "") + ("card-lists:\n  - {rows: missions.csv, kind: card, "
                                     "size: 63mm x 88mm}\n")
    listed = tileset_from_text(text, tmp_path)
    assert sum(c.count for c in listed.components if c.name.startswith("mission-")) == 3
    assert "missions" in {f.rule for f in errors(listed, 4)}
    assert errors(listed, 3) == []


def test_check_needs_a_way_down():
    flat = TILESET.split("  - {name: shaft")[0] + (
        "  - {name: row, count: 10, paths: [E-W], features: [{die: 1}]}\n"
        "  - {name: gem-row, count: 1, paths: [E-W], features: [{die: 6}, {icon: sapphire}]}\n")
    assert "downward" in {f.rule for f in errors(tileset_from_text(flat))}
    sideways = TILESET.replace("ports: E-S-W, junction: true", "ports: E-W, junction: true")
    assert errors(tileset_from_text(sideways)) == []  # elbows and crosses turn down


NO_SHAFT = TILESET.split("  - {name: shaft")[0] + """\
  - {name: row, count: 10, paths: [E-W], features: [{die: 1}]}
  - {name: bend-in, count: 10, paths: [N-E], features: [{die: 1}]}
  - {name: bend-out, count: 10, paths: [S-W], features: [{die: 1}]}
  - {name: tee, count: 4, paths: [E-S-W], features: [{die: 2}]}
  - {name: gem-row, count: 1, paths: [E-W], features: [{die: 6}, {icon: sapphire}]}
"""


def test_bends_step_down_without_any_vertical_tile():
    # No tile joins N to S, but a bend from N to E followed by a bend from W to S
    # goes down a level; repeating the pair digs as deep as the tiles last.
    tileset = tileset_from_text(NO_SHAFT)
    assert not any(dyn.is_vertical(kind) for kind in tileset.tiles)
    assert errors(tileset) == []
    mine = dyn.Mine.start(tileset.tile("entrance"))
    for cell, name in [((0, 2), "bend-in"), ((1, 2), "bend-out"), ((1, 3), "bend-in"),
                       ((2, 3), "bend-out"), ((2, 4), "bend-in")]:
        assert dyn.can_place(mine, cell, tileset.tile(name)), (cell, name)
        mine = mine.with_tile(cell, tileset.tile(name))
    assert mine.depth == 4


def test_bends_that_never_meet_a_bottom_edge_are_still_refused():
    # N-E leads east, but nothing entered from the west turns down: stuck on level 2.
    stuck = NO_SHAFT.replace("paths: [S-W]", "paths: [E-S]").replace(
        "paths: [E-S-W], features: [{die: 2}]", "paths: [E-W], features: [{die: 2}]")
    found = errors(tileset_from_text(stuck))
    assert [f.rule for f in found] == ["downward"], found


def test_check_sapphire_count():
    two = TILESET.replace("name: sapphire-cross, count: 1", "name: sapphire-cross, count: 2")
    found = dyn.check(Setup(tileset_from_text(two), 2))
    assert [f.severity for f in found if f.rule == "sapphire"] == ["warning"]
    with_card = with_pieces(textwrap.dedent("""\
          - name: mission-blue-sapphire
            kind: card
            count: 1
            size: 63mm x 88mm
            features: [{icon: sapphire}]
        """), two)
    assert "sapphire" in {f.rule for f in errors(tileset_from_text(with_card))}


# ---------------------------------------------------------------------------
# The shipped tileset and the documented example.

SHIPPED = ROOT / "tilesets" / "dynamine.yaml"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_shipped_tileset_has_no_errors(players):
    assert errors(load_tileset(SHIPPED), players) == []


def test_documented_example_loads_and_scores(tmp_path):
    doc = (ROOT / "docs" / "dynamine-layout.md").read_text()
    example = re.search(r"```yaml\n(.*?)```", doc, re.S).group(1)
    tileset = load_tileset(SHIPPED)
    report = dyn.score_layout(tileset, dyn.load_layout(write(tmp_path, example), tileset))
    assert [p["total"] for p in report["players"]] == [52, 27]  # the table in the doc
    assert all(p["total"] == sum(p["breakdown"].values()) for p in report["players"])
