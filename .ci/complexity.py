"""Fail when any function in pnp/ is above 15 in cyclomatic complexity (radon's measure)."""

from __future__ import annotations

import sys
from pathlib import Path

from radon.complexity import cc_visit

LIMIT = 15


def main() -> int:
    """List every function over the limit; exit 1 if there is one."""
    over = []
    for path in sorted(Path("pnp").rglob("*.py")):
        for block in cc_visit(path.read_text(encoding="utf-8")):
            if block.complexity > LIMIT:
                over.append(f"{path}:{block.lineno}: {block.fullname} is {block.complexity}")
    print("\n".join(over) or f"complexity: every function is at most {LIMIT}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
