"""Raster art is judged from its bytes before any decoder sees it."""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from PIL import Image

from pnp.input.raster import MAX_PIXELS, RasterProblem, inspect


def encoded(size: tuple[int, int], kind: str) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, (120, 90, 60)).save(buffer, format=kind)
    return buffer.getvalue()


def chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


@pytest.mark.parametrize("kind", ["PNG", "JPEG"])
def test_a_real_image_gives_its_format_and_size(kind):
    facts = inspect(encoded((37, 23), kind))
    assert (facts.format, facts.width, facts.height) == (kind.lower(), 37, 23)


def test_a_png_that_claims_too_many_pixels_is_refused_before_decoding():
    side = int(MAX_PIXELS ** 0.5) + 1
    header = struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0)
    bomb = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"")) +
            chunk(b"IEND", b""))
    with pytest.raises(RasterProblem, match=f"{side} x {side} pixels"):
        inspect(bomb)


def test_a_png_just_inside_the_bound_is_accepted():
    header = struct.pack(">IIBBBBB", MAX_PIXELS // 2, 2, 8, 2, 0, 0, 0)
    image = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IEND", b""))
    assert inspect(image).width == MAX_PIXELS // 2


@pytest.mark.parametrize("damage", ["crc", "truncated", "no-end"])
def test_a_damaged_png_is_refused(damage):
    data = bytearray(encoded((8, 8), "PNG"))
    if damage == "crc":
        data[40] ^= 0xFF
    elif damage == "truncated":
        del data[len(data) // 2 :]
    else:
        del data[-12:]
    with pytest.raises(RasterProblem, match="not a readable"):
        inspect(bytes(data))


@pytest.mark.parametrize("data", [b"", b"GIF89a....", b"\xff\xd8\xff\xe0 truncated",
                                  encoded((8, 8), "JPEG")[:-2]])
def test_other_bytes_are_not_art(data):
    with pytest.raises(RasterProblem, match="not a readable"):
        inspect(data)
