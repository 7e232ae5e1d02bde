"""Raster art checked from its bytes, before any image library decodes it.

A stranger's PNG or JPEG is read here as a byte structure only: the format is
told by its signature, a PNG's chunks must all be whole with good checksums
and end in IEND, a JPEG must declare its size in a frame header and end with
an end-of-image marker. The pixel count is bounded so a tiny file that claims
to be a gigapixel image never reaches the decoder. Keeping this free of Pillow
also keeps ``pnp validate`` from loading a drawing library.
"""

from __future__ import annotations

import struct
import zlib

import msgspec

from pnp.model.tileset import ArtFormat

MAX_PIXELS = 40_000_000  # 40 megapixels: a 6 in tile at well over 1,000 dpi
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
JPEG_FRAMES = frozenset({0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD,
                         0xCE, 0xCF})
JPEG_STANDALONE = frozenset({0x01, *range(0xD0, 0xD8)})


class RasterFacts(msgspec.Struct, frozen=True):
    """What the bytes say: the format and the pixel size."""

    format: ArtFormat
    width: int
    height: int


class RasterProblem(ValueError):
    """The bytes are not a whole PNG or JPEG image; the message says why."""


def inspect(data: bytes) -> RasterFacts:
    """Format and size of a PNG or JPEG, or RasterProblem when the bytes are not one."""
    if data.startswith(PNG_SIGNATURE):
        facts = _png(data)
    elif data.startswith(b"\xff\xd8"):
        facts = _jpeg(data)
    else:
        raise RasterProblem("not a readable PNG or JPEG image")
    if facts.width < 1 or facts.height < 1:
        raise RasterProblem("not a readable PNG or JPEG image (it has no pixels)")
    if facts.width * facts.height > MAX_PIXELS:
        raise RasterProblem(f"the image is {facts.width} x {facts.height} pixels, more than "
                            f"the {MAX_PIXELS:,} pixels art may have")
    return facts


def _png(data: bytes) -> RasterFacts:
    """Walk every chunk: each must fit in the file and carry a matching CRC."""
    offset, size, ended = len(PNG_SIGNATURE), None, False
    while offset + 12 <= len(data) and not ended:
        length, kind = struct.unpack(">I4s", data[offset : offset + 8])
        body_end = offset + 8 + length
        if body_end + 4 > len(data):
            break
        (crc,) = struct.unpack(">I", data[body_end : body_end + 4])
        if zlib.crc32(data[offset + 4 : body_end]) != crc:
            raise RasterProblem("not a readable PNG or JPEG image (a PNG chunk is damaged)")
        if kind == b"IHDR" and length >= 8:
            size = struct.unpack(">II", data[offset + 8 : offset + 16])
        ended = kind == b"IEND"
        offset = body_end + 4
    if size is None or not ended:
        raise RasterProblem("not a readable PNG or JPEG image (the PNG is cut short)")
    return RasterFacts("png", size[0], size[1])


def _jpeg(data: bytes) -> RasterFacts:
    """Find the frame header among the segments before the scan; the file must end in EOI."""
    offset, size = 2, None
    while offset + 4 <= len(data):
        if data[offset] != 0xFF:
            break
        marker = data[offset + 1]
        if marker == 0xFF:  # fill byte
            offset += 1
            continue
        if marker in JPEG_STANDALONE:
            offset += 2
            continue
        (length,) = struct.unpack(">H", data[offset + 2 : offset + 4])
        if marker in JPEG_FRAMES and offset + 9 <= len(data):
            height, width = struct.unpack(">HH", data[offset + 5 : offset + 9])
            size = (width, height)
        if marker == 0xDA:  # start of scan: entropy-coded data follows
            break
        offset += 2 + length
    if size is None or not data.rstrip(b"\x00").endswith(b"\xff\xd9"):
        raise RasterProblem("not a readable PNG or JPEG image (the JPEG is cut short)")
    return RasterFacts("jpeg", size[0], size[1])
