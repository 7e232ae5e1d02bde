"""Notice when any of a few files changes, by asking the system for their stamps.

``pnp watch`` follows a handful of files (a tileset, its art, its rulebook
template, a mix's base), so a loop of ``stat`` calls every tenth of a second
costs nothing measurable and needs no library that must be built for each
system. It sees a save however the editor makes it (in place, or a new file
renamed over the old, which changes the inode), and a file that disappears.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path

POLL = 0.05  # seconds between looks; well inside the second a designer waits
Stamp = tuple[int, int, int] | None  # modification time, size, inode; None when missing
Snapshot = dict[Path, Stamp]


def stamp(path: Path) -> Stamp:
    """What changes when a file is saved; None when it cannot be seen."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_mtime_ns, info.st_size, info.st_ino)


def snapshot(paths: Iterable[Path]) -> Snapshot:
    """The stamp of every path."""
    return {path: stamp(path) for path in paths}


def wait_for_change(paths: Callable[[], list[Path]], seen: Snapshot,
                    sleep: Callable[[float], None] = time.sleep) -> None:
    """Return once a watched file differs from ``seen`` and has held still for one look.

    Editors often save in steps (truncate, then write; or write a copy, then
    rename), so a change is taken once two looks in a row agree: reading
    half a save would report a mistake that is not there. ``paths`` is asked
    afresh each time, because a reload may add or drop files to follow.
    """
    while True:
        watched = paths()
        for path in watched:
            seen.setdefault(path, stamp(path))
        if snapshot(watched) != {path: seen[path] for path in watched}:
            break
        sleep(POLL)
    while True:
        before = snapshot(paths())
        sleep(POLL)
        if snapshot(paths()) == before:
            return
