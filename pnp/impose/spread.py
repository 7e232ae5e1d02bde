"""Room between round pieces, so scissors can go round each one.

Squares and hexes share their cuts: one stroke of the blade frees two pieces,
so they butt. A round token shares nothing with its neighbours; packed edge
to edge, their art meets at a point and the scissors have nowhere to turn
between two circles. So round pieces sit apart, by the widest gutter (up to
:data:`GUTTER_MAX`) that keeps the sheets as few as they were packed: the room a
sheet has to spare goes between its tokens instead of into an empty half page.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from msgspec.structs import replace

from pnp.impose.layout import Group, SheetPlan
from pnp.units import mm

GUTTER_MAX = mm(6)  # past this, tokens look scattered rather than laid out
MIN_ALIGNED = 3  # fewer columns than this waste the sheet's width to line kinds up
GUTTER_STEP = 0.25  # pt: gutters are whole quarter points, so plans stay round numbers


def with_gutter(groups: list[Group], gutter: float) -> list[Group]:
    """``groups`` with their round pieces ``gutter`` apart; others keep butting."""
    return [replace(group, gutter=gutter) if group.round else group for group in groups]


def spread_out(packed: SheetPlan, groups: list[Group],
               build: Callable[[list[Group]], SheetPlan | None]) -> SheetPlan:
    """``packed`` (the plan ``build`` makes of ``groups`` with no gutter) rebuilt with its
    round pieces as far apart as they can sit on the same number of pages.

    Where every kind of a group comes in a count that some number of columns
    divides (Demon Mine's eight pawns of each colour), the columns are capped
    at that number so that each kind fills rows of its own, as long as the
    gutter stays at least half :data:`GUTTER_MAX`; otherwise the widest gutter wins.
    """
    if not any(group.round for group in groups):
        return packed
    aligned = _aligned(groups, _columns(packed))
    if aligned != groups:
        plan, gutter = _widest(packed, aligned, build)
        if gutter >= GUTTER_MAX / 2:
            return plan
    return _widest(packed, groups, build)[0]


def _widest(packed: SheetPlan, groups: list[Group],
            build: Callable[[list[Group]], SheetPlan | None]) -> tuple[SheetPlan, float]:
    """The plan with the widest gutter (and that gutter) on as many pages as ``packed``
    and with every capped group at its full columns; ``packed`` and 0 if none is.

    The pages a gutter needs only grow with the gutter, and its columns only
    shrink, so a binary search over whole steps finds the widest one.
    """
    def kept(steps: int) -> SheetPlan | None:
        plan = build(with_gutter(groups, steps * GUTTER_STEP))
        if plan is None or len(plan.pages) != len(packed.pages):
            return None
        columns = _columns(plan)
        return plan if all(columns.get((group.cell_w, group.cell_h)) == group.columns
                           for group in groups if group.columns) else None

    low, high = 0, int(GUTTER_MAX / GUTTER_STEP)
    if kept(high) is not None:
        low = high
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (middle, high) if kept(middle) is not None else (low, middle)
    plan = kept(low)
    return (plan, low * GUTTER_STEP) if plan is not None else (packed, 0.0)


def _columns(plan: SheetPlan) -> dict[tuple[float, float], int]:
    """The columns of each size of piece's grid on ``plan``'s pages (the fewest, if two)."""
    found: dict[tuple[float, float], int] = {}
    for page in plan.pages:
        for grid in (page.grid, *(block.grid for block in page.blocks)):
            key = (grid.cell_w, grid.cell_h)
            found[key] = min(found.get(key, grid.columns), grid.columns)
    return found


def _aligned(groups: list[Group], columns: dict[tuple[float, float], int]) -> list[Group]:
    """Each round group capped at the most columns, from 3 up to what fits packed, that
    divide the count of every kind it has more than one copy of."""
    aligned = []
    for group in groups:
        counts = [count for _, count, _ in group.pieces if count > 1]
        fit = columns.get((group.cell_w, group.cell_h), 0)
        common = math.gcd(*counts) if group.round and counts else 0
        cap = max((number for number in range(MIN_ALIGNED, fit + 1) if common % number == 0),
                  default=0) if common else 0
        aligned.append(replace(group, columns=cap) if cap else group)
    return aligned
