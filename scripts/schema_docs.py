"""Rewrite the field tables in docs/ from the schema: ``python scripts/schema_docs.py``.

The tables of the tileset, mix, Dynamine layout and rulebook diagram formats are
generated from
the records that read those files (see pnp/input/schema_docs.py), so a field
added or a range changed in code shows up in the docs by running this, and
tests/input/test_schema_docs.py fails until it has been run. ``--check`` only
reports stale documents (exit 1) without writing.
"""

from __future__ import annotations

import sys
from pathlib import Path

from pnp.input import mix, tileset
from pnp.input.schema_docs import fill
from pnp.rulebook import source
from pnp.rules import dynamine

ROOT = Path(__file__).resolve().parent.parent
DOCS = tuple(ROOT / "docs" / name
             for name in ("tileset-format.md", "mix-format.md", "dynamine-layout.md",
                          "rulebook-format.md"))
RECORDS = {record.name: record
           for record in (*tileset.RECORDS, *mix.RECORDS, *dynamine.RECORDS, *source.RECORDS)}


def stale() -> list[Path]:
    """The documents whose tables differ from what the schema says now."""
    return [path for path in DOCS
            if fill(path.read_text(encoding="utf-8"), RECORDS) !=
            path.read_text(encoding="utf-8")]


def main(argv: list[str]) -> int:
    if "--check" in argv:
        for path in stale():
            print(f"{path.relative_to(ROOT)} is out of date: run python scripts/schema_docs.py")
        return 1 if stale() else 0
    for path in stale():
        path.write_text(fill(path.read_text(encoding="utf-8"), RECORDS), encoding="utf-8")
        print(f"rewrote the tables in {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
