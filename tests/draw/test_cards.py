"""Cards are designed as cards: a title band, an art window and a rules box that never overflow.

The regions come from :func:`pnp.draw.cards.card_layout`; the tests check them
against each other and against what the drawing really holds, measure every
line with the font's metrics, and look at a printed card page pixel by pixel.
"""

from __future__ import annotations

import json
import math
from itertools import combinations
from pathlib import Path

import pytest
from support import ROOT, close_to, pdf_page_image, text_sizes, tileset_from_text

from pnp.assemble import build
from pnp.draw.cards import GAP, PAD, Box, card_layout, card_words, text_extent
from pnp.draw.components import deck_rules, design_component, design_reverse
from pnp.draw.scene import Clip, Drawing, Primitive, Text
from pnp.input.faces import MIN_TEXT, string_width
from pnp.input.tileset import load_tileset
from pnp.model.options import options_for
from pnp.model.paper import PAPERS
from pnp.model.tileset import Component, Feature, Tileset
from pnp.units import mm

DYNAMINE = load_tileset(ROOT / "tilesets" / "dynamine.yaml")
CARDS = [c for c in DYNAMINE.components if c.kind == "card"]
SLACK = 0.01  # points: rounding in the layout's sums


def overlapping(a: Box, b: Box) -> bool:
    """Whether two of a card's boxes share any area (touching edges do not)."""
    return a.x < b.right and b.x < a.right and a.y < b.bottom and b.y < a.bottom


def faces(component: Component) -> list[tuple[str, Drawing, tuple[Feature, ...]]]:
    """Each printed face of a card that is laid out as a card, with its features."""
    found = [("front", design_component(DYNAMINE, component), component.features)]
    if component.reverse is not None:
        found.append(("reverse", design_reverse(DYNAMINE, component),
                      component.reverse.features))
    return found


def texts(items: tuple[Primitive, ...]) -> list[Text]:
    found: list[Text] = []
    for item in items:
        if isinstance(item, Text):
            found.append(item)
        elif isinstance(item, Clip):
            found.extend(texts(item.children))
    return found


def inside(inner: Box, outer: Box, margin: float = 0.0) -> bool:
    return (inner.x >= outer.x + margin - SLACK and inner.right <= outer.right - margin + SLACK
            and inner.y >= outer.y + margin - SLACK
            and inner.bottom <= outer.bottom - margin + SLACK)


def test_dynamine_ships_poker_cards():
    assert len(CARDS) == 17
    assert {(round(c.width, 2), round(c.height, 2)) for c in CARDS} == {(178.58, 249.45)}


@pytest.mark.parametrize("component", CARDS, ids=lambda c: c.name)
def test_band_art_and_rules_are_separate_regions_inside_the_safe_area(component):
    for _, drawing, feats in faces(component):
        layout = card_layout(drawing.width, drawing.height, *card_words(feats),
                             deck_rules(DYNAMINE, component))
        assert layout.band is not None and layout.rules is not None
        regions = [layout.band, layout.art, layout.rules]
        for a, b in combinations(regions, 2):
            assert not overlapping(a, b)
        # top to bottom, a gap between neighbours, all inside the frame
        assert layout.band.bottom + GAP <= layout.art.y + SLACK
        assert layout.art.bottom + GAP <= layout.rules.y + SLACK
        assert layout.frame == Box(mm(3), mm(3), drawing.width - mm(6), drawing.height - mm(6))
        assert all(inside(region, layout.frame) for region in regions)
        # the art window is the biggest region: the picture is what a player sees first
        assert layout.art.height > max(layout.band.height, 0.5 * layout.rules.height)


@pytest.mark.parametrize("component", CARDS, ids=lambda c: c.name)
def test_every_line_lies_inside_its_box_by_measured_width(component):
    for side, drawing, feats in faces(component):
        title, words = card_words(feats)
        # the rules box the wordiest card of its deck needs, as every card of it has
        layout = card_layout(drawing.width, drawing.height, title, words,
                             deck_rules(DYNAMINE, component))
        assert layout.band is not None and layout.rules is not None
        lines = texts(drawing.items)
        titles = [t for t in lines if inside(text_extent(t), layout.band)]
        rules = [t for t in lines if inside(text_extent(t), layout.rules, PAD)]
        badges = [t for t in lines if inside(text_extent(t), layout.art)]
        assert [t.text for t in titles] == [title], side
        # white on a dark band, the ink on a light one (side B of a reward card)
        assert titles[0].font == "bold" and titles[0].fill in ("#ffffff",
                                                               dict(DYNAMINE.palette)["ink"])
        assert string_width(title, "bold", titles[0].size) <= layout.band.width - 2 * PAD
        assert [t.text for t in badges] == [f.badge for f in feats if f.badge]
        assert len(titles) + len(rules) + len(badges) == len(lines), side  # none outside
        assert " ".join(t.text for t in rules).split() == words.split()
        for line in rules:
            assert string_width(line.text, line.font, line.size) <= \
                layout.rules.width - 2 * PAD + SLACK


@pytest.mark.parametrize("component", CARDS, ids=lambda c: c.name)
def test_card_text_is_readable(component):
    for _, drawing, _ in faces(component):
        sizes = [t.size for t in texts(drawing.items)]
        assert min(sizes) >= 7.0  # the shipped wording all fits at 7 pt or more
        assert max(sizes) >= 10.0  # the title stands out


@pytest.mark.parametrize("component", CARDS, ids=lambda c: c.name)
def test_rules_words_are_dark_on_their_light_box_whatever_the_face(component):
    """The rules box is nearly white on every face: its words are the palette's dark ink
    on a dark face too (side B's night face had set them white on white)."""
    for side, drawing, feats in faces(component):
        layout = card_layout(drawing.width, drawing.height, *card_words(feats),
                             deck_rules(DYNAMINE, component))
        assert layout.rules is not None
        rules = [t for t in texts(drawing.items) if inside(text_extent(t), layout.rules, PAD)]
        assert rules and {t.fill for t in rules} == {dict(DYNAMINE.palette)["ink"]}, side


@pytest.mark.parametrize("component", CARDS, ids=lambda c: c.name)
def test_the_art_window_shows_the_cards_icon_and_badge(component):
    """The same icon functions and badges as tiles and tokens, drawn large."""
    from pnp.draw.badges import badge
    from pnp.draw.icons import ICONS
    from pnp.draw.pen import Pen

    drawing = design_component(DYNAMINE, component)
    layout = card_layout(drawing.width, drawing.height, *card_words(component.features),
                         deck_rules(DYNAMINE, component))
    icon = next(f for f in component.features if f.kind == "icon")
    items = drawing.items[0].children  # type: ignore[union-attr]
    colours = dict(DYNAMINE.palette)
    art = layout.art
    radius = min(art.width, art.height) * 0.36
    centre = (art.x + art.width / 2, art.y + art.height / 2)
    drawn = ICONS[str(icon.value)](Pen(*centre, radius * 0.9, colours))
    assert all(part in items for part in drawn)
    assert radius * 0.9 * 2 >= 0.4 * drawing.width  # large: two fifths of the card across
    if icon.badge:
        assert all(part in items for part in badge(icon.badge, centre[0] + radius * 0.8,
                                                   centre[1] - radius * 0.8, radius * 0.32,
                                                   colours))


LONG = """\
game: cards
title: Cards
size: 1in
tiles: [{name: t, count: 1, paths: [N-S]}]
components:
  - name: wordy
    kind: card
    count: 1
    size: 63mm x 88mm
    features:
      - {label: "WANDERING MINERS WHO NEVER FIND THE GOLD"}
      - {text: "Kind\\n\\n%s"}
      - {icon: bat}
  - name: disc
    kind: card
    count: 1
    size: 30mm
    shape: round
    features: [{label: ROUND, at: N}, {icon: bat}]
"""


def _wordy() -> Tileset:
    words = " ".join(["Extraordinarily"] + ["every tunnel scores one more point"] * 12)
    return tileset_from_text(LONG % words)


def test_long_wording_shrinks_and_grows_its_box_but_never_overflows():
    tileset = _wordy()
    card = tileset.components[0]
    drawing = design_component(tileset, card)
    title, words = card_words(card.features)
    layout = card_layout(drawing.width, drawing.height, title, words)
    assert layout.rules is not None and layout.band is not None
    assert layout.rules.height > 0.45 * drawing.height  # the box took more of the card
    assert MIN_TEXT <= layout.text.size < 8.5  # and the text got smaller, not too small
    assert layout.text.height <= layout.rules.height - 2 * PAD
    lines = texts(drawing.items)
    names = [line for line in lines if line.fill == "#ffffff"]
    assert len(names) == 2 and " ".join(n.text for n in names) == title  # two lines in the band
    for line in lines:
        box = layout.band if line in names else layout.rules
        assert inside(text_extent(line), box, PAD if box is layout.rules else 0), line.text
        assert line.size >= MIN_TEXT


def test_a_round_card_keeps_the_token_layout():
    tileset = _wordy()
    drawing = design_component(tileset, tileset.components[1])
    assert [t.font for t in texts(drawing.items)] == ["label"]  # the plaque, no band


@pytest.fixture(scope="module")
def card_sheets(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("cards")
    build([DYNAMINE], out, options_for(("letter", "a4"), rulebook=False))
    return out / "dynamine"


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_printed_cards_show_band_art_and_rules_where_the_layout_puts_them(card_sheets, paper):
    data = json.loads((card_sheets / "manifest.json").read_text())
    sheet = next(s for s in data["sheets"] if s["kind"] == "cards" and s["paper"] == paper)
    path = card_sheets / sheet["path"]
    assert min(size for _, size in text_sizes(path)) >= MIN_TEXT  # page furniture included
    page_height = PAPERS[paper].height
    dpi = 100
    image = pdf_page_image(path, 0, dpi)
    colours = dict(DYNAMINE.palette)
    for placement in [p for p in sheet["placements"] if p["page"] == 1]:
        card = next(c for c in CARDS if c.name == placement["component"])
        # laid out as the sheet draws it: with the rules box its wordiest deck-mate needs
        layout = card_layout(placement["w"], placement["h"], *card_words(card.features),
                             deck_rules(DYNAMINE, card))
        assert layout.band is not None and layout.rules is not None
        left, top = placement["x"], page_height - placement["y"] - placement["h"]

        def pixel(x: float, y: float, left: float = left, top: float = top) -> tuple[int, ...]:
            return image.getpixel((round((left + x) * dpi / 72), round((top + y) * dpi / 72)))

        band, art, rules = layout.band, layout.art, layout.rules
        assert close_to(pixel(band.x + 4, band.y + band.height / 2),
                        card.band or colours["accent"], 20)
        assert close_to(pixel(art.x + art.width / 2 - min(art.width, art.height) * 0.38,
                              art.y + art.height / 2), colours["floor"], 20)  # the disc's rim
        assert close_to(pixel(rules.x + 3, rules.y + rules.height / 2), "#fffdf6", 12)
        assert close_to(pixel(1.0, placement["h"] / 2), "#f6efdf", 12)  # outside the frame


def test_wording_too_long_for_half_the_card_takes_room_from_the_art():
    sentence = "Every tunnel you dig this round scores one more point"
    words = " ".join([sentence] * 5 + sentence.split()[:4])
    tileset = tileset_from_text((LONG % words).replace("63mm x 88mm", "44mm x 63mm"))
    drawing = design_component(tileset, tileset.components[0])
    layout = card_layout(drawing.width, drawing.height, *card_words(tileset.components[0].features))
    assert layout.rules is not None
    assert layout.rules.height > 0.52 * drawing.height
    assert layout.art.height >= 0.12 * drawing.height - SLACK
    assert layout.text.height <= layout.rules.height - 2 * PAD
    assert not overlapping(layout.art, layout.rules)
    for line in texts(drawing.items):
        if line.fill != "#ffffff" and line.text not in ("Kind",):
            assert inside(text_extent(line), layout.rules, PAD), line.text


def test_a_light_accent_gets_a_dark_title_so_it_reads_in_greyscale():
    from support import hex_rgb, luminance

    text = LONG.replace("size: 1in\n", "size: 1in\npalette: {accent: \"#e8d48a\"}\n") % "Short."
    tileset = tileset_from_text(text)
    drawing = design_component(tileset, tileset.components[0])
    layout = card_layout(drawing.width, drawing.height, *card_words(tileset.components[0].features))
    assert layout.band is not None
    names = [t for t in texts(drawing.items) if inside(text_extent(t), layout.band)]
    assert names and all(t.fill == dict(tileset.palette)["ink"] for t in names)
    assert abs(luminance(hex_rgb(names[0].fill)) - luminance(hex_rgb("#e8d48a"))) > 120


@pytest.mark.parametrize("size", ["0.25in x 0.25in", "0.3in x 0.5in", "4in x 0.25in",
                                  "0.5in x 0.25in"])
@pytest.mark.parametrize("features", [
    '[{icon: bat}]', '[{text: "hi"}]',
    '[{label: A LONG TITLE}, {icon: bat, badge: "3"}, {text: "rules\\n\\nmore rules"}]'])
def test_a_card_at_the_smallest_size_allowed_is_drawn_not_a_crash(size, features):
    """A 0.25 in card passes validate (the documented minimum); building it stopped with a
    ZeroDivisionError fitting a title that had no room. It is drawn, every number finite."""
    tileset = tileset_from_text(
        "game: tiny\ntitle: Tiny\nsize: 1.5in\ntiles:\n  - {name: plain, count: 1, "
        f"paths: [N-S]}}\ncomponents:\n  - {{name: card, kind: card, count: 1, size: {size}, "
        f"features: {features}}}\n")
    drawing = design_component(tileset, tileset.components[0])

    def numbers(items):
        for item in items:
            yield from numbers(getattr(item, "children", ()))
            for value in (getattr(item, name, 0.0) for name in ("x", "y", "size", "r")):
                yield float(value)

    assert all(math.isfinite(value) for value in numbers(drawing.items))


def band_fills(drawing: Drawing) -> set[str]:
    """The fill of every shape whose box is the card's title band."""
    from pnp.draw.scene import Outline, flat, rect

    band = card_layout(drawing.width, drawing.height, "A", "b").band
    assert band is not None
    shape = rect(band.x, band.y, band.width, band.height, mm(1.2))
    return {item.style.fill for item in flat(drawing.items)
            if isinstance(item, Outline) and item.commands == shape and item.style.fill}


def test_a_cards_band_takes_its_own_colour_on_both_sides_and_its_name_turns_dark_on_light():
    text = LONG.replace("    features:\n", "    band: \"#e8d48a\"\n    reverse:\n"
                        "      features: [{label: B SIDE}, {text: \"b\"}]\n    features:\n", 1)
    tileset = tileset_from_text(text % "Short.")
    card = tileset.components[0]
    assert card.band == "#e8d48a"
    for drawing in (design_component(tileset, card), design_reverse(tileset, card)):
        assert band_fills(drawing) == {"#e8d48a"}
        layout = card_layout(drawing.width, drawing.height, "A", "b")
        assert layout.band is not None
        names = [t for t in texts(drawing.items) if inside(text_extent(t), layout.band)]
        assert names and all(t.fill == dict(tileset.palette)["ink"] for t in names)
    plain = tileset_from_text(LONG % "Short.")
    assert band_fills(design_component(plain, plain.components[0])) == {
        dict(plain.palette)["accent"]}


def test_dynamines_rewards_items_and_missions_each_have_their_own_band():
    """Items and missions share a deck and a back: their bands tell them apart, and the
    rewards' differs from both."""
    kinds: dict[str, set[str]] = {}
    for card in CARDS:
        kind = card.name.split("-")[0]
        kinds.setdefault(kind, set()).update(band_fills(design_component(DYNAMINE, card)))
    assert set(kinds) == {"reward", "item", "mission"}
    assert all(len(fills) == 1 for fills in kinds.values())
    assert len(set.union(*kinds.values())) == 3
    # shuffled into one deck, items and missions are sorted by their bands: in greyscale
    # too (teal and plum had printed within 4 levels of each other)
    from support import hex_rgb, luminance

    [item], [mission] = kinds["item"], kinds["mission"]
    assert abs(luminance(hex_rgb(item)) - luminance(hex_rgb(mission))) > 60


@pytest.mark.parametrize("card", [c for c in CARDS if c.name.startswith("reward-")],
                         ids=lambda c: c.name)
def test_a_reward_cards_two_sides_differ_by_their_band_in_greyscale_too(card):
    """Side A (two players) and side B (three or four) differed only by a line of 7.5 pt
    type and the badge; their title bands now differ, and do in greyscale."""
    from support import hex_rgb, luminance

    [front], [back] = (band_fills(design_component(DYNAMINE, card)),
                       band_fills(design_reverse(DYNAMINE, card)))
    assert front != back
    assert abs(luminance(hex_rgb(front)) - luminance(hex_rgb(back))) > 60


def test_a_short_cards_words_are_centred_under_its_type_in_a_deck_sized_box():
    """The type ("Item") keeps the box's top on every card of a deck; the words under it
    stand in the middle of the room left, not at its top with a third of it empty."""
    from pnp.draw.cards import ASCENT, DESCENT, _rules_items
    from pnp.draw.scene import Text

    width, height = 180.0, 252.0
    words = "Item\n\nWhen the game ends, every well earns you 2 VP."
    layout = card_layout(width, height, "Water Barrel", words, deck_rules=110.0)
    assert layout.rules is not None
    drawn = [item for item in _rules_items(layout, "#000000") if isinstance(item, Text)]
    box, size = layout.rules, layout.text.size
    first, *rest = drawn
    assert first.y - ASCENT * size == pytest.approx(box.y + PAD)  # the type at the top
    above = rest[0].y - ASCENT * size - (first.y + DESCENT * size)
    below = box.bottom - PAD - (rest[-1].y + DESCENT * size)
    assert above > 10.0 and above == pytest.approx(below, abs=1.0)


@pytest.mark.parametrize(("mission", "reward"), [
    ("mission-main-water-well", "reward-wells"), ("mission-great-stone-altar", "reward-altars"),
    ("mission-deep-halls", "reward-tiles"), ("mission-giant-dragon-skull", "reward-fossils")])
def test_a_mission_that_shares_a_rewards_icon_is_tagged_with_its_depth(mission, reward):
    """Four missions had worn exactly their reward's picture ("Main Water Well", "Most
    Wells"): only the band's colour told them apart. Each carries the depth arrow as a
    tag at its picture's corner ("on level 5"), and its main icon keeps its full size."""
    from pnp.draw.icons import ICONS
    from pnp.draw.pen import Pen
    from pnp.draw.scene import Circle

    by_name = {c.name: c for c in DYNAMINE.components}
    ours = design_component(DYNAMINE, by_name[mission]).items[0].children  # type: ignore[union-attr]
    theirs = design_component(DYNAMINE, by_name[reward]).items[0].children  # type: ignore[union-attr]
    tag = next(f for f in by_name[mission].features if f.kind == "icon" and f.at == "SW")
    assert tag.value == "deepest"
    floor = dict(DYNAMINE.palette)["floor"]
    discs = [item for item in ours if isinstance(item, Circle) and item.style.fill == floor]
    largest = max(disc.r for disc in discs)
    small = min((disc for disc in discs if disc.r < largest / 2), key=lambda disc: disc.cx)
    drawn = ICONS["deepest"](Pen(small.cx, small.cy, small.r / 1.12 * 0.9, dict(DYNAMINE.palette)))
    assert all(part in ours for part in drawn)
    assert not any(isinstance(item, Circle) and item.r == small.r for item in theirs)
    assert largest > 2 * small.r  # the picture keeps its size


def test_a_cards_rules_end_on_two_words_or_more():
    """Round 25: both Blue Sapphire missions ended their rule on one word ("mine.")
    under centred lines filled greedily. A card's rules are set in even lines, as many
    as filling takes, none a lone last word."""
    from pnp.draw.cards import set_rules

    for component in CARDS:
        _, words = card_words(component.features)
        layout = card_layout(63 * 72 / 25.4, 88 * 72 / 25.4, *card_words(component.features),
                             deck_rules(DYNAMINE, component))
        if layout.rules is None:
            continue
        setting = set_rules(words, layout.rules.width - 2 * PAD, 1e9)
        for block in setting.paragraphs:
            if sum(len(line.split()) for line in block) >= 4:
                assert len(block[-1].split()) >= 2, (component.name, block)
