"""The printing section: which files this build wrote, what to print each on and how,
and the check bars that test the printer's scale on this very page.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from pnp.draw.board import design_board
from pnp.draw.fonts import pdf_font
from pnp.export import markup, platypus
from pnp.export.markup import Markup
from pnp.export.pdf import draw_scale_check, scale_check_size
from pnp.export.platypus import Spacer, Table, TableStyle
from pnp.export.reportlab_private import line_start, text_mark
from pnp.impose.board import windows
from pnp.impose.plans import (
    extras_ride_everywhere,
    extras_ride_with_tokens,
    plan_components,
    plan_tiles,
)
from pnp.input.faces import string_width
from pnp.model.options import BuildOptions
from pnp.model.paper import Duplex, Paper
from pnp.model.tileset import Tileset
from pnp.rulebook.contents import BOOK_PAGES, BOOKLET_SHEETS, Count
from pnp.rulebook.editions import placing
from pnp.rulebook.names import and_list, component_name, variant_words
from pnp.rulebook.page import MEASURE
from pnp.rulebook.paragraphs import Paragraph, list_style_name, mark_list
from pnp.rulebook.tables import table_style, text_row

if TYPE_CHECKING:

    from pnp.impose.layout import SheetPlan

# reportlab has no type hints: these names only say which of its objects is meant
Flowable = Any
Style = Any  # a ParagraphStyle
Canvas = Any


FILE_COLUMN = 150.0  # the width of the how-to-print table's file names, padding included


COUNT_COLUMN = 56.0  # each paper's column of sheet counts


NARROW_FILE_COLUMN = 110.0  # the file column's least width, when many papers need room
SCALE_PAGE = "pnpScalePage"  # the mark in the printing step where the bars' page goes
# the room kept there: three unbreakable spaces, a digit's width and a little (Platypus
# drops a figure space as it splits words)
PAGE_ROOM = "&nbsp;&nbsp;&nbsp;"
CHECK_CAPTION = 8.8  # the scale check's words in a book: the size of its figures' captions
CAPTION_MEASURE = 230.0  # the widest the scale check's words run beside its bars


class PrintRow(NamedTuple):
    """One row of the how-to-print table: what is printed, in players' words (never a
    file name: the book is for players, the README names the files), what to print
    it on, and what it takes on each paper."""

    name: str
    stock: str
    counts: tuple[str, ...]


STOCK_COLUMN_PAPERS = 2  # with more papers, each file's stock goes under its name


def _print_row(sheet: dict[str, Style], row: PrintRow, with_stock: bool) -> list[Flowable]:
    """A how-to-print table row; the stock in a column of its own, or under the name."""
    name = Paragraph(markup.text(row.name), sheet["cell"])
    counts = [Count(count) if count in (BOOK_PAGES, BOOKLET_SHEETS) else
              text_row(sheet, count)[0] for count in row.counts]
    if with_stock:
        return [name, *text_row(sheet, row.stock), *counts]

    under = Paragraph(markup.text(row.stock), sheet["cell"]) if row.stock else Spacer(1, 0)
    return [[name, under], *counts]


# How each duplex mode's sheets are printed: the stock column, then the step.
PRINT_STOCK: dict[Duplex, str] = {
    "long": "cardstock, double-sided", "short": "cardstock, double-sided",
    "none": "cardstock, one-sided", "gutterfold": "cardstock, one-sided, folded"}


_CARDSTOCK = (" on <b>cardstock</b> (about 200\u2013300 g/m\u00b2, 65\u2013110 lb cover) ")


PRINT_STEP: dict[Duplex, str] = {
    "long": _CARDSTOCK + "and <b>double-sided, flipping on the long edge</b>: each page of "
            "fronts is followed by its backs, already mirrored.",
    "short": _CARDSTOCK + "and <b>double-sided, flipping on the short edge</b>: each page of "
             "fronts is followed by its backs, already mirrored.",
    "none": _CARDSTOCK + "<b>one-sided</b>: these sheets have fronts only and no backs.",
    "gutterfold": _CARDSTOCK + "<b>one-sided</b>. Each back is printed on the same side as "
                  "its front, mirrored across the dashed line through the middle of the "
                  "page: fold the sheet on that line, glue the halves together, then cut "
                  "through both.",
}


def _pieces(tileset: Tileset) -> str:
    """What the game prints on card, in words: "tiles", "tiles and tokens"..."""
    return and_list(["tiles", *_component_kinds(tileset)])


def _component_kinds(tileset: Tileset) -> list[str]:
    """The kinds of piece besides tiles the game prints, in words: "cards", "tokens"."""
    return [plural for kind, plural in (("card", "cards"), ("token", "tokens"))
            if any(c.kind == kind and c.count for c in tileset.components)]


def _sheet_count(plan: SheetPlan | None) -> str:
    """A how-to-print cell: how many sheets of fronts a plan prints."""
    if plan is None:  # tokens that ride on the last sheet of tiles
        return "with the tiles"
    fronts = sum(1 for page in plan.pages if page.side == "front")
    return f"{fronts} sheet{'s' if fronts != 1 else ''}"


def _sideways(tileset: Tileset, options: BuildOptions) -> str:
    """The sheets that, to fit one more row, print their header and check bar up the
    side margins and their cut lines on the trim instead of crop marks ("the card
    sheets", or "the Letter card sheets" where only some papers do), so the steps can
    say so; empty when every sheet has crop marks and its bar at its foot."""
    named = []
    for kind in ("card", "token"):
        papers = [paper.title for paper in options.papers
                  if (plan := plan_components(tileset, kind, paper, options)) is not None
                  and plan.margins == "sides"]
        if papers:
            every = len(papers) == len(options.papers)
            named.append(kind if every else f"{and_list(papers)} {kind}")
    return f"the {' and '.join(named)} sheets" if named else ""


def print_rows(tileset: Tileset, options: BuildOptions) -> list[PrintRow]:
    """A row per sheet this build prints: what it is, its stock, its count on each paper."""
    papers = options.papers
    stock = PRINT_STOCK[options.duplex]
    found = {kind: [plan_components(tileset, kind, paper, options) for paper in papers]
             for kind in ("card", "token")
             if any(c.kind == kind and c.count for c in tileset.components)}
    riding = "token" in found and all(plan is None for plan in found["token"])
    rows = [PrintRow("Tiles, with the tokens on the last sheet" if riding else "Tiles", stock,
                     tuple(_sheet_count(plan_tiles(tileset, paper, options))
                           for paper in papers))]
    if riding:  # said in the Tiles row
        del found["token"]
    extras_ride = extras_ride_everywhere(tileset, options)
    rows += _piece_rows(tileset, options, found, extras_ride)
    if not extras_ride:
        rows += _extras_rows(tileset, options)
    rows += _board_rows(tileset, papers)
    for aid in tileset.aids:
        # an aid is kept beside each player, as a box puts one in for each
        rows.append(PrintRow(aid.title, "plain paper", ("1 page a player",) * len(papers)))
    rows.append(PrintRow("This rulebook", "plain paper",
                         (BOOK_PAGES,) * len(papers)))
    if options.booklet:
        rows.append(PrintRow("This rulebook as a booklet", "plain paper, double-sided, "
                             "flipping on the short edge; fold and staple",
                             (BOOKLET_SHEETS,) * len(papers)))
    return rows


def _piece_rows(tileset: Tileset, options: BuildOptions,
                found: dict[str, list[SheetPlan | None]], extras_ride: bool) -> list[PrintRow]:
    """The cards' and the tokens' rows, from their plans on each paper; the token sheet's
    row names the extra tiles that ride below the tokens on every paper."""
    rows = []
    for kind, label in (("card", "Cards"), ("token", "Tokens")):
        if kind not in found:
            continue
        if kind == "token" and extras_ride:  # one row for the sheet
            label = f"Tokens, and the tiles {_variants_words(tileset)}"
        rows.append(PrintRow(label, PRINT_STOCK[options.duplex],
                             tuple(map(_sheet_count, found[kind]))))
    return rows


def _variants_words(tileset: Tileset) -> str:
    """"for four players": the variants whose extra tiles ride with the tokens."""
    return and_list([variant_words(variant) for variant, _ in tileset.extras()])


def _extras_rows(tileset: Tileset, options: BuildOptions) -> list[PrintRow]:
    """A row for each variant's extra tiles, where they do not ride below the tokens on
    every paper: on sheets of their own, or below the tokens on the papers that hold them
    there."""
    papers = options.papers
    riding = [extras_ride_with_tokens(tileset, paper, options) for paper in papers]
    rows = []
    for variant, more in tileset.extras():
        extra = tileset.extras_only(more)
        rows.append(PrintRow(
            f"{variant_words(variant).capitalize()}: extra tiles", PRINT_STOCK[options.duplex],
            tuple("with the tokens" if rides else _sheet_count(plan_tiles(extra, paper, options))
                  for paper, rides in zip(papers, riding, strict=True))))
    return rows


def _shared_cuts(tileset: Tileset) -> str:
    """What shares a cut, said where it is true: square tiles and cards butt, one cut
    freeing two; round tokens sit apart and hexes have a step of their own."""
    kinds = (["tiles"] if tileset.tile_count and tileset.shape.fills_box else []) + \
        (["cards"] if any(c.kind == "card" and c.count and c.shape == "rect"
                          for c in tileset.components) else [])
    return f"; neighbouring {' and '.join(kinds)} share a cut" if kinds else ""


def _board_rows(tileset: Tileset, papers: tuple[Paper, ...]) -> list[PrintRow]:
    """The board's rows. Its file ends with a page showing where each piece goes, which
    is read, not glued: the table names the pages to print on card and the one on plain
    paper, as a reader printing the whole file on card would waste a sheet."""
    if tileset.board is None:
        return []
    drawing = design_board(tileset.board, tileset.shape, tileset.size, dict(tileset.palette))
    pieces = [len(windows(drawing.width, drawing.height, paper)) for paper in papers]
    return [PrintRow("Board", "heavy paper or card, one-sided",
                     tuple(f"pages 1\u2013{count}" for count in pieces)),
            PrintRow("Board assembly guide", "plain paper",
                     tuple(f"page {count + 1} of the board" for count in pieces))]


def how_to_print(tileset: Tileset, sheet: dict[str, Style],
                 options: BuildOptions) -> list[Flowable]:
    """Stock, scale, duplex and sheet counts for each paper this build made, from the
    real layouts, and the two check bars that test this book's printer at its scale.

    Said as the build made the sheets: on its papers, for its duplex mode
    (a gutterfold build's sheets are folded, not printed double-sided)."""
    papers = options.papers
    titles = [paper.title for paper in papers]
    with_stock = len(papers) <= STOCK_COLUMN_PAPERS
    heads = ("Sheets", "Print on", *titles) if with_stock else ("Sheets and what to print on",
                                                                 *titles)
    head = [Paragraph(markup.text(text), sheet["head"]) for text in heads]
    # with many papers the file column gives up room, down to a narrowest, to the counts
    files = FILE_COLUMN if with_stock else \
        min(FILE_COLUMN, max(NARROW_FILE_COLUMN, MEASURE - len(papers) * COUNT_COLUMN))
    counts = COUNT_COLUMN if with_stock else (MEASURE - files) / len(papers)
    widths = [files, *([MEASURE - files - len(papers) * counts] if with_stock else []),
              *[counts] * len(papers)]
    table = Table([head, *(_print_row(sheet, row, with_stock)
                           for row in print_rows(tileset, options))],
                  colWidths=widths, hAlign="LEFT")
    table.setStyle(TableStyle(table_style()))
    every = "Both print" if len(papers) == 2 else "All of them print"
    sideways = _sideways(tileset, options)
    # one line, so the composer keeps it with the next step: a page never ends with it
    choose = markup.text(f"Pick {', '.join(titles[:-1])} or {titles[-1]} sheets for your "
                         f"paper: {every.lower()} the same pieces." if len(papers) > 1 else
                         f"These sheets are made for {titles[0]} paper.")
    steps = [
        choose,
        markup.literal("Print at <b>100% scale</b> (\u201cactual size\u201d), never "
                       "\u201cfit to page\u201d. Before the rest, print page "
                       f'<onDraw name="{SCALE_PAGE}"/>{PAGE_ROOM} of this book, the one with '
                       "the two check bars, and measure both with a ruler: each must be as "
                       "long as its caption says. Every sheet of pieces repeats the bar across its "
                       f"foot{sideways and f' ({sideways}, up the right margin)'}."),
        markup.join([markup.text(f"Print {_pieces(tileset)}"),
                     markup.literal(PRINT_STEP[options.duplex])]),
        *_crop_step(tileset, sideways),
        *_hex_step(tileset),
        *_round_step(tileset),
        *_card_step(tileset),
    ]
    if options.print_shop:
        steps.append(markup.text("To have a print shop make the pieces instead, send it the "
                                 "print-shop edition of the pieces: every piece on its own, "
                                 "with bleed, sized to the shop\u2019s own products. Its order "
                                 "sheet says how many of each to order."))
    table.spaceAfter = 8
    style = sheet[list_style_name(1)]
    numbered = mark_list([Paragraph(markup.bulleted(markup.text(f"{n}."),
                                                    markup.last_two_bound(step)), style)
                          for n, step in enumerate(steps, start=1)])
    bars = ScaleCheck(papers)
    bars.spaceBefore, bars.spaceAfter = 6, 10
    return [table, *numbered, bars]


def draw_scale_page(page: int, canvas: Canvas) -> None:
    """The number of the page the check bars landed on, where the printing step names it.

    The step's words are laid out before any page is, with room for one digit where
    the number goes; the book knows the page once its blocks are placed, and calls
    this as Platypus reaches the mark in the step. The number goes into the line's own
    text, centred in its room, so a reader copying the step or reading it aloud gets
    it in its place; a number of two digits is narrowed into that room.
    """
    line, mark, _, size = text_mark(canvas)
    text = str(page)
    room = 3 * string_width("\u00a0", "regular", size)
    width = string_width(text, "regular", size)
    squeeze = min(1.0, room / width)
    start = mark + (room - width * squeeze) / 2
    # a new line start at the number, the number, then back where the words go on
    line.moveCursor(start - line_start(line), 0)
    line.setFont(pdf_font("regular"), size)
    line.setHorizScale(squeeze * 100)
    line.textOut(text)
    line.setHorizScale(100)
    line.moveCursor(mark - start, 0)


def _crop_step(tileset: Tileset, sideways: str) -> list[Markup]:
    """Cutting along the crop marks: every block of a square game; on hexes, which no
    straight cut frees, only the blocks of other pieces (a hex game's tokens)."""
    hexes = tileset.shape.axial and tileset.tile_count
    others = _component_kinds(tileset)
    if hexes and not others:
        return []
    where = f"each block of {and_list(others)}" if hexes else "each block"
    return [markup.text(f"Cut along the crop marks outside {where}" +
                        (f" ({sideways}, along the cut lines printed on them)"
                         if sideways else "") + _shared_cuts(tileset) + ".")]


def _hex_step(tileset: Tileset) -> list[Markup]:
    """For hexagonal tiles, laid edge to edge in a honeycomb that no straight cut frees
    piece by piece: they are cut along their printed lines, which are all their sheet
    marks (a step that said to cut blocks free at corner marks had asked for a straight
    cut that frees nothing)."""
    if not tileset.shape.axial or not tileset.tile_count:
        return []
    return [markup.text("Cut the hexagonal tiles out along the dark lines round them, edge "
                        "by edge, with a craft knife and a ruler or with scissors: "
                        "neighbours share each line, so one cut frees two tiles\u2019 edges.")]


POKER_CARD = (63.0, 88.0)  # millimetres: the size sleeves and playing cards come in most


def _card_step(tileset: Tileset) -> list[Markup]:
    """For rectangular cards, their size, which a player needs to buy sleeves; at poker
    size, the print-and-play trick of a playing card behind each in its sleeve."""
    sizes = {(round(piece.width / 72 * 25.4), round(piece.height / 72 * 25.4))
             for piece in tileset.components
             if piece.count and piece.kind == "card" and piece.shape == "rect"}
    if len(sizes) != 1:
        return []
    [(width, height)] = sizes
    if (width, height) == POKER_CARD:
        return [markup.text(f"The cards are {width} \u00d7 {height} mm, a poker card\u2019s "
                            "size: slide each into a sleeve of that size with an old playing "
                            "card behind it, and they shuffle and wear like bought cards.")]
    return [markup.text(f"The cards are {width} \u00d7 {height} mm: card sleeves of that "
                        "size hold them.")]


def _round_step(tileset: Tileset) -> list[Markup]:
    """For round tokens, which the crop marks cut out as squares: how to round them, and
    with more than one size, which pieces take which punch (Gold Mine's Phantom is
    smaller than its other tokens, and "a 0.5 in or 0.75 in punch" left it unsaid)."""
    by_size: dict[float, list[str]] = {}
    for piece in tileset.components:
        if piece.count and piece.shape == "round":
            names = by_size.setdefault(round(piece.width / 72, 2), [])
            if (name := component_name([piece])) not in names:
                names.append(name)
    if not by_size:
        return []
    # punches are sold by the inch in some countries and by the millimetre in others
    def punch(size: float) -> str:
        return f"{size:g} in ({size * 25.4:.0f} mm)"

    common = max(by_size, key=lambda size: len(by_size[size]))
    if len(by_size) == 1:
        which = f"a {punch(common)} circle punch"
    else:
        which = " and ".join([*(f"a {punch(size)} circle punch for the {and_list(names)}"
                                for size, names in sorted(by_size.items()) if size != common),
                              f"a {punch(common)} one for the rest"])
    return [markup.text(f"Circular tokens come out as squares: trim each one along its "
                        f"printed circle with scissors, or press it out with {which}.")]


class ScaleCheck(platypus.Flowable):
    """The two check bars at right angles (see :func:`pnp.export.pdf.draw_scale_check`),
    each edition's at its own paper's length, in room for the longest (on the book's
    page, where a shrunken edition's bars take more room). A figure: the page composer
    may move it to the next page's top, which the step that names it allows for."""

    floats = True

    def __init__(self, papers: tuple[Paper, ...]) -> None:
        super().__init__()
        sizes = []
        for paper in papers:
            width, height = scale_check_size(paper)
            scale = placing(paper).scale
            sizes.append((width / scale, height / scale))
        self.width, self.height = max(w for w, _ in sizes), max(h for _, h in sizes)
        self.column = self.width

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.column = available_width  # the caption is set beside the bars, across the column
        return available_width, self.height

    def draw(self) -> None:
        canvas = self.canv

        def bars(paper: Paper) -> None:
            length = paper.check_length  # in the edition's own points, as its bars are drawn
            beside = self.column * placing(paper).scale - length
            draw_scale_check(canvas, paper, 0.0, 0.0, min(beside, CAPTION_MEASURE),
                             caption_size=CHECK_CAPTION)

        canvas.per_paper(bars)
