"""Saving the designer's file: all or nothing, with the previous version kept beside it.

The new text goes to a temporary file in the same folder, is flushed to the
disk, and is renamed over the file in one step, so a crash leaves the old
file or the new one, never half of each. The old file is first copied to
``NAME.yaml.bak`` the same way. If the file changed on disk since the studio
read it (another editor saved it), the save is refused rather than losing
that change.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from pnp.input.load import read_text


class Conflict(Exception):
    """The file on disk is no longer the one the studio read."""


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def write_atomically(path: Path, data: bytes, mode: int) -> None:
    """Replace ``path`` with ``data`` in one rename, flushed to disk first."""
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp",
                                         dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable, where the system lets a folder be synced."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def save_with_backup(path: Path, text: str, expected: str) -> Path:
    """Write ``text`` over ``path`` if it still holds ``expected``; the backup's path."""
    current = read_text(path)
    if current != expected:
        raise Conflict(f"{path.name} was changed by another program since the studio read "
                       "it; nothing was saved (restart the studio to edit the new version)")
    mode = path.stat().st_mode & 0o777
    backup = backup_path(path)
    write_atomically(backup, current.encode("utf-8"), mode)
    write_atomically(path, text.encode("utf-8"), mode)
    return backup
