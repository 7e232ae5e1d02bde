"""The names of a build's PDF files, written once.

The exporters name the files they write with these functions, and the name
check (:mod:`pnp.input.names`) predicts the same files with them before
anything is drawn, so the check can never drift from what a build writes.
"""

from __future__ import annotations

from pnp.model.paper import Paper

# the kinds of PDF every game may have, one file per paper each; aids and a
# variant's extras add files named after them
PDF_KINDS = ("tiles", "cards", "tokens", "board", "rulebook", "rulebook-booklet")


def pdf_file(game: str, kind: str, paper: Paper) -> str:
    """A game's PDF of one kind (or of one player aid, by its name) for one paper."""
    return f"{game}-{kind}-{paper.name}.pdf"


def extras_file(game: str, variant: str, paper: Paper) -> str:
    """The file of the tiles a variant needs beyond the game's own mix."""
    return pdf_file(game, f"{variant}-extras", paper)
