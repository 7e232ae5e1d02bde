"""The name check predicts the very files a build writes: every PDF of every shipped
game, on both papers, is among the outputs it checks before anything is drawn."""

from __future__ import annotations

import pytest
from support import ROOT

from pnp.input.names import planned_outputs
from pnp.input.tileset import load_tileset
from pnp.model.options import BuildOptions

GAMES = ("demon-mine", "dynamine", "gold-mine", "mattock")


@pytest.mark.parametrize("game", GAMES)
def test_every_pdf_a_build_wrote_was_predicted_by_the_name_check(shipped_build, game):
    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    planned = {output.path for output in planned_outputs(tileset, BuildOptions())}
    written = {path.name for path in (shipped_build / game).glob("*.pdf")}
    assert len(written) >= 6
    assert written - planned == set()
