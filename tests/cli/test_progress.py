"""Progress of ``pnp build`` on stderr: a rewritten line on a terminal, plain lines elsewhere."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import subprocess
import sys
import time

from support import ROOT

SUMMARY = re.compile(r"^(?P<game>[a-z-]+): (?P<pdfs>\d+) PDF\(s\), (?P<pages>\d+) pages, "
                     r"(?P<pieces>\d+) pieces, \d+\.\d s$")
# tiles, then tokens (Demon Mine's Othello pawns too), then the board
PIECES = {"demon-mine": 90 + 32 + 16, "mattock": 90 + 12 + 1}
DEADLINE = 120.0  # seconds; only a guard against a hung build, never a wait


def command(out, *games: str, extra: tuple[str, ...] = ()) -> list[str]:
    return [sys.executable, "-m", "pnp", "build", *games, "--paper", "letter", "--no-rulebook",
            "--out", str(out), *extra]


def pages(out, game: str) -> int:
    data = json.loads((out / game / "manifest.json").read_text())
    return sum(sheet["pages"] for sheet in data["sheets"])


def check_summaries(lines: list[str], out, games: tuple[str, ...]) -> None:
    found = {m["game"]: m for m in map(SUMMARY.match, lines) if m}
    assert sorted(found) == sorted(games), lines
    for game in games:
        assert int(found[game]["pages"]) == pages(out, game) > 0
        assert int(found[game]["pieces"]) == PIECES[game]
        data = json.loads((out / game / "manifest.json").read_text())
        assert int(found[game]["pdfs"]) == len(data["sheets"])


def test_plain_lines_name_each_pdf_when_stderr_is_no_terminal(tmp_path):
    result = subprocess.run(command(tmp_path, "demon-mine", "mattock", extra=("--jobs", "1")),
                            capture_output=True, text=True, cwd=ROOT, timeout=DEADLINE)
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    assert "\r" not in result.stderr
    # Mattock's miners print on its last tile sheet: no token PDF
    # and Demon Mine's four-player extras below its tokens: no extras PDF
    assert lines[:6] == ["demon-mine: tiles-letter.pdf done",
                         "demon-mine: tokens-letter.pdf done",
                         "demon-mine: reference-sheet-letter.pdf done",
                         "mattock: tiles-letter.pdf done", "mattock: board-letter.pdf done",
                         "mattock: reference-sheet-letter.pdf done"]
    check_summaries(lines[6:], tmp_path, ("demon-mine", "mattock"))
    assert len(lines) == 8
    assert result.stdout.startswith("built 2 game(s): 6 PDF(s)")


def test_quiet_prints_nothing_on_stderr(tmp_path):
    result = subprocess.run(command(tmp_path, "demon-mine", extra=("--quiet",)),
                            capture_output=True, text=True, cwd=ROOT, timeout=DEADLINE)
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.startswith("built 1 game(s)")


def read_terminal(master: int, process: subprocess.Popen[bytes]) -> bytes:
    """Everything written to the terminal until the process closes it."""
    data = b""
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], deadline - time.monotonic())
        if not ready:
            break
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the other end is closed: the build is over
            break
        if not chunk:
            break
        data += chunk
    process.wait(timeout=DEADLINE)
    return data


def test_one_rewritten_status_line_on_a_terminal(tmp_path):
    master, slave = pty.openpty()
    process = subprocess.Popen(command(tmp_path, "demon-mine", "mattock"), cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    try:
        shown = read_terminal(master, process).decode()
    finally:
        os.close(master)
    assert process.returncode == 0, shown
    assert process.stdout is not None and process.stdout.read().startswith(b"built 2 game(s)")
    status, _, rest = shown.rpartition("\r\x1b[K")
    updates = status.split("\r")[1:]
    assert updates[0] == "[0/2] building 2 game(s)\x1b[K"
    # each game's line names its PDFs, cut to the terminal's width
    finished = sorted(u.split("] ")[1] for u in updates[1:])
    assert [line.split(",")[0] for line in finished] == [
        "demon-mine: tiles-letter.pdf", "mattock: tiles-letter.pdf"]
    assert all(line.endswith("\x1b[K") for line in finished)
    assert {u.split("]")[0] for u in updates[1:]} == {"[1/2", "[2/2"}
    assert "\n" not in status  # every update rewrote the one line
    check_summaries(rest.splitlines(), tmp_path, ("demon-mine", "mattock"))
