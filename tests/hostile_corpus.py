"""Reading the hostile corpus in tests/hostile/: each case, its command and what it expects.

A case is either one YAML file whose first comment lines say what it tries
(``# hostile:``), how to run it (``# command:``, default ``validate``) and
fragments the error must contain (``# expect:``), or a folder holding a
tileset ``probe.yaml`` (with its rulebook or art) and a ``CASE`` file with the
same lines without the ``#``. The target of a folder case is its ``probe.yaml``.
"""

from __future__ import annotations

import shlex
from pathlib import Path

import msgspec
from support import ROOT

CORPUS = ROOT / "tests" / "hostile"


class Case(msgspec.Struct, frozen=True):
    """One hostile input and what running it must show."""

    name: str  # the class folder and the case, e.g. "aliases/merge-key-bomb"
    target: Path
    what: str
    command: tuple[str, ...]  # the subcommand and its options, without target or output
    expect: tuple[str, ...]

    def args(self, out: Path) -> list[str]:
        """The whole command line: outputs go under ``out``."""
        verb, *options = self.command
        if verb == "render":
            tile, *rest = options
            return ["render", str(self.target), tile, *rest, "-o", str(out / "render.png")]
        if verb == "build":
            return ["build", str(self.target), *options, "--out", str(out)]
        return [verb, str(self.target), *options]


def _header(lines: list[str], prefix: str) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {"hostile": [], "command": [], "expect": []}
    for line in lines:
        if not line.startswith(prefix):
            break
        key, _, value = line[len(prefix):].partition(": ")
        if key in found:
            found[key].append(value)
    return found


def _case(name: str, target: Path, header: dict[str, list[str]]) -> Case:
    command = tuple(shlex.split(header["command"][0])) if header["command"] else ("validate",)
    assert header["hostile"] and header["expect"], f"{name}: no 'hostile' or 'expect' line"
    return Case(name, target, header["hostile"][0], command, tuple(header["expect"]))


def cases(part: str) -> list[Case]:
    """Every case under tests/hostile/<part>/, sorted, so test ids are stable."""
    found = []
    for group in sorted(path for path in (CORPUS / part).iterdir() if path.is_dir()):
        for entry in sorted(group.iterdir()):
            name = f"{group.name}/{entry.stem if entry.is_file() else entry.name}"
            if entry.is_dir():
                lines = (entry / "CASE").read_text(encoding="utf-8").splitlines()
                found.append(_case(name, entry / "probe.yaml", _header(lines, "")))
            elif entry.suffix == ".yaml":
                with entry.open(encoding="utf-8") as file:
                    lines = [file.readline().rstrip("\n") for _ in range(8)]
                found.append(_case(name, entry, _header(lines, "# ")))
    return found
