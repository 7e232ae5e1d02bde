"""Atomic output of one file (``pnp render``): a reader never sees a half-written file.

The file is written beside its target under a temporary name, flushed to disk
and renamed over the target in one step. If anything fails before the rename,
the previous file is untouched and the temporary one is removed. Builds,
which write many files that belong together, publish whole folders instead
(:mod:`pnp.assemble.staging`).
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: Path, data: bytes, mode: int = 0o644) -> None:
    """Replace ``path`` with ``data`` in one rename, creating folders as needed; the rename
    is made durable too where the system lets a folder be synced."""
    path.parent.mkdir(parents=True, exist_ok=True)
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
    """Flush a folder's entries to disk, so a rename in it survives a power cut."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # Windows cannot open a folder: its renames are durable enough
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)

