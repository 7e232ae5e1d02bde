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


def test_a_name_too_long_for_a_file_names_the_paper_as_players_know_it(tmp_path):
    """The error says "on Letter", not the paper's value as the code holds it."""
    from click.testing import CliRunner

    from pnp.cli import main

    mix = tmp_path / f"{'a-long-name-' * 7}mix.yaml"
    mix.write_text("base: demon-mine\nname: " + "a-long-name-" * 7 + "mix\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(mix)])
    assert result.exit_code == 2, result.output
    assert "cannot be a file name on every system" in result.output
    assert " on Letter" in result.output and "Paper(" not in result.output
