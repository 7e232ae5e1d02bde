"""A make rule naming every file a build read, so ``make`` rebuilds a game when any changes.

``make`` cannot know that a tileset draws ``art/vein.svg`` or that its
rulebook is ``templates/<game>/rulebook.md``; the build does (the same list
that guards ``--out``, :func:`pnp.assemble.places.game_inputs`). Written as a
make rule, included by the Makefile, it makes each game depend on exactly
its own files. Each input also gets an empty rule of its own, so deleting
an art file makes the game rebuild instead of stopping make with an error.

A file name is anything a stranger chose, and a rule is make syntax: a name
written as it is could stop make for every game, name a file that does not
exist (so the game rebuilds forever) or be read as a variable assignment (so
it never rebuilds). Every name is therefore spelled by GNU make's own rules,
checked against GNU make 4 by the tests; a name that make has no spelling
for is never written. Its game gets a phony prerequisite instead, so it
rebuilds every time: slower, never stale.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from pnp.export.output import write_atomic

# Characters make reads as syntax unless a backslash comes before them: word
# breaks, comments, the rule's colon and the wildcards of file names.
BACKSLASHED = frozenset(" #:*?[")
# Characters no spelling hides from make in a rule: ``;`` starts a recipe,
# ``=`` makes the line a variable assignment, ``%`` a pattern rule, ``|`` an
# order-only list; a line break or another control character ends the line
# or is white space.
UNSPELLABLE = frozenset(";=%|") | frozenset(chr(code) for code in (*range(32), 127))
# The phony prerequisite of a game that read a file make cannot name.
ALWAYS = ".pnp-rebuild-always"


class Rule(NamedTuple):
    """A depfile's text, and the inputs it could not name (the game then always rebuilds)."""

    text: str
    unnamed: tuple[str, ...]


def spelled(name: str) -> str | None:
    """``name`` as a make rule must spell it, or None when make has no spelling for it.

    A backslash is literal to make only before an ordinary character; before
    a character that is itself escaped, another backslash or the end of the
    name, make would read it as an escape, so such names have no spelling.
    """
    out = []
    for index, char in enumerate(name):
        following = name[index + 1:index + 2]
        if char in UNSPELLABLE:
            return None
        if char == "\\" and (not following or following in BACKSLASHED or following in "\\$"):
            return None
        out.append("$$" if char == "$" else "\\" + char if char in BACKSLASHED else char)
    return "".join(out)


def depfile_text(target: str, inputs: Iterable[Path]) -> Rule:
    """The rule ``target: inputs``, then an empty rule for each input.

    ``target`` is the Makefile's own stamp; an input make cannot name is
    left out, and the phony :data:`ALWAYS` stands in for all of them.
    """
    target_spelling = spelled(target)
    if target_spelling is None:
        raise ValueError(f"make cannot name the target {target!r}")
    names: set[str] = set()
    unnamed: set[str] = set()
    for path in inputs:
        text = os.fsdecode(path)
        spelling = spelled(text)
        if spelling is None:
            unnamed.add(text)
        else:
            names.add(spelling)
    listed = sorted(names) + ([ALWAYS] if unnamed else [])
    lines = [f"{target_spelling}: " + " ".join(listed), *(f"{name}:" for name in sorted(names))]
    if unnamed:
        lines.append(f".PHONY: {ALWAYS}")
    return Rule("\n".join(lines) + "\n", tuple(sorted(unnamed)))


def depfile_target(depfile: Path) -> str:
    """The target a depfile's rule is for: its own path without ``.d``.

    A name without ``.d`` gets ``.stamp`` added for its target instead, so the
    rule never names the depfile itself, which make would then try to remake.
    """
    name = os.fsdecode(depfile)
    return name[: -len(".d")] if depfile.suffix == ".d" else f"{name}.stamp"


def write_depfile(depfile: Path, inputs: Iterable[Path]) -> tuple[str, ...]:
    """Write the rule for ``depfile``'s target; return the inputs it could not name."""
    rule = depfile_text(depfile_target(depfile), inputs)
    write_atomic(depfile, os.fsencode(rule.text))
    return rule.unnamed
