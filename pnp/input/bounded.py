"""Read one file whole, but never more than a limit, and only if it is a plain file.

Every file pnp reads on a user's behalf (a tileset, a mix, art, a rulebook
template) goes through :func:`read_bounded`, so a huge file costs at most
its limit in memory, and a FIFO or a device such as ``/dev/zero`` that a
hostile tileset points at can neither block the open nor stream forever.
The size is judged on what was really read, not on a ``stat`` taken
beforehand, so a file that grows while it is read is still caught. With
``follow=False`` a symlink swapped in for the last part of an already
checked path is refused rather than followed.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO


class TooLarge(OSError):
    """The file holds more bytes than the limit; ``size`` is what was seen (at least limit + 1)."""

    def __init__(self, size: int, limit: int) -> None:
        super().__init__(f"more than {limit} bytes")
        self.size = size
        self.limit = limit


class NotRegular(OSError):
    """The path names a directory, a FIFO, a device or a socket, not a plain file."""


def read_bounded(path: Path, limit: int, *, follow: bool = True) -> bytes:
    """The bytes of ``path``, or TooLarge / NotRegular / another OSError."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    handle = os.open(path, flags)
    try:
        info = os.fstat(handle)
    except OSError:
        os.close(handle)
        raise
    if not stat.S_ISREG(info.st_mode):
        os.close(handle)
        raise NotRegular("not a regular file")
    with os.fdopen(handle, "rb") as stream:
        if info.st_size > limit:
            raise TooLarge(info.st_size, limit)
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise TooLarge(len(data), limit)
    return data


def read_stream_bounded(stream: BinaryIO, limit: int) -> bytes:
    """At most ``limit`` bytes of an open stream such as standard input, or TooLarge.

    Standard input may be a pipe that never ends (``yes | pnp turns mattock -``):
    at most one byte past the limit is read before giving up.
    """
    chunks: list[bytes] = []
    size = 0
    while size <= limit:
        chunk = stream.read(min(1 << 20, limit + 1 - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    if size > limit:
        raise TooLarge(size, limit)
    return b"".join(chunks)


NOT_REGULAR = "not a plain file (a folder, FIFO, device or socket)"


def unreadable(error: OSError) -> str:
    """Why a file could not be read, worded for an error's "found"."""
    return NOT_REGULAR if isinstance(error, NotRegular) else error.strerror or type(error).__name__


class NotUtf8(ValueError):
    """The bytes are not UTF-8: ``line`` (1-based) and ``byte`` say where and what."""

    def __init__(self, line: int, byte: int) -> None:
        super().__init__(f"the byte 0x{byte:02x} on line {line} is not UTF-8")
        self.line, self.byte = line, byte


def utf8(data: bytes) -> str:
    """``data`` decoded strictly, or NotUtf8 naming the line and the first bad byte."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise NotUtf8(data[:error.start].count(b"\n") + 1, data[error.start]) from None


def size_text(count: int) -> str:
    """A byte count for a message: exact, with the MiB it makes when that is easier to read."""
    mib = count / (1024 * 1024)
    return f"{count:,} bytes" + (f" ({mib:.3g} MiB)" if mib >= 1 else "")
