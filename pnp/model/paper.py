"""Papers and duplex modes: every size a build prints on, and every way a sheet is turned.

Each idea has one owner here. A paper is its id (what ``--paper`` takes and
file names carry), its size, the name players read, and the check bar that
proves 100% scale on it; the command line's choices, the studio, watch,
imposition, capacity and the rulebook all read them from :data:`PAPERS`, or
from :func:`paper_named`, which also makes a paper of any size asked for.
A duplex mode is one of :data:`DUPLEX_MODES`, a type mypy checks.
"""

from __future__ import annotations

import re
from typing import Literal, NamedTuple

from pnp.units import mm


class Paper(NamedTuple):
    """A sheet size, its name for players, and the length of the bar that proves 100%
    scale on it.

    A named tuple, as :class:`pnp.errors.Where` is: the command line's choices
    come from this module, and ``pnp --help`` loads no value-type library.
    """

    name: str
    width: float
    height: float
    check_length: float
    check_label: str
    title: str


INCH_CHECK = 144.0, "2 in (50.8 mm)"  # the bar on papers measured in inches
MM_CHECK = mm(50), "50 mm (1.97 in)"  # and on papers measured in millimetres


def inch_paper(name: str, title: str, width: float, height: float) -> Paper:
    """A paper measured in inches, with the 2 in check bar."""
    return Paper(name, width * 72, height * 72, *INCH_CHECK, title)


def mm_paper(name: str, title: str, width: float, height: float) -> Paper:
    """A paper measured in millimetres, with the 50 mm check bar.

    Worked as ``mm * 72 / 25.4``, not :func:`pnp.units.mm`'s one product: A4's
    height then has the last bit its files were always written with.
    """
    return Paper(name, width * 72 / 25.4, height * 72 / 25.4, *MM_CHECK, title)


PAPERS = {paper.name: paper for paper in (
    inch_paper("letter", "Letter", 8.5, 11),
    mm_paper("a4", "A4", 210, 297),
    mm_paper("a3", "A3", 297, 420),
    inch_paper("tabloid", "Tabloid", 11, 17),
    inch_paper("legal", "Legal", 8.5, 14),
)}
# what a build writes unless told otherwise: the sizes nearly every home printer takes
HOME_PAPERS = ("letter", "a4")
HOME = tuple(PAPERS[name] for name in HOME_PAPERS)

# Any other size, as WIDTHxHEIGHT and a unit: 200x250mm, 8.5x13in.
SIZE = re.compile(r"([0-9]{1,4}(?:\.[0-9]{1,2})?)x([0-9]{1,4}(?:\.[0-9]{1,2})?)(mm|in)")
SMALLEST_SIDE, LARGEST_SIDE = mm(100), mm(1200)  # a postcard's width, an A0 sheet's length
SIZE_FORM = "letter, a4, a3, tabloid, legal, or a size such as 200x250mm or 8.5x13in"


class NotAPaper(ValueError):
    """Text that names no paper: the message says what is allowed."""


def paper_named(text: str) -> Paper:
    """The paper ``text`` names: one of :data:`PAPERS` by id, or a size of its own.

    A size's id is its canonical spelling (``200x250mm``), which its files
    then carry in their names as a named paper's id does.
    """
    key = text.strip().lower()
    if key in PAPERS:
        return PAPERS[key]
    found = SIZE.fullmatch(key)
    if found is None:
        raise NotAPaper(f"not a paper: {text!r} (allowed: {SIZE_FORM})")
    width, height, unit = float(found[1]), float(found[2]), found[3]
    name = f"{width:g}x{height:g}{unit}"
    paper = (inch_paper(name, f"{width:g} x {height:g} in", width, height) if unit == "in"
             else mm_paper(name, f"{width:g} x {height:g} mm", width, height))
    for side in (paper.width, paper.height):
        if not SMALLEST_SIDE <= side <= LARGEST_SIDE:
            raise NotAPaper(f"a paper's sides are 100 mm to 1200 mm (found {text!r})")
    return paper


# long, short: double-sided, the sheet turned over its long or short edge;
# none: fronts only; gutterfold: one-sided, each back beside its front, folded.
Duplex = Literal["long", "short", "none", "gutterfold"]
DUPLEX_MODES: tuple[Duplex, ...] = ("long", "short", "none", "gutterfold")
FLIPS: tuple[Duplex, ...] = ("long", "short")  # the modes a printer turns the sheet for


def duplex_mode(text: str) -> Duplex:
    """``text`` as a duplex mode (the command line's choices are checked already)."""
    if text not in DUPLEX_MODES:
        raise ValueError(f"not a duplex mode: {text!r}")
    return text  # narrowed to Duplex by the test above
