"""Whole builds: file names, reproducibility, atomic writes, the CLI's contract."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st
from support import ROOT, SHIPPED_GAMES

from pnp import assemble as build_module
from pnp.assemble.manifest import placement_rows
from pnp.cli import main
from pnp.export import pdf as pdf_module
from pnp.export.output import write_atomic


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def tree(folder: Path) -> dict[str, bytes]:
    """Every file of every game folder, as a reader sees it through the game's link."""
    return {f"{game.name}/{p.relative_to(game.resolve())}": p.read_bytes()
            for game in sorted(folder.iterdir()) if not game.name.startswith(".")
            for p in sorted(game.resolve().rglob("*")) if p.is_file()}


def test_build_writes_the_documented_files(tmp_path):
    result = run("build", "demon-mine", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    game = tmp_path / "demon-mine"
    for paper in ("letter", "a4"):
        assert (game / f"demon-mine-tiles-{paper}.pdf").read_bytes().startswith(b"%PDF-")
    names = {p.stem for p in (game / "tiles").glob("*.svg")}
    assert names == {"mine-entrance", "beetle-hive", "miner", "tunnel-collapse", "lodestone",
                     "straight", "elbow", "tee", "cross", "dead-end"}
    manifest = json.loads((game / "manifest.json").read_text())
    for sheet in manifest["sheets"]:
        assert (game / sheet["path"]).is_file()
    # the four-player extras ride below the tokens: the kit plays every count its cover
    # gives, on no sheet of card spent on two tiles
    assert {sheet["kind"] for sheet in manifest["sheets"]} == {"tiles", "tokens", "aid",
                                                               "rulebook"}
    for tile in manifest["tiles"]:
        assert (game / tile["svg"]).is_file()


@pytest.mark.slow  # several whole builds: make test-slow and CI run it
def test_two_builds_are_byte_identical(tmp_path):
    assert run("build", *SHIPPED_GAMES, "--out", str(tmp_path / "a")).exit_code == 0
    assert run("build", *SHIPPED_GAMES, "--out", str(tmp_path / "b")).exit_code == 0
    first, second = tree(tmp_path / "a"), tree(tmp_path / "b")
    assert first.keys() == second.keys() and len(first) > 10
    assert first == second


@pytest.mark.slow  # two builds, each in a process of its own
def test_reproducible_across_processes(tmp_path):
    """A fresh interpreter (new hash seed) writes the same bytes."""
    for name, seed in (("a", "1"), ("b", "2")):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        subprocess.run([sys.executable, "-m", "pnp", "build", "demon-mine", "--paper", "a4",
                        "--out", str(tmp_path / name)], check=True, env=env, cwd=ROOT,
                       capture_output=True)
    assert tree(tmp_path / "a") == tree(tmp_path / "b")


def test_a_failed_build_leaves_the_previous_output_intact(tmp_path, monkeypatch):
    assert run("build", "demon-mine", "--out", str(tmp_path)).exit_code == 0
    before = tree(tmp_path)

    def explode(*args, **kwargs):
        raise RuntimeError("simulated crash while rendering the A4 sheet")

    monkeypatch.setattr(pdf_module, "render_sheets", explode)
    with pytest.raises(RuntimeError):
        build_module.build([build_module_tileset()], tmp_path, build_module.BuildOptions())
    assert tree(tmp_path) == before


def build_module_tileset():
    from pnp.input.tileset import load_tileset

    return load_tileset(ROOT / "tilesets" / "demon-mine.yaml")


def test_an_interrupted_write_keeps_the_old_file_and_leaves_no_temporary(tmp_path,
                                                                        monkeypatch):
    target = tmp_path / "sheet.pdf"
    write_atomic(target, b"old and good")

    def broken_fsync(fd):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(target, b"new but never finished")
    assert target.read_bytes() == b"old and good"
    assert [p.name for p in tmp_path.iterdir()] == ["sheet.pdf"]


def test_bleed_spaces_tiles_and_grows_each_design(tmp_path):
    result = run("build", "demon-mine", "--paper", "letter", "--bleed", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "demon-mine" / "manifest.json").read_text())
    sheet = manifest["sheets"][0]
    assert sheet["bleed"] == 9.0
    first, second = sheet["placements"][0], sheet["placements"][1]
    assert second["x"] - first["x"] == pytest.approx(108.0 + 18.0)
    assert first["w"] == 108.0


def test_short_edge_duplex_mirrors_vertically(tmp_path):
    result = run("build", "demon-mine", "--paper", "a4", "--duplex", "short", "--out",
                 str(tmp_path))
    assert result.exit_code == 0
    sheet = json.loads((tmp_path / "demon-mine" / "manifest.json").read_text())["sheets"][0]
    fronts = [p for p in sheet["placements"] if p["side"] == "front"]
    backs = [p for p in sheet["placements"] if p["side"] == "back"]
    height = 297 * 72 / 25.4
    for front, back in zip(fronts, backs, strict=True):
        assert back["x"] == front["x"]
        assert back["y"] == pytest.approx(height - front["y"] - front["h"], abs=0.002)


def test_duplex_none_prints_fronts_only(tmp_path):
    assert run("build", "demon-mine", "--paper", "letter", "--duplex", "none", "--out",
               str(tmp_path)).exit_code == 0
    sheet = json.loads((tmp_path / "demon-mine" / "manifest.json").read_text())["sheets"][0]
    assert sheet["pages"] == 3
    assert {p["side"] for p in sheet["placements"]} == {"front"}


def test_variant_build_uses_the_variant_counts(tmp_path):
    result = run("build", "demon-mine", "--variant", "four-player", "--paper", "letter",
                 "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "demon-mine-four-player" / "manifest.json").read_text())
    counts = {t["name"]: t["count"] for t in manifest["tiles"]}
    assert counts["mine-entrance"] == 2 and counts["beetle-hive"] == 2


def test_a_build_says_when_its_mix_cannot_be_played_and_builds_it_anyway(tmp_path):
    """Validate calls a mix with nothing that turns unplayable; build used to print it in
    silence. It still prints it (exit 0), with the reason and the command that explains."""
    mix = tmp_path / "straight.yaml"
    mix.write_text("base: demon-mine\ncounts:\n  elbow: 0\n  tee: 0\n  cross: 0\n")
    result = run("build", str(mix), "--paper", "letter", "--no-rulebook", "--out",
                 str(tmp_path / "out"), "-q")
    assert result.exit_code == 0, result.output
    assert "not playable with 2 players" in result.stderr
    assert "no tile in the mix can turn a corner" in result.stderr
    assert f"pnp validate {mix}" in result.stderr
    assert (tmp_path / "out" / "demon-mine-straight" / "manifest.json").exists()
    shipped = run("build", "demon-mine", "--variant", "four-player", "--paper", "letter",
                  "--no-rulebook", "--out", str(tmp_path / "out"), "-q")
    assert shipped.exit_code == 0 and "warning" not in shipped.stderr


def test_build_set_changes_counts_in_a_folder_of_its_own(tmp_path):
    """The fix validate offers (--set) can be printed; it never replaces the game's own
    sheets, and --set needs one game as --variant does."""
    result = run("build", "demon-mine", "--set", "straight=20", "--paper", "letter",
                 "--no-rulebook", "--out", str(tmp_path), "-q")
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "demon-mine-changed" / "manifest.json").read_text())
    assert {t["name"]: t["count"] for t in manifest["tiles"]}["straight"] == 20
    assert not (tmp_path / "demon-mine").exists()
    both = run("build", "demon-mine", "mattock", "--set", "straight=20", "--out",
               str(tmp_path))
    assert both.exit_code == 2 and "--set needs exactly one game" in both.output


def test_render_writes_svg_and_png(tmp_path):
    svg, png = tmp_path / "elbow.svg", tmp_path / "elbow.png"
    assert run("render", "demon-mine", "elbow", "-o", str(svg)).exit_code == 0
    assert run("render", "demon-mine", "elbow", "-o", str(png), "--dpi", "72").exit_code == 0
    assert svg.read_text().startswith("<svg") or "<svg" in svg.read_text()[:200]
    from PIL import Image

    assert Image.open(png).size == (108, 108)


def test_validate_accepts_the_shipped_mix_and_rejects_a_broken_one(tmp_path):
    assert run("validate", "demon-mine").exit_code == 0
    assert run("validate", "demon-mine", "--variant", "four-player").exit_code == 0
    assert run("validate", "demon-mine", "--players", "4").exit_code == 1
    text = (ROOT / "tilesets" / "demon-mine.yaml").read_text()
    broken = tmp_path / "no-turns.yaml"
    broken.write_text(text.replace("count: 28", "count: 0").replace("count: 22", "count: 0")
                      .replace("count: 12", "count: 0"))
    result = run("validate", str(broken))
    assert result.exit_code == 1
    assert "add at least 1 elbow, tee or cross" in result.output


def test_list_names_the_shipped_game():
    result = run("list")
    assert result.exit_code == 0
    assert "demon-mine: Demon Mine - 90 tiles" in result.output
    assert "four-player" in result.output


@pytest.mark.slow  # several whole builds: make test-slow and CI run it
def test_parallel_and_sequential_builds_write_the_same_bytes(tmp_path):
    """Worker processes render jobs in any order; no document may depend on that."""
    games = SHIPPED_GAMES
    assert run("build", *games, "--out", str(tmp_path / "one"), "--jobs", "1").exit_code == 0
    assert run("build", *games, "--out", str(tmp_path / "two"), "--jobs", "2").exit_code == 0
    first, second = tree(tmp_path / "one"), tree(tmp_path / "two")
    assert first.keys() == second.keys() and len(first) > 100
    assert first == second


def test_a_mix_with_every_count_at_zero_builds_without_a_tile_sheet(tmp_path):
    mix = tmp_path / "empty.yaml"
    names = ["mine-entrance", "beetle-hive", "miner", "tunnel-collapse", "lodestone",
             "straight", "elbow", "tee", "cross", "dead-end"]
    mix.write_text("base: demon-mine\ncounts:\n" + "".join(f"  {n}: 0\n" for n in names))
    result = run("build", str(mix), "--paper", "letter", "--no-rulebook", "--out",
                 str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "out" / "demon-mine-empty" / "manifest.json").read_text())
    # only the pawns and the game's reference card, which need no tile
    assert [sheet["kind"] for sheet in manifest["sheets"]] == ["tokens", "aid"]
    assert len(manifest["tiles"]) == len(names)


def test_two_targets_for_one_output_folder_are_refused(tmp_path):
    copy = tmp_path / "copy.yaml"
    copy.write_text((ROOT / "tilesets" / "demon-mine.yaml").read_text())
    result = run("build", "demon-mine", str(copy), "--out", str(tmp_path / "out"))
    assert result.exit_code == 2
    assert "same output folder" in result.output and "own 'game' id" in result.output
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("value", ["\u00b2", "\uff11\uff12", "9" * 5000, "-1", "1.5"])
def test_set_counts_must_be_plain_digits(value):
    result = run("validate", "demon-mine", "--set", f"elbow={value}")
    assert result.exit_code == 2
    said = "this count is out of range" if value.isascii() and value.isdigit() else \
        "a count must be a whole number"
    assert said in result.output and len(result.output) < 400  # a long value is cut short


def test_render_to_an_unwritable_place_is_a_clear_error(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = run("render", "demon-mine", "elbow", "-o", str(blocker / "x.svg"))
    assert result.exit_code == 2 and "cannot be written" in result.output


def test_a_variant_build_draws_the_same_tile_art_as_the_base_game(tmp_path):
    assert run("build", "demon-mine", "--paper", "letter", "--no-rulebook", "--out",
               str(tmp_path / "base")).exit_code == 0
    assert run("build", "demon-mine", "--variant", "four-player", "--paper", "letter",
               "--no-rulebook", "--out", str(tmp_path / "four")).exit_code == 0
    base = (tmp_path / "base" / "demon-mine" / "tiles" / "elbow.svg").read_bytes()
    four = (tmp_path / "four" / "demon-mine-four-player" / "tiles" / "elbow.svg").read_bytes()
    assert base == four


def test_a_homebrew_tile_may_not_take_a_components_name(tmp_path):
    mix = tmp_path / "clash.yaml"
    mix.write_text("base: dynamine\ntiles:\n  - name: reward-fossils\n    count: 1\n"
                   "    paths: [N-S]\n    features: [{die: 1, at: NE}]\n")
    result = run("validate", str(mix))
    assert result.exit_code == 2 and "already exists" in result.output


values = st.one_of(st.text(max_size=6, alphabet="ab{},:\"\\é"), st.integers(-5, 5),
                   st.floats(allow_nan=False, allow_infinity=False, width=32))


@given(st.lists(st.dictionaries(st.sampled_from(["page", "tile", "x", "back"]), values,
                                max_size=4), max_size=6))
def test_placement_rows_are_each_placement_as_the_encoder_writes_it(placements):
    encode = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
    assert placement_rows(placements) == [encode(placement) for placement in placements]


coordinates = st.floats(-1000, 1000, allow_nan=False)


@given(st.lists(st.tuples(st.text(min_size=1, max_size=6, alphabet="ab{},:\"\\é"),
                          st.sampled_from(["front", "back"]), st.sampled_from(["tile", "card"]),
                          coordinates, coordinates, coordinates, coordinates), max_size=6))
def test_sheet_rows_are_what_the_encoder_writes_for_each_placement(pieces):
    from pnp.export.sheets import placements_json
    from pnp.impose.layout import Page, Placement, SheetPlan, grid_for
    from pnp.model.paper import PAPERS

    grid = grid_for(PAPERS["letter"], 108.0, 108.0, 0.0)
    placed = tuple(Placement(index + 1, name, side, x, y, w, h, kind,
                             f"back:{name}" if side == "back" else "")
                   for index, (name, side, kind, x, y, w, h) in enumerate(pieces))
    plan = SheetPlan(PAPERS["letter"], 0.0, "long", (Page(1, "front", placed, 1, grid),))
    encode = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode
    expected = []
    for p in placed:
        row = {"page": p.page, "tile" if p.kind == "tile" else "component": p.name,
               "side": p.side, "x": round(p.x, 3), "y": round(p.y, 3), "w": round(p.w, 3),
               "h": round(p.h, 3)}
        if p.side == "back":
            row["back"] = p.name
        expected.append(encode(row))
    assert placements_json(plan) == expected


def _papers_by_kind(tilesets) -> list[tuple[str, str, tuple[str, ...]]]:
    from pnp.assemble.jobs import plan_jobs
    from pnp.assemble.registry import EXPORTERS
    from pnp.model.options import BuildOptions

    return [(job.tileset.game, exporter.name,
             tuple(paper.name if paper is not None else "" for paper in papers))
            for job in plan_jobs(tilesets, EXPORTERS, BuildOptions())
            for exporter, papers in job.parts]


def test_a_games_papers_share_its_jobs_unless_the_game_is_built_alone():
    """Several games keep each game's papers together (its designs are then drawn on
    one worker); one game alone splits its sheets by paper, to keep two cores busy.
    A rulebook is one job whatever the papers: one typesetting makes every edition."""
    from pnp.input.catalog import resolve
    from pnp.input.tileset import load_tileset

    tilesets = [load_tileset(resolve(game)) for game in ("demon-mine", "mattock")]
    together = _papers_by_kind(tilesets)
    assert ("demon-mine", "rulebook", ("",)) in together
    assert ("mattock", "tiles", ("letter", "a4")) in together
    assert all(papers in (("letter", "a4"), ("",)) for _, _, papers in together)
    alone = _papers_by_kind(tilesets[:1])
    assert [papers for _, kind, papers in alone if kind == "rulebook"] == [("",)]
    assert [papers for _, kind, papers in alone if kind == "tiles"] == [("letter",), ("a4",)]


def test_a_game_alone_hands_out_its_rulebook_first_and_several_their_sheets_first():
    """The longest job first: a lone game's book; among several games, each game's sheets
    come before its book (their files are written while the books are typeset)."""
    from pnp.assemble.jobs import heaviest_first, plan_jobs
    from pnp.assemble.registry import EXPORTERS
    from pnp.input.catalog import resolve
    from pnp.input.tileset import load_tileset
    from pnp.model.options import BuildOptions

    def order(games: tuple[str, ...]) -> list[tuple[str, bool]]:
        jobs = plan_jobs([load_tileset(resolve(game)) for game in games], EXPORTERS,
                         BuildOptions())
        return [(jobs[i].tileset.game, any(e.slow for e, _ in jobs[i].parts))
                for i in heaviest_first(jobs)]

    # a lone game: its book, then its sheets and its aids, a job for each paper
    assert order(("demon-mine",)) == [("demon-mine", True)] + [("demon-mine", False)] * 4
    # several: each game's sheets and aids (sharing its designs), then its book
    assert order(("demon-mine", "dynamine")) == [("dynamine", False), ("dynamine", True),
                                                 ("demon-mine", False), ("demon-mine", True)]


def test_the_pnp_command_builds_on_the_workers_it_forked_first(tmp_path):
    """``python -m pnp build`` forks its workers before reading the command line (two or
    more cores); what they write is what one process writes."""
    games = ["demon-mine", "gold-mine"]
    launched = subprocess.run([sys.executable, "-m", "pnp", "build", *games, "--no-rulebook",
                               "--out", str(tmp_path / "launched")], cwd=ROOT,
                              capture_output=True, text=True)
    assert launched.returncode == 0, launched.stderr
    assert run("build", *games, "--no-rulebook", "--jobs", "1",
               "--out", str(tmp_path / "alone")).exit_code == 0
    first, second = tree(tmp_path / "launched"), tree(tmp_path / "alone")
    assert len(first) > 50 and first == second


def test_the_build_command_runs_on_the_workers_forked_at_launch(tmp_path, monkeypatch):
    """The zygote pnp.launch forks is told the options, runs every job, and is closed
    (not stopped) once the build is done; a build of one job stops it unused."""
    from pnp.launch import zygote_for

    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    forked = zygote_for(["build"])
    assert forked is not None
    result = CliRunner().invoke(main, ["build", "demon-mine", "--no-rulebook", "--out",
                                       str(tmp_path / "a")], obj=forked)
    assert result.exit_code == 0, result.output
    assert forked.begun and forked.ran and forked.zygote.exitcode == 0  # closed, not killed
    # a game of one job: a new game's sheets on one paper (a shipped game's player aids
    # are a job of their own)
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(main, ["new", "mine"]).exit_code == 0
    unused = zygote_for(["build"])
    assert unused is not None
    result = CliRunner().invoke(main, ["build", "mine.yaml", "--no-rulebook", "--paper",
                                       "a4", "--out", str(tmp_path / "b")], obj=unused)
    assert result.exit_code == 0, result.output
    # stopped, never run: the zygote has ended, whether the signal reached it or it saw
    # its pipes close first and left by itself (exit 0), which a loaded machine allows
    assert not unused.ran and unused.zygote.exitcode is not None
