"""The tileset files the Makefile may build: names that make and the shell take as they are.

``make`` splits lists at white space and reads ``:``, ``;``, ``=``, ``%``,
``$``, ``#``, quotes and parentheses as syntax; a recipe hands names to the
shell. A tileset someone shared may be called anything, so a name that would
need any quoting at all is never given to make: it is left out, with one
line on stderr naming it and saying how to build it by hand, where nothing
is parsed twice. The Makefile runs this script from ``$(shell ...)``, so
what it prints on stdout is only names that are safe as they are.

Usage: ``make_tilesets.py FOLDER [--quiet]``; ``--quiet`` leaves out the
lines about skipped files (for make goals other than building).
"""

from __future__ import annotations

import os
import shlex
import sys

SUFFIX = ".yaml"
PUNCTUATION = frozenset("._+-")


def plain(name: str) -> bool:
    """Whether ``name`` is letters, digits and ``. _ + -`` only: safe for make and the shell."""
    stem = name[: -len(SUFFIX)]
    return bool(stem) and all(char.isalnum() or char in PUNCTUATION for char in name)


def shown(path: str) -> str:
    """A path as a user can read it and paste it into a shell: quoted, control characters
    escaped so they cannot move the terminal's cursor or change its colours."""
    if path.isprintable():
        return shlex.quote(path)
    return "$'" + "".join(_ansi_c(char) for char in path) + "'"  # the shell's $'...' form


def _ansi_c(char: str) -> str:
    """One character inside the shell's ``$'...'`` quotes."""
    if char in "\\'":
        return "\\" + char
    if char.isprintable():
        return char
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8, as Python decoded the name
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\U{code:08x}"


def main(arguments: list[str]) -> int:
    folder, quiet = arguments[0], "--quiet" in arguments[1:]
    try:
        entries = sorted(os.scandir(folder), key=lambda entry: entry.name)
    except OSError:
        return 0
    safe = []
    for entry in entries:
        if not entry.name.endswith(SUFFIX) or entry.is_dir():
            continue
        path = f"{folder}/{entry.name}"
        if plain(entry.name):
            safe.append(path)
        elif not quiet:
            print(f"make: skipping {shown(path)}: make cannot name this file safely; "
                  f"build it by hand with: pnp build {shown(path)}", file=sys.stderr)
    print(" ".join(safe))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
