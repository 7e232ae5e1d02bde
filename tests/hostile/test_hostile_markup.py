"""Runs no markup it did not write: tags and entities in a stranger's files print as text.

Each case in tests/hostile/markup/ is a tileset (with a rulebook where the
case is about one) carrying reportlab paragraph markup: ``<img src>`` that
would embed a file of the machine, ``<font>``, ``<a href>``, ``<link>``,
``<onDraw>``, entities. The build must succeed, the literal text must be
readable in the PDFs, and no PDF may contain an image.

The rule is kept by construction (pnp.export.markup): a paragraph takes only
Markup, and only that module makes it. The last tests check the construction
itself, so a new paragraph built from plain text fails here rather than in a
stranger's rulebook.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from hostile_corpus import cases
from support import ROOT
from support import run_pnp as run

from pnp.export import markup

CASES = cases("markup")


def test_the_corpus_covers_every_place_user_text_reaches_a_paragraph():
    groups = {case.name.split("/")[0] for case in CASES}
    assert {"headings", "prose", "tables", "diagrams", "tileset"} <= groups
    assert len(CASES) >= 20


def pdf_text_and_images(folder: Path) -> tuple[str, list[str]]:
    """All text of every PDF under ``folder`` (whitespace collapsed) and every image found."""
    from pypdf import PdfReader

    texts, images = [], []
    for path in sorted(folder.rglob("*.pdf")):
        reader = PdfReader(path)
        for number, page in enumerate(reader.pages):
            texts.append(page.extract_text())
            images.extend(f"{path.name} page {number + 1}: {name}"
                          for name in image_names(page.get("/Resources")))
    return " ".join(" ".join(texts).split()), images


def image_names(resources: object, seen: set[int] | None = None) -> list[str]:
    """Image XObjects in a resource dictionary, looking inside forms too."""
    seen = set() if seen is None else seen
    found: list[str] = []
    if resources is None:
        return found
    xobjects = resources.get_object().get("/XObject") or {}  # type: ignore[attr-defined]
    for name, reference in xobjects.items():
        xobject = reference.get_object()
        if id(xobject) in seen:
            continue
        seen.add(id(xobject))
        if xobject.get("/Subtype") == "/Image":
            found.append(name)
        elif xobject.get("/Subtype") == "/Form":
            found.extend(image_names(xobject.get("/Resources"), seen))
    return found


TYPOGRAPHY = str.maketrans({"\u201c": '"', "\u201d": '"', "\u2018": "'", "\u2019": "'"})


@pytest.mark.slow  # a build per hostile case: the slow set, which CI runs, holds them
@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_markup_in_user_text_prints_literally_and_embeds_nothing(case, tmp_path):
    out = tmp_path / "out"
    result = run("build", str(case.target), "--paper", "letter", "--out", str(out))
    assert result.exit_code == 0, (case.what, result.output, result.exception)
    text, images = pdf_text_and_images(out)
    text = text.translate(TYPOGRAPHY)  # the book's curly quotes are still the text typed
    for fragment in case.expect:
        assert " ".join(fragment.split()) in text, f"{case.name}: {fragment!r} not printed"
    assert images == []


# ---------------------------------------------------------------------------
# The construction: escaping, translation, and no paragraph of plain text


def test_text_escapes_everything_reportlab_parses():
    hostile = '<img src="/etc/passwd"/> &nbsp; <onDraw name="x"/> &amp;'
    escaped = markup.text(hostile)
    assert isinstance(escaped, markup.Markup)
    assert "<" not in escaped and ">" not in escaped
    assert re.fullmatch(r"(?:[^&]|&(?:amp|lt|gt);)*", escaped)


def test_helpers_refuse_plain_strings():
    with pytest.raises(TypeError):
        markup.bold("<img src='x'/>")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        markup.join(["<b>", markup.text("x")])  # type: ignore[list-item]
    with pytest.raises(TypeError):
        markup.paragraph("<img src='x'/>", None)  # type: ignore[arg-type]


def test_the_rulebook_paragraph_refuses_plain_text():
    from pnp.rulebook.paragraphs import Paragraph, styles

    sheet = styles()
    with pytest.raises(TypeError):
        Paragraph('<img src="/etc/passwd"/>', sheet["body"])  # type: ignore[arg-type]
    printed = Paragraph(markup.text('<img src="/etc/passwd"/>'), sheet["body"])
    assert printed.getPlainText() == '<img src="/etc/passwd"/>'


def test_markdown_is_translated_by_our_code_with_html_off():
    from markdown_it import MarkdownIt

    source = ('**bold** *it* `<code>` <img src="/x"/> [link](http://example.com) '
              '<b>raw</b> ![alt](/etc/passwd)')
    tokens = MarkdownIt("commonmark", {"html": False}).parse(source)
    inline = next(token for token in tokens if token.type == "inline")
    result = markup.inline(inline.children or [], "#a8321c")
    tags = re.findall(r"<[^>]*>", result)
    assert set(tags) <= {"<b>", "</b>", "<i>", "</i>", '<font color="#a8321c">', "</font>"}
    assert "&lt;img src=" in result and "&lt;b&gt;raw&lt;/b&gt;" in result
    assert "http://example.com" not in result and "alt" in result
    assert markup.plain(inline.children or []).startswith("bold it <code> <img")


PACKAGE = ROOT / "pnp"


def calls(tree: ast.AST, name: str) -> list[ast.Call]:
    return [node for node in ast.walk(tree) if isinstance(node, ast.Call) and
            (getattr(node.func, "id", None) == name or getattr(node.func, "attr", None) == name)]


def test_only_the_markup_module_makes_paragraphs_from_reportlab_or_escapes():
    """reportlab's Paragraph and ad-hoc escaping appear nowhere but in pnp.export.markup.

    The rulebook's own Paragraph subclass is the one other maker, and it
    insists on Markup. A module that imported reportlab's Paragraph directly,
    or escaped with xml.sax.saxutils, would bypass the construction.
    """
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        name = path.relative_to(ROOT).as_posix()
        if name == "pnp/export/markup.py":
            continue
        if re.search(r"from reportlab\.platypus(?:\.paragraph)? import [^\n]*\bParagraph\b",
                     source):
            offenders.append(f"{name}: imports reportlab's Paragraph")
        if "saxutils" in source or ("TableOfContents" in source and "markup.join" not in source):
            offenders.append(f"{name}: escapes or sets contents without pnp.export.markup")
    assert offenders == []


def test_every_paragraph_in_the_package_is_given_markup_made_here():
    """Each Paragraph(...) call's text is a call into pnp.export.markup or a Markup value."""
    allowed = {"text", "literal", "join", "bold", "italic", "tinted", "inline_markup",
               "_require", "bulleted", "last_two_bound"}
    loose = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for call in calls(tree, "Paragraph") + calls(tree, "paragraph"):
            if not call.args:
                continue
            first = call.args[0]
            maker = first.func if isinstance(first, ast.Call) else None
            made = getattr(maker, "attr", None) or getattr(maker, "id", None)
            if made not in allowed and not isinstance(first, ast.Name):
                loose.append(f"{path.name}:{call.lineno}")
    assert loose == []
