"""Files a tileset names (art, a rulebook template): inside its folder, local, decodable.

Nothing a tileset names is ever fetched from a URL or read from outside its
folder, so a shared tileset cannot make pnp read someone's private files. Art
is also decoded here, once, because a damaged PNG or a broken SVG would
otherwise pass validation and crash a build later, far from its line.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pnp.input.raster import MAX_PIXELS, RasterProblem, inspect
from pnp.input.schema import BROKEN, At, Kind, describe

ART_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")

_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
_EXTERNAL_REF = re.compile(
    rb"""(?:href|src)\s*=\s*["']\s*(?!data:|#)[^"']*|url\(\s*["']?\s*(?!data:|#)[^)'"]*"""
    # An entity may name a file, and cairosvg's safe parser refuses every entity, so
    # `pnp render TILE -o x.png` would crash on one: refuse them here with a line.
    rb"""|<!ENTITY[^>]*""",
    re.IGNORECASE,
)

# Checks a found file's content: (file, value as written, place) -> usable.
Inspector = Callable[[Path, str, At], bool]


class LocalFile(Kind):
    """A relative path to an existing file inside the folder in ``context["folder"]``.

    ``allowed`` may say ``{folder}``, filled in with the folder's path, so the
    designer sees exactly where the file must be.
    """

    __slots__ = ("allowed", "doc_as", "inspect", "suffixes", "what")

    def __init__(self, suffixes: tuple[str, ...], what: str, allowed: str, doc_as: str,
                 inspect: Inspector | None = None) -> None:
        self.suffixes = suffixes
        self.what = what
        self.allowed = allowed
        self.doc_as = doc_as
        self.inspect = inspect

    def check(self, value: Any, at: At) -> Any:
        folder: Path = at.reading.context["folder"]
        allowed = self.allowed.format(folder=folder)
        candidate = self._locate(value, at, folder, allowed)
        if candidate is BROKEN or self.inspect is None:
            return candidate
        return candidate if self.inspect(candidate, value, at) else BROKEN

    def _locate(self, value: Any, at: At, folder: Path, allowed: str) -> Any:
        if not isinstance(value, str) or not value.strip():
            return at.fail("not a file path", describe(value), allowed)
        if _SCHEME.match(value) and not re.match(r"^[a-zA-Z]:[\\/]", value):
            return at.fail(f"{self.what} is never fetched from a URL or file: reference",
                           value, allowed)
        candidate = (folder / value).resolve()
        if Path(value).is_absolute() or not candidate.is_relative_to(folder.resolve()):
            return at.fail("this path leaves the tileset's folder", value, allowed)
        if candidate.suffix.lower() not in self.suffixes:
            return at.fail(f"unsupported {self.what} file type", value, allowed)
        try:
            is_file = candidate.is_file()
        except OSError as exc:  # a name too long, no permission: say so, never a traceback
            return at.fail(f"the {self.what} file cannot be read ({exc.strerror})", value,
                           allowed)
        if not is_file:
            return at.fail(f"the {self.what} file does not exist", value, allowed)
        return candidate

    def doc(self) -> str:
        return self.doc_as


def check_art(candidate: Path, value: str, at: At) -> bool:
    """Refuse art the renderers cannot decode or that would reach outside its file."""
    if candidate.suffix.lower() == ".svg":
        return _check_svg(candidate, value, at)
    try:
        inspect(candidate.read_bytes())
    except OSError as exc:
        at.fail(f"the art file cannot be read ({exc.strerror})", value,
                "a readable PNG or JPEG file")
        return False
    except RasterProblem as problem:
        at.fail(f"the art file is {problem}" if str(problem).startswith("not") else str(problem),
                value, "a valid PNG or JPEG file (or a self-contained SVG) of at most "
                f"{MAX_PIXELS:,} pixels")
        return False
    return True


def _check_svg(candidate: Path, value: str, at: At) -> bool:
    import xml.etree.ElementTree as ElementTree

    try:
        content = candidate.read_bytes()
    except OSError as exc:
        at.fail(f"the art file cannot be read ({exc.strerror})", value,
                "a readable, self-contained SVG file")
        return False
    reference = _EXTERNAL_REF.search(content)
    if reference:
        at.fail("the SVG refers to another file or a URL, which is never fetched, "
                "or declares an XML entity", reference.group(0).decode("utf-8", "replace")[:60],
                "a self-contained SVG (embedded data: images only)")
        return False
    try:  # safe to parse: entity declarations were refused above
        ElementTree.fromstring(content)
    except ElementTree.ParseError as exc:
        at.fail(f"the SVG art is not well-formed XML ({exc})", value,
                "a valid, self-contained SVG file")
        return False
    return True
