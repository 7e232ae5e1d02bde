"""What an exporter returns, and the protocol every kind of output implements.

An output kind (tile sheets, cards, tokens, the board, aids, the rulebook, the
design SVGs) is one :class:`Exporter` value. The build asks each whether it
applies to a game, runs it once per paper (or once, for outputs that make
every paper's file together or need no paper),
and lists what comes back in the manifest. Nothing else in the build knows
which kinds exist.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

import msgspec

from pnp.model.options import BuildOptions
from pnp.model.paper import Paper
from pnp.model.tileset import Tileset

if TYPE_CHECKING:
    from pnp.export.designs import GameDesigns


class Artifact(msgspec.Struct, frozen=True):
    """One output file: its path inside the game's folder, its bytes, its manifest entry."""

    path: str
    data: bytes
    listing: Mapping[str, Any] | None = None  # the manifest's "sheets" entry; None for SVGs


class Exporter(Protocol):
    """One kind of output.

    ``per_paper`` outputs are made once for each paper of the build, the others
    once per game (those that print make every paper's file in that one call,
    as the rulebook does). ``own_job`` outputs are slow enough (the rulebook, a
    player aid) to be given a job of their own, which another core can take; the rest
    of a game's outputs share one job and one set of drawn designs. ``slow`` outputs
    (the rulebook) are handed out first and left to a watch's slow pass.
    """

    @property
    def name(self) -> str: ...

    @property
    def per_paper(self) -> bool: ...

    @property
    def own_job(self) -> bool: ...

    @property
    def slow(self) -> bool: ...

    def applies(self, tileset: Tileset, options: BuildOptions) -> bool:
        """Whether this game gets this output; may raise InputError for a broken input."""
        ...

    def export(self, designs: GameDesigns, paper: Paper | None) -> list[Artifact]:
        """The files of this output for one paper (None when not ``per_paper``)."""
        ...


def made_on(paper: Paper | None) -> Paper:
    """The paper a per-paper output is made on: the build gives one to each call."""
    if paper is None:
        raise ValueError("an output made per paper was asked for without a paper")
    return paper


def rounded(value: float) -> float:
    """Manifest numbers are rounded to a thousandth of a point, so they read and diff well."""
    return round(value, 3)
