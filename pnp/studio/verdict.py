"""The validator's verdict on the tileset being edited, as `pnp validate` would give it.

The same checks in the same order as the command (general rules, sheet
capacity, the game's own rules); and, for a game whose rules find them (Demon
Mine), the shortest links between its bases, as squares the page draws on a
small board.
"""

from __future__ import annotations

import shlex
from typing import Any

from pnp.errors import InputError
from pnp.export.findings import validate_findings
from pnp.impose.fit import check_fits_some_paper
from pnp.impose.remedy import remedy
from pnp.input.targets import apply_variant
from pnp.model.tileset import Tileset
from pnp.rules import Finding, Setup, rules_for


def players_for(tileset: Tileset, wanted: int | None) -> int:
    """The player count asked for if the game is played with it, else the smallest."""
    return wanted if wanted in tileset.players else tileset.players[0]


def findings_of(setup: Setup) -> list[Finding]:
    """What `pnp validate` reports, without a simulation."""
    check_fits_some_paper(setup.tileset)
    return validate_findings(setup)


def verdict(tileset: Tileset, players: int) -> dict[str, Any]:
    """The verdict as the page shows it: a sentence, the findings, and any links."""
    setup = Setup(tileset, players)
    try:
        findings = findings_of(setup)
    except InputError as error:  # the tiles no longer fit any paper
        return {"ok": False, "text": f"not playable: {error.paragraph()}", "findings": [],
                "players": players, "links": None}
    errors = sum(1 for finding in findings if finding.severity == "error")
    word = "not playable" if errors else "playable"
    fixed = remedy(setup, findings, lambda name: apply_variant(tileset, name)) \
        if errors else None
    # what `pnp validate` would offer, in the same words: a variant, or counts to set
    hint = f"; playable {fixed.words()} ({shlex.join(fixed.options())})" if fixed else ""
    return {"ok": not errors, "players": players,
            "text": f"{word} with {players} players ({errors} error(s)){hint}",
            "findings": [finding.as_dict() for finding in findings],
            "links": _links(setup)}


def _links(setup: Setup) -> dict[str, Any] | None:
    """The links between the bases, for a game whose rules can find them."""
    rules = rules_for(setup.tileset.rules_game)
    return rules.links(setup) if rules is not None and rules.links is not None else None

