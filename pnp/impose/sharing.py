"""Small pieces on the last page of tiles, in the rows the tiles leave empty.

A game with a handful of tokens (Mattock's twelve miners) would otherwise
spend a whole sheet of card on them, nearly empty, while the last sheet of
tiles has rows to spare. When every token fits below the tiles on that page,
each size in a block of its own with its own crop marks, the tokens go there
and the game prints no token sheet; the page of backs behind it carries their
reverses, mirrored like the tiles'. Either all of them fit or none move, so a
player never hunts for a stray token on two sheets. Between the tiles' crop
marks and the first token block's there is room for both sets of marks.
"""

from __future__ import annotations

import math

from msgspec.structs import replace

from pnp.errors import InputError
from pnp.impose.layout import (
    MARK_CLEAR,
    MARK_GAP,
    MARK_MAX,
    MARK_MIN,
    Area,
    Block,
    Group,
    Page,
    Placement,
    SheetPlan,
    grid_for,
    mirror,
    printable,
)


def free_area(plan: SheetPlan, page: Page) -> Area:
    """The printable area below ``page``'s pieces (and any blocks already sharing it) and
    the longest crop marks they get."""
    lowest = min(grid.cell(index)[1] for grid, used in
                 ((page.grid, page.used), *((block.grid, block.used) for block in page.blocks))
                 for index in range(used)) - plan.bleed
    room = printable(plan.paper)
    return Area(room.left, room.bottom, room.right,
                lowest - MARK_GAP - MARK_MAX - MARK_CLEAR)


def share_last_page(plan: SheetPlan, groups: list[Group], backs: dict[str, str],
                    source: str) -> SheetPlan | None:
    """``plan`` with every piece of ``groups`` on its last page of fronts, each group in a
    block below the one before, and their backs behind them; None if any does not fit."""
    numbers = [index for index, page in enumerate(plan.pages) if page.side == "front"]
    if not numbers or not groups:
        return None
    at = numbers[-1]
    last = plan.pages[at]
    area = free_area(plan, last)
    blocks: list[Block] = []
    fronts: list[Placement] = []
    for group in groups:
        block = _block(plan, group, area, source)
        if block is None:
            return None
        blocks.append(block)
        sequence = [(name, kind) for name, count, kind in group.pieces for _ in range(count)]
        for index, (name, kind) in enumerate(sequence):
            x, y = block.grid.cell(index)
            fronts.append(Placement(last.number, name, "front", x, y, group.cell_w,
                                    group.cell_h, kind))
        area = replace(area, top=block.area.bottom)
    pages = list(plan.pages)
    pages[at] = replace(last, placements=last.placements + tuple(fronts),
                        blocks=last.blocks + tuple(blocks))
    following = at + 1
    if plan.duplex != "none" and following < len(pages) and pages[following].side == "back":
        back = pages[following]
        behind = tuple(mirror(front, plan.paper, plan.duplex, back.number, backs[front.name])
                       for front in fronts)
        pages[following] = replace(back, placements=back.placements + behind)
    return replace(plan, pages=tuple(pages))


def _block(plan: SheetPlan, group: Group, area: Area, source: str) -> Block | None:
    """The group's pieces in the top of ``area``, in as few rows as they need."""
    count = sum(count for _, count, _ in group.pieces)
    if area.top - area.bottom <= 0 or not count:
        return None
    try:
        grid = grid_for(plan.paper, group.cell_w, group.cell_h, plan.bleed, source,
                        group.lattice, area, gutter=group.gutter,
                        most_columns=group.columns)
    except InputError:
        return None
    if count > grid.capacity:
        return None
    rows = math.ceil(count / grid.columns)
    # as tall as those rows and their marks: the next group goes below
    outer_h = group.lattice.pitches(group.cell_w, group.cell_h, plan.bleed)[1]
    shift_y = group.lattice.shift(grid.pitch_x, grid.pitch_y)[1]
    height = (rows - 1) * grid.pitch_y + outer_h + (shift_y if grid.columns > 1 else 0.0)
    fitted = _with_marks(area, height)
    grid = grid_for(plan.paper, group.cell_w, group.cell_h, plan.bleed, source,
                    group.lattice, fitted, gutter=group.gutter,
                    most_columns=group.columns)
    return Block(grid, count, fitted)


def _with_marks(area: Area, height: float) -> Area:
    """The top of ``area`` that a block ``height`` tall takes with its crop marks above
    and below it: full-length marks where the area has room, else the shortest worth
    printing, else what is left. Room for only the shortest mark's zone, without the
    clearance the marks keep, had left the marks between a block's columns 2 pt long
    (0.7 mm), too short to lay a ruler on."""
    for room in (MARK_MAX + MARK_CLEAR, MARK_MIN + MARK_CLEAR, MARK_MIN):
        fitted = replace(area, bottom=area.top - height - 2 * (MARK_GAP + room))
        if fitted.bottom >= area.bottom - 1e-6:
            break
    return fitted


def appended(plan: SheetPlan, more: SheetPlan) -> SheetPlan:
    """``more``'s pages after ``plan``'s, numbered on from them."""
    offset = len(plan.pages)
    pages = tuple(replace(page, number=page.number + offset, placements=tuple(
        placement._replace(page=placement.page + offset) for placement in page.placements))
        for page in more.pages)
    return replace(plan, pages=plan.pages + pages)
