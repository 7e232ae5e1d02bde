"""Gutterfold sheets: fronts and their backs on one side of the paper, for printers
without duplex.

The page is folded in two along a dashed line through its middle: fronts lie
on one half, and each back lies on the other half exactly where the fold
puts it behind its front (the mirror image across the fold line). The pieces
keep a gutter of a few millimetres on each side of the fold, so a fold a
millimetre off lands on bare paper, never on art; the folded sheet is then
glued and the pieces cut out through both layers, so crop marks on each half
mirror each other. Whichever fold, across or along the page, fits more
pieces is used: nine poker cards do not fit half a page, but three do.
"""

from __future__ import annotations

from msgspec.structs import replace

from pnp.errors import InputError, Where
from pnp.impose.layout import Area, Fold, Group, Page, Placement, SheetPlan, grid_for, printable
from pnp.model.paper import Paper
from pnp.units import mm

GUTTER = mm(3)  # bare paper on each side of the fold


def halves(paper: Paper, fold: str) -> Area:
    """The half of the printable area the fronts go in, short of the gutter.

    ``fold`` is "vertical" (a fold line up the page: fronts on the left) or
    "horizontal" (across the page: fronts on the top).
    """
    room = printable(paper)
    if fold == "vertical":
        return replace(room, right=paper.width / 2 - GUTTER)
    return replace(room, bottom=(room.top + room.bottom) / 2 + GUTTER)


def fold_line(paper: Paper, fold: str) -> tuple[float, float, float, float]:
    """The fold line itself, across the printable area (PDF points, y up)."""
    room = printable(paper)
    if fold == "vertical":
        return (paper.width / 2, room.bottom, paper.width / 2, room.top)
    middle = (room.top + room.bottom) / 2
    return (room.left, middle, room.right, middle)


def behind(placement: Placement, paper: Paper, fold: str, design: str) -> Placement:
    """Where the back of ``placement`` goes: its mirror image across the fold line.

    A piece is turned over left to right, like a card. Across a fold up the
    page that turn undoes the fold, so the back is printed upright; across a
    fold along the page it leaves the back upside down, so the back is
    printed upside down to read upright in the hand.
    """
    room = printable(paper)
    x, y = placement.x, placement.y
    if fold == "vertical":
        x = paper.width - placement.x - placement.w
    else:
        y = room.top + room.bottom - placement.y - placement.h
    return placement._replace(side="back", x=x, y=y, design=design,
                              turned=fold == "horizontal")


def impose_gutterfold(groups: list[Group], paper: Paper, bleed: float, backs: dict[str, str],
                      source: str) -> SheetPlan:
    """Each group on gutterfold pages: fronts on one half, their backs mirrored on the other."""
    pages: list[Page] = []
    for group in groups:
        fold = best_fold(group, paper, bleed, source)
        grid = grid_for(paper, group.cell_w, group.cell_h, bleed, source, group.lattice,
                        halves(paper, fold))
        sequence = [(name, kind) for name, count, kind in group.pieces for _ in range(count)]
        for start in range(0, len(sequence), grid.capacity):
            number = len(pages) + 1
            chunk = sequence[start:start + grid.capacity]
            fronts = [Placement(number, name, "front", *grid.cell(index), group.cell_w,
                                group.cell_h, kind) for index, (name, kind) in enumerate(chunk)]
            mirrored = [behind(front, paper, fold, backs[front.name]) for front in fronts]
            pages.append(Page(number, "front", tuple(fronts + mirrored), len(chunk), grid,
                              fold=fold))
    return SheetPlan(paper, bleed, "gutterfold", tuple(pages))


def best_fold(group: Group, paper: Paper, bleed: float, source: str) -> Fold:
    """The fold that fits more of the group's pieces on a page (up the page on a tie)."""
    def capacity(fold: str) -> int:
        try:
            return grid_for(paper, group.cell_w, group.cell_h, bleed, source, group.lattice,
                            halves(paper, fold)).capacity
        except InputError:
            return 0

    vertical, horizontal = capacity("vertical"), capacity("horizontal")
    if not vertical and not horizontal:
        raise InputError(Where(source), "the pieces are too large for half a page, as "
                         "gutterfold needs", field="size",
                         found=f"{group.cell_w / 72:.2f} x {group.cell_h / 72:.2f} in",
                         allowed=f"pieces that fit half of {paper.title} inside "
                         "the margins, or --duplex long, short or none")
    return "vertical" if vertical >= horizontal else "horizontal"
