"""The SVG writer writes exactly what ElementTree would, hostile text included."""

from __future__ import annotations

from xml.etree import ElementTree

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.draw.scene import Circle, Clip, Drawing, Outline, Style, Text
from pnp.export import svg
from pnp.input.faces import face_for, runs

# any text a tileset may hold: markup characters, quotes, line breaks, tabs, accents
WORDS = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
                max_size=30)
COLOURS = st.one_of(st.sampled_from(["#1a2b3c", "none", "red"]), WORDS)
SQUARE = (("M", 0.0, 0.0), ("L", 10.0, 0.0), ("L", 10.0, 10.0), ("Z",))


def _reference(drawing: Drawing) -> str:
    """The same SVG built as an ElementTree and serialised by it, as the writer once did."""
    def element(parent: ElementTree.Element, tag: str, attributes: dict[str, str]):
        return ElementTree.SubElement(parent, tag, dict(sorted(attributes.items())))

    bleed = drawing.bleed
    width, height = drawing.width + 2 * bleed, drawing.height + 2 * bleed
    root = ElementTree.Element("svg", dict(sorted({
        **svg._NAMESPACES, "baseProfile": "full", "version": "1.1",
        "width": f"{svg.num(width)}pt", "height": f"{svg.num(height)}pt",
        "viewBox": f"{svg.num(-bleed)} {svg.num(-bleed)} {svg.num(width)} {svg.num(height)}",
    }.items())))
    defs = ElementTree.SubElement(root, "defs")
    clips = 0

    def emit(items, parent):
        nonlocal clips
        for item in items:
            if isinstance(item, Outline):
                element(parent, "path", {"d": svg.path_data(item.commands),
                                         **svg._paint(item.style)})
            elif isinstance(item, Circle):
                element(parent, "circle", {"cx": svg.num(item.cx), "cy": svg.num(item.cy),
                                           "r": svg.num(item.r), **svg._paint(item.style)})
            elif isinstance(item, Text):
                text_runs(element(parent, "text", svg._text(item)), item)
            elif isinstance(item, Clip):
                clips += 1
                clip = element(defs, "clipPath", {"id": f"clip{clips}"})
                element(clip, "path", {"d": svg.path_data(item.outline)})
                emit(item.children, element(parent, "g", {"clip-path": f"url(#clip{clips})"}))

    def text_runs(text: ElementTree.Element, item: Text) -> None:
        """Plain runs as text (or a tail after a tspan), CJK runs as tspans in their face."""
        last = None
        main = face_for(item.font, item.text)
        for face, run in runs(item.font, item.text):
            if face != main:
                last = element(text, "tspan", {
                    "font-family": f"{face.family}, sans-serif", "font-weight": face.weight,
                    "font-style": face.style, "font-stretch": face.stretch})
                last.text = run
            elif last is None:
                text.text = (text.text or "") + run
            else:
                last.tail = (last.tail or "") + run

    emit(drawing.items, root)
    return ElementTree.tostring(root, encoding="unicode") + "\n"


@st.composite
def drawings(draw: st.DrawFn) -> Drawing:
    texts = draw(st.lists(st.builds(Text, x=st.just(5.0), y=st.just(5.0), text=WORDS,
                                    size=st.just(8.0), fill=COLOURS), max_size=4))
    styles = st.builds(Style, fill=st.one_of(st.none(), COLOURS),
                       stroke=st.one_of(st.none(), COLOURS), width=st.just(1.5))
    shapes = draw(st.lists(st.one_of(st.builds(Outline, commands=st.just(SQUARE), style=styles),
                                     st.builds(Circle, cx=st.just(5.0), cy=st.just(5.0),
                                               r=st.just(2.0), style=styles)), max_size=3))
    clipped = draw(st.lists(st.builds(Clip, outline=st.just(SQUARE),
                                      children=st.just(tuple(texts[:1]))), max_size=2))
    return Drawing(20.0, 20.0, draw(st.sampled_from([0.0, 9.0])),
                   tuple(shapes + texts + clipped))


@given(drawings())
def test_the_svg_is_what_elementtree_writes_for_the_same_elements(drawing):
    assert svg.to_svg(drawing) == _reference(drawing)


@pytest.mark.slow  # over three seconds alone: a hundred drawings written twice
@given(st.lists(drawings(), min_size=2, max_size=4))
def test_drawings_written_with_shared_path_data_are_written_as_alone(several):
    """A game's SVGs share the path data they have written (paths): no drawing's
    text may depend on which drawings were written before it."""
    paths: svg.PathTexts = {}
    assert [svg.to_svg(drawing, paths) for drawing in several] == \
        [svg.to_svg(drawing) for drawing in several]
    assert all(text == svg.path_data(commands) for commands, text in paths.items())


def test_markup_in_a_label_stays_text():
    label = Text(1.0, 1.0, '</text><script>alert("x")</script> & more', 8.0,
                 fill='red" onload="x')
    written = svg.to_svg(Drawing(10.0, 10.0, 0.0, (label,)))
    assert "<script>" not in written and 'onload="x"' not in written
    root = ElementTree.fromstring(written)
    text = root.find("{http://www.w3.org/2000/svg}text")
    assert text is not None and text.text == label.text and text.get("fill") == label.fill
