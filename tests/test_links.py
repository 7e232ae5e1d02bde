"""The exact link search against exhaustive search of every self-avoiding tunnel."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.rules.links import HEADINGS, Supply, best_link


def brute_force(start, goal, supply: Supply, margin: int = 5) -> int | None:
    """Fewest tiles in any buildable self-avoiding link, by trying every walk.

    It may wander further from the bases than the search does, to prove that
    the search's smaller box loses nothing.
    """
    low_x, high_x = min(start[0], goal[0]) - margin, max(start[0], goal[0]) + margin
    low_y, high_y = min(start[1], goal[1]) - margin, max(start[1], goal[1]) + margin
    limit = supply.straight + supply.turn + supply.both
    best = [None]

    def walk(cell, heading, seen, turns, straights):
        for turn_by in (0, 1, 3):
            new_heading = (heading + turn_by) % 4
            t, s = (turns + 1, straights) if turn_by else (turns, straights + 1)
            if not supply.fits(t, s):
                continue
            dx, dy = HEADINGS[new_heading]
            nxt = (cell[0] + dx, cell[1] + dy)
            if nxt == goal:
                used = t + s
                if best[0] is None or used < best[0]:
                    best[0] = used
                continue
            if nxt in seen or nxt == start or len(seen) + 1 > limit:
                continue
            if not (low_x <= nxt[0] <= high_x and low_y <= nxt[1] <= high_y):
                continue
            if best[0] is not None and len(seen) + 1 >= best[0]:
                continue
            walk(nxt, new_heading, seen | {nxt}, t, s)

    for heading in range(4):
        dx, dy = HEADINGS[heading]
        first = (start[0] + dx, start[1] + dy)
        if first == goal:
            return 0
        walk(first, heading, frozenset({first}), 0, 0)
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
        assert need == ("straight" if straight else "turn")
    assert Supply(3, 4, 6).fits(link.turns, link.straights)


def test_demon_mine_corners_need_a_turn_and_thirteen_tiles():
    assert best_link((0, 0), (7, 7), Supply(100, 0, 0)) is None
    assert best_link((0, 0), (7, 7), Supply(12, 1, 0)) is not None
    assert best_link((0, 0), (7, 7), Supply(11, 1, 0)) is None
    elbows_only = best_link((0, 0), (7, 7), Supply(0, 13, 0))
    assert elbows_only is not None and elbows_only.turns == 13
    assert best_link((0, 0), (7, 7), Supply(0, 12, 0)) is None
