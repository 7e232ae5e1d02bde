"""Whole builds are atomic: a build stopped at any moment leaves each game folder complete.

Three ways of stopping one: SIGKILL of a real ``pnp build`` after delays
drawn from a seeded generator and spread over its run; a failure injected
at each step of the write phase in turn (a kill between two system calls,
hit deterministically); and an interrupted ``make``. After each, the game
folder must hold exactly the previous build or exactly the new one, its
manifest listing every file with the right size and hash, and the next build
must succeed and leave nothing behind but the game folder and its version.
"""

from __future__ import annotations

import contextlib
import hashlib
import itertools
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support import ROOT

from pnp.assemble import render
from pnp.assemble import staging as staging_module
from pnp.assemble.registry import EXPORTERS
from pnp.assemble.staging import LEFTOVER, Staging, publish, sweep
from pnp.input.tileset import load_tileset
from pnp.model.options import options_for

GAME = "demon-mine"


def folder_files(folder: Path) -> dict[str, bytes]:
    """Every file below ``folder`` (followed through the game's link) by relative path."""
    real = folder.resolve()
    return {str(p.relative_to(real)): p.read_bytes() for p in sorted(real.rglob("*"))
            if p.is_file()}


def complete_game(out: Path, game: str = GAME) -> dict[str, bytes]:
    """The game folder's files, after checking that its manifest lists exactly them."""
    files = folder_files(out / game)
    manifest = json.loads(files["manifest.json"])
    listed = {entry["path"]: entry for entry in manifest["files"]}
    assert set(listed) == set(files) - {"manifest.json"}, "manifest and files differ"
    for name, entry in listed.items():
        assert entry["bytes"] == len(files[name]), name
        assert entry["sha256"] == hashlib.sha256(files[name]).hexdigest(), name
    return files


def leftovers(out: Path) -> list[str]:
    """Entries of ``out`` other than the game folders and the versions they link to."""
    live = {os.readlink(p) for p in out.iterdir() if p.is_symlink()}
    return sorted(p.name for p in out.iterdir()
                  if LEFTOVER.match(p.name) and p.name not in live)


# ---------------------------------------------------------------------------
# SIGKILL of a real build


def pnp_build(out: Path, paper: str) -> list[str]:
    return [sys.executable, "-m", "pnp", "build", GAME, "--no-rulebook", "--jobs", "1",
            "--paper", paper, "--out", str(out)]


def wait_for_staging(out: Path, process: subprocess.Popen[bytes], before: set[str]) -> None:
    """Return once the build has begun writing its own staging folder (or has ended)."""
    deadline = time.monotonic() + 30
    while process.poll() is None and time.monotonic() < deadline:
        if any(p.name.startswith(f".{GAME}.staging-") and p.name not in before
               for p in out.iterdir()):
            return
        time.sleep(0.0005)


@pytest.mark.slow  # several whole builds: make test-slow and CI run it
def test_a_build_killed_at_random_moments_leaves_one_complete_build(tmp_path):
    """Half the kills fall anywhere in the run, half inside its short write phase."""
    references = {}
    for paper in ("a4", "letter"):
        start = time.perf_counter()
        subprocess.run(pnp_build(tmp_path / paper, paper), check=True, cwd=ROOT,
                       capture_output=True)
        duration = time.perf_counter() - start
        references[paper] = complete_game(tmp_path / paper)
    out = tmp_path / "out"
    subprocess.run(pnp_build(out, "a4"), check=True, cwd=ROOT, capture_output=True)
    rng = random.Random(20240610)
    for number in range(12):
        paper = ("letter", "a4")[number // 2 % 2]
        writing = number % 2 == 1
        delay = rng.uniform(0.0, 0.025) if writing else rng.uniform(0.0, duration * 1.3)
        before = {p.name for p in out.iterdir()}
        process = subprocess.Popen(pnp_build(out, paper), cwd=ROOT, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, start_new_session=True)
        if writing:
            wait_for_staging(out, process, before)
        time.sleep(delay)
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        moment = f"{delay:.3f} s after {'writing began' if writing else 'the start'}"
        assert complete_game(out) in references.values(), f"killed {moment}"
    subprocess.run(pnp_build(out, "letter"), check=True, cwd=ROOT, capture_output=True)
    assert complete_game(out) == references["letter"]
    assert leftovers(out) == []
    assert len([p for p in out.iterdir() if p.name.startswith(f".{GAME}.v-")]) == 1


# ---------------------------------------------------------------------------
# A kill between any two steps of the write phase, step by step


class Killed(BaseException):
    """The process 'dies': this and every later step fails, cleanup included."""


class Fuse:
    """Counts the write phase's system steps and fails from the ``at``-th one on."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, at: int) -> None:
        self.steps, self.at = 0, at
        for owner, name in ((os, "rename"), (os, "replace"), (os, "symlink"),
                            (os, "fsync"), (shutil, "rmtree"), (Path, "unlink"),
                            (staging_module, "write_file")):
            monkeypatch.setattr(owner, name, self.wrap(getattr(owner, name)))

    def wrap(self, step):
        def guarded(*args, **kwargs):
            self.steps += 1
            if self.steps >= self.at:
                raise Killed
            return step(*args, **kwargs)
        return guarded


@pytest.fixture(autouse=True)
def no_flush_to_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """Flushing is still a counted step, but the disk need not really be waited for."""
    monkeypatch.setattr(os, "fsync", lambda handle: None)


@pytest.fixture(scope="module")
def two_builds() -> tuple[dict[str, bytes], dict[str, bytes]]:
    """The files of two different builds of one game, rendered once for every test here."""
    tileset = load_tileset(ROOT / "tilesets" / f"{GAME}.yaml")
    return tuple(render([tileset], options_for((paper,), rulebook=False), EXPORTERS,
                        processes=1)[GAME] for paper in ("a4", "letter"))


@pytest.mark.slow  # a whole build killed at every step of its write phase
@pytest.mark.parametrize("links", [True, False], ids=["links", "renames"])
def test_a_kill_at_any_step_of_the_write_phase_leaves_one_complete_build(tmp_path, two_builds,
                                                                         links):
    old, new = two_builds
    with pytest.MonkeyPatch.context() as patch:
        counter = Fuse(patch, 10**9)
        publish(tmp_path / "count", {GAME: old}, links=links)
        counter.steps = 0
        publish(tmp_path / "count", {GAME: new}, links=links)
        total = counter.steps
    assert total > len(new)  # every file, its flush, the renames, the clean-up
    for at in range(1, total + 1):
        out = tmp_path / f"at-{at}"
        publish(out, {GAME: old}, links=links)
        with pytest.MonkeyPatch.context() as patch:
            Fuse(patch, at)
            with pytest.raises(Killed):
                publish(out, {GAME: new}, links=links)
        if links:  # a reader sees a complete build even before anything is repaired
            assert complete_game(out) in (old, new), f"killed at step {at} of {total}"
        sweep(out)  # what the next build does first
        assert complete_game(out) in (old, new), f"killed at step {at} of {total}"
        publish(out, {GAME: new}, links=links)
        assert complete_game(out) == new and leftovers(out) == []


@pytest.mark.slow  # a build interrupted at every step in turn
def test_a_folder_from_an_older_pnp_is_adopted_safely_at_every_step(tmp_path, two_builds):
    old, new = two_builds
    for at in itertools.count(1):
        out = tmp_path / f"at-{at}"
        for name, data in old.items():  # the plain folder an older pnp wrote
            (out / GAME / name).parent.mkdir(parents=True, exist_ok=True)
            (out / GAME / name).write_bytes(data)
        finished = False
        with pytest.MonkeyPatch.context() as patch:
            Fuse(patch, at)
            with contextlib.suppress(Killed):
                publish(out, {GAME: new})
                finished = True
        sweep(out)
        assert complete_game(out) in (old, new), f"killed at step {at}"
        if finished:
            break
    assert at > len(new) and (out / GAME).is_symlink() and complete_game(out) == new
    assert leftovers(out) == []


def test_a_full_disk_changes_no_game(tmp_path, two_builds, monkeypatch):
    old, new = two_builds
    publish(tmp_path, {GAME: old, "other": old})
    real = staging_module.write_file

    def full(path: Path, data: bytes) -> None:
        if ".other.staging-" in str(path):  # the first game fits, the second does not
            raise OSError(28, "No space left on device")
        real(path, data)

    monkeypatch.setattr(staging_module, "write_file", full)
    with pytest.raises(OSError):
        publish(tmp_path, {GAME: new, "other": new})
    assert complete_game(tmp_path) == old and complete_game(tmp_path, "other") == old
    assert leftovers(tmp_path) == []


def test_the_next_build_removes_what_a_killed_one_left(tmp_path, two_builds):
    old, new = two_builds
    publish(tmp_path, {GAME: old})
    for name in (f".{GAME}.staging-abc123", f".{GAME}.v-def456", f".{GAME}.old-ghi789"):
        (tmp_path / name / "tiles").mkdir(parents=True)
        (tmp_path / name / "tiles" / "half.svg").write_bytes(b"<svg")
    (tmp_path / f".{GAME}.link-jkl012").symlink_to(f".{GAME}.v-def456")
    (tmp_path / "mine.txt").write_text("someone else's file, not a leftover")
    publish(tmp_path, {GAME: new})
    assert complete_game(tmp_path) == new and leftovers(tmp_path) == []
    assert (tmp_path / "mine.txt").read_text().startswith("someone")


def test_a_build_killed_between_its_two_renames_is_put_back(tmp_path, two_builds):
    """Without links the game folder is missing for an instant; the next build repairs it."""
    old, _ = two_builds
    publish(tmp_path, {GAME: old}, links=False)
    os.rename(tmp_path / GAME, tmp_path / f".{GAME}.old-x1")
    sweep(tmp_path)
    assert complete_game(tmp_path) == old and leftovers(tmp_path) == []


# ---------------------------------------------------------------------------
# make


@pytest.mark.slow  # several whole builds: make test-slow and CI run it
@pytest.mark.skipif(shutil.which("make") is None or not (ROOT / ".venv" / "bin" / "pnp").exists(),
                    reason="needs make and the project's virtualenv")
def test_an_interrupted_make_leaves_a_complete_game_and_rebuilds_it(tmp_path):
    out = tmp_path / "out"
    target = f"{out}/.made/{GAME}.stamp"  # the stamp of tilesets/<GAME>.yaml
    make = ["make", "--no-print-directory", "-o", ".venv/.ready", f"OUT={out}", target]
    subprocess.run(make, check=True, cwd=ROOT, capture_output=True)
    first = complete_game(out)
    rng = random.Random(7)
    for delay in sorted(rng.uniform(0.2, 2.0) for _ in range(3)):
        process = subprocess.Popen([*make[:-1], "-W", f"tilesets/{GAME}.yaml", target],
                                   cwd=ROOT, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, start_new_session=True)
        time.sleep(delay)
        os.killpg(process.pid, signal.SIGINT)
        process.wait()
        assert complete_game(out) == first, f"make interrupted after {delay:.2f} s"
    dry = subprocess.run([*make[:-1], "-n", target], cwd=ROOT, capture_output=True, text=True)
    assert "pnp build" not in dry.stdout  # the stamp still stands for the game


@pytest.mark.parametrize("attempt", range(3))
def test_ctrl_c_while_workers_draw_stops_the_build_at_once_and_writes_nothing(tmp_path, attempt):
    out = tmp_path / "out"
    build = subprocess.Popen([sys.executable, "-m", "pnp", "build", "demon-mine", "dynamine",
                              "--out", str(out)], cwd=ROOT, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, start_new_session=True)
    assert build.stderr is not None
    first = build.stderr.readline()  # the first job is done: the workers are busy drawing
    assert first.endswith(" done\n"), first
    os.killpg(build.pid, signal.SIGINT)  # as a terminal's Ctrl-C reaches the whole group
    try:
        _, errors = build.communicate(timeout=120)  # a guard against a hang, not a timing
    except subprocess.TimeoutExpired:
        os.killpg(build.pid, signal.SIGKILL)
        pytest.fail("pnp build hung after Ctrl-C")
    assert build.returncode != 0 and "Traceback" not in errors
    assert not out.exists() or not any(out.iterdir())


@pytest.mark.skipif(os.name != "posix", reason="flock")
def test_a_sweep_leaves_the_staging_folder_a_live_build_holds(tmp_path, two_builds):
    old = two_builds[0]
    publish(tmp_path, {GAME: old})
    staging = Staging(tmp_path, [GAME])
    staging.claim()
    try:
        held = staging.folders[GAME]
        staging.write(GAME, {"tiles/early.svg": b"<svg/>"})
        sweep(tmp_path)  # what a concurrent build does first (make -j)
        assert held.is_dir()
    finally:
        staging.abandon()
    assert not held.exists() and complete_game(tmp_path) == old
    assert leftovers(tmp_path) == []
