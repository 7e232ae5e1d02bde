"""Every use of reportlab's private internals, in one place, for the reportlab we test.

reportlab has no public way to do a few things a build needs: replay a
design's recorded operators, place thousands of forms without its per-call
bookkeeping, write one laid-out book as several editions, let text overtake
a float, and compress each repeated stream once. Each of those reaches a
private name (``canvas._code``, ``pdfdoc.PDFZCompress``, a paragraph's
``blPara``). They live here, behind small functions with public names, so
that a new reportlab release is checked in one module: :data:`TESTED` is
the release line ``pyproject.toml`` pins and the tests run, and
:func:`require_tested` refuses any other with a message that says what to
install. ``tests/test_reportlab_private.py`` holds the bytes these functions
write to a fixed hash.
"""

from __future__ import annotations

import functools
import importlib
import re
import sys
import threading
import zlib
from collections.abc import Callable, Iterable, Sequence
from types import ModuleType
from typing import Any

import reportlab
from reportlab import rl_config
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.pdfdoc import PDFArray, xObjectName

from pnp.errors import UntestedLibrary

TESTED = "5.1"  # the reportlab release line (major.minor) pnp is tested with
PIN = "reportlab>=5.1,<5.2"  # as pyproject.toml pins it


class UntestedReportlab(UntestedLibrary):
    """The reportlab installed is not the release line these internals were checked on."""


def require_tested(found: str = reportlab.Version) -> None:
    """Refuse a reportlab other than :data:`TESTED`: its internals may differ, and a PDF
    written through them could be wrong without any error."""
    if ".".join(found.split(".")[:2]) != TESTED:
        raise UntestedReportlab(
            f"pnp is tested with reportlab {TESTED}.x, and reportlab {found} is installed: "
            f"its PDFs could come out wrong. Install the tested release with "
            f"pip install '{PIN}'.")


require_tested()


# ---------------------------------------------------------------------------
# Writing streams


def binary_streams() -> None:
    """Write PDF streams as binary, for every document we make, compressing each once.

    reportlab's default ASCII85 makes streams 25% larger and slower to write,
    and PDF is binary-safe. The setting is reportlab's own global, so every
    renderer calls this before writing: were only some to do it, a document's
    bytes would depend on what else the process had made before it.

    A design's form has the same content in every document that shows it
    (both papers' sheets, both rulebooks), and half of the streams a build of
    every game compresses are repeats. reportlab compresses through one
    shared filter object, so that object is given a memory of what it
    compressed: the bytes are the same, each is worked out once per process.
    Its encoding of object text gets a shortcut for plain ASCII, with the
    same bytes.
    """
    rl_config.useA85 = 0
    if not isinstance(pdfdoc.PDFZCompress, _RememberedFlate):
        pdfdoc.PDFZCompress = _RememberedFlate()
    if getattr(pdfdoc.pdfdocEnc, "__wrapped__", None) is None:
        pdfdoc.pdfdocEnc = _plain_ascii_first(pdfdoc.pdfdocEnc)


# The ASCII characters PDFDocEncoding gives other meanings (accents), which its codec
# refuses; it leaves every other ASCII character as it is.
_NOT_PLAIN = re.compile("[\x18-\x1f]")


def _plain_ascii_first(encode: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """reportlab's PDFDocEncoding step, with plain ASCII text (every number and content
    stream it writes) encoded directly: its codec, written in Python, was slow."""
    @functools.wraps(encode)
    def encoded(text: Any) -> Any:
        if isinstance(text, str) and text.isascii() and not _NOT_PLAIN.search(text):
            return text.encode("ascii")
        return encode(text)

    return encoded


class _RememberedFlate:
    """reportlab's Flate filter (same name, same bytes) that compresses each content once."""

    pdfname = "FlateDecode"

    def encode(self, text: str | bytes) -> bytes:
        return _deflate(text.encode("utf8") if isinstance(text, str) else text)

    def decode(self, encoded: bytes) -> bytes:
        return zlib.decompress(encoded)


@functools.lru_cache(maxsize=1024)
def _deflate(data: bytes) -> bytes:
    """zlib at its default level, as reportlab calls it; a pure function of the bytes."""
    return zlib.compress(data)


# ---------------------------------------------------------------------------
# A canvas's page: its operators and the forms they show


def operators(canvas: Any) -> list[str]:
    """The live list of the current page's (or form's) drawing operators, one string
    each: read to record a drawing, appended to in order to replay one."""
    code: list[str] = canvas._code
    return code


def forms_shown(canvas: Any) -> list[str]:
    """The live list of the forms the current page shows, by the names we gave them."""
    shown: list[str] = canvas._formsinuse
    return shown


def swap_page(canvas: Any, code: list[str], shown: list[str]) -> tuple[list[str], list[str]]:
    """Give the canvas other operator and form lists; the ones it had are returned."""
    kept = canvas._code, canvas._formsinuse
    canvas._code, canvas._formsinuse = code, shown
    return kept


def place_forms(canvas: Any, placed: Iterable[tuple[str, str]]) -> None:
    """Show forms by our names at matrices: ``q MATRIX cm /Form Do Q`` for each
    (matrix, name) pair, the very operators saveState, transform, doForm and
    restoreState write, without reportlab's per-call bookkeeping (a copy of
    the graphics state for each), which cost more than the PDF itself."""
    code, shown = canvas._code, canvas._formsinuse
    internal: dict[str, str] = {}
    for matrix, name in placed:
        if name not in internal:
            internal[name] = canvas._doc.getXObjectName(name)
        code.extend(("q", f"{matrix} cm", f"/{internal[name]} Do", "Q"))
        shown.append(name)


def drawing_a_form(canvas: Any) -> bool:
    """Whether the canvas is inside beginForm and endForm."""
    return canvas._formData is not None


def has_crop_marks(canvas: Any) -> bool:
    """Whether reportlab adds crop marks of its own when a page ends."""
    return bool(canvas._cropMarks)


# what a page keeps of its own beside its operators
PAGE_EXTRAS = ("_annotationrefs", "_colorsUsed", "_shadingUsed")


def page_extras(canvas: Any) -> list[str]:
    """A fingerprint of what the page holds beside operators and forms (links, colour
    spaces, shadings): a drawing that must not add any compares it before and after."""
    return [repr(getattr(canvas, name)) for name in PAGE_EXTRAS]


def finished_page(canvas: Any) -> list[str]:
    """The page's whole content as reportlab writes it when the page ends: its
    commands before, its preamble, its operators, and its commands after."""
    return [*canvas._psCommandsBeforePage, canvas._preamble, *canvas._code, " ",
            *canvas._psCommandsAfterPage]


# ---------------------------------------------------------------------------
# A document written more than once (the rulebook's editions)


def document_of(canvas: Any) -> Any:
    """The canvas's document, which holds every object the file will have."""
    return canvas._doc


def document_pages(document: Any) -> list[Any]:
    """The document's page objects, in order."""
    pages: list[Any] = document.Pages.pages
    return pages


def set_page(page: Any, width: float, height: float, code: str, forms: Sequence[str],
             document: Any) -> None:
    """Give a page object its box, operators and forms (by our names) before a write.

    reportlab makes a page's content stream and resources when it first
    writes the page; before that they are set where it will look for them.
    """
    shown = document.xobjDict(list(forms)) if forms else None
    page.MediaBox = PDFArray([0, 0, width, height])
    if page.Contents is None:
        page.stream = code
    else:
        page.Contents.content = code
    if page.Resources is None:
        page.XObjects = shown
    else:
        page.Resources.XObject = shown if shown is not None else {}


def forms_reached(document: Any, names: Iterable[str]) -> set[str]:
    """The internal names of the forms ``names`` show, and of the forms those show."""
    todo = [xObjectName(name) for name in names]
    reached: set[str] = set()
    while todo:
        name = todo.pop()
        if name not in reached:
            reached.add(name)
            inner = document.idToObject[name].XObjects
            todo += list(inner.dict) if inner is not None else []
    return reached


def write_document(document: Any, canvas: Any, first: bool, salt: bytes,
                   blank: set[str]) -> bytes:
    """Write the document's file once more: a fresh file identifier (mixed with
    ``salt`` after the first write), and the objects named in ``blank`` written
    as ``null``. The first write also makes the fonts' subsets and the outline.
    """
    document._ID = None
    if not first:
        document.signature.update(salt)
    kept = {name: document.idToObject[name] for name in blank}
    document.idToObject.update(dict.fromkeys(blank, b"null"))
    try:
        data: bytes = document.GetPDFData(canvas) if first else document.format()
        return data
    finally:
        document.idToObject.update(kept)


def lay_out_only(document: Any) -> None:
    """Make a platypus document lay out without writing its file at the end (the
    editions are written from its canvas instead)."""
    document._doSave = 0


# ---------------------------------------------------------------------------
# Importing Platypus

# How reportlab's paragraph module's URI pattern begins (it is written out in full there)
URI_PATTERN_START = "(^(?:[a-z0-9\\.\\-\\+]*)://)"


class CompiledOnFirstUse:
    """A regular expression compiled when first used, and then used as itself."""

    def __init__(self, compile_now: Callable[[str, int], re.Pattern[str]], pattern: str,
                 flags: int) -> None:
        self.pattern, self.flags, self._compile_now = pattern, flags, compile_now

    @functools.cached_property
    def compiled(self) -> re.Pattern[str]:
        return self._compile_now(self.pattern, self.flags)

    def match(self, text: str, *bounds: int) -> re.Match[str] | None:
        return self.compiled.match(text, *bounds)

    def __getattr__(self, name: str) -> Any:  # search, fullmatch, groups...
        return getattr(self.compiled, name)


def import_platypus() -> ModuleType:
    """``reportlab.platypus``, imported with its paragraph module's URI pattern compiled
    on first use rather than on import.

    Paragraphs use that pattern only to break a long web address across lines,
    and compiling it costs a process some 27 ms (its case-blind character
    ranges run to U+FFFF): a third of the import, and a tenth of setting a
    player aid. ``re.compile`` is replaced for the length of the import only.
    """
    with _IMPORTING_PLATYPUS:  # one swap at a time: a second would keep the first's
        if "reportlab.platypus.paragraph" in sys.modules:
            return importlib.import_module("reportlab.platypus")
        return _import_deferring_uri_pattern()


_IMPORTING_PLATYPUS = threading.Lock()


def _import_deferring_uri_pattern() -> ModuleType:
    """The import, with re.compile answering the URI pattern by a pattern compiled later."""
    compile_now = re.compile

    def compile_or_defer(pattern: Any, flags: int = 0) -> Any:
        if isinstance(pattern, str) and pattern.startswith(URI_PATTERN_START):
            return CompiledOnFirstUse(compile_now, pattern, flags)
        return compile_now(pattern, flags)

    setattr(re, "compile", compile_or_defer)  # noqa: B010  # for this import alone
    try:
        return importlib.import_module("reportlab.platypus")
    finally:
        setattr(re, "compile", compile_now)  # noqa: B010


# ---------------------------------------------------------------------------
# Platypus layout


def stacked_height(flowables: list[Any], width: float) -> float:
    """The height ``flowables`` take stacked at ``width``, as a frame would place them.

    Platypus is imported here, by the code that lays out text, not by every PDF this
    module helps write: its paragraph module compiles some forty patterns on import,
    which a sheet of tiles never needs."""
    from reportlab.platypus.flowables import _listWrapOn

    return float(_listWrapOn(flowables, width, None)[1])


def paragraph_lines(paragraph: Any) -> tuple[float, ...]:
    """The height of each line of a wrapped paragraph, where a page may end between
    them: its leading, since the book's styles set no automatic leading (a split
    paragraph's first part is then exactly its lines' leading)."""
    if getattr(paragraph.style, "autoLeading", "") not in ("", "off"):
        raise ValueError("a paragraph with automatic leading has lines of several heights")
    return (float(paragraph.style.leading),) * len(paragraph.blPara.lines)


def lines_ending_in_a_colon(paragraph: Any) -> frozenset[int]:
    """Which lines of a wrapped paragraph end with a colon: a page that ended there would
    end with an introduction ("Other reading:") whose words are on the next."""
    found = set()
    for number, line in enumerate(paragraph.blPara.lines):
        if isinstance(line, tuple):  # a plain paragraph: (space left, words)
            text = " ".join(str(word) for word in line[1])
        else:  # a paragraph of styled fragments
            text = "".join(str(getattr(word, "text", "")) for word in line.words)
        if text.rstrip().endswith(":"):
            found.add(number)
    return frozenset(found)


def table_rows(table: Any) -> tuple[float, tuple[float, ...]]:
    """A wrapped table's repeated head rows (their height) and the height of each row
    after them, where a page may end."""
    heights = [float(height) for height in table._rowHeights]
    repeated = table.repeatRows
    head = len(repeated) if isinstance(repeated, (tuple, list)) else int(repeated or 0)
    return sum(heights[:head]), tuple(heights[head:])


# what reportlab's wrap and breakLines set on a paragraph
PARAGRAPH_WRAP_STATE = ("width", "height", "blPara", "_wrapWidths", "_width_max",
                        "_hyphenations", "_splitLongWordCount")


def paragraph_wrap_state(paragraph: Any, width: float) -> dict[str, Any] | None:
    """What a paragraph's wrap at ``width`` worked out, to give another paragraph of the
    same text and style at the same width; None when it found no room."""
    found = paragraph.__dict__
    if "blPara" not in found or paragraph.width != width:
        return None
    return {name: found[name] for name in PARAGRAPH_WRAP_STATE if name in found}


# ---------------------------------------------------------------------------
# PDF/X: an output intent, XMP metadata and the Info keys a print-shop PDF needs


def add_output_intent(canvas: Any, profile: bytes | None, condition: str, info: str,
                      registry: str) -> None:
    """Give the document the PDF/X output intent ``condition``, with ``profile`` embedded
    (a condition in the ICC's registry may go without: PDF/X-1a's SWOP).

    reportlab's catalogue writes only the keys it knows, and OutputIntents is
    not one of them, so this catalogue is told to write it too.
    """
    entries = {
        "Type": pdfdoc.PDFName("OutputIntent"), "S": pdfdoc.PDFName("GTS_PDFX"),
        "OutputConditionIdentifier": pdfdoc.PDFString(condition),
        "OutputCondition": pdfdoc.PDFString(info), "Info": pdfdoc.PDFString(info),
        "RegistryName": pdfdoc.PDFString(registry)}
    if profile is not None:
        stream = pdfdoc.PDFStream(pdfdoc.PDFDictionary({"N": 4}), profile)
        entries["DestOutputProfile"] = canvas._doc.Reference(stream)
    intent = pdfdoc.PDFDictionary(entries)
    catalog = canvas._doc.Catalog
    catalog.__NoDefault__ = [*type(catalog).__NoDefault__, "OutputIntents"]
    catalog.__Refs__ = [*type(catalog).__Refs__]  # the array itself stays direct
    catalog.OutputIntents = PDFArray([intent])


class _PlainStream(pdfdoc.PDFStream):
    """A stream written as it is, with no Filter key at all: reportlab writes an empty
    ``/Filter []`` for a stream it is told not to compress."""

    def format(self, document: Any) -> bytes:
        entries = {**self.dictionary.dict, "Length": len(self.content)}
        head: bytes = pdfdoc.format(pdfdoc.PDFDictionary(entries), document)
        content: bytes = self.content
        return head + b"\nstream\n" + content + b"\nendstream\n"


def add_metadata(canvas: Any, xmp: bytes) -> None:
    """Attach an XMP packet to the catalogue, uncompressed so any preflight can read it."""
    canvas._doc.Catalog.Metadata = _PlainStream(pdfdoc.PDFDictionary({
        "Type": pdfdoc.PDFName("Metadata"), "Subtype": pdfdoc.PDFName("XML")}), xmp)


def add_info(canvas: Any, extra: dict[str, str]) -> None:
    """Add text entries (``GTS_PDFXVersion``) to the document's Info dictionary, which
    reportlab writes from a fixed list of keys."""
    info = canvas._doc.info
    written = info.format

    def format_with_extra(document: Any) -> bytes:
        text: bytes = written(document)
        more = b"".join(b" /" + key.encode("ascii") + b" " +
                        pdfdoc.PDFString(value).format(document) for key, value in extra.items())
        return text[:text.rindex(b">>")] + more + b" >>"

    info.format = format_with_extra


def creation_date(canvas: Any) -> str:
    """The document's creation (and modification) time as the Info dictionary writes it,
    ``D:YYYYMMDDHHmmSS+00'00'``; with ``invariant`` a fixed date, so builds repeat."""
    date: str = pdfdoc.PDFDate(ts=canvas._doc._timeStamp,
                               dateFormatter=canvas._doc.info._dateFormatter).format(
        canvas._doc).decode("ascii")
    return date.strip("()")


def image_with_alpha(image: Any, alpha: Any | None) -> Any:
    """A reportlab image of a CMYK (or other) Pillow picture with ``alpha`` as its soft
    mask: reportlab reads the mask only from RGBA pictures, so it is handed over here."""
    reader = ImageReader(image)
    reader.getRGBData()  # keeps CMYK as it is
    if alpha is not None:
        reader._dataA = ImageReader(alpha)
    return reader


def table_body(table: Any) -> list[list[Any]]:
    """A Platypus table's cells, row by row: the half a split made can be relabelled."""
    cells: list[list[Any]] = table._cellvalues
    return cells


def text_mark(canvas: Any) -> tuple[Any, float, float, float]:
    """Where Platypus stands as it reaches an ``<onDraw>`` mark in a paragraph: the line's
    text object, the mark's x and baseline, and the paragraph's font size."""
    where = canvas._curr_tx_info
    return where["tx"], where["cur_x"], where["cur_y"], where["xs"].style.fontSize


def line_start(text: Any) -> float:
    """Where a text object's current line starts, which Platypus moves from as it sets
    the words after a mark."""
    start: float = text._x0
    return start
