"""Reading a typeset rulebook PDF as a proofreader does: its lines, page by page.

Each line is the text pypdf extracts at one baseline, with its printed size and
where it starts, so the page-flow tests can ask what ends a page (a heading, an
introduction), whether a paragraph broke across pages with a lone line on
either side, and which page a caption or a phrase is on.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from pathlib import Path
from typing import NamedTuple

from markdown_it import MarkdownIt
from pypdf import PdfReader

from pnp.export import markup
from pnp.model.paper import PAPERS, Paper
from pnp.rulebook.editions import placing
from pnp.rulebook.page import text_block

HEADING_SIZE = 11.5  # points: headings are 12 pt and up; body text 10.5, notes 10
BODY_SIZES = (10.0, 10.5)  # the body's and the notes' paragraphs
HANGING = re.compile(r"\d+\.|\u2022|\u2020\d+")  # what hangs before a list item or reading


def body_box(paper: Paper) -> tuple[float, float, float, float]:
    """Where the text goes on ``paper``'s pages: left, bottom, width and height of the
    book's text block as its editions place it (centred, shrunk on a smaller paper)."""
    left, bottom, width, height = text_block()
    scale, right, up = placing(paper)
    return left * scale + right, bottom * scale + up, width * scale, height * scale


class Line(NamedTuple):
    """One baseline of text on a page: its words, its height on the page (PDF points,
    y up), the size of its largest run, the x of its first run, and whether a run is
    set in the display face (as headings are)."""

    text: str
    y: float
    size: float
    x: float
    display: bool = False

    @property
    def heading(self) -> bool:
        return self.display and self.size >= HEADING_SIZE


def _multiply(a: list[float], b: list[float]) -> list[float]:
    return [a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3],
            a[2] * b[0] + a[3] * b[2], a[2] * b[1] + a[3] * b[3],
            a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5]]


def page_lines(page: object, floor: float) -> list[Line]:
    """The lines of a page above ``floor`` (the running footer is below it), top first."""
    runs: dict[float, list[tuple[float, float, str]]] = {}
    display: set[float] = set()

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if not text.strip():
            return
        matrix = _multiply(tm, cm)
        y = round(matrix[5], 1)
        if y > floor:
            runs.setdefault(y, []).append((matrix[4], size * abs(matrix[3]), text))
            if "Vollkorn" in str(getattr(font, "get", lambda *_: "")("/BaseFont", "")):
                display.add(y)

    page.extract_text(visitor_text=visit)  # type: ignore[attr-defined]
    lines = []
    for y in sorted(runs, reverse=True):
        parts = runs[y]
        words = [text for _, _, text in parts]
        if len(words) > 1 and HANGING.fullmatch(words[0].strip()):
            words = words[1:]  # a list's number or bullet: not part of the item's words
        lines.append(Line(normal("".join(words)), y, max(size for _, size, _ in parts),
                          min(x for x, _, _ in parts), y in display))
    return lines


def normal(text: str) -> str:
    """Text as compared: one space between words, no reading marks (a dagger and its
    number), compatibility forms folded."""
    text = unicodedata.normalize("NFKC", text).replace("\u00a0", " ")
    text = re.sub(r"\u2020\d+", "", text)
    return re.sub(r"\s+", " ", text).strip()


def book_lines(path: Path, paper: str) -> list[list[Line]]:
    """Every page's lines of body text (inside the text block), the cover's included."""
    return _book_lines(path, paper, path.stat().st_mtime_ns)


@functools.lru_cache(maxsize=16)
def _book_lines(path: Path, paper: str, _written: int) -> list[list[Line]]:
    """Read once per test process: several checks read the same book, and pypdf's text
    walk is the slowest part of each (a rewritten file is read again)."""
    _, bottom, _, _ = body_box(PAPERS[paper])
    return [page_lines(page, bottom - 1) for page in PdfReader(path).pages]




def template_paragraphs(template: Path) -> list[str]:
    """The words of every paragraph and list item a template writes, as printed
    (curly quotes and dashes included), for telling a paragraph that runs on to the
    next page from two paragraphs that meet there."""
    parser = MarkdownIt("commonmark", {"html": False, "typographer": True})
    tokens = parser.enable(["table", "replacements", "smartquotes"]).parse(
        template.read_text(encoding="utf-8"))
    words, in_cell, in_heading = [], False, False
    for token in tokens:
        if token.type in ("th_open", "td_open"):
            in_cell = True
        elif token.type in ("th_close", "td_close"):
            in_cell = False
        elif token.type == "heading_open":
            in_heading = True
        elif token.type == "heading_close":
            in_heading = False
        elif token.type == "inline" and not in_cell and not in_heading:
            words.append(normal(markup.plain(token.children or [])))
    return words


def run_of(lines: list[Line], start: int, step: int) -> int:
    """How many lines from ``lines[start]`` on (``step`` 1 down the page, -1 up) are set
    one leading apart in one size: the lines of one paragraph."""
    count = 1
    index = start
    while 0 <= index + step < len(lines):
        here, there = lines[index], lines[index + step]
        # a first line may start at its hanging marker (a list's bullet, a reading's
        # dagger, 24 pt left of the rest)
        if here.size != there.size or not 13.0 <= abs(here.y - there.y) <= 14.6 or \
                abs(here.x - there.x) > 26:
            break
        count, index = count + 1, index + step
    return count


def split_paragraphs(pages: list[list[Line]],
                     paragraphs: list[str]) -> list[tuple[int, int, int, str]]:
    """Every paragraph the book breaks across two pages: the page it starts on
    (1-based), its lines there, its lines on the next page, and its words at the break."""
    found = []
    for number in range(len(pages) - 1):
        here, there = pages[number], pages[number + 1]
        if not here or not there or here[-1].size not in BODY_SIZES:
            continue
        joint = f"{here[-1].text} {there[0].text}"
        if any(joint in paragraph for paragraph in paragraphs):
            found.append((number + 1, run_of(here, len(here) - 1, -1), run_of(there, 0, 1),
                          joint))
    return found
