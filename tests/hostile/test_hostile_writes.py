"""Hostile output cases: each must end in one clear paragraph, exit 2, and nothing written.

Every folder in ``tests/hostile/writes/`` is one case: ``case.yaml`` says why
it is hostile, the command line (``{dir}`` is a fresh copy of the case's
``input/`` folder, ``{data}`` the package's data folder), a phrase the
message must contain, and optional symbolic links to make in the copy. The
command runs as a user would run it, in a new process; then every file of
the copy must be as it was, byte for byte, and no folder may have appeared;
the package's data (8 MB of fonts, tilesets and templates) must show the same
entries with the same sizes and modification times, which any write changes.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from support import ROOT

from pnp.shipped import data_dir

CASES = ROOT / "tests" / "hostile" / "writes"
DATA = data_dir("tilesets").parent if (ROOT / "pnp" / "data").is_dir() else ROOT


def snapshot(folder: Path) -> dict[str, str]:
    """Every entry below ``folder``, links not followed: a file's hash, else its kind."""
    state = {}
    for path in sorted(folder.rglob("*")):
        key = str(path.relative_to(folder))
        if path.is_symlink():
            state[key] = "link " + os.readlink(path)
        elif path.is_dir():
            state[key] = "folder"
        else:
            state[key] = hashlib.sha256(path.read_bytes()).hexdigest()
    return state


def stamps(folder: Path) -> dict[str, tuple[int, int, int]]:
    """Every entry below ``folder``, links not followed: its kind, size and last write,
    cheaper than hashing the package's fonts around each of these commands."""
    return {str(path.relative_to(folder)): (found.st_mode, found.st_size, found.st_mtime_ns)
            for path in sorted(folder.rglob("*")) for found in [path.lstat()]}


def data_folders() -> list[Path]:
    return [ROOT / "pnp" / "data", data_dir("tilesets"), data_dir("templates")]


@pytest.mark.slow  # a build per hostile case: the slow set, which CI runs, holds them
@pytest.mark.parametrize("name", sorted(p.name for p in CASES.iterdir() if p.is_dir()))
def test_a_hostile_output_is_refused_and_nothing_changes(name, tmp_path):
    case = yaml.safe_load((CASES / name / "case.yaml").read_text())
    work = tmp_path / "case"
    if (CASES / name / "input").is_dir():
        shutil.copytree(CASES / name / "input", work)
    else:
        work.mkdir()
    for link, target in case.get("links", {}).items():
        (work / link).symlink_to(target, target_is_directory=True)
    args = [arg.format(dir=work, data=ROOT / "pnp" / "data") for arg in case["args"]]
    before = snapshot(work), [stamps(folder) for folder in data_folders()]
    result = subprocess.run([sys.executable, "-m", "pnp", *args], capture_output=True,
                            text=True, cwd=tmp_path, timeout=120)
    after = snapshot(work), [stamps(folder) for folder in data_folders()]
    message = result.stderr.strip()
    assert result.returncode == 2, (case["why"], result.stdout, message)
    assert "Traceback" not in result.stderr
    assert message.startswith("pnp: error: ") and "\n" not in message, message
    assert "field '" in message and "Found " in message and "Allowed: " in message, message
    assert case["expect"] in message, message
    assert after == before, f"{case['why']}: files changed"


def test_the_corpus_covers_every_class_of_hostile_output():
    names = [p.name for p in CASES.iterdir() if p.is_dir()]
    assert len(names) >= 15
    for prefix in ("out-is-", "out-holds-", "out-inside-", "render-", "tile-named-", "long-"):
        assert any(n.startswith(prefix) for n in names), prefix
