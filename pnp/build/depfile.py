"""A make rule naming every file a build read, so ``make`` rebuilds a game when any changes.

``make`` cannot know that a tileset draws ``art/vein.svg`` or that its
rulebook is ``templates/<game>/rulebook.md``; the build does (the same list
that guards ``--out``, :func:`pnp.build.places.game_inputs`). Written as a
make rule, included by the Makefile, it makes each game depend on exactly
its own files. Each input also gets an empty rule of its own, so deleting
an art file makes the game rebuild instead of stopping make with an error.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from pnp.export.output import write_atomic


def escaped(path: str) -> str:
    """A file name as a make rule must spell it: spaces, ``#`` and ``$`` escaped."""
    return path.replace("\\", "\\\\").replace(" ", "\\ ").replace("#", "\\#").replace("$", "$$")


def depfile_text(target: str, inputs: Iterable[Path]) -> str:
    """The rule ``target: inputs``, then an empty rule for each input."""
    names = sorted({escaped(str(path)) for path in inputs})
    lines = [f"{escaped(target)}: " + " ".join(names), *(f"{name}:" for name in names)]
    return "\n".join(lines) + "\n"


def write_depfile(depfile: Path, inputs: Iterable[Path]) -> None:
    """Write the rule for the target ``depfile`` names: the same path without ``.d``.

    A name without ``.d`` gets ``.stamp`` added for its target instead, so the
    rule never names the depfile itself, which make would then try to remake.
    """
    target = str(depfile)[: -len(".d")] if depfile.suffix == ".d" else f"{depfile}.stamp"
    write_atomic(depfile, depfile_text(target, inputs).encode())
