"""Files a tileset names (art, a rulebook template): inside its folder, local, decodable.

Nothing a tileset names is ever fetched from a URL or read from outside its
folder, so a shared tileset cannot make pnp read someone's private files: a
path is resolved (``..`` and every symlink on the way) and must still lie
inside the folder. Art is read here, once, within a size limit, and checked
before any decoder sees it (:mod:`pnp.input.raster` for PNG and JPEG,
:mod:`pnp.input.svg` for SVG); the checked bytes go into the model, so the
renderers draw exactly what was checked and never open the file again.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pnp.input.bounded import NotRegular, TooLarge, read_bounded, size_text
from pnp.input.load import MAX_FILE_BYTES
from pnp.input.raster import MAX_PIXELS, RasterProblem, inspect
from pnp.input.reading import BROKEN, At, Kind, describe
from pnp.model.tileset import Art

ART_SUFFIXES = (".png", ".jpg", ".jpeg", ".svg")
MAX_ART_BYTES = 32 * 1024 * 1024  # one art file
MAX_ART_TOTAL = 256 * 1024 * 1024  # all the art one file names: the model holds it all
MAX_TEMPLATE_BYTES = MAX_FILE_BYTES  # a rulebook template, as for a YAML file

_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")
_DRIVE = re.compile(r"^[a-zA-Z]:[\\/]")

# Checks a found file's content: (file, value as written, place) -> the value to keep
# (BROKEN after reporting).
Inspector = Callable[[Path, str, At], Any]


class Outside(ValueError):
    """A path that may not be read; the message says why in a designer's words."""


def confine(folder: Path, value: str, what: str, place: str) -> Path:
    """The real path ``value`` names inside ``folder``, or Outside.

    ``..`` and symlinks are resolved before the check, so neither can lead out.
    ``place`` names the folder in the message ("the tileset's folder").
    """
    if _SCHEME.match(value) and not _DRIVE.match(value):
        raise Outside(f"{what} is never fetched from a URL or file: reference")
    try:
        root = folder.resolve()
        candidate = (folder / value).resolve()
    except (OSError, RuntimeError, ValueError):  # a symlink loop, a name too long
        raise Outside(f"this path cannot be followed inside {place}") from None
    if Path(value).is_absolute() or _DRIVE.match(value) or not candidate.is_relative_to(root):
        raise Outside(f"this path leaves {place}")
    return candidate


def plain_file_problem(candidate: Path, what: str, limit: int) -> str:
    """Why ``candidate`` cannot be read as a file of at most ``limit`` bytes, or ""."""
    try:
        if not candidate.exists():
            return f"the {what} file does not exist"
        if not candidate.is_file():
            return f"this is not a regular file, so not a {what} file"
        size = candidate.stat().st_size
    except OSError as exc:  # a name too long, no permission: say so, never a traceback
        return f"the {what} file cannot be read ({exc.strerror})"
    if size > limit:
        return f"the {what} file is too large ({size_text(size)}; at most {size_text(limit)})"
    return ""


class LocalFile(Kind):
    """A relative path to an existing file inside the folder in ``context["folder"]``.

    ``allowed`` may say ``{folder}``, filled in with the folder's path, so the
    designer sees exactly where the file must be.
    """

    __slots__ = ("allowed", "doc_as", "inspect", "limit", "suffixes", "what")

    def __init__(self, suffixes: tuple[str, ...], what: str, allowed: str, doc_as: str,
                 inspect: Inspector | None = None, limit: int = MAX_TEMPLATE_BYTES) -> None:
        self.suffixes = suffixes
        self.what = what
        self.allowed = allowed
        self.doc_as = doc_as
        self.inspect = inspect
        self.limit = limit

    def check(self, value: Any, at: At) -> Any:
        folder: Path = at.reading.context["folder"]
        allowed = self.allowed.format(folder=folder)
        candidate = self._locate(value, at, folder, allowed)
        if candidate is BROKEN or self.inspect is None:
            return candidate
        return self.inspect(candidate, value, at)

    def _locate(self, value: Any, at: At, folder: Path, allowed: str) -> Any:
        if not isinstance(value, str) or not value.strip():
            return at.fail("not a file path", describe(value), allowed)
        try:
            candidate = confine(folder, value, self.what, "the tileset's folder")
        except Outside as outside:
            return at.fail(str(outside), value, allowed)
        if candidate.suffix.lower() not in self.suffixes:
            return at.fail(f"unsupported {self.what} file type", value, allowed)
        problem = plain_file_problem(candidate, self.what, self.limit)
        if problem:
            return at.fail(problem, value, allowed)
        return candidate

    def doc(self) -> str:
        return self.doc_as


def check_art(candidate: Path, value: str, at: At) -> Any:
    """The checked art (an :class:`Art`), or BROKEN after saying what is wrong.

    A file several tiles share is read and checked once per tileset file.
    """
    known: dict[Path, Art] = at.reading.context.setdefault("checked art", {})
    if candidate in known:
        return known[candidate]
    try:
        data = read_bounded(candidate, MAX_ART_BYTES, follow=False)
    except TooLarge as large:
        return at.fail(f"the art file is too large ({size_text(large.size)})", value,
                       f"an art file of at most {size_text(MAX_ART_BYTES)}")
    except (NotRegular, OSError) as exc:
        return at.fail(f"the art file cannot be read ({exc.strerror or exc})", value,
                       "a readable PNG, JPEG or SVG file")
    art = _svg(candidate, data, value, at) if candidate.suffix.lower() == ".svg" \
        else _raster(candidate, data, value, at)
    if art is BROKEN:
        return BROKEN
    total = len(art.data) + sum(len(other.data) for other in known.values())
    if total > MAX_ART_TOTAL:
        return at.fail(f"the art files of this file together are too large "
                       f"({size_text(total)})", value,
                       f"at most {size_text(MAX_ART_TOTAL)} of art in one file")
    known[candidate] = art
    return art



def _raster(candidate: Path, data: bytes, value: str, at: At) -> Any:

    try:
        facts = inspect(data)
    except RasterProblem as problem:
        return at.fail(f"the art file is {problem}" if str(problem).startswith("not")
                       else str(problem), value,
                       "a valid PNG or JPEG file (or a self-contained SVG) of at most "
                       f"{MAX_PIXELS:,} pixels")
    return Art(candidate, facts.format, data)


def _svg(candidate: Path, data: bytes, value: str, at: At) -> Any:
    # the input layer's one deferred import: the SVG checker brings an XML parser,
    # and most tilesets name no SVG art
    from pnp.input.svg import ALLOWED as SVG_ALLOWED
    from pnp.input.svg import SvgProblem, check_svg

    try:
        checked = check_svg(data)
    except SvgProblem as problem:
        return at.fail(problem.problem, problem.found or value, SVG_ALLOWED)
    return Art(candidate, "svg", checked.data)
