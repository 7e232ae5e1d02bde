"""The validator's verdict on the tileset being edited, as `pnp validate` would give it.

The same checks in the same order as the command (general rules, sheet
capacity, the game's own rules); for Demon Mine also the shortest
entrance-to-hive links, as squares the page draws on a small board.
"""

from __future__ import annotations

from typing import Any

from pnp.errors import InputError
from pnp.impose.fit import check_fits_some_paper
from pnp.impose.verdict import mix_findings
from pnp.model.tileset import Tileset
from pnp.rules import Finding, Setup
from pnp.rules.demon_mine.check import assign_tiles, link_pairs, supply_of
from pnp.rules.demon_mine.model import base_cells
from pnp.rules.links import best_link, links_together

DEMON_MINE = "demon-mine"


def players_for(tileset: Tileset, wanted: int | None) -> int:
    """The player count asked for if the game is played with it, else the smallest."""
    return wanted if wanted in tileset.players else tileset.players[0]


def findings_of(setup: Setup) -> list[Finding]:
    """What `pnp validate` reports, without a simulation."""
    check_fits_some_paper(setup.tileset)
    return mix_findings(setup)


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
    return {"ok": not errors, "players": players,
            "text": f"{word} with {players} players ({errors} error(s))",
            "findings": [finding.as_dict() for finding in findings],
            "links": demon_links(setup) if tileset.rules_game == DEMON_MINE else None}


def demon_links(setup: Setup) -> dict[str, Any]:
    """The bases and the shortest links the mix can dig, square by square, or none."""
    entrances, hives = base_cells(setup.players)
    supply, groups = supply_of(setup.tileset)
    pairs = link_pairs(entrances, hives)
    if len(pairs) == 1:
        single = best_link(pairs[0][0], pairs[0][1], supply)
        found = None if single is None else [single]
    else:
        found = links_together(pairs, supply)
    links = []
    if found is not None:
        names = assign_tiles(found, setup.tileset, groups)
        links = [{"cells": [list(cell) for cell in link.cells], "needs": list(link.needs),
                  "tiles": tiles} for link, tiles in zip(found, names, strict=True)]
    return {"size": 8, "entrances": [list(cell) for cell in entrances],
            "hives": [list(cell) for cell in hives], "links": links}
