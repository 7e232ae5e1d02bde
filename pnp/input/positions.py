"""The text of a positions file for ``pnp turns``, read as every user file is.

A positions file may come from any script or any person: it is read only
when it is a plain file (a FIFO would block forever, ``/dev/zero`` would
never end), at most :data:`MAX_POSITIONS_BYTES` (standard input too): tens
of thousands of positions, every one of which is checked, and held, before
any is listed. It must be UTF-8.
"""

from __future__ import annotations

from pathlib import Path
from typing import BinaryIO

from pnp.errors import InputError, Where
from pnp.input.bounded import (
    NotUtf8,
    TooLarge,
    read_bounded,
    read_stream_bounded,
    size_text,
    unreadable,
    utf8,
)

MAX_POSITIONS_BYTES = 16 * 1024 * 1024
ALLOWED = "a readable UTF-8 file of JSON lines, or - for standard input"


def read_positions_text(source: str, origin: Path | BinaryIO) -> str:
    """The text of ``origin`` (a path, or standard input's byte stream), or InputError."""
    try:
        data = (read_bounded(origin, MAX_POSITIONS_BYTES) if isinstance(origin, Path)
                else read_stream_bounded(origin, MAX_POSITIONS_BYTES))
    except TooLarge as error:
        raise InputError(Where(source), "the positions are too large", field="FILE",
                         found=f"more than {size_text(error.limit)}",
                         allowed=f"at most {size_text(MAX_POSITIONS_BYTES)}; split the "
                                 "positions over several runs") from None
    except OSError as error:
        raise InputError(Where(source), "the positions cannot be read", field="FILE",
                         found=unreadable(error), allowed=ALLOWED) from None
    try:
        return utf8(data)
    except NotUtf8 as error:
        raise InputError(Where(source, error.line), "the positions are not UTF-8 text",
                         field="FILE", found=f"the byte 0x{error.byte:02x}",
                         allowed=ALLOWED) from None
