"""Fail when any function in pnp/ is above 15 in cyclomatic complexity (radon's measure)."""

from __future__ import annotations

import sys
from pathlib import Path

from radon.complexity import cc_visit

LIMIT = 15
# Functions still over the limit, each with where it stands. The tileset reader
# is being rewritten on a declarative schema (issue 9); these three go with it.
# The list may only shrink: a function over the limit that is not here fails.
PENDING = frozenset({
    "pnp/input/tileset.py:_features",
    "pnp/input/tileset.py:_board",
    "pnp/input/tileset.py:apply_mix",
})


def main() -> int:
    """List every function over the limit; exit 1 if there is one."""
    over = []
    for path in sorted(Path("pnp").rglob("*.py")):
        for block in cc_visit(path.read_text(encoding="utf-8")):
            if block.complexity > LIMIT and f"{path}:{block.fullname}" not in PENDING:
                over.append(f"{path}:{block.lineno}: {block.fullname} is {block.complexity}")
    print("\n".join(over) or f"complexity: every function is at most {LIMIT}, but "
          f"{len(PENDING)} listed as pending")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
