"""The Makefile builds every file in tilesets/, whatever it is called, and only when needed.

It runs on a copy of the Makefile in a temporary folder, with a tileset
whose file name is not its game id, so the test does not depend on (or
touch) the files in the checkout's own tilesets/.
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

BIN = Path(sys.executable).parent

pytestmark = pytest.mark.skipif(shutil.which("make") is None or not (BIN / "pnp").exists(),
                                reason="needs make and pnp beside this Python")


def make(folder: Path, *args: str) -> str:
    result = subprocess.run(["make", "--no-print-directory", f"BIN={BIN}", "READY=ready",
                             "SOURCES=", *args], cwd=folder, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    return result.stdout


def later(path: Path) -> None:
    """Make ``path`` newer than every stamp, as a save after the last make does.

    Every input is moved far into the past, the stamps less far, and the
    file between them; nothing goes into the future, so the next make's
    own stamps are newer than the file again.
    """
    now = time.time()
    project = path.parent.parent
    for folder, age in (("tilesets", 200), ("output/.made", 100)):
        for other in (project / folder).iterdir():
            os.utime(other, (now - age, now - age))
    for other in ("ready", "pyproject.toml", "Makefile"):
        os.utime(project / other, (now - 200, now - 200))
    os.utime(path, (now - 50, now - 50))


@pytest.fixture
def project(tmp_path):
    folder = make_project(tmp_path)
    subprocess.run([BIN / "pnp", "new", "foo", "--dir", str(tmp_path)], check=True,
                   capture_output=True)
    text = (tmp_path / "foo.yaml").read_text().replace("variants:", "rulebook: rules.md\n\n"
                                                       "variants:", 1)
    (folder / "my-tiles.yaml").write_text(text)  # a file name that is not the game id
    (folder / "rules.md").write_text("# How to play\n\nDig towards the lode.\n")
    return tmp_path


@pytest.mark.slow  # several whole builds: make test-slow and CI run it
def test_make_builds_a_tileset_named_unlike_its_game_and_only_when_needed(project):
    made = make(project)
    assert "pnp build 'tilesets/my-tiles.yaml'" in made
    manifest = project / "output" / "foo" / "manifest.json"
    assert '"game": "foo"' in manifest.read_text()
    assert (project / "output" / "foo" / "foo-rulebook-letter.pdf").exists()
    rule = (project / "output" / ".made" / "my-tiles.stamp.d").read_text()
    assert rule.startswith("output/.made/my-tiles.stamp: ")
    assert str((project / "tilesets" / "rules.md").resolve()) in rule

    assert "pnp build" not in make(project, "-n")  # nothing changed, nothing to do
    later(project / "tilesets" / "rules.md")  # the rulebook template, found by the build
    assert "pnp build 'tilesets/my-tiles.yaml'" in make(project, "-n")
    make(project)
    assert "pnp build" not in make(project, "-n")


@pytest.mark.slow  # several whole builds: make test-slow and CI run it
def test_make_builds_every_file_each_once(project):
    folder = project / "tilesets"
    (folder / "bar.yaml").write_text((folder / "my-tiles.yaml").read_text()
                                     .replace("game: foo", "game: bar"))
    made = make(project, "-n")
    assert made.count("pnp build") == 2
    assert "'tilesets/bar.yaml'" in made and "'tilesets/my-tiles.yaml'" in made
    make(project)
    assert "pnp build" not in make(project, "-n")
    later(folder / "bar.yaml")
    again = make(project, "-n")
    assert again.count("pnp build") == 1 and "'tilesets/bar.yaml'" in again
