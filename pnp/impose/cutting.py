"""Pages for print-then-cut machines: where each piece goes and where the cutter looks.

A cutting machine with an optical eye (Silhouette's Print & Cut, Cricut's
Print Then Cut) reads printed registration marks to learn where the page
lies, then cuts each piece's outline. Its pages differ from the hand-cut
sheets: pieces stand apart with a little bleed each (a blade off by a hair
then cuts into art, never into white), and they keep clear of the marks.

Silhouette Studio's type 1 marks: a filled square at the top left and an L at
the top right and bottom left, set in from the paper's edges; the studio will
not set them closer than 10 mm, its default arm length is 20 mm and its
thickness 0.5 mm. The user gives Studio the same numbers (the manifest and
docs/exports.md repeat them). Cricut's Design Space prints its own frame
around an uploaded picture of at most 6.75 x 9.25 in, the size every Cricut
machine and paper accepts; so a Cricut page is that picture, not a paper.
"""

from __future__ import annotations

import msgspec

from pnp.errors import InputError, Where
from pnp.impose.layout import Area, Group, Placement, grid_for
from pnp.model.paper import Paper
from pnp.units import mm

CUT_BLEED = mm(1.5)  # art past each cut, so a blade a hair off still cuts into art
CUT_GAP = mm(2.0)  # bare space between two pieces' bleeds, so each cuts free
CRICUT_IMAGE = (6.75 * 72, 9.25 * 72)  # the largest Print Then Cut picture, in points


class Registration(msgspec.Struct, frozen=True):
    """Silhouette type 1 registration marks, as Studio's settings name them."""

    inset: float = mm(10)  # from each paper edge to the mark's outer edge
    length: float = mm(20)  # of each arm of an L
    thickness: float = mm(0.5)
    square: float = mm(5)  # the filled square's side
    clearance: float = mm(3)  # between a mark and the nearest art

    def marks(self, paper: Paper) -> list[tuple[float, float, float, float]]:
        """Filled rectangles (x, y, width, height in PDF points, y up) of the three marks."""
        inset, length, thick, top = self.inset, self.length, self.thickness, paper.height
        right = paper.width - inset
        return [
            (inset, top - inset - self.square, self.square, self.square),  # square, top left
            (right - length, top - inset - thick, length, thick),  # L at the top right
            (right - thick, top - inset - length, thick, length),
            (inset, inset, length, thick),  # L at the bottom left
            (inset, inset, thick, length),
        ]

    def area(self, paper: Paper) -> Area:
        """Where art may go: inside the marks, clear of the square and the L's."""
        near = self.inset + self.thickness + self.clearance
        square = self.inset + self.square + self.clearance
        return Area(square, near, paper.width - near, paper.height - square)


SILHOUETTE = Registration()


class CutPage(msgspec.Struct, frozen=True):
    """One page of a cutter: the pieces on it (trim boxes, PDF points, y up)."""

    number: int
    placements: tuple[Placement, ...]


def cut_pages(groups: list[Group], paper: Paper, area: Area, source: str) -> list[CutPage]:
    """Every piece of ``groups`` on pages whose pieces all lie inside ``area``.

    Each group starts a new page, like the hand-cut sheets; pieces stand
    CUT_GAP apart with CUT_BLEED of art each.
    """
    pages: list[CutPage] = []
    spacing = CUT_BLEED + CUT_GAP / 2
    for group in groups:
        try:
            grid = grid_for(paper, group.cell_w, group.cell_h, spacing, source,
                            group.lattice, area, marks=False)
        except InputError:
            raise InputError(
                Where(source), "a piece is too large for the cutter's page",
                field="size", found=f"{group.cell_w / 72:.2f} x {group.cell_h / 72:.2f} in",
                allowed=f"pieces of at most {(area.right - area.left) / 72 - 0.2:.2f} x "
                        f"{(area.top - area.bottom) / 72 - 0.2:.2f} in") from None
        sequence = [(name, kind) for name, count, kind in group.pieces for _ in range(count)]
        for start in range(0, len(sequence), grid.capacity):
            number = len(pages) + 1
            chunk = sequence[start:start + grid.capacity]
            pages.append(CutPage(number, tuple(
                Placement(number, name, "front", *grid.cell(index), group.cell_w,
                          group.cell_h, kind)
                for index, (name, kind) in enumerate(chunk))))
    return pages


def cricut_paper() -> Paper:
    """Design Space's largest Print Then Cut picture, as a 'paper' to lay pieces on."""
    width, height = CRICUT_IMAGE
    return Paper("cricut", width, height, 0.0, "", "Cricut picture")
