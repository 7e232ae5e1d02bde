"""Where outputs may go and what they may be called: the rules, case by case.

The hostile corpus (tests/hostile/writes) runs whole commands; these check
the rules themselves, including the usual places that must keep working.
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from support import ROOT, tileset_from_text

from pnp.assemble.places import check_out_dir, check_output_file, game_inputs
from pnp.assemble.staging import check_target
from pnp.cli import main
from pnp.errors import InputError
from pnp.input.names import MAX_NAME, fold, unsafe
from pnp.input.tileset import load_tileset

SMALL = "game: mine\ntitle: Mine\nsize: 1in\ntiles:\n  - {name: elbow, count: 2, paths: [N-E]}\n"


@pytest.mark.parametrize("name", ["con", "CON.svg", "nul.tar.gz", "Aux", "com1.pdf", "lpt9",
                                  "com\u00b9", "conin$", "a<b", "a:b", 'a"b', "a|b", "a?b",
                                  "a*b", "a\\b", "a/b", "a\x01b", "a.", "a ", ".hidden", "",
                                  "..", "x" * (MAX_NAME + 1)])
def test_names_no_system_can_hold_are_unsafe(name):
    assert unsafe(name)


@pytest.mark.parametrize("name", ["elbow.svg", "con-reverse.svg", "console.svg", "com10",
                                  "lpt", "demon-mine-tiles-letter.pdf", "x" * MAX_NAME])
def test_ordinary_names_are_safe(name):
    assert unsafe(name) == ""


def test_names_differing_only_in_case_or_composition_fold_together():
    assert fold("tiles/Elbow.svg") == fold("tiles/elbow.svg")
    assert fold("caf\u00e9") == fold("cafe\u0301")


def test_the_default_output_beside_the_shipped_games_is_allowed():
    tileset = load_tileset(ROOT / "tilesets" / "demon-mine.yaml")
    check_out_dir(ROOT / "output", game_inputs(tileset))


def test_an_output_folder_beside_your_own_tileset_is_allowed(tmp_path):
    (tmp_path / "rock.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>')
    tileset = tileset_from_text(SMALL.replace("N-E]}", "N-E], art: rock.svg}"), tmp_path)
    check_out_dir(tmp_path / "output", game_inputs(tileset))
    check_output_file(tmp_path / "elbow.png", game_inputs(tileset))


@pytest.mark.parametrize("out", ["", "..", "output/../.."])
def test_the_tileset_folder_and_those_above_it_are_refused(tmp_path, out):
    (tmp_path / "games").mkdir()
    tileset = tileset_from_text(SMALL, tmp_path / "games")
    with pytest.raises(InputError, match="would write over"):
        check_out_dir(tmp_path / "games" / out, game_inputs(tileset))


def test_a_file_where_the_game_folder_goes_is_not_replaced(tmp_path):
    (tmp_path / "mine").write_text("a note")
    with pytest.raises(InputError, match="pnp did not write"):
        check_target(tmp_path, "mine")
    check_target(tmp_path, "other")  # a free name is fine


def test_a_build_into_a_folder_beside_the_tileset_works_and_is_a_link(tmp_path):
    (tmp_path / "mine.yaml").write_text(SMALL)
    result = CliRunner().invoke(main, ["build", str(tmp_path / "mine.yaml"), "--paper", "a4",
                                       "--out", str(tmp_path / "output")])
    assert result.exit_code == 0, result.output
    game = tmp_path / "output" / "mine"
    assert game.is_symlink() and (game / "manifest.json").is_file()
    assert sorted(p.name for p in (tmp_path / "output").iterdir()) == [
        f".mine.v-{game.readlink().name.rsplit('-', 1)[1]}", "mine"]
