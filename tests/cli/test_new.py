"""``pnp new``: starters that read back, validate, build, explain themselves, never overwrite."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from support import SHIPPED_GAMES

from pnp.cli import main
from pnp.input.catalog import resolve
from pnp.input.mix import MIX
from pnp.input.targets import load_target
from pnp.input.tileset import TILESET, load_tileset

STARTS = [None, *SHIPPED_GAMES]


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def start(tmp_path, base: str | None, name: str = "my-start"):
    extra = () if base is None else ("--from", base)
    result = run("new", name, "--dir", str(tmp_path), *extra)
    assert result.exit_code == 0, result.output
    return tmp_path / f"{name}.yaml"


@pytest.mark.parametrize("base", STARTS, ids=[b or "own-game" for b in STARTS])
def test_a_starter_validates_and_builds_as_written(tmp_path, base):
    path = start(tmp_path, base)
    tileset = load_target(str(path))
    if base is None:
        assert tileset.game == "my-start" and tileset.shape.name == "square"
        assert tileset.tile_count >= 30 and not tileset.mix
    else:
        shipped = load_tileset(resolve(base))
        assert tileset.mix == "my-start" and tileset.game == base
        assert {t.name: t.count for t in tileset.tiles} == {t.name: t.count
                                                            for t in shipped.tiles}
    checked = run("validate", str(path))
    assert checked.exit_code == 0, checked.output
    assert "playable" in checked.output and "not playable" not in checked.output
    out = tmp_path / "out"
    built = run("build", str(path), "--out", str(out), "--paper", "letter", "--no-rulebook")
    assert built.exit_code == 0, built.output
    folder = out / ("my-start" if base is None else f"{base}-my-start")
    data = json.loads((folder / "manifest.json").read_text())
    [sheet] = [s for s in data["sheets"] if s["kind"] == "tiles"]
    fronts = sum(1 for p in sheet["placements"] if p["side"] == "front" and "tile" in p)
    assert fronts == tileset.tile_count
    assert (folder / sheet["path"]).read_bytes().startswith(b"%PDF-")


@pytest.mark.parametrize("base", [None, "demon-mine"], ids=["own-game", "mix"])
def test_a_starter_explains_every_top_level_field_in_comments(tmp_path, base):
    text = start(tmp_path, base).read_text()
    record = TILESET if base is None else MIX
    comments = [line for line in text.splitlines() if line.startswith("#")]
    for field in record.fields:
        need = "required" if field.required else "optional"
        assert any(line.startswith(f"#  {field.name} ({need}): ") for line in comments), field
    assert "docs/" in text and all(len(line) <= 88 for line in text.splitlines())


def test_a_mix_starter_shows_every_count_and_how_to_add_a_kind(tmp_path):
    text = start(tmp_path, "gold-mine").read_text()
    for tile in load_tileset(resolve("gold-mine")).tiles:
        assert f"\n  {tile.name}: {tile.count} " in text
    assert "# tiles:\n#   - name: my-start-twin" in text


def test_a_fresh_mix_plays_every_variant_of_its_game(tmp_path):
    """`pnp new --from demon-mine` writes every count; the four-player variant still adds
    its entrance and hive (it used to print one of each and fail validate)."""
    path = start(tmp_path, "demon-mine")
    result = run("validate", str(path), "--players", "4", "--variant", "four-player")
    assert result.exit_code == 0, result.output
    counts = {tile.name: tile.count for tile in
              load_target(str(path)).with_counts(dict(
                  load_target(str(path)).variant("four-player").counts)).tiles}
    assert counts["mine-entrance"] == 2 and counts["beetle-hive"] == 2


def test_new_refuses_to_replace_a_file_in_one_paragraph(tmp_path):
    path = tmp_path / "my-start.yaml"
    path.write_text("my own work\n")
    result = run("new", "my-start", "--dir", str(tmp_path))
    assert result.exit_code == 2
    assert result.output.startswith("pnp: error: ") and result.output.count("\n") == 1
    assert "already exists" in result.output and path.read_text() == "my own work\n"


@pytest.mark.parametrize("name", ["My_Mine", "con", "a" * 120, "../escape"])
def test_new_refuses_a_name_that_is_no_safe_file_name(tmp_path, name):
    result = run("new", name, "--dir", str(tmp_path))
    assert result.exit_code == 2 and "field 'NAME'" in result.output
    assert list(tmp_path.iterdir()) == []


def test_new_from_something_not_shipped_is_refused(tmp_path):
    (tmp_path / "mine.yaml").write_text("x: 1\n")
    result = run("new", "my-mix", "--dir", str(tmp_path), "--from", str(tmp_path / "mine.yaml"))
    assert result.exit_code == 2 and "shipped game" in result.output
    assert not (tmp_path / "my-mix.yaml").exists()


def test_new_with_cards_starts_a_card_list_that_builds_as_written(tmp_path):
    """pnp new can start a game that keeps its cards in a spreadsheet (issue 28)."""
    runner = CliRunner()
    result = runner.invoke(main, ["new", "deep-dig", "--cards", "--dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    rows = (tmp_path / "deep-dig-cards.csv").read_bytes()
    assert rows.startswith(b"name,count,title,text,icon\r\n") and rows.count(b"\r\n") == 4
    cards = {c.name: c.count for c in load_target(str(tmp_path / "deep-dig.yaml")).components}
    assert cards == {"lantern": 2, "blasting-powder": 1, "old-map": 1}
    build = runner.invoke(main, ["build", str(tmp_path / "deep-dig.yaml"), "--paper", "letter",
                                 "--no-rulebook", "--out", str(tmp_path / "out")])
    assert build.exit_code == 0, build.output
    assert (tmp_path / "out" / "deep-dig" / "deep-dig-cards-letter.pdf").is_file()
    again = runner.invoke(main, ["new", "deep-dig", "--cards", "--dir", str(tmp_path)])
    assert again.exit_code == 2 and "never replaces a file" in again.output
    assert runner.invoke(main, ["new", "x", "--cards", "--from", "demon-mine", "--dir",
                                str(tmp_path)]).exit_code == 2
    (tmp_path / "lone-cards.csv").write_text("mine\n")  # a list already there: nothing written
    assert runner.invoke(main, ["new", "lone", "--cards", "--dir", str(tmp_path)]).exit_code == 2
    assert not (tmp_path / "lone.yaml").exists()
