"""Mattock's engine, tile ceiling, validator and simulator, checked against the rules.

Positions are built by hand from the rules text, and the bitset engine is also
compared with a slow, obviously-correct version written with sets of cells, so a
shift that wraps a row or a miscounted neighbour shows up as a failing test.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from pathlib import Path

import pytest
from msgspec.structs import replace

from pnp.geometry.lattice import hexagon_cells
from pnp.geometry.shapes import HEX_POINTY
from pnp.input.tileset import load_tileset
from pnp.model.tileset import Tileset
from pnp.rules import Setup
from pnp.rules import mattock as m

ROOT = Path(__file__).resolve().parents[2]
Cell = tuple[int, int]


# ---------------------------------------------------------------------------
# Helpers


def around(cell: Cell) -> list[Cell]:
    """The six cells next to a cell, straight from the shape's edge offsets."""
    return [HEX_POINTY.neighbour(cell, edge) for edge in HEX_POINTY.edges]


def position(board: m.Board, red: Sequence[Cell], blue: Sequence[Cell],
             empty: Sequence[Cell] = (),
             player: int = m.RED, supply: int = 20,
             reserve: tuple[int, int] = (0, 0)) -> m.State:
    """A hand-made position: miners on their tiles, extra empty tiles, whose turn."""
    state = m.start(board, red, blue, supply)
    return replace(state, tiles=state.tiles | board.mask(empty), player=player,
                   reserve=reserve)


def spaces(board: m.Board, state: m.State) -> set[Cell]:
    return set(board.cells_of(m.mining_spaces(board, state)))


@pytest.fixture(scope="module")
def tileset() -> Tileset:
    return load_tileset(ROOT / "tilesets" / "mattock.yaml")


def short_setup(tileset: Tileset, tiles: int = 45) -> Setup:
    return Setup(tileset.with_counts({"tile": tiles}), 2, "short")


# ---------------------------------------------------------------------------
# The board


def test_board_layout_matches_axial_neighbours() -> None:
    board = m.make_board(7)
    cells = hexagon_cells(7)
    assert board.size == len(cells) == 127
    on_board = set(cells)
    for cell in cells:
        index = board.index(cell)
        assert board.cell(index) == cell
        expected = {near for near in around(cell) if near in on_board}
        assert set(board.cells_of(board.neighbours[index])) == expected
    with pytest.raises(ValueError):
        board.index((7, 0))


# ---------------------------------------------------------------------------
# Mining


def test_open_spaces_next_to_a_lone_miner_are_legal() -> None:
    board = m.make_board(4)
    state = position(board, red=[(0, 0)], blue=[(3, -3)])
    assert spaces(board, state) == set(around((0, 0)))
    after = m.play_turn(board, state, board.index((1, 0)))
    assert board.cells_of(after.tiles & ~after.miners[m.RED] & ~after.miners[m.BLUE]) \
        == [(1, 0)]
    assert after.supply == state.supply - 1 and after.player == m.BLUE


def test_a_tile_may_not_touch_four_tiles() -> None:
    board = m.make_board(4)
    # (1, 0) would touch the miner's tile and three more; none of them touches 3 yet.
    state = position(board, red=[(0, 0)], blue=[(-3, 3)],
                     empty=[(2, -1), (2, 0), (1, 1)])
    assert (1, 0) not in spaces(board, state)
    assert (-1, 0) in spaces(board, state)
    with pytest.raises(ValueError):
        m.mine(board, state, board.index((1, 0)))


def test_a_tile_may_not_touch_a_tile_that_already_touches_three() -> None:
    board = m.make_board(4)
    # (1, 0) touches (0, 0), (2, -1) and (2, 0): it is full.
    state = position(board, red=[(0, 0)], blue=[(-3, 3)],
                     empty=[(1, 0), (2, -1), (2, 0)])
    legal = spaces(board, state)
    # (1, -1) touches only 3 tiles itself, but one of them is the full (1, 0).
    assert (1, -1) not in legal
    assert (0, 1) not in legal
    assert (-1, 0) in legal and (3, -1) in legal


def test_an_opponent_miner_blocks_the_connection() -> None:
    board = m.make_board(5)
    blocked = position(board, red=[(0, 0)], blue=[(1, 0)], empty=[(2, 0), (3, 0)])
    assert (3, 1) not in spaces(board, blocked)
    open_path = position(board, red=[(0, 0)], blue=[(-3, 3)],
                         empty=[(1, 0), (2, 0), (3, 0)])
    assert (3, 1) in spaces(board, open_path)


def test_own_miners_do_not_block_the_connection() -> None:
    board = m.make_board(5)
    state = position(board, red=[(0, 0), (1, 0)], blue=[(-3, 3)], empty=[(2, 0), (3, 0)])
    assert (3, 1) in spaces(board, state)


def test_no_legal_space_or_no_tile_means_the_player_to_move_loses() -> None:
    board = m.make_board(2)
    # Red's miner sits in a corner; blue miners fill its three neighbours.
    trapped = position(board, red=[(1, -1)], blue=[(0, -1), (0, 0), (1, 0)])
    assert m.mining_spaces(board, trapped) == 0
    assert not m.can_mine(board, trapped)
    assert m.loser(board, trapped) == m.RED
    with pytest.raises(ValueError):
        m.mine(board, trapped, board.index((-1, 0)))
    free = position(board, red=[(0, 0)], blue=[(1, -1)])
    assert m.loser(board, free) is None
    assert m.loser(board, replace(free, supply=0)) == m.RED


# ---------------------------------------------------------------------------
# Moving


def test_moves_pass_own_miners_but_not_opponents() -> None:
    board = m.make_board(5)
    state = position(board, red=[(0, 0), (1, 0)], blue=[(3, 0)], empty=[(2, 0), (4, 0)])
    moves = {(board.cell(a), board.cell(b)) for a, b in m.miner_moves(board, state)}
    assert ((0, 0), (2, 0)) in moves  # through its own miner at (1, 0)
    assert ((0, 0), (1, 0)) not in moves  # a tile holds one miner
    assert not any(target in {(3, 0), (4, 0)} for _, target in moves)
    moved = m.move_miner(board, state, board.index((0, 0)), board.index((2, 0)))
    assert board.cells_of(moved.miners[m.RED]) == [(1, 0), (2, 0)]
    with pytest.raises(ValueError):
        m.move_miner(board, state, board.index((1, 0)), board.index((4, 0)))


# ---------------------------------------------------------------------------
# Removing


def test_an_isolated_miner_between_two_opponents_is_removed() -> None:
    board = m.make_board(5)
    state = position(board, red=[(0, 0), (4, 0)], blue=[(2, 0), (-3, 3)],
                     empty=[(1, 0), (3, 0)])
    assert board.cells_of(m.removals(board, state)) == [(2, 0)]
    after = m.play_turn(board, state, board.index((-1, 0)))
    assert board.cells_of(after.miners[m.BLUE]) == [(-3, 3)]
    assert after.reserve == (0, 1)
    assert after.tiles >> board.index((2, 0)) & 1  # the tile stays


def test_no_removal_when_connected_to_its_own_colour() -> None:
    board = m.make_board(5)
    adjacent = position(board, red=[(0, 0), (4, 0)], blue=[(2, 0), (2, 1)],
                        empty=[(1, 0), (3, 0)])
    assert m.removals(board, adjacent) == 0
    through_tiles = position(board, red=[(0, 0), (4, 0)], blue=[(2, 0), (2, 2)],
                             empty=[(1, 0), (3, 0), (2, 1)])
    assert m.removals(board, through_tiles) == 0


def test_no_removal_when_only_one_opponent_is_reached() -> None:
    board = m.make_board(5)
    state = position(board, red=[(0, 0), (-3, 3)], blue=[(2, 0)], empty=[(1, 0), (3, 0)])
    assert m.removals(board, state) == 0


def test_the_remover_never_loses_its_own_miners() -> None:
    board = m.make_board(5)
    # Red's lone miner sits between two blue miners, but it is red's turn.
    state = position(board, red=[(2, 0)], blue=[(0, 0), (4, 0)], empty=[(1, 0), (3, 0)])
    after = m.play_turn(board, state, board.index((2, 1)))
    assert after.miners[m.RED] == state.miners[m.RED]


def test_a_removed_miner_comes_back_on_the_newly_mined_tile() -> None:
    board = m.make_board(5)
    state = position(board, red=[(0, 0)], blue=[(-3, 3)], player=m.BLUE, reserve=(0, 1))
    new = board.index((-2, 3))
    after = m.play_turn(board, state, new)
    assert after.miners[m.BLUE] == board.mask([(-3, 3), (-2, 3)])
    assert after.reserve == (0, 0)
    assert after.supply == state.supply - 1


# ---------------------------------------------------------------------------
# The bitset engine against a slow one written with sets


def slow_reach(starts: set[Cell], passable: set[Cell]) -> set[Cell]:
    seen, todo = set(starts), list(starts)
    while todo:
        for near in around(todo.pop()):
            if near in passable and near not in seen:
                seen.add(near)
                todo.append(near)
    return seen


def slow_spaces(board: m.Board, state: m.State) -> set[Cell]:
    on_board = set(board.cells_of(board.spaces))
    tiles = set(board.cells_of(state.tiles))
    own = set(board.cells_of(state.miners[state.player]))
    theirs = set(board.cells_of(state.miners[1 - state.player]))

    def touching(cell: Cell) -> int:
        return sum(near in tiles for near in around(cell))

    result = set()
    for cell in slow_reach(own, tiles - theirs):
        for space in around(cell):
            if space in on_board and space not in tiles and touching(space) <= 3 and \
                    all(touching(tile) < 3 for tile in around(space) if tile in tiles):
                result.add(space)
    return result


def slow_removals(board: m.Board, state: m.State) -> set[Cell]:
    tiles = set(board.cells_of(state.tiles))
    own = set(board.cells_of(state.miners[state.player]))
    theirs = set(board.cells_of(state.miners[1 - state.player]))
    empty = tiles - own - theirs
    doomed = set()
    for miner in theirs:
        if len(slow_reach({miner}, tiles - own) & theirs) > 1:
            continue
        reached = slow_reach({miner}, empty)
        touched = {near for cell in reached for near in around(cell)} & own
        if len(touched) >= 2:
            doomed.add(miner)
    return doomed


def slow_moves(board: m.Board, state: m.State) -> set[tuple[Cell, Cell]]:
    tiles = set(board.cells_of(state.tiles))
    own = set(board.cells_of(state.miners[state.player]))
    theirs = set(board.cells_of(state.miners[1 - state.player]))
    return {(miner, target) for miner in own
            for target in slow_reach({miner}, tiles - theirs) - own}


def test_engine_agrees_with_a_slow_reference_in_random_games(tileset: Tileset) -> None:
    board, opening = m.starting_position(short_setup(tileset))
    rng = random.Random(2024)
    removals_seen = 0
    for _ in range(20):
        state = opening
        while m.can_mine(board, state):
            assert spaces(board, state) == slow_spaces(board, state)
            state = m.mine(board, state, rng.choice(sorted(m.indices(
                m.mining_spaces(board, state)))))
            moves = m.miner_moves(board, state)
            assert {(board.cell(a), board.cell(b)) for a, b in moves} == \
                slow_moves(board, state)
            if moves and rng.random() < 0.7:
                state = m.move_miner(board, state, *rng.choice(moves))
            doomed = set(board.cells_of(m.removals(board, state)))
            assert doomed == slow_removals(board, state)
            removals_seen += bool(doomed)
            state = m.end_turn(m.remove_miners(board, state))
    assert removals_seen >= 5  # the removal rule was really exercised


def test_random_games_keep_every_invariant(tileset: Tileset) -> None:
    setup = Setup(tileset, 2)
    board, opening = m.starting_position(setup)
    rng = random.Random(5)
    for _ in range(5):
        state, finished = m.random_game(board, opening, rng)
        assert finished
        tiles = set(board.cells_of(state.tiles))
        assert all(sum(near in tiles for near in around(cell)) <= 3 for cell in tiles)
        red, blue = state.miners
        assert not red & blue and (red | blue) & ~state.tiles == 0
        for player in (m.RED, m.BLUE):
            assert state.miners[player].bit_count() + state.reserve[player] == 6
        assert len(tiles) + state.supply == setup.count("tile")
        assert not m.can_mine(board, state)


# ---------------------------------------------------------------------------
# How many tiles fit


def brute_force_max(side: int) -> int:
    """Try every set of spaces, largest first, until one breaks no neighbour limit."""
    cells = hexagon_cells(side)
    for size in range(len(cells), 0, -1):
        for chosen in combinations(cells, size):
            picked = set(chosen)
            if all(sum(near in picked for near in around(cell)) <= 3 for cell in chosen):
                return size
    return 0


@pytest.mark.parametrize("side", [2, 3])
def test_max_tiles_matches_brute_force_on_small_boards(side: int) -> None:
    expected = brute_force_max(side)
    assert m.exact_max_tiles(side) == expected
    assert m.max_tiles(side) == expected


@pytest.mark.parametrize("side", [side for side in m.MAX_TILES if side < 7])
def test_table_entries_are_recomputed_exactly(side: int) -> None:
    assert m.exact_max_tiles(side) == m.MAX_TILES[side]


@pytest.mark.slow  # 16 s: CI runs it in a step of its own (pytest -m slow)
def test_the_full_boards_table_entry_is_recomputed_exactly() -> None:
    assert m.exact_max_tiles(7) == m.MAX_TILES[7] == m.max_tiles(7) == 88
    assert m.max_tiles(5) == 43


def test_exact_search_does_not_depend_on_the_first_guess() -> None:
    # A tiny beam gives a weak starting target; the pruning must still be safe.
    assert m.exact_max_tiles(5, beam_width=2) == m.MAX_TILES[5]
    assert m.exact_max_tiles(6, beam_width=2) == m.MAX_TILES[6]


def test_quick_ceiling_is_never_below_the_exact_figure() -> None:
    for side, figure in m.MAX_TILES.items():
        assert m.tile_upper_bound(side) >= figure
    assert m.supply_floor(7) == (88, True)
    assert m.supply_floor(9) == (m.tile_upper_bound(9), False)


# ---------------------------------------------------------------------------
# The validator


def errors(findings: list) -> list:
    return [finding for finding in findings if finding.severity == "error"]


def test_shipped_game_and_short_variant_pass(tileset: Tileset) -> None:
    full = m.check(Setup(tileset, 2))
    short = m.check(short_setup(tileset))
    assert errors(full) == [] and errors(short) == []
    assert [f.severity for f in full + short if f.severity == "warning"] == []
    summary = next(f for f in full if f.severity == "info")
    assert "87" in summary.message and "127" in summary.message
    assert "42" in next(f for f in short if f.severity == "info").message


def test_a_supply_below_the_ceiling_is_an_error(tileset: Tileset) -> None:
    full = errors(m.check(Setup(tileset.with_counts({"tile": 40}), 2)))
    assert [f.rule for f in full] == ["supply"]
    assert "87" in full[0].fix
    short = errors(m.check(short_setup(tileset, 41)))
    assert [f.rule for f in short] == ["supply"] and "42" in short[0].fix
    assert errors(m.check(short_setup(tileset, 42))) == []


def test_the_fixed_setup_needs_87_tiles_not_88(tileset: Tileset) -> None:
    # The twelve set-up tiles are on the board from the start, and no arrangement
    # holding them has more than 87 tiles: an 87-tile box can never run dry.
    assert errors(m.check(Setup(tileset.with_counts({"tile": 87}), 2))) == []
    assert [f.rule for f in errors(m.check(Setup(tileset.with_counts({"tile": 86}), 2)))] \
        == ["supply"]


def with_homebrew(tileset: Tileset, shipped: int, extra: int, role: str = "tunnel") -> Tileset:
    """The tileset with ``shipped`` plain tiles and ``extra`` of a homebrew hex kind."""
    plain = tileset.tile("tile")
    gem = replace(plain, name="gem-tile", count=extra, role=role)
    return replace(tileset.with_counts({"tile": shipped}), tiles=(*tileset.with_counts(
        {"tile": shipped}).tiles, gem))


def test_homebrew_hex_kinds_count_towards_the_supply(tileset: Tileset) -> None:
    mixed = with_homebrew(tileset, 60, 30)
    assert errors(m.check(Setup(mixed, 2))) == []
    short = errors(m.check(Setup(with_homebrew(tileset, 20, 20), 2, "short")))
    assert [f.rule for f in short] == ["supply"]
    assert set(short[0].tiles) == {"tile", "gem-tile"}
    # The simulator mines with them too: the box holds 90 - 12 after the set-up.
    _board, state = m.starting_position(Setup(mixed, 2))
    assert state.supply == 78


def test_event_kinds_are_not_mined(tileset: Tileset) -> None:
    found = errors(m.check(Setup(with_homebrew(tileset, 60, 30, role="event"), 2)))
    assert [f.rule for f in found] == ["supply"]


def brute_force_setup_max(side: int, setup: frozenset[Cell]) -> int:
    """Like brute_force_max, but only arrangements holding every set-up cell count."""
    cells = [cell for cell in hexagon_cells(side) if cell not in setup]
    for size in range(len(cells), -1, -1):
        for chosen in combinations(cells, size):
            picked = set(chosen) | setup
            if all(sum(near in picked for near in around(cell)) <= 3 for cell in picked):
                return len(picked)
    return -1


@pytest.mark.parametrize("setup", [
    frozenset({(0, 0)}), frozenset({(1, -1), (-1, 1)}), frozenset({(0, -2), (2, 0), (-2, 2)}),
])
def test_setup_max_matches_brute_force_on_a_small_board(setup: frozenset[Cell]) -> None:
    assert m.exact_max_tiles(3, setup=setup) == brute_force_setup_max(3, setup)


@pytest.mark.parametrize(("short", "side"), [
    (True, 5),
    pytest.param(False, 7, marks=pytest.mark.slow),  # 10 s: CI runs it (pytest -m slow)
])
def test_setup_table_entries_are_recomputed_exactly(tileset: Tileset, short: bool,
                                                    side: int) -> None:
    assert tileset.board is not None
    cells = m.setup_cells(tileset.board, short)
    setup = frozenset(cells["red"] + cells["blue"])
    assert m.SETUP_MAX_TILES[(side, setup)] == m.exact_max_tiles(side, setup=setup)
    assert sorted(m.SETUP_MAX_TILES.values()) == [42, 87]


def test_missing_miners_are_an_error(tileset: Tileset) -> None:
    fewer = tuple(replace(c, count=5) if c.name == "red-miner" else c
                  for c in tileset.components)
    findings = errors(m.check(Setup(replace(tileset, components=fewer), 2)))
    assert [(f.rule, f.tiles) for f in findings] == [("miners", ("red-miner",))]
    # Five red miners are still plenty for the short game's three.
    assert errors(m.check(short_setup(replace(tileset, components=fewer)))) == []


def test_setup_spaces_must_be_apart_on_the_board_and_even(tileset: Tileset) -> None:
    spec = tileset.board
    assert spec is not None
    red = spec.marks[0]
    moved = replace(red, cells=((-2, -4), (6, -2), (-3, 6)))  # one cell nudged
    lopsided = replace(tileset, board=replace(spec, marks=(moved,) + spec.marks[1:]))
    findings = m.check(Setup(lopsided, 2))
    assert errors(findings) == []
    assert {f.rule for f in findings if f.severity == "warning"} == {"setup-symmetry"}

    touching = replace(red, cells=((-2, -4), (6, -2), (0, -2)))  # touches blue's (-1, -2)
    close = replace(tileset, board=replace(spec, marks=(touching,) + spec.marks[1:]))
    assert "setup-spaces" in {f.rule for f in errors(m.check(Setup(close, 2)))}
    twice = replace(red, cells=((-2, -4), (6, -2), (-2, -4)))
    repeated = replace(tileset, board=replace(spec, marks=(twice,) + spec.marks[1:]))
    assert any("repeat" in f.message for f in errors(m.check(Setup(repeated, 2))))

    outer = replace(spec.marks[1], short_game=False)
    inner = replace(spec.marks[0], short_game=True)  # outer cells used for the short game
    off = replace(tileset, board=replace(spec, marks=(inner, outer) + spec.marks[2:]))
    off_findings = errors(m.check(short_setup(off)))
    assert any("outside" in f.message for f in off_findings)


def test_check_is_fast(tileset: Tileset) -> None:
    import time

    begin = time.perf_counter()
    for _ in range(20):
        m.check(Setup(tileset, 2))
    assert (time.perf_counter() - begin) / 20 < 0.02


# ---------------------------------------------------------------------------
# The simulator


def test_simulate_is_reproducible_and_seed_dependent(tileset: Tileset) -> None:
    setup = short_setup(tileset)
    first = m.simulate(setup, 40, seed=11)
    assert m.simulate(setup, 40, seed=11) == first
    assert m.simulate(setup, 40, seed=12) != first
    assert first["seed"] == 11 and first["games"] == 40


def test_every_simulated_game_ends_or_is_reported(tileset: Tileset) -> None:
    report = m.simulate(Setup(tileset, 2), 25, seed=3)
    assert report["ended"] + report["unfinished"] == 25
    assert report["unfinished"] == 0
    assert report["wins"]["red"] + report["wins"]["blue"] == report["ended"]
    assert report["supply_exhausted"] == 0  # 90 tiles never run out on this board
    turns = report["turns"]
    assert 0 < turns["min"] <= turns["median"] <= turns["max"] <= 88 - 12
    assert turns["min"] <= turns["mean"] <= turns["max"]


def test_a_short_supply_ends_games_by_exhaustion(tileset: Tileset) -> None:
    report = m.simulate(short_setup(tileset, 10), 20, seed=1)  # 6 on the board, 4 to mine
    assert report["supply_exhausted"] == report["ended"] == 20
    assert report["turns"]["max"] == 4
    # The fifth turn finds the box empty: red moved first, so it is red who loses.
    assert report["wins"] == {"red": 0, "blue": 20}


def test_tunnels_drawn_on_a_homebrew_hex_decide_nothing(tmp_path: Path) -> None:
    """Mattock's tiles connect by lying next to each other, so a homebrew kind with
    tunnels drawn on its face is decoration: the plain tile had become an error ("a
    tunnel tile with no openings") the moment a mix added one."""
    from click.testing import CliRunner

    from pnp.cli import main

    mix = tmp_path / "drawn.yaml"
    mix.write_text("base: mattock\ntiles:\n  - {name: drawn, count: 6, paths: [E-W]}\n")
    result = CliRunner().invoke(main, ["validate", str(mix)])
    assert result.exit_code == 0, result.output
    assert "no-openings" not in result.output and "playable with 2 players" in result.output


def test_a_variant_moves_a_mix_files_own_counts_and_set_wins_over_both(tmp_path: Path) -> None:
    """A mix of six homebrew hexes and no plain tile had been validated under --variant
    short as 51 tiles (the variant's 45 plain tiles put back): the short game takes 45
    plain tiles away, and none stay none; --set still wins over both."""
    from pnp.cli.common import load

    mix = tmp_path / "six.yaml"
    mix.write_text("base: mattock\ncounts:\n  tile: 0\ntiles:\n  - {name: homebrew, count: 6}\n")
    counts = {t.name: t.count for t in load(str(mix), "short").tiles if t.role != "base"}
    assert counts["tile"] == 0 and counts["homebrew"] == 6
    plain = {t.name: t.count for t in load("mattock", "short").tiles}
    assert plain["tile"] == 45  # the variant's count where no file names the tile
    assert {t.name: t.count for t in load(str(mix), "short", ("tile=3",)).tiles}["tile"] == 3
    sixty = tmp_path / "sixty.yaml"
    sixty.write_text("base: mattock\ncounts:\n  tile: 60\n")
    assert {t.name: t.count for t in load(str(sixty), "short").tiles}["tile"] == 15


def test_a_mattock_game_is_played_by_two_only():
    from pnp.rules import Unplayable
    from pnp.rules.mattock import starting_position

    with pytest.raises(Unplayable, match="played by 2 players, red and blue, not 12"):
        starting_position(Setup(load_tileset(ROOT / "tilesets" / "mattock.yaml"), 12))
