"""Papers and duplex modes: every size a build prints on, and every way a sheet is turned.

Each idea has one owner here. A paper is its id (what ``--paper`` takes and
file names carry), its size, the name players read, and the check bar that
proves 100% scale on it; the command line's choices, the studio, watch,
imposition, capacity and the rulebook all read them from :data:`PAPERS`.
A duplex mode is one of :data:`DUPLEX_MODES`, a type mypy checks.
"""

from __future__ import annotations

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


PAPERS = {
    "letter": Paper("letter", 612.0, 792.0, 144.0, "2 in (50.8 mm)", "Letter"),
    "a4": Paper("a4", 210 * 72 / 25.4, 297 * 72 / 25.4, mm(50), "50 mm (1.97 in)", "A4"),
}
PAPER_IDS = tuple(PAPERS)  # every paper, in the order builds write them

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
