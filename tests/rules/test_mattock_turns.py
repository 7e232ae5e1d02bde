"""`pnp turns mattock`: coordinates, the listing against the engine, hand-checked
positions from the rules, and bad input through the real command."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from pnp.cli import main
from pnp.geometry.lattice import hexagon_cells
from pnp.geometry.shapes import HEX_POINTY
from pnp.input.tileset import load_tileset
from pnp.rules import Setup
from pnp.rules import mattock as m
from pnp.rules.mattock.positions import turns_lines
from pnp.rules.mattock.simulate import random_game
from pnp.rules.mattock.turns import list_turns

ROOT = Path(__file__).resolve().parents[2]


def run(*lines: object, stdin: str | None = None) -> tuple[int, list[dict], str]:
    """The real command on some positions (dicts become JSON lines): status, output, errors."""
    text = stdin if stdin is not None else "\n".join(
        line if isinstance(line, str) else json.dumps(line) for line in lines) + "\n"
    result = CliRunner().invoke(main, ["turns", "mattock", "-"], input=text)
    out = [json.loads(line) for line in result.stdout.splitlines()]
    return result.exit_code, out, result.stderr


def position(red: list, blue: list, empty: list = (), side: int = 3, **extra: object) -> dict:
    return {"side": side, "to_move": "red", "tiles": [*red, *blue, *empty],
            "miners": {"red": red, "blue": blue}, "in_hand": {"red": 0, "blue": 0}, **extra}


def test_axial_cells_round_trip_through_board_indices() -> None:
    for side in (1, 3, 5, 7):
        board = m.make_board(side)
        cells = hexagon_cells(side)
        assert [board.cell(board.index(cell)) for cell in cells] == cells
        assert board.cells_of(board.spaces) == sorted(cells, key=lambda c: (c[1], c[0]))


def test_the_documented_directions_are_the_boards_neighbours() -> None:
    # docs/mattock-turns.md: q grows to the east, r to the south-east; pointy-top rows.
    named = {"E": (1, 0), "W": (-1, 0), "NE": (1, -1), "NW": (0, -1), "SE": (0, 1), "SW": (-1, 1)}
    assert {edge: HEX_POINTY.neighbour((0, 0), edge) for edge in named} == named
    board = m.make_board(3)
    assert set(board.cells_of(board.neighbours[board.index((0, 0))])) == set(named.values())


def test_a_lone_miner_may_mine_any_neighbour_and_walk_onto_it() -> None:
    status, [out], _ = run(position([[0, 0]], [[2, -2]]))
    assert status == 0 and out["terminal"] is False and out["winner"] is None
    mined = [turn["mine"] for turn in out["turns"] if turn["from"] is None]
    # Reading order: row r from the top, then q from the left.
    assert mined == [[0, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [0, 1]]
    assert out["turns"][:2] == [
        {"mine": [0, -1], "from": None, "to": None, "removed": []},
        {"mine": [0, -1], "from": [0, 0], "to": [0, -1], "removed": []}]
    assert len(out["turns"]) == 12


def test_an_enemy_between_two_of_ours_is_removed() -> None:
    # Blue on [0, 0] reaches no blue miner, and its empty tiles touch both red miners.
    status, [out], _ = run(position([[-2, 0], [2, 0]], [[0, 0]], [[-1, 0], [1, 0]]))
    assert status == 0
    stay = [turn for turn in out["turns"] if turn["from"] is None]
    assert stay and all(turn["removed"] == [[0, 0]] for turn in stay)
    assert {"mine": [-2, 1], "from": [-2, 0], "to": [-1, 0], "removed": [[0, 0]]} \
        in out["turns"]


def test_an_enemy_joined_to_its_own_colour_stays() -> None:
    status, [out], _ = run(position([[-2, 0], [2, 0]], [[0, 0], [0, 1]], [[-1, 0], [1, 0]]))
    assert status == 0 and all(turn["removed"] == [] for turn in out["turns"])


def test_the_three_neighbour_rule_limits_where_to_mine() -> None:
    # [0, 0] already touches three tiles: no space next to it may be mined.
    red, blue = [[0, 0]], [[2, -2]]
    crowded = position(red, blue, [[1, 0], [-1, 0], [0, 1]])
    status, [out], _ = run(crowded)
    assert status == 0
    board = m.make_board(3)
    near = {tuple(cell) for cell in board.cells_of(board.neighbours[board.index((0, 0))])}
    assert out["turns"] and not any(tuple(turn["mine"]) in near for turn in out["turns"])


def test_a_miner_in_hand_arrives_on_the_mined_tile() -> None:
    status, [out], _ = run(position([[0, 0]], [[2, -2]], [[1, 0]],
                                    in_hand={"red": 1, "blue": 0}))
    assert status == 0
    first = [turn for turn in out["turns"] if turn["mine"] == [0, -1]]
    # The newcomer on [0, -1] may walk to the free tile, and so may the miner on [0, 0].
    assert [(turn["from"], turn["to"]) for turn in first] == [
        (None, None), ([0, -1], [1, 0]), ([0, 0], [1, 0])]


def test_no_space_or_no_tile_ends_the_game() -> None:
    status, outs, _ = run(position([[0, 0]], [[2, -2]], supply=0),
                          position([[0, 0]], [[2, -2]], side=1) | {"tiles": [[0, 0]],
                                                                    "miners": {"red": [[0, 0]]}})
    assert status == 0
    assert outs == [{"turns": [], "terminal": True, "winner": "blue"}] * 2


def random_positions(count: int, seed: int) -> list[tuple[m.Board, m.State]]:
    tileset = load_tileset(ROOT / "tilesets" / "mattock.yaml")
    board, opening = m.starting_position(Setup(tileset, 2))
    rng = random.Random(seed)
    return [(board, random_game(board, opening, rng, turns=rng.randrange(6, 30))[0])
            for _ in range(count)]


def engine_turns(board: m.Board, state: m.State) -> list[tuple]:
    """Every turn straight from the engine's own steps, in the documented order."""
    result = []
    for space in m.indices(m.mining_spaces(board, state)):
        mined = m.mine(board, state, space)
        result.append((space, None, m.removals(board, mined)))
        for walk in sorted(m.miner_moves(board, mined)):
            result.append((space, walk, m.removals(board, m.move_miner(board, mined, *walk))))
    return result


@pytest.mark.slow  # about three seconds: every turn of many positions
def test_listing_equals_the_engine_turn_by_turn() -> None:
    removed = 0
    for board, state in random_positions(40, 5):
        listing = list_turns(board, state)
        got = [(turn.mine, turn.walk, turn.removed) for turn in listing.turns]
        assert got == engine_turns(board, state)
        removed += sum(1 for turn in listing.turns if turn.removed)
    assert removed > 0  # the sample does exercise removals


def test_json_round_trip_keeps_the_position() -> None:
    for board, state in random_positions(5, 9):
        line = json.dumps({
            "side": board.side, "to_move": m.PLAYERS[state.player],
            "tiles": board.cells_of(state.tiles),
            "miners": {name: board.cells_of(state.miners[n]) for n, name in enumerate(m.PLAYERS)},
            "in_hand": {name: state.reserve[n] for n, name in enumerate(m.PLAYERS)},
            "supply": state.supply})
        [out] = [json.loads(text) for text in turns_lines([line], "test")]
        expected = engine_turns(board, state)
        assert len(out["turns"]) == len(expected)
        for turn, (space, walk, gone) in zip(out["turns"], expected, strict=True):
            assert tuple(turn["mine"]) == board.cell(space)
            assert turn["from"] == (list(board.cell(walk[0])) if walk else None)
            assert turn["removed"] == [list(cell) for cell in board.cells_of(gone)]


@pytest.mark.parametrize("line, field, words", [
    ("not json", "", "not JSON"),
    ("[1, 2]", "", "not a JSON object"),
    (json.dumps(position([[0, 0]], [[2, -2]]) | {"colour": 1}), "colour", "unknown field"),
    (json.dumps(position([[0, 0]], [[3, 0]])), "tiles[1]", "off the side-3 board"),
    (json.dumps(position([[0, 0]], [[2, -2]]) | {"tiles": [[0, 0]]}), "miners.blue[0]",
     "without a tile"),
    (json.dumps(position([[0, 0]], [[0, 0]])), "miners.blue[0]", "two pieces on one space"),
    (json.dumps(position([[0, 0]], [[2, -2]], [[0, 0]])), "tiles", "two pieces on one space"),
    (json.dumps(position([[0, 0]], [[2, -2]]) | {"side": "7"}), "side", "not a board side"),
    (json.dumps(position([[0, 0]], [[2, -2]]) | {"to_move": "green"}), "to_move", "colour"),
    (json.dumps(position([[0, 0]], [[2, -2]]) | {"supply": -1}), "supply", "not a count"),
    (json.dumps(position([[0, 0]], [[2, -2]]) | {"in_hand": {"red": True}}), "in_hand.red",
     "not a count"),
    (json.dumps(position([["a", 0]], [[2, -2]])), "tiles[0]", "not a cell"),
])
def test_a_bad_line_is_named_with_its_field(line: str, field: str, words: str) -> None:
    good = json.dumps(position([[0, 0]], [[2, -2]]))
    status, out, err = run(good, line)
    assert status == 2 and out == []
    assert "Traceback" not in err and "<stdin>, line 2" in err and words in err
    if field:
        assert f"field '{field}'" in err


def test_every_bad_line_is_reported_at_once_up_to_a_cap() -> None:
    status, out, err = run(*(["oops"] * 25))
    assert status == 2 and out == []
    assert err.count("not JSON") == 20 and "and 5 more" in err
    assert "line 25" not in err and "line 20" in err


def test_a_missing_file_or_game_is_a_clear_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["turns", "mattock", str(tmp_path / "none.jsonl")])
    assert result.exit_code == 2 and "none.jsonl" in result.stderr
    assert "cannot be read" in result.stderr
    result = CliRunner().invoke(main, ["turns", "dynamine", "-"], input="")
    assert result.exit_code == 2 and "no turn listing" in result.stderr


def test_a_file_argument_reads_the_file(tmp_path: Path) -> None:
    path = tmp_path / "positions.jsonl"
    path.write_text(json.dumps(position([[0, 0]], [[2, -2]])) + "\n\n")
    result = CliRunner().invoke(main, ["turns", "mattock", str(path)])
    assert result.exit_code == 0 and len(result.stdout.splitlines()) == 1
