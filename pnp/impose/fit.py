"""Whether every piece of a game fits the paper it is printed on, said before any drawing.

The schema bounds a piece's size without knowing the paper; here the paper and
the bleed are known, so each tile shape and each card or token is tried on the
same grid the sheets will use. A piece that does not fit is reported at its
own line with the largest size of the same proportions that would, so a build
never starts only to stop at its first oversized sheet.
"""

from __future__ import annotations

from collections.abc import Iterator

from pnp.errors import InputError, Problem, Where
from pnp.geometry.lattice import Lattice
from pnp.impose.layout import grid_for
from pnp.model.paper import HOME, Paper
from pnp.model.pieces import piece_box, piece_cut
from pnp.model.tileset import Tileset


class _Piece:
    """One size of piece to try: where it is declared and the box it is laid out in."""

    def __init__(self, where: Where, field: str, width: float, height: float,
                 lattice: Lattice) -> None:
        self.where, self.field = where, field
        self.width, self.height, self.lattice = width, height, lattice

    def fits(self, paper: Paper, bleed: float, scale: float = 1.0) -> bool:
        try:
            grid_for(paper, self.width * scale, self.height * scale, bleed,
                     lattice=self.lattice)
        except InputError:
            return False
        return True

    def largest_scale(self, paper: Paper, bleed: float) -> float:
        """The largest scale, to a thousandth, at which the piece fits (0 if none)."""
        low, high = 0.0, 1.0
        for _ in range(30):
            middle = (low + high) / 2
            low, high = (middle, high) if self.fits(paper, bleed, middle) else (low, middle)
        return int(low * 1000) / 1000

    def problem(self, paper: Paper, bleed: float) -> Problem:
        scale = self.largest_scale(paper, bleed)
        with_bleed = f" with {bleed / 72:.3g} in bleed" if bleed else ""
        largest = (f"at most {self.width * scale / 72:.2f} x {self.height * scale / 72:.2f} in"
                   f" (this piece's proportions){with_bleed} on {paper.title}"
                   if scale else f"no piece at all fits {paper.title}{with_bleed}")
        return Problem(self.where, f"this piece does not fit on {paper.title} inside "
                       "the safe margins and crop marks", self.field,
                       f"{self.width / 72:.2f} x {self.height / 72:.2f} in{with_bleed}",
                       largest)


def _pieces(tileset: Tileset) -> Iterator[_Piece]:
    """The tile shape, once, and every card and token that is printed."""
    source = str(tileset.source)
    lines = dict(tileset.lines)
    if any(tile.count for tile in tileset.tiles):
        width, height = tileset.shape.box(tileset.size)
        yield _Piece(Where(source, lines.get("size", 0)), "size", width, height,
                     tileset.shape.lattice)
    for index, component in enumerate(tileset.components):
        if component.count:
            width, height = piece_box(tileset, component)
            yield _Piece(Where(source, component.line), f"components[{index}].size", width,
                         height, piece_cut(tileset, component).lattice)


def check_fit(tileset: Tileset, papers: tuple[Paper, ...], bleed: float) -> None:
    """Raise, naming every piece, when a piece does not fit each of ``papers`` with ``bleed``."""
    problems = [piece.problem(paper, bleed) for piece in _pieces(tileset) for paper in papers
                if not piece.fits(paper, bleed)]
    if problems:
        raise InputError.of(problems)


def check_fits_some_paper(tileset: Tileset) -> None:
    """Raise when a piece fits none of the papers, even without bleed (for ``validate``).

    The problem names the paper on which the piece comes closest to fitting.
    """
    problems = []
    for piece in _pieces(tileset):
        if not any(piece.fits(paper, 0.0) for paper in HOME):
            best = max(HOME, key=lambda paper: piece.largest_scale(paper, 0.0))
            problems.append(piece.problem(best, 0.0))
    if problems:
        raise InputError.of(problems)
