"""Saving the designer's file: all or nothing, with the previous version kept beside it.

The new text goes to a temporary file in the same folder, is flushed to the
disk, and is renamed over the file in one step, so a crash leaves the old
file or the new one, never half of each. The old file is first copied to
``NAME.yaml.bak`` the same way. If the file changed on disk since the studio
read it (another editor saved it), the save is refused rather than losing
that change.
"""

from __future__ import annotations

from pathlib import Path

from pnp.export.output import write_atomic
from pnp.input.load import read_text


class Conflict(Exception):
    """The file on disk is no longer the one the studio read."""


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


RECOVERY_MOST = 1000  # recovery copies of one file: a folder of them is a mistake


def recovery_path(path: Path, number: int = 1) -> Path:
    """Where unsaved edits go when the studio is left without saving: beside the file,
    as a tileset file of its own that pnp reads (``my-mine.recovered.yaml``, then
    ``my-mine.recovered-2.yaml`` and on)."""
    mark = "" if number == 1 else f"-{number}"
    return path.with_name(f"{path.stem}.recovered{mark}{path.suffix}")


def recovery_copies(path: Path) -> list[Path]:
    """The recovery copies earlier runs left beside ``path``, oldest name first."""
    return [copy for copy in (recovery_path(path, number)
                              for number in range(1, RECOVERY_MOST + 1)) if copy.exists()]


def free_recovery_path(path: Path) -> Path:
    """The first recovery name no earlier run has used, so one run's unsaved edits
    never replace another's."""
    for number in range(1, RECOVERY_MOST + 1):
        copy = recovery_path(path, number)
        if not copy.exists():
            return copy
    return recovery_path(path, RECOVERY_MOST)


def save_with_backup(path: Path, text: str, expected: str) -> Path:
    """Write ``text`` over ``path`` if it still holds ``expected``; the backup's path."""
    current = read_text(path)
    if current != expected:
        raise Conflict(f"{path.name} was changed by another program since the studio read "
                       "it; nothing was saved: keep your edits (the file's text is kept as "
                       "a backup) or load the file's text")
    mode = path.stat().st_mode & 0o777
    backup = backup_path(path)
    write_atomic(backup, current.encode("utf-8"), mode)
    write_atomic(path, text.encode("utf-8"), mode)
    return backup
