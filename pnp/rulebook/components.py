"""The components overview: every tile kind, card and token, pictured large enough to
read, with its count, grouped by kind.

Pieces are named as a player would say them (:mod:`pnp.rulebook.names`), never
by their ids. A game of a few tile designs lists them, picture and words side
by side; a game of many (Dynamine's eighty) would make that list a page of
near-identical sentences, so its tiles become a gallery instead: grouped by
tunnel shape, cheapest first, each picture carrying its count, and the cost
printed on every tile read off the picture.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any

from pnp.draw.cards import RULES_GROUND, text_extent
from pnp.draw.components import design_component
from pnp.draw.diagram import seam_style
from pnp.draw.fonts import pdf_font
from pnp.draw.scene import Clip, Drawing, Primitive, Text, greeked, smallest_text
from pnp.export import markup, platypus
from pnp.export.markup import Markup
from pnp.export.platypus import Spacer, Table, TableStyle
from pnp.export.reportlab_private import table_body
from pnp.geometry.shapes import Shape
from pnp.impose.plans import extras_ride_everywhere
from pnp.input.faces import MIN_TEXT, string_width
from pnp.model.partition import cheapest_split
from pnp.rulebook.cover_lockup import pieces_words
from pnp.rulebook.designs import Designs, place_form
from pnp.rulebook.figures import DesignFlowable
from pnp.rulebook.names import (
    and_list,
    component_name,
    counted,
    layout_key,
    plural,
    tile_groups,
    tile_name,
    tunnel_noun,
    variant_words,
)
from pnp.rulebook.page import MEASURE
from pnp.rulebook.paragraphs import INK, Paragraph, colour

if TYPE_CHECKING:
    from pnp.model.tileset import Component, TileKind, Tileset

# reportlab has no type hints: these names only say which of its objects is meant
Flowable = Any
Style = Any  # a ParagraphStyle

PICTURE = 57.6  # points: 0.8 in, where a tile's icons and numbers can be read
TOTAL_AIR = 9.0  # points over the "In all" line: at 4 it sat on the last caption
CARD_PICTURE = 126.0  # points: a card's height, 1.75 in, where its title prints at 6 pt
FAN_ACROSS = 0.6  # of a card's width: each fanned card's step right of the one under it
FAN_DOWN = 0.12  # of a card's height: and its step down, which bares the title band
BOARD_PICTURE = PICTURE * 2  # a board among the tokens: at a token's size it was a blob
# of hexes with its start spaces lost, and its words ran to five lines under it
GALLERY_FROM = 34  # tile names from which a list would be a page of sentences
ACROSS = 5  # pictures in a gallery row, beside the row's cost
COST_COLUMN = 34.0  # points, at least: a gallery row's shape (on its first row) and cost
# the order a gallery shows tunnel shapes in: the simplest first; others follow as met
SHAPE_ORDER = ("straight tunnel", "elbow", "tee", "cross", "dead end")
BADGE_SIZE = 6.5  # points: a count under a gallery picture
COUNT_DROP = BADGE_SIZE + 0.5  # points from a picture's foot to its count's baseline
COUNT_ROOM = COUNT_DROP + 5.0  # a gallery row's foot: the count and a gap under it
TILE_GUTTER = 12.0  # points between two tiles named under their pictures


class CountedDesign(DesignFlowable):
    """A design with its count ("x2") set under the picture, on the paper, when over
    one. On the art, even as a white tab, a count read as one more symbol the tile
    prints (a reviewer took it for a plaque beside the die); a catalogue captions it."""

    def __init__(self, key: str, drawing: Drawing, box: float, designs: Designs,
                 count: int) -> None:
        super().__init__(key, drawing, box, designs)
        self.count = count

    def draw(self) -> None:
        super().draw()
        self._edge()
        if self.count <= 1:
            return
        text = f"\u00d7{self.count}"
        canvas = self.canv
        canvas.saveState()
        canvas.setFillColor(colour(INK))
        canvas.setFont(pdf_font("bold", text), BADGE_SIZE)
        canvas.drawCentredString(self.width / 2, -COUNT_DROP, text)
        canvas.restoreState()


    def _edge(self) -> None:
        """The tile's cut edge as a thin line, as a diagram seams its tiles: a gallery's
        pictures stand a few points apart, and without it neighbouring elbows joined
        into one curve across the gap, reading as a map instead of a catalogue."""
        tileset = self.designs.tileset
        seam = seam_style(dict(tileset.palette))
        corners = tileset.shape.corners(tileset.size)
        canvas = self.canv
        canvas.saveState()
        canvas.setStrokeColor(colour(seam.stroke or INK))
        canvas.setLineWidth(seam.width)
        canvas.setLineJoin(1)  # round, as the seam's style asks
        path = canvas.beginPath()
        for index, (x, y) in enumerate(corners):
            point = (x * self.scale, self.height - y * self.scale)  # y-down art to PDF
            (path.lineTo if index else path.moveTo)(*point)
        path.close()
        canvas.drawPath(path, stroke=1, fill=0)
        canvas.restoreState()


def components_table(designs: Designs, sheet: dict[str, Style]) -> list[Flowable]:
    """The tiles, then the cards, tokens and board, each kind under a small heading,
    then the totals; a game whose every piece fits one row of pictures shows them in
    that one row, under one heading."""
    tileset = designs.tileset
    groups = tile_groups(tileset.tiles, tileset.shape)
    others = _other_entries(designs)
    cards = [(thumb, text) for thumb, text in others
             if getattr(thumb, "key", "").startswith(f"component:{tileset.game}:") and
             thumb.height > PICTURE + 1]
    pieces = [entry for entry in others if entry not in cards]
    kinds = _others_title(tileset.components, tileset.board is not None)
    if not cards and len(groups) + len(pieces) <= _across() and not tileset.extras():
        story: list[Flowable] = [
            _kind_heading(f"Tiles, {kinds.lower()}" if others else "Tiles", sheet),
            _picture_row(_tile_entries(designs, groups) + pieces, sheet)]
    else:
        story = [_kind_heading("Tiles", sheet), *_gallery(designs, sheet)] \
            if len(groups) >= GALLERY_FROM else \
            [_picture_row(_tile_entries(designs, groups), sheet, "Tiles")]
        story.extend(_extras(designs, sheet))
        if others:
            story.append(_kind_heading(kinds, sheet))
            story += [_picture_row(pieces, sheet)] if pieces else []
            story += _card_row(cards, sheet) if cards else []
    story[-1].keepWithNext = 1  # the sum closes the listing: never a lone line at a top
    return [*story, Spacer(1, TOTAL_AIR), _total(tileset, sheet)]


def _other_entries(designs: Designs) -> list[tuple[Flowable, str]]:
    """The cards, tokens and board, each with its picture and its words."""
    tileset = designs.tileset
    others = _component_entries(designs)
    board = designs.board()
    if tileset.board is not None and board is not None:
        others.append((DesignFlowable(*board, BOARD_PICTURE, designs),
                       f"1 board, {tileset.board.side} spaces along each edge, printed "
                       "in pages to assemble"))
    return others


def _total(tileset: Tileset, sheet: dict[str, Style]) -> Flowable:
    """"In all: ...", the cover's count, which takes in the variants' extra tiles."""
    extra = sum(count for _, more in tileset.extras() for _, count in more)
    besides = f", the {counted('extra tile', extra)} included" if extra else ""
    return Paragraph(markup.join([markup.text("In all: "),
                                  markup.bold(markup.text(pieces_words(tileset))),
                                  markup.text(f"{besides}.")]), sheet["body"])


def _extras(designs: Designs, sheet: dict[str, Style]) -> list[Flowable]:
    """A line for each variant's extra tiles, printed below the tokens or on a sheet of
    their own."""
    tileset = designs.tileset
    options = designs.options
    where = "below the tokens" if extras_ride_everywhere(tileset, options) \
        else "on a sheet of their own"
    lines = []
    for variant, more in tileset.extras():
        names = [counted(tile_name(tileset.tile(name), tileset.shape), count)
                 .replace(" ", " more ", 1) for name, count in more]  # "1 more hive"
        lines.append(Paragraph(markup.join([
            markup.bold(markup.text(f"{variant_words(variant).capitalize()}:")),
            markup.text(f" {and_list(names)}, printed {where}.")]),
            sheet["body"]))
    return lines


def _kind_heading(title: str, sheet: dict[str, Style]) -> Flowable:
    heading = Paragraph(markup.text(title), sheet["kind"])
    heading.keepWithNext = 1
    return heading


def _others_title(components: tuple[Component, ...], board: bool) -> str:
    """"Cards and tokens", "Tokens and board"...: the kinds the game has, in words."""
    kinds = [plural(kind, 2).capitalize() for kind in ("card", "token")
             if any(c.kind == kind and c.count for c in components)]
    kinds += ["Board"] if board else []
    if not kinds:
        return "Other pieces"
    return and_list([kinds[0]] + [kind.lower() for kind in kinds[1:]])


def _card_row(entries: list[tuple[Flowable, str]], sheet: dict[str, Style]) -> list[Flowable]:
    """A card of each kind, fanned as a hand of cards is laid out on a table, large enough
    that the front card's words print at the book's 6 pt; the kinds named under them.
    Three small cards in a row had shown their words as grey bars, which read as cards
    not yet written."""
    fan = CardFan([(thumb.key, thumb.drawing) for thumb, _ in entries], entries[0][0].designs)
    fan.hAlign = "CENTER"
    fan.keepWithNext = 1  # never parted from the names under it
    words = and_list([text for _, text in entries])
    return [fan, Spacer(1, 4), Paragraph(markup.text(words[0].upper() + words[1:] + "."),
                                         sheet["name"])]


class CardFan(platypus.Flowable):
    """Cards laid overlapping, each a step right and down of the one before: every card's
    title band and the left of its art show, and the last, on top, shows whole."""

    def __init__(self, cards: list[tuple[str, Drawing]], designs: Designs) -> None:
        super().__init__()
        self.cards, self.designs = cards, designs
        width, height = cards[0][1].width, cards[0][1].height
        smallest = min(smallest_text(drawing.items) or MIN_TEXT for _, drawing in cards)
        self.scale = min(designs.text_floor / smallest * 1.001, 1.0)
        self.card_w, self.card_h = width * self.scale, height * self.scale
        steps = max(len(cards) - 1, 1)
        self.step_x = min(self.card_w * FAN_ACROSS, (MEASURE - self.card_w) / steps)
        self.step_y = self.card_h * FAN_DOWN
        self.width = self.card_w + self.step_x * (len(cards) - 1)
        self.height = self.card_h + self.step_y * (len(cards) - 1)
        # the lines the card on top cuts through are greeked: cut mid-word ("More fossils
        # than your..."), they read as a picture cropped by accident
        under = (self.step_x / self.scale, self.step_y / self.scale)
        self.cards = [(f"{key}:under", cut_lines_greeked(drawing, under)) for key, drawing
                      in cards[:-1]] + cards[-1:]

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        for index, (key, drawing) in enumerate(self.cards):
            name = place_form(canvas, key, drawing, self.designs, self.scale)
            x, y = index * self.step_x, self.height - self.card_h - index * self.step_y
            canvas.saveState()
            if index:  # a soft shadow on the card under it, as a laid card casts
                canvas.setFillColor(colour(INK))
                canvas.setFillAlpha(0.18)
                canvas.roundRect(x - 2.5, y - 2.5, self.card_w, self.card_h, 6, stroke=0,
                                 fill=1)
                canvas.setFillAlpha(1)
            canvas.translate(x, y)
            canvas.scale(self.scale, self.scale)
            canvas.doForm(name)
            canvas.restoreState()


def cut_lines_greeked(drawing: Drawing, corner: tuple[float, float]) -> Drawing:
    """``drawing`` with each line of text that a card laid on it from ``corner`` (its
    top-left, in the drawing's points, y down) would cut across set as a pale bar."""
    left, top = corner

    def cut(item: Primitive) -> bool:
        if not isinstance(item, Text):
            return False
        box = text_extent(item)  # its letters, above its baseline, show above the card
        return box.x < left < box.x + box.width and item.y > top

    def keep(items: tuple[Primitive, ...]) -> tuple[Primitive, ...]:
        return tuple(greeked(item, RULES_GROUND) if isinstance(item, Text) and cut(item)
                     else Clip(item.outline, keep(item.children)) if isinstance(item, Clip)
                     else item for item in items)

    return Drawing(drawing.width, drawing.height, drawing.bleed, keep(drawing.items))


def _picture_row(entries: list[tuple[Flowable, str]], sheet: dict[str, Style],
                 heading: str = "") -> Flowable:
    """Tiles and tokens as a publisher's component page shows them: as many to a row as
    fit, each named under its picture, so a game of nine designs takes two rows, not
    five. A ``heading`` is the table's head row, set again atop the next page where the
    rows run on: Gold Mine's tiles had gone on over a page with nothing to say what
    they were."""
    table = _named_pictures(entries, sheet, _across(), "TOP", heading)
    table.gallery_labels = bool(heading)  # each part named: a page may end after a row
    return table


def _across() -> int:
    """How many tiles or tokens a row of pictures holds."""
    return max(1, int(MEASURE // (PICTURE + TILE_GUTTER)))


def _column_widths(thumbs: list[Flowable], across: int) -> list[float]:
    """Each column as wide as its widest picture with a gutter, the measure's rest shared
    out evenly: equal columns had let a board's picture, twice a token's, spill over its
    neighbour's."""
    widest = [max((thumb.width for thumb in thumbs[column::across]), default=0.0) + TILE_GUTTER
              for column in range(across)]
    if sum(widest) > MEASURE:
        return [MEASURE / across] * across
    spare = (MEASURE - sum(widest)) / across
    return [width + spare for width in widest]


def _named_pictures(entries: list[tuple[Flowable, str]], sheet: dict[str, Style],
                    across: int, align: str, heading: str = "") -> Flowable:
    """Pictures ``across`` to a row, each with its name under it in one cell, so a page
    never parts a picture from its name; under a ``heading`` row, repeated if the rows
    run on to another page. A row's pictures stand on one line, as on a shelf, so their
    names start level: pieces drawn to scale (a token smaller than a tile) had set each
    name at its own height."""
    tallest = [max(thumb.height for thumb, _ in entries[index:index + across])
               for index in range(0, len(entries), across)]
    cells: list[list[Flowable] | str] = [
        [Spacer(1, tallest[number // across] - thumb.height), thumb, Spacer(1, 2),
         Paragraph(markup.text(text), sheet["name"])]
        for number, (thumb, text) in enumerate(entries)]
    cells += [""] * (-len(cells) % across)
    rows: list[list[Any]] = [cells[index:index + across]
                             for index in range(0, len(cells), across)]
    head = [[Paragraph(markup.text(heading), sheet["kind"])] + [""] * (across - 1)] \
        if heading else []
    table = Table(head + rows,
                  colWidths=_column_widths([thumb for thumb, _ in entries], across),
                  hAlign="LEFT", repeatRows=len(head))
    table.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), pdf_font("regular")),  # else Table sets Helvetica
        ("ALIGN", (0, 0), (-1, -1), "CENTER"), ("VALIGN", (0, 0), (-1, -1), align),
        ("TOPPADDING", (0, 0), (-1, -1), 4), ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
        ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        *([("SPAN", (0, 0), (-1, 0)), ("ALIGN", (0, 0), (-1, 0), "LEFT"),
           ("LEFTPADDING", (0, 0), (-1, 0), 0), ("TOPPADDING", (0, 0), (-1, 0), 0)]
          if heading else []),
    ]))
    table.gallery = True  # rows of pictures: a page may end between any two (compose)
    return table


def _gallery(designs: Designs, sheet: dict[str, Style]) -> list[Flowable]:
    """Every tile design once, grouped by tunnel shape and sorted by cost within each,
    five to a row after the row's cost, each picture with its count."""
    tileset = designs.tileset
    shapes: dict[str, list[TileKind]] = {noun: [] for noun in ("entrance", *SHAPE_ORDER)}
    for tile in tileset.tiles:
        if tile.count:  # bases (Dynamine's castle entrances) are a group of their own
            noun = "entrance" if tile.role == "base" else tunnel_noun(tile, tileset.shape)
            shapes.setdefault(noun, []).append(tile)
    titles = [plural(noun, 2).capitalize() for noun, tiles in shapes.items() if tiles]
    column = max(COST_COLUMN, *(string_width(word, "bold", sheet["cost"].fontSize) + 2
                                for title in titles for word in title.split()))
    shown = designs.pictured([tile.name for tiles in shapes.values() for tile in tiles],
                             PICTURE)
    return [_gallery_rows(designs, shown, sheet, noun, sorted(tiles, key=_cost), column)
            for noun, tiles in shapes.items() if tiles]


def _gallery_rows(designs: Designs, shown: dict[str, tuple[str, Drawing]],
                  sheet: dict[str, Style], noun: str, tiles: list[TileKind],
                  column: float) -> Flowable:
    """One shape's tiles, cheapest first, five to a row after the row's cost: the shape
    and its count on the first, and every row its cost (a row that wrapped under one of
    the same cost had been left unlabelled, and read as a row of no cost).
    ``shown`` is each tile's form key and design as the whole gallery pictures it."""
    gap = (MEASURE - column - ACROSS * PICTURE) / ACROSS
    count = sum(tile.count for tile in tiles)
    name = plural(noun, 2).capitalize()
    title = [markup.bold(markup.text(name)), markup.literal("<br/>"),
             markup.text(f"{count} {plural('tile', count)}"), markup.literal("<br/>")]
    resumed = [markup.bold(markup.text(f"{name}, continued")), markup.literal("<br/>")]
    rows: list[list[Flowable]] = []
    labels_atop: list[Flowable] = []
    before = ""
    for start, row in _rows_of(tiles):
        pictures: list[Flowable] = [
            CountedDesign(*shown[tile.name], PICTURE, designs, tile.count) for tile in row]
        cost = _cost_words(row)
        # a row of the same cost as the row above says it goes on: two rows both labelled
        # "cost 6" had read as a labelling slip
        again = str(cost) == before and bool(before)
        before = str(cost)
        shown_cost = markup.join([cost, markup.text(", continued")]) if again else cost
        label = Paragraph(markup.join([*(title if not start else []), shown_cost]),
                          sheet["cost"])
        labels_atop.append(Paragraph(markup.join([*resumed, cost]), sheet["cost"]))
        rows.append([label, *pictures, *[""] * (ACROSS - len(row))])
    table = GalleryTable(rows, colWidths=[column] + [PICTURE + gap] * ACROSS, hAlign="LEFT")
    table.labels_atop = tuple(labels_atop)
    table.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), pdf_font("regular")),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("LEFTPADDING", (1, 0), (-1, -1), gap),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), max(gap, COUNT_ROOM)),
    ]))
    return table


def _rows_of(tiles: list[TileKind]) -> list[tuple[int, list[TileKind]]]:
    """``tiles`` (sorted by cost) in as few rows of at most ACROSS as they need, each
    with the index of its first tile: rows that each hold one cost where they can, and
    as even as they can be. Filled five at a time, a row had run across two costs
    ("cost 5-6" over "cost 6") and the last had held one tile alone, often atop a page."""
    count = len(tiles)
    rows = max(1, -(-count // ACROSS))
    even = count / rows

    def price(start: int, end: int) -> float | None:
        if end - start > ACROSS:
            return None
        costs = {_cost(tile) for tile in tiles[start:end]}
        return ROW_OF_COSTS * (len(costs) - 1) + (end - start - even) ** 2

    starts = cheapest_split(count, rows, price)
    assert starts is not None  # rows of ACROSS always hold them
    return [(start, tiles[start:end]) for start, end in itertools.pairwise(starts)]

ROW_OF_COSTS = 4.0  # what a gallery row spanning one more cost weighs, against unevenness


class GalleryTable(platypus.Table):
    """A gallery of one shape's tiles, whose rows a page may end between (compose).

    A row that opens a new page names its shape again ("Straight tunnels, continued")
    and its cost, as a catalogue does, so a reader arriving at the page's top knows what
    the pictures are without turning back.
    """

    gallery = True
    gallery_labels = True  # each row is labelled again atop a page: one row may stand alone
    labels_atop: tuple[Flowable, ...] = ()  # for each row, its label at the top of a page

    def split(self, width: float, height: float) -> list[Flowable]:
        parts: list[Flowable] = super().split(width, height)
        if len(parts) == 2 and self.labels_atop:
            head, tail = parts
            rows = len(table_body(head))
            head.labels_atop = self.labels_atop[:rows]
            tail.labels_atop = self.labels_atop[rows:]
            table_body(tail)[0][0] = tail.labels_atop[0]
        return parts


def _cost_words(row: list[TileKind]) -> Markup:
    """The cost of a gallery row's tiles: "cost 3", or "cost 3-4" where it spans two."""
    costs = sorted({_cost(tile) for tile in row if _cost(tile)})
    if not costs:
        return markup.text("")
    value = str(costs[0]) if len(costs) == 1 else f"{costs[0]}\u2013{costs[-1]}"
    return markup.text(f"cost {value}")


def _cost(tile: TileKind) -> int:
    """A tile's cost as its die shows it; a tile without one (an entrance) goes first."""
    return next((int(feature.value) for feature in tile.features if feature.kind == "die"), 0)


def _tile_entries(designs: Designs,
                  groups: list[tuple[str, list[TileKind]]]) -> list[tuple[Flowable, str]]:
    """A picture and "16 straight tunnels" for each group of tiles that read alike."""
    entries: list[tuple[Flowable, str]] = []
    split = _by_openings(groups, designs.tileset.shape)
    shown = designs.pictured([group[0].name for _, group in split], PICTURE)
    for name, group in split:
        thumb = DesignFlowable(*shown[group[0].name], PICTURE, designs)
        entries.append((thumb, counted(name, sum(tile.count for tile in group))))
    return entries


WAYS = {1: "one-way", 2: "two-way", 3: "three-way", 4: "four-way", 6: "six-way"}


def _by_openings(groups: list[tuple[str, list[TileKind]]],
                 shape: Shape) -> list[tuple[str, list[TileKind]]]:
    """Each group whose kinds open onto different numbers of edges (Gold Mine's caverns)
    split by that number, most first, each with a picture of its own and its number in its
    name ("four-way cavern"): one picture had stood for shapes a player could not match.
    Kinds of one name that no turn makes alike (an elbow with its stub on one side or on
    the other) are split the same way, the mirror image named so."""
    found: list[tuple[str, list[TileKind]]] = []
    for name, group in groups:
        openings = sorted({len(tile.ports) for tile in group}, reverse=True)
        if len(openings) < 2:
            found += _by_layout(name, group, shape)
            continue
        for ports in openings:
            found += _by_layout(f"{WAYS.get(ports, f'{ports}-way')} {name}",
                                [tile for tile in group if len(tile.ports) == ports], shape)
    return found


def _by_layout(name: str, group: list[TileKind],
               shape: Shape) -> list[tuple[str, list[TileKind]]]:
    """``group`` split into kinds a turn makes alike, in the tileset's order: the first
    keeps the name, its mirror image is "mirrored", any other shape is numbered."""
    layouts: dict[tuple[object, ...], list[TileKind]] = {}
    for tile in group:
        layouts.setdefault(layout_key(tile, shape), []).append(tile)
    if len(layouts) < 2:
        return [(name, group)]
    first = next(iter(layouts.values()))[0]
    mirror = layout_key(first, shape, mirrored=True)
    return [(name if index == 0 else f"mirrored {name}" if key == mirror
             else f"{name}, shape {index + 1}", kinds)
            for index, (key, kinds) in enumerate(layouts.items())]


def _component_entries(designs: Designs) -> list[tuple[Flowable, str]]:
    """Cards and tokens: a family of three or more (same name before a dash) on one line."""
    tileset = designs.tileset
    families: dict[str, list[Component]] = {}
    for component in tileset.components:
        if component.count:
            families.setdefault(component.family, []).append(component)
    entries: list[tuple[Flowable, str]] = []
    for members in families.values():
        for group in [members] if len(members) >= 3 else [[member] for member in members]:
            first = group[0]
            # a card's words need a larger picture than a token's symbol
            box = CARD_PICTURE if first.kind == "card" else PICTURE
            thumb = DesignFlowable(f"component:{tileset.game}:{first.name}",
                                   design_component(tileset, first), box, designs)
            words = counted(component_name(group), sum(member.count for member in group))
            entries.append((thumb, words + _colours(group) + _both_sides(group)))
    return entries


def _colours(group: list[Component]) -> str:
    """", in 4 colours" for a family printed in several face colours (a set for each
    player), since its picture shows only the first."""
    colours = {piece.colour for piece in group}
    return f", in {len(colours)} colours" if len(colours) > 1 else ""


def _both_sides(group: list[Component]) -> str:
    """", alike on both sides" for pieces whose reverse repeats their face (a marker
    that may land either way up), so nobody takes the second face for a misprint."""
    alike = all(piece.reverse is not None and piece.reverse.features == piece.features
                and piece.reverse.colour == piece.colour for piece in group)
    return ", alike on both sides" if alike else ""
