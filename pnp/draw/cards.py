"""Card faces laid out as cards: a title band, an art window and a rules box.

A card is read differently from a tile: the name is scanned first, the picture
tells the player what the card is about at a glance, and the wording is read
only when it matters. So a rectangular card does not place its features by
compass point like a tile; its label becomes the title band, its icons (with
their badges, exactly as tiles and tokens draw them) fill the art window (an
icon placed at a corner is a small tag on that corner of it instead), and
its text is set in a light box at the bottom, wrapped by measured width and
sized so it never leaves that box.

:func:`card_layout` computes the three regions from the card's size and
wording alone, so tests can check them without reading back the drawing.
"""

from __future__ import annotations

from collections.abc import Mapping

import msgspec

from pnp.draw.art import rock_texture
from pnp.draw.badges import badge
from pnp.draw.icons import draw_icon
from pnp.draw.ink import ink_for
from pnp.draw.pen import Pen
from pnp.draw.placing import die_face, wrap
from pnp.draw.scene import Circle, Clip, Outline, Primitive, Style, Text, rect
from pnp.input.direction import right_to_left
from pnp.input.faces import (
    MIN_TEXT,
    FontRole,
    even_lines,
    fit_size,
    greedy_lines,
    string_width,
)
from pnp.model.tileset import Art, Feature
from pnp.model.typography import curly_quotes
from pnp.units import mm

SAFE = mm(3)  # nothing printed closer to the cut than this: a cut may wander that far
PAD = mm(2)  # room between a region's edge and what is inside it
GAP = mm(1.5)  # between the band, the art window and the rules box
BAND_HEIGHT = mm(9)
TITLE_SIZE = 12.0  # the name is shrunk from here to fit the band, never below MIN_TEXT
BODY_SIZES = (8.5, 8.0, 7.5, 7.0, 6.5, MIN_TEXT)  # tried in turn until the rules fit
LEADING = 1.25  # line pitch as a share of the font size
PARAGRAPH_GAP = 0.45  # extra space before a paragraph, as a share of the font size
ASCENT, DESCENT = 0.76, 0.24  # DejaVu Sans glyph extents as shares of the size
RULES_SHARE = (0.30, 0.52)  # smallest and largest share of the card the rules box takes
MIN_ART = 0.12  # share of the card's height the art keeps when the rules need more than 52%
RULES_GROUND = "#fffdf6"  # nearly white: small text needs the most contrast we can give


class Box(msgspec.Struct, frozen=True):
    """A region of the card: left, top, width, height in points (y down)."""

    x: float
    y: float
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height


class RulesText(msgspec.Struct, frozen=True):
    """The rules wording as it will be set: paragraphs of wrapped lines at one size."""

    paragraphs: tuple[tuple[str, ...], ...]
    size: float

    @property
    def height(self) -> float:
        """From the first line's top to the last line's bottom."""
        lines = sum(len(paragraph) for paragraph in self.paragraphs)
        if not lines:
            return 0.0
        gaps = (len(self.paragraphs) - 1) * PARAGRAPH_GAP
        return self.size * ((lines - 1) * LEADING + gaps + ASCENT + DESCENT)


class CardLayout(msgspec.Struct, frozen=True):
    """Where everything goes on one card face."""

    frame: Box  # the rounded frame line, at the safe distance from the cut
    band: Box | None  # the title band; None when the card has no label
    art: Box
    rules: Box | None  # the rules box; None when the card has no text
    title: TitleText
    text: RulesText


class TitleText(msgspec.Struct, frozen=True):
    """The name as it will be set in the band: one line if it fits, else two."""

    lines: tuple[str, ...]
    size: float
    font: FontRole  # bold, or condensed bold for a name too long for bold


def set_title(title: str, width: float, height: float) -> TitleText:
    """The name on one line in bold, else in condensed bold, else on two lines.

    Each try keeps the largest size that fits ``width``; the first that keeps
    to :data:`MIN_TEXT` wins. Two lines share the band's ``height``.
    """
    for font in ("bold", "condensed"):
        size = fit_size(title, font, TITLE_SIZE, width)
        if string_width(title, font, size) <= width:
            return TitleText((title,), size, font)
    most = min(TITLE_SIZE, height / (2 * LEADING))
    lines = greedy_lines(title.split(), "condensed", most, width)
    size = min(fit_size(line, "condensed", most, width) for line in lines)
    return TitleText(tuple(lines), size, "condensed")


def _font(paragraph_index: int, count: int) -> FontRole:
    """The first of several paragraphs says what kind of card it is: it is set bold."""
    return "bold" if paragraph_index == 0 and count > 1 else "regular"


def set_rules(words: str, width: float, height: float) -> RulesText:
    """The wording wrapped to ``width`` at the largest size whose block fits ``height``.

    A word too long for the line at the smallest size is shrunk by :func:`fit_size`
    when drawn. A text too long for ``height`` at the smallest size is set at
    that size: :func:`card_layout` then gives its box all but a sliver of the
    art, and wording too long even for that is the tileset's to shorten (a
    file cannot be checked for it when read, since reading measures no fonts).
    """
    blocks = [block for block in (part.strip() for part in words.split("\n\n")) if block]
    setting = RulesText((), BODY_SIZES[-1])
    for size in BODY_SIZES:
        setting = RulesText(tuple(
            tuple(line for line in _even(block, _font(i, len(blocks)), size, width) if line)
            for i, block in enumerate(blocks)), size)
        if setting.height <= height:
            break
    return setting


def _even(block: str, role: FontRole, size: float, width: float) -> list[str]:
    """A paragraph of a card's rules in even lines (:func:`pnp.input.faces.even_lines`):
    centred, greedy lines had ended a card on one word ("mine." under the Blue
    Sapphire's rule). Right-to-left text and lines broken by hand keep :func:`wrap`."""
    if "\n" in block or right_to_left(block):
        return wrap(block, role, size, width)
    return even_lines(block.split(), role, size, width)


def card_layout(width: float, height: float, title: str, words: str,
                deck_rules: float = 0.0) -> CardLayout:
    """The band, art window and rules box of a ``width`` x ``height`` card.

    ``deck_rules`` is the rules box the longest wording of the card's deck needs:
    every card of a deck gets the same box, so its art window and type line sit
    in the same place on each card of the deck.
    """
    frame = Box(SAFE, SAFE, width - 2 * SAFE, height - 2 * SAFE)
    inner = Box(frame.x + GAP, frame.y + GAP, frame.width - 2 * GAP, frame.height - 2 * GAP)
    band = Box(inner.x, inner.y, inner.width, BAND_HEIGHT) if title else None
    name = set_title(title, inner.width - 2 * PAD, BAND_HEIGHT)
    top = band.bottom + GAP if band else inner.y
    if not words.strip():
        return CardLayout(frame, band, Box(inner.x, top, inner.width, inner.bottom - top), None,
                          name, RulesText((), BODY_SIZES[0]))
    text_width = inner.width - 2 * PAD
    least, most = (share * height for share in RULES_SHARE)
    setting = set_rules(words, text_width, most - 2 * PAD)
    if setting.height + 2 * PAD > most:  # too long even when small: the art gives up room
        most = inner.bottom - top - GAP - MIN_ART * height
        setting = set_rules(words, text_width, most - 2 * PAD)
    rules_height = min(most, max(least, deck_rules, setting.height + 2 * PAD))
    rules = Box(inner.x, inner.bottom - rules_height, inner.width, rules_height)
    art = Box(inner.x, top, inner.width, rules.y - GAP - top)
    return CardLayout(frame, band, art, rules, name, setting)


def _rules_items(layout: CardLayout, ink: str) -> list[Primitive]:
    box, setting = layout.rules, layout.text
    if box is None:
        return []
    items: list[Primitive] = [Outline(rect(box.x, box.y, box.width, box.height, mm(1.2)),
                                      Style(fill=RULES_GROUND, stroke=ink, width=0.6))]
    size = setting.size
    # one paragraph is centred in its box; of several, the first (the card's type,
    # "Item") starts at its top, in the same place on every card of a deck, and the
    # rest are centred in the room under it: set from the top, a short card's words had
    # left the lower third of a box sized for its deck's wordiest empty
    free = box.height - setting.height
    top = min(PAD, free / 2) if len(setting.paragraphs) > 1 else free / 2
    y = box.y + top + ASCENT * size  # the first baseline
    centre, room = box.x + box.width / 2, box.width - 2 * PAD
    for index, paragraph in enumerate(setting.paragraphs):
        if index == 1:  # the rest in the middle of the room under the type, or closer
            rest = RulesText(setting.paragraphs[1:], size).height
            type_foot = y - size * (LEADING + PARAGRAPH_GAP) + DESCENT * size
            middle = type_foot + (box.bottom - top - type_foot - rest) / 2
            y = max(y, middle + ASCENT * size)
        role = _font(index, len(setting.paragraphs))
        for line in paragraph:
            items.append(Text(centre, y, line, fit_size(line, role, size, room), role,
                              "middle", ink))
            y += size * LEADING
        y += size * PARAGRAPH_GAP
    return items


def _title_items(layout: CardLayout, colours: dict[str, str]) -> list[Primitive]:
    band, name = layout.band, layout.title
    if band is None:
        return []
    size = name.size
    # the block of lines centred in the band, each line's glyphs from ascent to descent
    pitch = size * LEADING
    first = band.y + (band.height - (len(name.lines) - 1) * pitch) / 2 + \
        (ASCENT - DESCENT) / 2 * size
    items: list[Primitive] = [Outline(rect(band.x, band.y, band.width, band.height, mm(1.2)),
                                      Style(fill=colours["band"]))]
    ink = ink_for(colours["band"], colours)  # white on the usual dark band; dark on a light one
    items.extend(Text(band.x + band.width / 2, first + index * pitch, line, size, name.font,
                      "middle", ink) for index, line in enumerate(name.lines))
    return items


def _art_items(layout: CardLayout, pictures: list[Feature], colours: dict[str, str],
               width: float, height: float, seed: int,
               own: Mapping[str, Art] | None = None) -> list[Primitive]:
    """The art window: a patch of the tiles' rock with each icon or die on a sand disc."""
    box = layout.art
    window = rect(box.x, box.y, box.width, box.height, mm(1.2))
    field: list[Primitive] = [Outline(window, Style(fill=colours["rock"]))]
    field.extend(rock_texture(colours, width, height, 0.0, seed))
    items: list[Primitive] = [Clip(window, tuple(field)),
                              Outline(window, Style(stroke=colours["wall"], width=0.8))]
    centred = [feat for feat in pictures if feat.kind == "die" or feat.at == "center"]
    count = max(1, len(centred))
    slot = box.width / count
    radius = min(slot, box.height) * 0.36
    for index, feat in enumerate(centred):
        x, y = box.x + slot * (index + 0.5), box.y + box.height / 2
        items.append(Circle(x, y, radius * 1.12, Style(fill=colours["floor"],
                                                        stroke=colours["wall"],
                                                        width=radius * 0.06)))
        if feat.kind == "die":
            items.extend(die_face(int(feat.value), x, y, radius * 1.2, colours))
            continue
        items.extend(draw_icon(str(feat.value), Pen(x, y, radius * 0.9, colours), own))
        if feat.badge:
            items.extend(badge(feat.badge, x + radius * 0.8, y - radius * 0.8, radius * 0.32,
                               colours))
    for feat in pictures:  # over the picture's disc, as its badge is
        if feat not in centred:
            items.extend(_corner_tag(feat, box, radius, colours, own))
    return items


CORNER_SPOTS = {"NW": (0, 0), "NE": (1, 0), "SW": (0, 1), "SE": (1, 1)}


def _corner_tag(feat: Feature, box: Box, radius: float, colours: dict[str, str],
                own: Mapping[str, Art] | None) -> list[Primitive]:
    """An icon set at a corner of the art window (``at``: NW, NE, SW or SE), on a sand
    disc ``feat.scale`` the size of the main one's: a tag that qualifies the picture
    (Dynamine's missions: the depth arrow, "on level 5") and leaves it its full size,
    where a second picture beside it had halved both."""
    across, down = CORNER_SPOTS.get(feat.at, (0, 1))
    small = radius * feat.scale
    margin = small * 1.12 + mm(1)
    x = box.x + (box.width - margin if across else margin)
    y = box.y + (box.height - margin if down else margin)
    items: list[Primitive] = [
        Circle(x, y, small * 1.12, Style(fill=colours["floor"], stroke=colours["wall"],
                                         width=small * 0.08)),
        *draw_icon(str(feat.value), Pen(x, y, small * 0.9, colours), own)]
    if feat.badge:  # the tag's own number (a level), dark: the accent's badge is points
        items += badge(feat.badge, x + small * 0.85, y - small * 0.85, small * 0.42,
                       {**colours, "accent": colours["wall"]})
    return items


def card_words(feats: tuple[Feature, ...]) -> tuple[str, str]:
    """The card's title (its labels) and rules (its texts), each joined in file order,
    with curly quotes and apostrophes, as the books print them."""
    title = " ".join(str(f.value) for f in feats if f.kind == "label")
    words = "\n\n".join(str(f.value) for f in feats if f.kind == "text")
    return curly_quotes(title), curly_quotes(words)


def card_items(feats: tuple[Feature, ...], colours: dict[str, str], width: float,
               height: float, ink: str, seed: int,
               own: Mapping[str, Art] | None = None, deck_rules: float = 0.0) -> list[Primitive]:
    """Everything printed on a card face above its background, frame line included;
    ``colours`` is the palette with the card's title ``band`` colour added."""
    title, words = card_words(feats)
    layout = card_layout(width, height, title, words, deck_rules)
    pictures = [f for f in feats if f.kind in ("icon", "die")]
    frame = layout.frame
    items: list[Primitive] = [Outline(rect(frame.x, frame.y, frame.width, frame.height,
                                           mm(2.5)),
                                      Style(stroke=ink, width=0.9, join="round"))]
    items.extend(_title_items(layout, colours))
    items.extend(_art_items(layout, pictures, colours, width, height, seed, own))
    # the rules box is always light: its words are dark on a dark card too
    items.extend(_rules_items(layout, ink_for(RULES_GROUND, colours)))
    return items


def text_extent(item: Text) -> Box:
    """The box a line of text covers, from the font's metrics: for tests and checks."""
    width = string_width(item.text, item.font, item.size)
    left = {"start": item.x, "middle": item.x - width / 2, "end": item.x - width}[item.anchor]
    return Box(left, item.y - ASCENT * item.size, width, (ASCENT + DESCENT) * item.size)
