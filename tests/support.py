"""Helpers shared by the tests: tilesets from text, rasterising SVG and PDF pages."""

from __future__ import annotations

import functools
import io
from pathlib import Path
from typing import TYPE_CHECKING

from PIL import Image

from pnp.input.load import parse_yaml
from pnp.input.tileset import from_data
from pnp.model.paper import Paper
from pnp.model.tileset import Tileset

if TYPE_CHECKING:
    from pnp.rulebook.source import Source

ROOT = Path(__file__).resolve().parent.parent


def make_project(folder: Path) -> Path:
    """A folder laid out as the checkout is for ``make``: the Makefile and its script, an
    empty tilesets/ and a stand-in for the virtualenv's stamp (pass ``READY=ready``)."""
    import shutil

    shutil.copy(ROOT / "Makefile", folder / "Makefile")
    (folder / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "make_tilesets.py", folder / "scripts")
    (folder / "pyproject.toml").write_text("")
    (folder / "ready").write_text("")
    (folder / "tilesets").mkdir()
    return folder / "tilesets"


def tileset_from_text(text: str, folder: Path | None = None) -> Tileset:
    """A tileset parsed from YAML text, as if read from ``folder/test.yaml``."""
    source = (folder or ROOT / "tests") / "test.yaml"
    return from_data(parse_yaml(text, str(source)), source)


# Names a designer may print on tiles; no shipped tile prints one (a publisher's tiles
# carry none, and the books drew them two ways), so the tests of names use these.
NAMED_TILES = {"mine-entrance": "{label: MINE ENTRANCE, at: S}",
               "beetle-hive": "{label: BEETLE HIVE, at: S}", "miner": "{label: MINER}",
               "tunnel-collapse": "{label: TUNNEL COLLAPSE}", "lodestone": "{label: LODESTONE}"}


@functools.cache
def named_demon_mine() -> Tileset:
    """Demon Mine as a homebrew with a name on each of its special tiles, under the
    icon as it used to print: MINE ENTRANCE and BEETLE HIVE in their chambers."""
    lines = (ROOT / "tilesets" / "demon-mine.yaml").read_text(encoding="utf-8").split("\n")
    out: list[str] = []
    current = ""
    for line in lines:
        out.append(line)
        if line.startswith("  - name: "):
            current = line.split(": ", 1)[1].strip()
        elif current in NAMED_TILES and line.startswith("      - {icon: "):
            out.append(f"      - {NAMED_TILES[current]}")
            current = ""
    return tileset_from_text("\n".join(out), ROOT / "tilesets")


def svg_to_image(svg: str, dpi: float = 72.0) -> Image.Image:
    """Rasterise SVG text with cairosvg (the same path `pnp render` uses for PNG)."""
    import cairosvg

    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), dpi=dpi)
    return Image.open(io.BytesIO(png)).convert("RGB")


def pdf_page_texts(path: Path) -> tuple[str, ...]:
    """Each page's text as PDFium extracts it, read once per test process and file (a
    rewritten file is read again): many checks read the shipped books, and pypdf's text
    walk took about a second a book, PDFium's a tenth of that."""
    return _pdf_page_texts(path, path.stat().st_mtime_ns)


@functools.lru_cache(maxsize=32)
def _pdf_page_texts(path: Path, _written: int) -> tuple[str, ...]:
    import pypdfium2  # PDFium reads a book's text in a tenth of pypdf's time

    document = pypdfium2.PdfDocument(path)
    try:
        return tuple(page.get_textpage().get_text_range().replace("\r\n", "\n")
                     for page in document)
    finally:
        document.close()


def pdf_page_image(path: Path, page: int, dpi: float = 72.0) -> Image.Image:
    """Rasterise one PDF page (0-based) with PDFium, as Chrome would show it."""
    import pypdfium2

    document = pypdfium2.PdfDocument(str(path))
    try:
        bitmap = document[page].render(scale=dpi / 72.0)
        return bitmap.to_pil().convert("RGB")
    finally:
        document.close()


def luminance(rgb: tuple[int, int, int]) -> float:
    """Perceived grey level (0-255) of a colour, as a greyscale printer would see it."""
    r, g, b = rgb[:3]
    return 0.299 * r + 0.587 * g + 0.114 * b


def hex_rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


def close_to(pixel: tuple[int, ...], colour: str, tolerance: int = 40) -> bool:
    """True when ``pixel`` is within ``tolerance`` of ``colour`` on every channel."""
    return all(abs(a - b) <= tolerance for a, b in zip(pixel[:3], hex_rgb(colour), strict=True))


def _multiply(a: list[float], b: list[float]) -> list[float]:
    """The product of two PDF matrices [a b c d e f], ``a`` applied first."""
    return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]


def _scale(matrix: list[float]) -> float:
    return abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]) ** 0.5


def text_sizes(path: Path) -> list[tuple[int, float]]:
    """(page, printed size in points) of every string a PDF shows.

    The size is the font size through the text matrix and every enclosing
    transformation, forms included, so a label inside a tile form that the
    page scales down is measured as it prints. pypdf's text visitor does not
    carry a form's placement, hence this small interpreter. A form is read
    once: the scale of a product of matrices is the product of their scales
    (the square root of the determinant's size), so a form's sizes measured
    on their own are multiplied by the scale of wherever it is placed.
    """
    from pypdf import PdfReader
    from pypdf.generic import ContentStream, IndirectObject

    reader = PdfReader(path)
    forms: dict[int, list[float]] = {}

    def sizes(content: object, resources: object) -> list[float]:
        """The sizes a content stream shows, measured in its own space."""
        found: list[float] = []
        saved: list[list[float]] = []
        ctm = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]
        size, text_matrix = 0.0, [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]
        xobjects = resources.get("/XObject") if resources else None  # type: ignore[attr-defined]
        xobjects = xobjects.get_object() if xobjects is not None else {}
        for operands, operator in ContentStream(content, reader).operations:
            if operator == b"q":
                saved.append(ctm)
            elif operator == b"Q":
                ctm = saved.pop()
            elif operator == b"cm":
                ctm = _multiply([float(x) for x in operands], ctm)
            elif operator == b"Tf":
                size = float(operands[1])
            elif operator == b"Tm":
                text_matrix = [float(x) for x in operands]
            elif operator in (b"Tj", b"TJ", b"'", b'"'):
                found.append(size * _scale(text_matrix) * _scale(ctm))
            elif operator == b"Do":
                reference = xobjects.raw_get(operands[0])
                key = reference.idnum if isinstance(reference, IndirectObject) else id(reference)
                if key not in forms:
                    xobject = reference.get_object()
                    forms[key] = [] if xobject.get("/Subtype") != "/Form" else [
                        inner * _scale([float(x) for x in xobject.get("/Matrix",
                                                                     [1, 0, 0, 1, 0, 0])])
                        for inner in sizes(xobject, xobject.get("/Resources"))]
                placed = _scale(ctm)
                found += [inner * placed for inner in forms[key]]
        return found

    return [(number, size) for number, page in enumerate(reader.pages, start=1)
            for size in sizes(page.get_contents(), page.get("/Resources"))]


# The games this project ships. Tests name them here instead of listing
# tilesets/, where a user may keep tilesets of their own.
SHIPPED_GAMES = ("demon-mine", "dynamine", "gold-mine", "mattock")


def placed_content(page: object) -> str:
    """A sheet page's content stream with its layer of backs written out in place.

    A page of backs places one form holding every back (and its apron) at its
    own spot, so pages laid out alike share it; tests that read where each
    piece lands read through that form, as a PDF viewer does.
    """
    import re

    content = page.get_contents().get_data().decode("latin-1")  # type: ignore[attr-defined]
    forms = page["/Resources"]["/XObject"]  # type: ignore[index]

    def inline(match: re.Match[str]) -> str:
        return str(forms["/" + match.group(1)].get_object().get_data().decode("latin-1"))

    return re.sub(r"/(FormXob\.backs\d+) Do", inline, content)


def run_pnp(*args: str):
    """``pnp ARGS`` run in this process, with stderr kept apart from stdout."""
    from click.testing import CliRunner

    from pnp.cli import main

    try:  # click 8.1 mixes stderr into stdout unless told; 8.2 always keeps it apart
        runner = CliRunner(mix_stderr=False)  # type: ignore[call-arg]
    except TypeError:
        runner = CliRunner()
    return runner.invoke(main, list(args))


def longest_dark_runs(image: Image.Image, darker_than: int = 60) -> tuple[int, int]:
    """The longest runs of pixels darker than ``darker_than`` on a greyscale image:
    across any row, and up any column (a check bar's length, both ways)."""
    import re

    dark = image.point(lambda value: 255 if value < darker_than else 0).convert("L")
    run = re.compile(b"\xff+")

    def longest(picture: Image.Image) -> int:
        data, width = picture.tobytes(), picture.width
        return max((len(found) for start in range(0, len(data), width)
                    for found in run.findall(data, start, start + width)), default=0)

    return longest(dark), longest(dark.transpose(Image.Transpose.TRANSPOSE))


# Dynamine's icons that picture a thing an item card is named after, not a symbol players
# learn to read: its aid shows them beside the item's name.
ILLUSTRATIONS = frozenset({"torch", "barrel", "ring", "raven", "beams", "plan"})


def render_rulebook(tileset: Tileset, source: Source, paper: Paper) -> bytes:
    """One paper's edition of a tileset's rulebook, as a build writes it (the typesetter
    makes every paper's edition in one pass)."""
    from pnp.rulebook.typeset import typeset_rulebook  # the typesetter, for the tests that use it

    return typeset_rulebook(tileset, source)[0][paper.name]
