"""``pnp watch`` as a designer runs it: a subprocess, a file edited under it, its output read.

Nothing here sleeps to wait: every step waits for the line the watch prints,
reading its pipe with a deadline that only guards against a hung watch.
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from support import ROOT

DEADLINE = 90.0  # seconds; a guard for a hung watch, never a pause


class Watch:
    """A running ``pnp watch`` and the lines it has printed (stdout and stderr as one)."""

    def __init__(self, *args: str) -> None:
        self.process = subprocess.Popen([sys.executable, "-m", "pnp", "watch", *args],
                                        cwd=ROOT, stdout=subprocess.PIPE,
                                        stderr=subprocess.STDOUT)
        self.pending = b""
        self.lines: list[str] = []

    def until(self, text: str) -> list[str]:
        """The lines printed up to and including the first one holding ``text``."""
        assert self.process.stdout is not None
        stream = self.process.stdout.fileno()
        end = time.monotonic() + DEADLINE
        taken: list[str] = []
        while True:
            while b"\n" in self.pending:
                raw, self.pending = self.pending.split(b"\n", 1)
                line = raw.decode()
                taken.append(line)
                self.lines.append(line)
                if text in line:
                    return taken
            left = end - time.monotonic()
            ready, _, _ = select.select([stream], [], [], max(left, 0))
            chunk = os.read(stream, 65536) if ready else b""
            if not chunk:
                raise AssertionError(f"no line with {text!r}; printed: {self.lines}")
            self.pending += chunk

    def stop(self) -> str:
        """Interrupt as Ctrl-C does; the rest of the output once the watch has ended."""
        self.process.send_signal(signal.SIGINT)
        rest, _ = self.process.communicate(timeout=DEADLINE)
        assert self.process.returncode in (0, 130)
        return self.pending.decode() + rest.decode()

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.communicate()


@pytest.fixture
def watches():
    started: list[Watch] = []

    def start(*args: str) -> Watch:
        started.append(Watch(*args))
        return started[-1]

    yield start
    for watch in started:
        watch.kill()


def save(path: Path, text: str) -> None:
    """Save as an editor does, into a new file renamed over the old one."""
    spare = path.with_suffix(".saving")
    spare.write_text(text)
    os.replace(spare, path)


def tile_fronts(folder: Path) -> Counter[str]:
    data = json.loads((folder / "manifest.json").read_text())
    [sheet] = [s for s in data["sheets"] if s["kind"] == "tiles"]
    return Counter(p["tile"] for p in sheet["placements"] if p["side"] == "front")


def test_a_count_change_a_mistake_and_its_fix(tmp_path, watches):
    tiles = tmp_path / "demon-mine.yaml"
    text = (ROOT / "tilesets" / "demon-mine.yaml").read_text()
    assert "  - name: elbow\n    count: 28\n" in text
    tiles.write_text(text)
    out = tmp_path / "out"
    watch = watches(str(tiles), "--out", str(out), "--paper", "letter", "--no-rulebook")
    first = watch.until("watching")
    assert "demon-mine: playable with 2 players (0 error(s))." in first
    assert tile_fronts(out / "demon-mine")["elbow"] == 28

    save(tiles, text.replace("name: elbow\n    count: 28", "name: elbow\n    count: 20"))
    assert watch.until("changed: demon-mine-tiles-letter.pdf")[-1] == \
        "changed: demon-mine-tiles-letter.pdf"
    assert tile_fronts(out / "demon-mine")["elbow"] == 20

    save(tiles, text.replace("name: elbow\n    count: 28", "name: elbow\n    count: many"))
    error = watch.until("pnp: error:")
    assert error == [error[-1]]  # only the mistake: no file changed, no verdict repeated
    assert "line" in error[-1] and "count" in error[-1] and "\n" not in error[-1]
    assert watch.process.poll() is None  # a mistake does not end the watch

    save(tiles, text.replace("name: mine-entrance\n    count: 1", "name: mine-entrance\n"
                             "    count: 0").replace("name: elbow\n    count: 28",
                                                     "name: elbow\n    count: 24"))
    fixed = watch.until("changed: demon-mine-tiles-letter.pdf")
    assert fixed[0].startswith("demon-mine: not playable with 2 players")
    assert any(line.startswith("error: ") for line in fixed)
    assert not any("tiles/" in line or "backs/" in line for line in fixed)  # designs kept
    fronts = tile_fronts(out / "demon-mine")
    assert fronts["elbow"] == 24 and "mine-entrance" not in fronts

    fresh = tmp_path / "fresh"
    subprocess.run([sys.executable, "-m", "pnp", "build", str(tiles), "--out", str(fresh),
                    "--paper", "letter", "--no-rulebook", "--quiet"], check=True, cwd=ROOT)
    assert (out / "demon-mine" / "manifest.json").read_bytes() == \
        (fresh / "demon-mine" / "manifest.json").read_bytes()  # the same as a full build

    rest = watch.stop()
    assert "Traceback" not in rest and "Traceback" not in "\n".join(watch.lines)


RULES = "# How to play\n\nDig towards the lode.\n"


@pytest.mark.slow  # three builds of a game with its rulebook
def test_a_template_change_redoes_only_the_rulebook(tmp_path, watches):
    subprocess.run([sys.executable, "-m", "pnp", "new", "dig", "--dir", str(tmp_path)],
                   check=True, cwd=ROOT, capture_output=True)
    tiles = tmp_path / "dig.yaml"
    tiles.write_text(tiles.read_text() + "rulebook: rules.md\n")
    (tmp_path / "rules.md").write_text(RULES)
    out = tmp_path / "out"
    watch = watches(str(tiles), "--out", str(out), "--paper", "letter")
    first = watch.until("watching")
    assert "new: dig-rulebook-letter.pdf" in first and "new: dig-tiles-letter.pdf" in first
    sheet = (out / "dig" / "dig-tiles-letter.pdf").read_bytes()
    book = (out / "dig" / "dig-rulebook-letter.pdf").read_bytes()

    save(tmp_path / "rules.md", RULES + "\n## Winning\n\nReach the lode first.\n")
    assert watch.until("changed: dig-rulebook-letter.pdf") == ["changed: dig-rulebook-letter.pdf"]
    assert (out / "dig" / "dig-tiles-letter.pdf").read_bytes() == sheet
    assert (out / "dig" / "dig-rulebook-letter.pdf").read_bytes() != book

    save(tiles, tiles.read_text().replace("# Bases: laid", "# Bases, laid"))  # a comment only
    assert "name: bend\n    count: 16\n" in tiles.read_text()
    save(tiles, tiles.read_text().replace("name: bend\n    count: 16",
                                          "name: bend\n    count: 10"))
    changed = watch.until("changed: dig-rulebook-letter.pdf")
    assert changed == ["changed: dig-tiles-letter.pdf", "changed: dig-rulebook-letter.pdf"]
    rest = watch.stop()
    assert "Traceback" not in rest


@pytest.mark.parametrize("target", ["nothere.yaml", "no-such-game"])
def test_a_watch_of_a_file_that_is_not_there_ends_at_once_with_status_2(tmp_path, target):
    """validate and studio refuse a missing file; watch had waited for it to appear."""
    from click.testing import CliRunner

    from pnp.cli import main

    result = CliRunner().invoke(main, ["watch", str(tmp_path / target) if target.endswith(
        ".yaml") else target, "--out", str(tmp_path / "out")])
    assert result.exit_code == 2, result.output
    assert "does not exist" in result.output or "unknown game" in result.output
    assert "watching" not in result.output
    assert not (tmp_path / "out").exists()

