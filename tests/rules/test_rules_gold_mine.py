"""Gold Mine rules: laying tiles, walking paths, the Phantom, and the mix checks."""

from __future__ import annotations

import itertools
import random

import pytest
from support import ROOT, tileset_from_text

from pnp.input.tileset import load_tileset
from pnp.rules import Setup
from pnp.rules.gold_mine import (
    PUBLISHED,
    Placed,
    Position,
    category,
    check,
    close_chance,
    exit_attempt,
    fits,
    moves,
    phantom_attack,
    phantom_moves,
    reachable,
    rotated_paths,
    tally,
)

SHIPPED = ROOT / "tilesets" / "gold-mine.yaml"

SMALL = """
game: gold-mine
title: Small Gold Mine
size: 2in
tiles:
  - {name: entrance, count: 1, role: base, paths: [{ports: N-E-S-W, junction: true}]}
  - {name: two-elbows, count: 3, paths: [N-E, S-W]}
  - {name: straight, count: 4, paths: [N-S]}
  - {name: cross, count: 2, paths: [N-E-S-W]}
  - name: chamber
    count: {chambers}
    paths: [{ports: S, junction: true}]
    features: [{icon: chamber-gold}]
  - {name: cave, count: {caverns}, role: special, paths: [{ports: N-S, style: cavern}]}
  - name: rock
    count: {rock}
    role: event
    features: [{icon: rubble}]
components:
  - name: nugget
    kind: token
    count: {nuggets}
    size: 0.75in
    shape: round
    features: [{icon: nugget}]
"""


def small(chambers: int = 2, nuggets: int = 2, caverns: int = 1, rock: int = 0):
    """A tiny mix; counts are filled in so each test changes just what it is about."""
    text = SMALL
    for key, value in (("chambers", chambers), ("nuggets", nuggets), ("caverns", caverns),
                       ("rock", rock)):
        text = text.replace("{" + key + "}", str(value))
    return tileset_from_text(text)


def rules(findings, severity: str = "error") -> set[str]:
    return {f.rule for f in findings if f.severity == severity}


@pytest.fixture()
def tiles():
    tileset = small(rock=1)
    return {tile.name: tile for tile in tileset.tiles}


def test_rotation_turns_every_path_clockwise(tiles):
    placed = Placed(tiles["two-elbows"], 1)
    assert rotated_paths(placed) == (frozenset("ES"), frozenset("WN"))


def test_two_separate_elbows_keep_a_miner_on_its_own_path(tiles):
    # The entrance's east edge meets the elbow's west edge, which belongs to path 1 (S-W);
    # the straight east of the elbows is joined to path 0 (N-E) only.
    board = {(0, 0): Placed(tiles["entrance"]), (1, 0): Placed(tiles["two-elbows"]),
             (2, 0): Placed(tiles["straight"], 1)}
    entrance = Position((0, 0), 0)
    assert Position((1, 0), 1) in moves(board, entrance)
    assert moves(board, Position((1, 0), 1)) == {entrance}
    assert moves(board, Position((2, 0), 0)) == {Position((1, 0), 0)}
    walked = reachable(board, entrance, 10)
    assert Position((1, 0), 0) not in walked
    assert Position((2, 0), 0) not in walked
    assert Position((1, 0), 0) in reachable(board, entrance, 2, phantom=True)


def test_edges_that_do_not_line_up_are_refused(tiles):
    board = {(0, 0): Placed(tiles["entrance"])}
    # Upright, the straight shows a closed west edge to the entrance's open east edge.
    assert not fits(board, (1, 0), tiles["straight"], 0)
    assert not fits(board, (1, 0), tiles["straight"], 2)
    # A chamber dead end facing away from the entrance would meet open with closed.
    assert not fits(board, (1, 0), tiles["chamber"], 0)


def test_a_rotation_that_lines_up_is_accepted(tiles):
    board = {(0, 0): Placed(tiles["entrance"])}
    assert fits(board, (1, 0), tiles["straight"], 1)
    assert fits(board, (1, 0), tiles["straight"], 3)
    assert fits(board, (1, 0), tiles["chamber"], 1)  # its S opening turned to face west


def test_a_tile_must_join_the_mine_and_take_an_empty_cell(tiles):
    board = {(0, -1): Placed(tiles["entrance"]), (0, 0): Placed(tiles["straight"])}
    # Closed meets closed on the shared edge: lined up, but not part of the mine.
    assert not fits(board, (1, 0), tiles["straight"], 0)
    assert not fits(board, (0, 0), tiles["straight"], 0)
    assert not fits(board, (0, 1), tiles["rock"], 0)
    assert fits(board, (0, 1), tiles["straight"], 0)


def test_every_neighbour_must_line_up_not_just_one(tiles):
    # (1, 1) has an open edge to its west (the elbows at (0, 1)) and a closed one to its
    # north (the straight lying E-W at (1, 0)): it needs west open and north closed.
    board = {(0, 0): Placed(tiles["entrance"]), (0, 1): Placed(tiles["two-elbows"], 0),
             (1, 0): Placed(tiles["straight"], 1)}
    assert fits(board, (1, 1), tiles["straight"], 1)
    assert not fits(board, (1, 1), tiles["straight"], 0)
    assert fits(board, (1, 1), tiles["chamber"], 1)
    assert not fits(board, (1, 1), tiles["chamber"], 2)  # open north onto a closed edge
    assert not any(fits(board, (1, 1), tiles["two-elbows"], turn) for turn in range(4))


def test_the_phantom_crosses_walls_and_closed_boundaries_but_stops_on_paths(tiles):
    board = {(0, 0): Placed(tiles["straight"]), (1, 0): Placed(tiles["straight"]),
             (0, 1): Placed(tiles["rock"]), (2, 0): Placed(tiles["two-elbows"])}
    start = Position((0, 0), 0)
    # A solid wall lies between the two upright straights: miners cannot pass it.
    assert moves(board, start) == frozenset()
    assert phantom_moves(board, start) == {Position((1, 0), 0)}
    # The N-E curve at (2, 0) lies away from the west edge: first the wall onto S-W.
    assert phantom_moves(board, Position((2, 0), 0)) == {Position((2, 0), 1)}
    assert phantom_moves(board, Position((2, 0), 1)) == {Position((2, 0), 0),
                                                          Position((1, 0), 0)}
    everywhere = reachable(board, start, 5, phantom=True)
    assert everywhere == {start, Position((1, 0), 0), Position((2, 0), 0),
                          Position((2, 0), 1)}
    assert all(0 <= p.path < len(board[p.cell].kind.paths) for p in everywhere)


def test_positions_off_a_path_are_refused(tiles):
    board = {(0, 0): Placed(tiles["rock"])}
    with pytest.raises(ValueError):
        moves(board, Position((0, 0), 0))
    with pytest.raises(ValueError):
        phantom_moves(board, Position((5, 5), 0))


def test_reachable_counts_steps(tiles):
    board = {(x, 0): Placed(tiles["straight"], 1) for x in range(5)}
    start = Position((0, 0), 0)
    assert reachable(board, start, 0) == {start}
    assert reachable(board, start, 2) == {Position((x, 0), 0) for x in range(3)}


def test_tiles_are_classified_from_their_data_not_their_names():
    tileset = tileset_from_text("""
game: gold-mine
title: Names lie
size: 2in
tiles:
  - {name: cavern-looking, count: 1, paths: [N-S]}
  - {name: plain, count: 1, paths: [{ports: N-S, style: cavern}]}
  - {name: gold, count: 1, paths: [N-S], features: [{icon: chamber-gold}]}
""")
    assert [category(tile) for tile in tileset.tiles] == ["tunnel", "cavern", "chamber"]


def test_too_few_nuggets_are_an_error_and_spare_ones_are_not():
    assert "nuggets" in rules(check(Setup(small(chambers=3, nuggets=2), 2)))
    assert "nuggets" not in rules(check(Setup(small(chambers=3, nuggets=3), 2)))
    assert "nuggets" not in rules(check(Setup(small(chambers=3, nuggets=5), 2)))


def test_no_cavern_is_an_error_with_the_phantom_variant_only():
    without = small(caverns=0)
    assert "phantom-cavern" in rules(check(Setup(without, 2, "phantom")))
    assert "phantom-cavern" not in rules(check(Setup(without, 2)))
    assert "phantom-cavern" not in rules(check(Setup(small(caverns=1), 2, "phantom")))


def test_the_phantom_takes_the_sixth_pawn():
    assert "phantom-players" in rules(check(Setup(small(), 6, "phantom")))
    assert "phantom-players" not in rules(check(Setup(small(), 6)))


def test_a_tile_without_openings_is_an_error():
    findings = check(Setup(small(rock=1), 2))
    assert any(f.rule == "tile-openings" and f.tiles == ("rock",) for f in findings)
    assert "tile-openings" not in rules(check(Setup(small(rock=0), 2)))


def test_a_different_split_warns_but_entrances_must_be_one():
    findings = check(Setup(small(), 2))
    assert "published-split" in rules(findings, "warning")
    assert "one-entrance" not in rules(findings)
    two = small().with_counts({"entrance": 2})
    assert "one-entrance" in rules(check(Setup(two, 2)))


def test_the_forced_close_chance_is_exact_on_tiny_stacks():
    # One opening at the entrance; half the shuffles lay the dead end first and shut it.
    assert close_chance(1, {1: 1, 2: 1}, 2) == pytest.approx(0.5)
    # Two dead ends use up both openings: fine when they are the whole stage ...
    assert close_chance(2, {1: 2}, 2) == 0.0
    # ... but not when a cavern is still waiting to be laid last.
    assert close_chance(2, {1: 2}, 3, last=4) == 1.0
    assert close_chance(4, {2: 50, 3: 10}, 20) == 0.0


def shuffles_that_shut(entrance: int, stack: list[int], laid: int, last: int | None) -> float:
    """close_chance by brute force: walk every ordering of the stack's tiles."""
    draws = min(laid - (1 if last is not None else 0), len(stack))
    shut = total = 0
    for order in itertools.permutations(stack):
        total += 1
        ends = entrance
        for drawn in range(draws + 1):
            if ends <= 0 and (drawn < draws or last is not None):
                shut += 1
                break
            if drawn < draws:
                ends += order[drawn] - 2
    return shut / total


def test_the_forced_close_chance_matches_every_ordering_of_small_stacks():
    rng = random.Random(12)
    for _ in range(60):
        stack = [rng.choice((1, 1, 2, 3, 4)) for _ in range(rng.randrange(1, 8))]
        entrance = rng.randrange(1, 4)
        laid = rng.randrange(1, len(stack) + 2)
        last = rng.choice((None, 3))
        pool = {k: stack.count(k) for k in set(stack)}
        assert close_chance(entrance, pool, laid, last) == pytest.approx(
            shuffles_that_shut(entrance, stack, laid, last)), (entrance, stack, laid, last)


def test_a_mix_of_dead_ends_cannot_keep_the_mine_open():
    tileset = tileset_from_text("""
game: gold-mine
title: Dead ends
size: 2in
tiles:
  - {name: entrance, count: 1, role: base, paths: [{ports: N-E-S-W, junction: true}]}
  - {name: dead-end, count: 30, paths: [S]}
  - {name: straight, count: 30, paths: [N-S]}
""")
    finding = next(f for f in check(Setup(tileset, 2)) if f.rule == "keeps-open")
    assert finding.severity == "error"
    assert finding.tiles == ("dead-end",)


def test_check_is_deterministic():
    setup = Setup(small(), 2, "phantom")
    assert check(setup) == check(setup)


def shipped():
    return load_tileset(SHIPPED)


def test_the_shipped_mix_follows_the_published_split():
    assert tally(shipped()) == PUBLISHED


@pytest.mark.parametrize("variant", [None, "phantom"])
def test_the_shipped_mix_has_no_errors_or_warnings(variant):
    tileset = shipped()
    for players in tileset.players:
        if variant == "phantom" and players > 5:
            continue
        findings = check(Setup(tileset, players, variant))
        assert not rules(findings) | rules(findings, "warning"), findings


def test_the_shipped_mix_without_caverns_fails_only_the_phantom_variant():
    tileset = shipped()
    no_caverns = tileset.with_counts({t.name: 0 for t in tileset.tiles
                                      if category(t) == "cavern"})
    assert rules(check(Setup(no_caverns, 2))) == set()
    assert rules(check(Setup(no_caverns, 2, "phantom"))) == {"phantom-cavern"}


STUBS = """
game: gold-mine
title: Stubs
size: 2in
tiles:
  - {name: entrance, count: 1, role: base, paths: [{ports: N-E-S-W, junction: true}]}
  - {name: straight, count: 4, paths: [N-S]}
  - {name: stubbed, count: 2, paths: [E, N-S, W]}
"""


@pytest.fixture()
def stubs():
    return {tile.name: tile for tile in tileset_from_text(STUBS).tiles}


def test_a_tile_touching_only_a_walled_stub_does_not_join_the_mine(stubs):
    # The stubbed tile's N-S tunnel meets the entrance; its E and W stubs are walled off.
    board = {(0, 0): Placed(stubs["entrance"]), (0, 1): Placed(stubs["stubbed"])}
    upright = Placed(stubs["straight"], 1)  # lying E-W
    assert fits(board, (1, 0), stubs["straight"], 1)  # meets the entrance itself
    # At (1, 1) only the E stub is open towards it: lined up, but not part of the mine.
    assert not fits(board, (1, 1), stubs["straight"], 1)
    board[(1, 0)] = upright
    assert not fits(board, (1, 1), stubs["straight"], 1)  # (1, 0) shows rock to the south


def test_a_tile_laid_through_the_mines_own_stub_does_join(stubs):
    # Laid with its W stub on the entrance, the stub is walkable and so is what meets it.
    board = {(0, 0): Placed(stubs["entrance"]), (1, 0): Placed(stubs["stubbed"], 0)}
    assert Position((1, 0), 2) in reachable(board, Position((0, 0), 0), 1)
    assert not fits(board, (1, 1), stubs["straight"], 0)  # meets only the N-S tunnel


def test_the_phantom_crosses_one_wall_or_one_boundary_at_a_time(stubs):
    board = {(0, 0): Placed(stubs["entrance"]), (1, 0): Placed(stubs["stubbed"], 0),
             (2, 0): Placed(stubs["straight"])}
    # From the W stub (path 2) the E stub (path 0) lies behind the N-S tunnel (path 1).
    assert phantom_moves(board, Position((1, 0), 2)) == {Position((1, 0), 1),
                                                          Position((0, 0), 0)}
    assert phantom_moves(board, Position((1, 0), 1)) == {Position((1, 0), 0),
                                                          Position((1, 0), 2)}
    # Through the entrance's open east edge the Phantom lands on the W stub only.
    assert Position((1, 0), 1) not in phantom_moves(board, Position((0, 0), 0))
    assert phantom_moves(board, Position((2, 0), 0)) == {Position((1, 0), 0)}
    # Entrance, W stub, wall, wall, boundary: four steps, where one used to cross it all.
    assert Position((2, 0), 0) not in reachable(board, Position((0, 0), 0), 3, phantom=True)
    assert Position((2, 0), 0) in reachable(board, Position((0, 0), 0), 4, phantom=True)


def test_phantom_attacks_follow_the_steal_table():
    holding = {"nugget": 2, "gold-challenge": 1, "bat-challenge": 0}
    assert phantom_attack(holding, 4, 4) is None  # doubles: nothing is taken
    assert phantom_attack(holding, 5, 2) == "nugget"
    assert phantom_attack(holding, 3, 1) == "gold-challenge"
    assert phantom_attack(holding, 1, 6) is None  # no bat token to take


def test_only_a_miner_leaving_with_enough_gold_faces_the_phantom_at_the_exit():
    entrance = (0, 0)
    assert exit_attempt(entrance, entrance, 2, 3, 5, 1) == (False, False)  # not leaving yet
    assert exit_attempt((4, 4), entrance, 3, 3, 5, 1) == (False, True)  # Phantom elsewhere
    assert exit_attempt(entrance, entrance, 3, 3, 5, 1) == (True, False)  # a nugget lost
    assert exit_attempt(entrance, entrance, 4, 3, 6, 2) == (True, True)  # one to spare
    assert exit_attempt(entrance, entrance, 3, 3, 2, 1) == (True, True)  # a bat roll
    assert exit_attempt(entrance, entrance, 3, 3, 5, 5) == (True, True)  # doubles


@pytest.mark.parametrize("variant", [None, "phantom"])
@pytest.mark.parametrize(("stock", "refused"), [(10, True), (19, True), (20, False)])
def test_the_set_up_needs_the_twenty_development_tiles(variant, stock, refused):
    """Seed rule: the set-up deals 20 development tiles beside the entrance, and the
    Phantom variant puts a cavern at the bottom of those 20. A mix of 19 or 10
    tiles besides the entrance had passed, with and without the Phantom."""
    shipped = load_tileset(SHIPPED)
    counts = {tile.name: 0 for tile in shipped.tiles}
    counts["mine-entrance"] = 1
    cavern = next(t.name for t in shipped.tiles if category(t) == "cavern")
    counts[cavern] = 1  # the Phantom's, at the bottom of the stack
    left = stock - 1
    for tile in shipped.tiles:
        if category(tile) in ("chamber", "tunnel") and left:
            counts[tile.name] = min(tile.count, left)
            left -= counts[tile.name]
    mix = shipped.with_counts(counts)
    assert sum(t.count for t in mix.tiles if t.name != "mine-entrance") == stock
    found = [f for f in check(Setup(mix, 2, variant)) if f.rule == "development-stack"]
    assert bool(found) == refused
    if refused:
        assert found[0].severity == "error" and f"only {stock} tiles" in found[0].message
        assert f"add at least {20 - stock} tile" in found[0].fix
