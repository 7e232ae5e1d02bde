"""Random development stages of Gold Mine: every tile is laid where the model's rules
allow, the quick search finds exactly those places, the Phantom's cavern comes last
and its way to the entrance is the shortest, and the report counts what happened."""

from __future__ import annotations

import msgspec
import pytest
from support import ROOT, run_pnp

from pnp.input.tileset import load_tileset
from pnp.rules import Setup, Unplayable
from pnp.rules.gold_mine.model import Placed, Position, category, fits, mine_positions, reachable
from pnp.rules.gold_mine.simulate import (
    ENTRANCE_CELL,
    develop,
    open_ends,
    phantom_steps,
    places,
    simulate,
    stage_of,
)
from pnp.rules.measures import wilson
from pnp.rules.playing import game_seeds

TILESET = load_tileset(ROOT / "tilesets" / "gold-mine.yaml")


@pytest.mark.parametrize("variant", [None, "phantom"])
def test_every_tile_of_a_stage_is_laid_where_the_model_allows(variant):
    stage = stage_of(Setup(TILESET, 2, variant))
    kinds = {tile.name: tile for tile in TILESET.tiles}
    laid = 0
    for seed in range(8):
        play = develop(stage, seed)
        board = {ENTRANCE_CELL: Placed(stage.entrance)}
        for name, cell, turn in play.log:
            assert fits(board, cell, kinds[name], turn), (seed, name, cell, turn)
            board[cell] = Placed(kinds[name], turn)
        assert board == play.board
        assert len(play.log) + sum(play.aside.values()) <= 20  # laid or set aside
        laid += len(play.log)
        if variant and not play.shut:  # the held-back cavern is the last tile of the 20
            assert play.log[-1][0] == stage.held_back.name and play.arrival is not None
    assert laid > 100


def test_the_quick_search_finds_exactly_the_places_the_rules_allow():
    stage = stage_of(Setup(TILESET, 2))
    shapes = {}  # one kind of each shape: its paths decide where it fits, nothing else
    for tile in TILESET.tiles:
        if tile.count and category(tile) != "entrance":
            shapes.setdefault((tuple(path.ports for path in tile.paths), tile.rotatable), tile)
    kinds = list(shapes.values())
    found = 0
    for seed in (0, 3):  # the second shuts its mine: a board with no place left at all
        board = develop(stage, seed).board
        ends = open_ends(board, mine_positions(board))
        xs = [x for x, _ in board]
        ys = [y for _, y in board]
        for kind in kinds:
            listed = set(places(board, ends, kind))
            for x in range(min(xs) - 1, max(xs) + 2):
                for y in range(min(ys) - 1, max(ys) + 2):
                    for turn in range(4):
                        assert ((x, y), turn) in listed or not fits(board, (x, y), kind, turn)
                        assert ((x, y), turn) not in listed or fits(board, (x, y), kind, turn)
            found += len(listed)
    assert found > 100


def test_the_phantoms_way_to_the_entrance_is_the_shortest_through_rock():
    stage = stage_of(Setup(TILESET, 2, "phantom"))
    checked = 0
    for seed in range(10):
        play = develop(stage, seed)
        caverns = [cell for _, cell, _ in play.log if category(play.board[cell].kind) == "cavern"]
        if not caverns:
            continue
        start = Position(caverns[0], 0)
        steps = phantom_steps(play.board, start)
        assert steps is not None
        assert at_entrance(play.board, start, steps)
        assert steps == 0 or not at_entrance(play.board, start, steps - 1)
        checked += 1
    assert checked >= 5


def at_entrance(board, start, most):
    """Whether the Phantom can reach the entrance tile in at most ``most`` steps."""
    return any(p.cell == ENTRANCE_CELL for p in reachable(board, start, most, phantom=True))


def test_the_report_counts_what_the_stages_did():
    setup = Setup(TILESET, 3, "phantom")
    stage = stage_of(setup)
    report = simulate(setup, 30, 4)
    plays = [develop(stage, seed) for seed in game_seeds(4, 30)]
    open_stages = sum(1 for play in plays if not play.shut)
    assert report["ended"] == open_stages and report["unfinished"] == 30 - open_stages
    assert report["ended_share"]["share"] == round(100 * open_stages / 30, 1)
    arrivals = [play.arrival for play in plays if play.arrival]
    assert report["phantom_arrives"]["games"] == len(arrivals)
    assert report["phantom_arrives"]["max"] == max(arrivals) <= 20
    assert report["phantom_absent_share"] == wilson(30 - len(arrivals), 30)
    assert ("never came in" in report["verdict"]) and "never came" not in \
        simulate(Setup(TILESET, 3), 3, 4)["verdict"]
    laid = sum(len(play.log) for play in plays)
    assert sum(k["laid_per_game"] for k in report["tile_kinds"].values()) == \
        pytest.approx(laid / 30, abs=0.01 * len(report["tile_kinds"]))
    assert sum(k["stuck_per_game"] for k in report["tile_kinds"].values()) == \
        pytest.approx(sum(sum(play.aside.values()) for play in plays) / 30,
                      abs=0.01 * len(report["tile_kinds"]))  # a tile set aside is stuck
    assert report["wins"] == {} and report["stage"] == "development"
    assert "phantom_arrives" not in simulate(Setup(TILESET, 3), 3, 4)


def test_a_mix_the_stage_cannot_deal_is_unplayable():
    few = msgspec.structs.replace(TILESET, tiles=tuple(
        msgspec.structs.replace(tile, count=min(tile.count, 1)) for tile in TILESET.tiles
        if category(tile) in ("entrance", "cavern")))
    with pytest.raises(Unplayable, match="development stage deals 20 tiles"):
        simulate(Setup(few, 2), 2, 1)
    no_caverns = msgspec.structs.replace(TILESET, tiles=tuple(
        tile for tile in TILESET.tiles if category(tile) != "cavern"))
    with pytest.raises(Unplayable, match="lays a cavern last"):
        stage_of(Setup(no_caverns, 2, "phantom"))


def test_the_commands_say_what_a_stage_measures():
    result = run_pnp("simulate", "gold-mine", "--games", "4", "--variant", "phantom")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("The development stage leaves the mine open")
    checked = run_pnp("validate", "gold-mine", "--simulate", "4")
    assert "[simulation] The development stage leaves the mine open" in checked.output


def test_the_phantom_variant_refuses_more_players_than_it_has_pawns_for():
    with pytest.raises(Unplayable, match="at most 5 players"):
        stage_of(Setup(TILESET, 6, "phantom"))
    assert stage_of(Setup(TILESET, 6)).held_back is None  # the base game seats six
    result = run_pnp("simulate", "gold-mine", "--games", "2", "--players", "6", "--variant",
                     "phantom")
    assert result.exit_code == 1 and "at most 5 players" in result.output


def test_the_text_report_is_read_line_by_line_and_counts_stages():
    result = run_pnp("simulate", "gold-mine", "--games", "3")
    assert "wins:" not in result.stdout  # nothing to say: no line
    lines = result.stdout.splitlines()
    start = lines.index("tile kinds: copies, laid in a game (per copy), stuck in a game, "
                        "games where none is laid")
    kinds = [kind for kind in TILESET.tiles if kind.count and category(kind) != "entrance"]
    assert len(lines) - start - 1 == len(kinds)
    assert all(line.startswith("  ") and "%" in line for line in lines[start + 1:])
    assert "simulated 3 development stages" in result.stderr
