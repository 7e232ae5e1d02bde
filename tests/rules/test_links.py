"""The exact link search against exhaustive search of every self-avoiding tunnel."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.rules.demon_mine.links import (
    HEADINGS,
    NEED_NAMES,
    RUNS,
    Supply,
    best_link,
    link_menu,
    links_together,
    need_of_move,
)


def brute_force(start, goal, supply: Supply, margin: int = 5) -> int | None:
    """Fewest tiles in any buildable self-avoiding link, by trying every walk.

    It may wander further from the bases than the search does, to prove that
    the search's smaller box loses nothing.
    """
    low_x, high_x = min(start[0], goal[0]) - margin, max(start[0], goal[0]) + margin
    low_y, high_y = min(start[1], goal[1]) - margin, max(start[1], goal[1]) + margin
    limit = sum(count for _, count in supply.groups)
    best = [None]

    def walk(cell, heading, seen, counts):
        for turn_by in (0, 1, 3):
            new_heading = (heading + turn_by) % 4
            need = supply.class_of[need_of_move(heading, new_heading)]
            if need < 0:
                continue
            after = counts[:need] + (counts[need] + 1,) + counts[need + 1 :]
            if not supply.fits(after):
                continue
            dx, dy = HEADINGS[new_heading]
            nxt = (cell[0] + dx, cell[1] + dy)
            if nxt == goal:
                used = sum(after)
                if best[0] is None or used < best[0]:
                    best[0] = used
                continue
            if nxt in seen or nxt == start or len(seen) + 1 > limit:
                continue
            if not (low_x <= nxt[0] <= high_x and low_y <= nxt[1] <= high_y):
                continue
            if best[0] is not None and len(seen) + 1 >= best[0]:
                continue
            walk(nxt, new_heading, seen | {nxt}, after)

    for heading in range(4):
        dx, dy = HEADINGS[heading]
        first = (start[0] + dx, start[1] + dy)
        if first == goal:
            return 0
        walk(first, heading, frozenset({first}), (0,) * len(supply.classes))
    return best[0]


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 3), st.integers(0, 3), st.integers(0, 5), st.integers(0, 5),
       st.integers(0, 3))
def test_search_agrees_with_exhaustive_search(gx, gy, straight, turn, both):
    goal = (gx, gy)
    if goal == (0, 0):
        return
    supply = Supply(straight, turn, both)
    link = best_link((0, 0), goal, supply)
    expected = brute_force((0, 0), goal, supply)
    assert (None if link is None else len(link.cells)) == expected


def test_link_cells_are_adjacent_and_needs_match_the_shape():
    link = best_link((0, 0), (7, 7), Supply(3, 4, 6))
    assert link is not None and len(link.cells) == 13
    path = [(0, 0), *link.cells, (7, 7)]
    for a, b in itertools.pairwise(path):
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
    for index, need in enumerate(link.needs):
        before, here, after = path[index], path[index + 1], path[index + 2]
        straight = (before[0] - here[0], before[1] - here[1]) == (here[0] - after[0],
                                                                 here[1] - after[1])
        assert (need in ("N-S", "E-W")) == straight
    assert Supply(3, 4, 6).fits(Supply(3, 4, 6).needs_of(link))


def test_demon_mine_corners_need_a_turn_and_thirteen_tiles():
    assert best_link((0, 0), (7, 7), Supply(100, 0, 0)) is None
    assert best_link((0, 0), (7, 7), Supply(12, 1, 0)) is not None
    assert best_link((0, 0), (7, 7), Supply(11, 1, 0)) is None
    elbows_only = best_link((0, 0), (7, 7), Supply(0, 13, 0))
    assert elbows_only is not None and elbows_only.turns == 13
    assert best_link((0, 0), (7, 7), Supply(0, 12, 0)) is None


# Needs that tiles printed in one orientation can meet: bit i is NEED_NAMES[i].
UPRIGHT = 1 << NEED_NAMES.index("N-S")
CROSSWISE = 1 << NEED_NAMES.index("E-W")
BEND_NE = 1 << NEED_NAMES.index("N-E")
BEND_ES = 1 << NEED_NAMES.index("E-S")
BEND_SW = 1 << NEED_NAMES.index("S-W")


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 3), st.integers(0, 3),
       st.lists(st.tuples(st.sampled_from([UPRIGHT, CROSSWISE, BEND_NE, BEND_ES, BEND_SW,
                                           RUNS, UPRIGHT | BEND_SW]),
                          st.integers(0, 4)), max_size=4),
       st.integers(0, 2))
def test_search_agrees_with_exhaustive_search_for_tiles_kept_upright(gx, gy, fixed, turn):
    goal = (gx, gy)
    if goal == (0, 0):
        return
    supply = Supply(0, turn, 0, tuple(fixed))
    link = best_link((0, 0), goal, supply)
    assert (None if link is None else len(link.cells)) == brute_force((0, 0), goal, supply)


def test_an_upright_straight_runs_north_south_only():
    # Six runs each way and one corner: rotatable straights do it, upright ones cannot.
    assert best_link((0, 0), (7, 7), Supply(12, 1, 0)) is not None
    assert best_link((0, 0), (7, 7), Supply(0, 1, 0, ((UPRIGHT, 12),))) is None
    assert best_link((0, 0), (7, 7), Supply(0, 1, 0, ((UPRIGHT, 6), (CROSSWISE, 6)))) \
        is not None


def test_a_bend_kept_as_printed_turns_only_its_own_corner():
    # East then south turns through the square's west and south edges: an S-W bend.
    # South then east turns through north and east: an N-E bend. E-S serves neither.
    for bend, works in ((BEND_SW, True), (BEND_NE, True), (BEND_ES, False)):
        supply = Supply(12, 0, 0, ((bend, 1),))
        assert (best_link((0, 0), (7, 7), supply) is not None) == works, bend


def test_links_from_one_supply_choose_among_each_links_options():
    # Four sides of the square: a side is 6 straights, or 12 bends in a zigzag.
    top, right = ((0, 0), (7, 0)), ((7, 0), (7, 7))
    pairs = [(*top, lambda cell: cell[1] < min(cell[0], 7 - cell[0])),
             (*right, lambda cell: cell[0] > max(cell[1], 7 - cell[1]))]
    supply = Supply(6, 12, 0)  # not enough straights for both short links
    assert len(link_menu(*top, supply)) > 1
    links = links_together(pairs, supply)
    assert links is not None
    assert sorted(link.turns for link in links) == [0, 12]
    assert not set(links[0].cells) & set(links[1].cells)
    assert links_together(pairs, Supply(6, 11, 0)) is None
    assert links_together(pairs, Supply(11, 0, 0)) is None
    assert links_together(pairs, Supply(12, 0, 0)) is not None
