"""Hostile file names against make: no name is ever code, and depfiles are exact or absent.

A shared tileset, its folder, its art or its template may be called
anything. The Makefile must never hand such a name to the shell or to make
as syntax, and the rules ``pnp build --depfile`` writes must make GNU make
rebuild exactly the game whose input changed: never stop make, never
rebuild forever because a name was misspelt, never miss an edit.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support import make_project

from pnp.assemble.depfile import ALWAYS, depfile_text, spelled, write_depfile

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs GNU make")

# One name per class of trouble: make syntax, shell syntax, white space,
# wildcards, escapes, and bytes that are not UTF-8.
SPELLABLE = ["plain.svg", "a space.svg", "hash#.svg", "colon:.svg", "dollar$x.svg",
             "$(touch PWNED).svg", "quote'.svg", 'double".svg', "back`tick`.svg",
             "star*.svg", "what?.svg", "[set].svg", "paren(x).svg", "tilde~.svg",
             "amp&.svg", "comma,.svg", "back\\slash.svg", "ünïcode.svg",
             os.fsdecode(b"latin1-\xe9.svg")]
UNSPELLABLE = ["semi;colon.svg", "equals=x.svg", "percent%.svg", "pipe|.svg", "tab\t.svg",
               "new\nline.svg", "trailing\\", "escape\\#.svg", "bell\a.svg"]
FOLDERS = ["plain", "fold er", "fold:er", "fold$er", "fold;er"]


def run_make(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["make", "--no-print-directory", *args], cwd=folder,
                          capture_output=True, text=True, timeout=60)


def age(path: Path, seconds_ago: float) -> None:
    stamp = time.time() - seconds_ago
    os.utime(path, (stamp, stamp), follow_symlinks=False)


@pytest.fixture
def games(tmp_path, monkeypatch):
    """A folder per name class, each input the one file of one game, and a Makefile that
    includes the depfiles pnp writes for them: game N's stamp is ``stamps/gN``."""
    inputs: list[Path] = []
    for folder_name in FOLDERS:
        folder = tmp_path / "in" / folder_name
        folder.mkdir(parents=True)
        for name in SPELLABLE + UNSPELLABLE:
            path = folder / name
            path.write_bytes(b"x")
            inputs.append(path)
    stamps = tmp_path / "stamps"
    stamps.mkdir()
    monkeypatch.chdir(tmp_path)  # the Makefile names its stamps from its own folder
    common = Path("in", "shared.svg")  # read by every game, like pnp's own code
    (tmp_path / common).write_bytes(b"x")
    age(tmp_path / common, 300)
    for index, path in enumerate(inputs):
        write_depfile(Path("stamps", f"g{index}.d"), [path.relative_to(tmp_path), common])
    (tmp_path / "Makefile").write_text(
        "STAMPS := " + " ".join(f"stamps/g{index}" for index in range(len(inputs))) + "\n"
        "all: $(STAMPS)\n-include $(wildcard stamps/*.d)\nstamps/g%:\n\ttouch $@\n")
    for path in [*inputs, tmp_path / "Makefile", *stamps.iterdir()]:
        age(path, 300)
    made = run_make(tmp_path)
    assert made.returncode == 0, made.stderr
    for stamp in stamps.glob("g*[0-9]"):
        age(stamp, 100)
    return tmp_path, inputs


def rebuilt(folder: Path) -> set[str]:
    """The stamps make would remake now."""
    dry = run_make(folder, "-n")
    assert dry.returncode == 0, dry.stderr
    return {line.split()[-1] for line in dry.stdout.splitlines() if line.startswith("touch ")}


@pytest.mark.slow  # make runs once per input
def test_touching_each_input_rebuilds_exactly_its_game(games):
    folder, inputs = games
    always = {f"stamps/g{index}" for index, path in enumerate(inputs)
              if spelled(os.fsdecode(path.relative_to(folder))) is None}
    assert always, "some names must have no spelling"
    assert len(always) < len(inputs) / 2
    assert rebuilt(folder) == always  # nothing changed: only the games make cannot track
    assert not (folder / "PWNED").exists()
    for index, path in enumerate(inputs):
        game = f"stamps/g{index}"
        if game in always:
            continue
        age(path, 50)
        assert rebuilt(folder) == always | {game}, repr(path.name)
        age(path, 300)
    shared = folder / "in" / "shared.svg"
    age(shared, 50)
    assert rebuilt(folder) == {f"stamps/g{index}" for index in range(len(inputs))}


def test_a_deleted_input_rebuilds_its_game_and_stops_nothing(games):
    folder, inputs = games
    victim = inputs[SPELLABLE.index("a space.svg")]
    victim.unlink()
    made = run_make(folder)
    assert made.returncode == 0, made.stderr
    assert f"stamps/g{inputs.index(victim)}" in made.stdout


def test_every_unspellable_name_is_left_out_and_marks_the_game():
    for name in UNSPELLABLE:
        rule = depfile_text("stamps/g", [Path("/in") / name, Path("/in/plain.svg")])
        assert rule.unnamed == (f"/in/{name}",)
        first, *rest = rule.text.splitlines()
        assert first == f"stamps/g: /in/plain.svg {ALWAYS}"
        assert rest == ["/in/plain.svg:", f".PHONY: {ALWAYS}"]
    for name in SPELLABLE:
        assert depfile_text("t", [Path("/in") / name]).unnamed == ()


def test_a_depfile_whose_target_make_cannot_read_is_refused_before_building(tmp_path):
    result = subprocess.run([sys.executable, "-m", "pnp", "build", "demon-mine",
                             "--out", str(tmp_path / "out"), "--depfile",
                             str(tmp_path / "a;b.d")], capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 2
    assert "field '--depfile'" in result.stderr and "Traceback" not in result.stderr
    assert not (tmp_path / "out").exists()


# --- the Makefile itself -------------------------------------------------------------

HOSTILE_TILESETS = ["a'$(touch PWNED)'.yaml", "b`touch PWNED`.yaml", "c d.yaml", "e;f.yaml",
                    "g:h.yaml", "i=j.yaml", "k%l.yaml", "m$$n.yaml", "o#p.yaml",
                    "q\nr.yaml", "s\\t.yaml", "u(v).yaml", "w|x.yaml", "-flag.yaml"]
FAKE_PNP = """#!{python}
import json, pathlib, sys
with open({log!r}, "a") as log:
    log.write(json.dumps(sys.argv[1:]) + "\\n")
out = sys.argv[sys.argv.index("--depfile") + 1]
pathlib.Path(out).write_text("")
"""


def test_make_never_runs_a_file_name_and_says_how_to_build_the_skipped(tmp_path):
    make_project(tmp_path)
    bin_folder = tmp_path / "bin"
    bin_folder.mkdir()
    log = tmp_path / "calls.log"
    fake = bin_folder / "pnp"
    fake.write_text(FAKE_PNP.format(python=sys.executable, log=str(log)))
    fake.chmod(0o755)
    for name in [*HOSTILE_TILESETS, "plain-game_2.yaml", "ünï.yaml"]:
        (tmp_path / "tilesets" / name).write_text("game: x\n")
    result = subprocess.run(["make", "--no-print-directory", f"BIN={bin_folder}",
                             "READY=ready", "SOURCES=", f"PYTHON={sys.executable}"],
                            cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert not (tmp_path / "PWNED").exists() and not list(tmp_path.rglob("PWNED"))
    calls = log.read_text().splitlines()
    assert sorted(calls) == sorted(
        f'["build", "tilesets/{name}", "--out", "output", "--depfile", '
        f'"output/.made/{name[:-5]}.stamp.d"]' for name in ["-flag.yaml", "plain-game_2.yaml",
                                                       "\\u00fcn\\u00ef.yaml"])
    skipped = [line for line in result.stderr.splitlines() if line.startswith("make: skipping")]
    assert len(skipped) == len(HOSTILE_TILESETS) - 1  # every name but -flag
    assert any("pnp build 'tilesets/c d.yaml'" in line for line in skipped)
    assert any("pnp build $'tilesets/q\\x0ar.yaml'" in line for line in skipped)
    quiet = subprocess.run(["make", "--no-print-directory", f"BIN={bin_folder}", "READY=ready",
                            "SOURCES=", f"PYTHON={sys.executable}", "-n", "lint"],
                           cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert "skipping" not in quiet.stderr


def test_a_stamp_is_never_another_tilesets_make_rule(tmp_path):
    """``foo.d.yaml``'s stamp was ``foo``'s rule: make included it and restarted."""
    folder = make_project(tmp_path)
    log = tmp_path / "calls.log"
    fake = tmp_path / "pnp"
    fake.write_text(FAKE_PNP.format(python=sys.executable, log=str(log)))
    fake.chmod(0o755)
    for name in ("foo.yaml", "foo.d.yaml", "a b.yaml"):
        (folder / name).write_text("game: x\n")
    result = subprocess.run(["make", "--no-print-directory", f"BIN={tmp_path}", "READY=ready",
                             "SOURCES=", f"PYTHON={sys.executable}"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stderr.count("make: skipping") == 1  # make read its rules once
    made = sorted(path.name for path in (tmp_path / "output" / ".made").iterdir())
    assert made == ["foo.d.stamp", "foo.d.stamp.d", "foo.stamp", "foo.stamp.d"]


@pytest.mark.parametrize("place", ["the-tileset", "a-fifo", "a-link", "a-folder",
                                   "in-the-game-folder", "in-a-staging-folder"])
def test_a_depfile_that_would_replace_an_input_or_be_lost_is_refused(tmp_path, place):
    tileset = tmp_path / "mine.yaml"
    tileset.write_text("game: mine\ntitle: Mine\nsize: 1in\ntiles:\n"
                       "  - {name: straight, count: 2, paths: [N-S]}\n")
    out = tmp_path / "out"
    depfile = {"the-tileset": tileset, "a-fifo": tmp_path / "fifo.d",
               "a-link": tmp_path / "link.d", "a-folder": tmp_path / "folder.d",
               "in-the-game-folder": out / "mine" / "rule.d",
               "in-a-staging-folder": out / ".mine.staging-x" / "rule.d"}[place]
    if place == "a-fifo":
        os.mkfifo(depfile)
    elif place == "a-folder":
        depfile.mkdir()
    elif place == "a-link":
        (tmp_path / "elsewhere").write_text("keep me")
        depfile.symlink_to(tmp_path / "elsewhere")
    before = tileset.read_text()
    result = subprocess.run([sys.executable, "-m", "pnp", "build", str(tileset), "--out",
                             str(out), "--no-rulebook", "--depfile", str(depfile)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 2, result.stderr
    assert "field '--depfile'" in result.stderr and "Traceback" not in result.stderr
    assert tileset.read_text() == before and not out.exists()
    if place == "a-link":
        assert (tmp_path / "elsewhere").read_text() == "keep me"
