"""SVG art judged as a document, so nothing in it can make a renderer read another file.

svglib and cairosvg follow an SVG's links: ``<image href>`` and ``<use href>``
load files, CSS ``url()`` and ``@import`` load files or URLs, a DTD can define
entities that name files, and svglib takes a ``data:`` href that is not a
base64 PNG or JPEG for a path. A byte pattern cannot see any of this in an
SVG written in UTF-16, so the check works on the document itself:

1. the bytes are decoded the way an XML parser would (byte order mark, then
   the declaration), and an encoding we cannot decode exactly is refused;
2. DTDs, entity declarations and processing instructions (``<?xml-stylesheet``)
   are refused in the text, before any parser sees it;
3. the text is parsed and every element and attribute is walked, namespaced
   ones too: an element must be one that draws or defines a drawing, a link
   (``href``, ``src`` in any namespace) must be ``#id`` inside the file, and
   CSS (``style`` attributes, ``<style>`` text) may use only a short list of
   functions, with ``url(#id)`` as its only ``url()``.

The renderers then get :attr:`CheckedSvg.data`: the checked text re-encoded as
UTF-8 without a declaration, so they cannot decode the bytes differently from
the way they were checked. Everything here is an allow-list: what is not
named is refused, with a short quote of where it was found.
"""

from __future__ import annotations

import codecs
import re
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from typing import TYPE_CHECKING

import msgspec

if TYPE_CHECKING:  # the parser is imported when art is checked, not on every start
    from xml.etree.ElementTree import Element

MAX_SVG_BYTES = 8 * 1024 * 1024
MAX_DEPTH = 100  # svglib draws nested groups by recursion
MAX_ELEMENTS = 200_000

ALLOWED = ("a self-contained SVG in UTF-8, UTF-16 or UTF-32 whose only links are to its own "
           "elements (href=\"#id\", url(#id)): no other file, URL or data: content, no DTD, "
           "entity, XInclude, script, event handler or stylesheet")

_BOMS = ((b"\x00\x00\xfe\xff", "utf-32-be"), (b"\xff\xfe\x00\x00", "utf-32-le"),
         (b"\xef\xbb\xbf", "utf-8"), (b"\xfe\xff", "utf-16-be"), (b"\xff\xfe", "utf-16-le"))
# Which of the first four bytes are zero tells a wide encoding written without a BOM.
_ZERO_PATTERNS = {(True, True, True, False): "utf-32-be", (False, True, True, True): "utf-32-le",
                  (True, False, True, False): "utf-16-be", (False, True, False, True): "utf-16-le"}
# Encodings a declaration may name, by Python's name for them, per family.
_FAMILIES = {
    "8-bit": frozenset({"utf-8", "ascii", "iso8859-1"}),
    "utf-8": frozenset({"utf-8"}),
    "utf-16": frozenset({"utf-16", "utf-16-le", "utf-16-be"}),
    "utf-32": frozenset({"utf-32", "utf-32-le", "utf-32-be"}),
}
_DECLARATION = re.compile(r"<\?xml\s[^<>]*?\?>")
_DECLARED_ENCODING = re.compile(r"""encoding\s*=\s*["']([^"']*)["']""")
_MARKUP_DECLARATION = re.compile(r"<!(?!--|\[CDATA\[)[^>]{0,40}", re.IGNORECASE)
_INSTRUCTION = re.compile(r"<\?[^>]{0,40}")

_XINCLUDE = "http://www.w3.org/2001/XInclude"
# Namespaces of editors' bookkeeping (Inkscape, Sodipodi, Illustrator, RDF
# metadata): their elements never draw, though their links are still checked.
_METADATA = frozenset({
    "http://www.inkscape.org/namespaces/inkscape",
    "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd",
    "http://www.w3.org/1999/02/22-rdf-syntax-ns#", "http://creativecommons.org/ns#",
    "http://purl.org/dc/elements/1.1/", "http://ns.adobe.com/AdobeIllustrator/10.0/",
    "http://ns.adobe.com/Graphs/1.0/", "http://ns.adobe.com/SaveForWeb/1.0/",
    "http://ns.adobe.com/Extensibility/1.0/", "http://www.bohemiancoding.com/sketch/ns",
})
# Elements that draw or define a drawing. Missing on purpose: script,
# foreignObject, font-face-uri, color-profile, cursor, and the media elements.
_ELEMENTS = frozenset({
    "svg", "g", "defs", "symbol", "use", "switch", "a", "view", "title", "desc", "metadata",
    "path", "rect", "circle", "ellipse", "line", "polyline", "polygon", "image", "text",
    "tspan", "textPath", "tref", "altGlyph", "flowRoot", "flowRegion", "flowPara", "flowSpan",
    "flowDiv", "linearGradient", "radialGradient", "meshgradient", "meshrow", "meshpatch",
    "stop", "pattern", "solidcolor", "hatch", "hatchpath", "clipPath", "mask", "marker",
    "style", "filter", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite",
    "feConvolveMatrix", "feDiffuseLighting", "feDisplacementMap", "feDistantLight",
    "feDropShadow", "feFlood", "feFuncA", "feFuncB", "feFuncG", "feFuncR", "feGaussianBlur",
    "feMerge", "feMergeNode", "feMorphology", "feOffset", "fePointLight", "feSpecularLighting",
    "feSpotLight", "feTile", "feTurbulence",
})
_LINK_ATTRIBUTES = frozenset({"href", "src"})
_INTERNAL_LINK = re.compile(r"#[\w.:-]+")
_CSS_FUNCTIONS = frozenset({
    "url", "rgb", "rgba", "hsl", "hsla", "calc", "matrix", "translate", "translatex",
    "translatey", "scale", "scalex", "scaley", "rotate", "skew", "skewx", "skewy",
})
_CSS_FUNCTION = re.compile(r"(-?[A-Za-z_][\w-]*)\s*\(", re.ASCII)
_URL = re.compile(r"url\s*\(([^)]*)\)?", re.IGNORECASE)
_INTERNAL_URL = re.compile(r"""\s*(["']?)#[\w.:-]+\1\s*""")
_CSS_COMMENT = re.compile(r"/\*.*?(\*/|$)", re.DOTALL)


class SvgProblem(ValueError):
    """Why an SVG is refused, and a short quote of where (``found``)."""

    def __init__(self, problem: str, found: str = "") -> None:
        super().__init__(problem)
        self.problem = problem
        self.found = found[:60]


class CheckedSvg(msgspec.Struct, frozen=True):
    """The SVG as the renderers will get it: checked text as UTF-8, no declaration."""

    data: bytes
    encoding: str


def check_svg(content: bytes) -> CheckedSvg:
    """The checked SVG, or SvgProblem saying what is refused."""
    if len(content) > MAX_SVG_BYTES:
        raise SvgProblem(f"the SVG is larger than {MAX_SVG_BYTES:,} bytes",
                         f"{len(content):,} bytes")
    text, encoding = decode(content)
    body = _without_declaration(text)
    _refuse_declarations(body)

    try:
        root = ElementTree.fromstring(body)
    except ElementTree.ParseError as exc:
        raise SvgProblem(f"the SVG art is not well-formed XML ({exc})") from None
    _check_tree(root)
    return CheckedSvg(body.encode("utf-8"), encoding)


# ---------------------------------------------------------------------------
# Text


def decode(content: bytes) -> tuple[str, str]:
    """The document's text and the codec it was read with, as an XML parser would tell it.

    An 8-bit file is read as its declaration says (UTF-8 unless it names ASCII
    or Latin-1); a UTF-16 or UTF-32 file, told by its byte order mark or its
    zero bytes, may only declare its own encoding.
    """
    family, codec, start = _sniff(content)
    if family == "8-bit":
        codec = _allowed(_declared(content[:256].decode("latin-1")), family, codec)
    try:
        text = content[start:].decode(codec)
    except UnicodeDecodeError as exc:
        raise SvgProblem(f"the SVG is not valid {codec.upper()} text",
                         f"the bytes at offset {exc.start + start}") from None
    if family != "8-bit":
        _allowed(_declared(text), family, codec)
    return text, codec


def _sniff(content: bytes) -> tuple[str, str, int]:
    """(family, codec, bytes to skip): the byte order mark first, then the zero bytes."""
    for mark, codec in _BOMS:
        if content.startswith(mark):
            return codec[:6], codec, len(mark)
    head = content[:4].ljust(4, b"-")
    codec = _ZERO_PATTERNS.get((head[0] == 0, head[1] == 0, head[2] == 0, head[3] == 0), "utf-8")
    return ("8-bit" if codec == "utf-8" else codec[:6]), codec, 0


def _allowed(declared: str | None, family: str, codec: str) -> str:
    """The codec to read with: the declared one if it belongs to the family, else refused."""
    if declared is None:
        return codec
    try:
        name = codecs.lookup(declared).name
    except LookupError:
        name = ""
    if name not in _FAMILIES[family]:
        raise SvgProblem("the SVG declares an encoding pnp does not read, or one that does "
                         f"not match its bytes ({codec.upper()})", f"encoding={declared!r}")
    return name if family == "8-bit" else codec


def _declared(text: str) -> str | None:
    """The encoding the XML declaration names, if there is a declaration naming one."""
    declaration = _DECLARATION.match(text)
    if not declaration:
        return None
    named = _DECLARED_ENCODING.search(declaration.group(0))
    return named.group(1) if named else None


def _without_declaration(text: str) -> str:
    declaration = _DECLARATION.match(text)
    return text[declaration.end():] if declaration else text


def _refuse_declarations(body: str) -> None:
    """DTDs, entity declarations and processing instructions, wherever they are written."""
    found = _MARKUP_DECLARATION.search(body)
    if found:
        raise SvgProblem("the SVG refers to another file or a URL, or could: it has a DTD or "
                         "markup declaration (<!DOCTYPE, <!ENTITY ...), which is never read",
                         found.group(0))
    found = _INSTRUCTION.search(body)
    if found:
        raise SvgProblem("the SVG refers to another file or a URL, or could: it has a "
                         "processing instruction (such as <?xml-stylesheet), which is never "
                         "read", found.group(0))


# ---------------------------------------------------------------------------
# The tree


def _walk(root: Element) -> Iterator[tuple[Element, int]]:
    """Every element with its depth, in document order, without recursion."""
    stack = [(root, 1)]
    while stack:
        element, depth = stack.pop()
        yield element, depth
        stack.extend((child, depth + 1) for child in reversed(element))


def _split(name: str) -> tuple[str, str]:
    """(namespace, local name) of an ElementTree tag or attribute name."""
    if name.startswith("{"):
        namespace, _, local = name[1:].partition("}")
        return namespace, local
    return "", name


def _check_tree(root: Element) -> None:
    for count, (element, depth) in enumerate(_walk(root), start=1):
        if depth > MAX_DEPTH or count > MAX_ELEMENTS:
            raise SvgProblem(f"the SVG is too complex: at most {MAX_ELEMENTS:,} elements, "
                             f"nested at most {MAX_DEPTH} deep")
        namespace, local = _split(element.tag)
        _check_element(namespace, local)
        for name, value in element.attrib.items():
            _check_attribute(_split(name)[1], value)
        if local == "style":
            _check_css("".join(element.itertext()), "<style>")


def _check_element(namespace: str, local: str) -> None:
    if namespace == _XINCLUDE:
        raise SvgProblem("the SVG includes another document (XInclude), which is never read",
                         f"<{local}>")
    if namespace not in _METADATA and local not in _ELEMENTS:
        raise SvgProblem("the SVG has an element pnp does not draw (scripts, foreign content "
                         "and elements that load files are refused)", f"<{local}>")


def _check_attribute(local: str, value: str) -> None:
    if local[:2].lower() == "on":  # onload, onclick, onbegin...: every event handler
        raise SvgProblem("the SVG has an event handler, which would run a script where the "
                         "SVG is opened (pnp draws art again and never runs it)",
                         f'{local}="{value}"')
    if local in _LINK_ATTRIBUTES:
        if not _INTERNAL_LINK.fullmatch(value):
            raise SvgProblem("the SVG refers to another file or a URL (or to data: content), "
                             "which is never read", f'{local}="{value}"')
    elif local == "style":
        _check_css(value, 'style="')
    else:
        _check_urls(value, f'{local}="')


def _check_urls(value: str, where: str) -> None:
    """Every ``url(...)`` in a value points inside the file."""
    for found in _URL.finditer(value):
        if found.group(0)[-1:] != ")" or not _INTERNAL_URL.fullmatch(found.group(1)):
            raise SvgProblem("the SVG refers to another file or a URL (or to data: content), "
                             "which is never read", where + found.group(0))


def _check_css(css: str, where: str) -> None:
    """CSS with no escapes, no at-rules and only known functions; checked with and
    without its comments, so a comment cannot hide a function from either reading."""
    if "\\" in css:
        raise SvgProblem("the SVG's CSS uses a backslash escape, which could hide a URL",
                         where + css[css.index("\\"):][:30])
    at_rule = re.search(r"@\s*-?[A-Za-z]", css)
    if at_rule:
        raise SvgProblem("the SVG refers to another file or a URL: its CSS has an at-rule "
                         "(such as @import or @font-face), which could load one",
                         where + css[at_rule.start():][:30])
    for text in (css, _CSS_COMMENT.sub(" ", css)):
        for function in _CSS_FUNCTION.finditer(text):
            if function.group(1).lower() not in _CSS_FUNCTIONS:
                raise SvgProblem("the SVG's CSS uses a function pnp does not allow",
                                 where + text[function.start():][:30])
        _check_urls(text, where)
