"""Write a sheet plan as a PDF: forms for designs, marks, headers, the check bar.

Each unique design becomes one form XObject, drawn once and placed by
reference, so a placed piece costs one short ``q cm Do Q`` sequence however
rich its art. Page furniture that repeats (the check bar, identical crop
marks) is a form too. The canvas is created in reportlab's invariant mode and
with our embedded font as its initial font, so the file is reproducible and
never mentions an unembedded standard font.
"""

from __future__ import annotations

import io
from collections.abc import Iterator, Mapping
from typing import Any, Literal

from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas, fp_str

from pnp import __version__
from pnp.draw.fonts import pdf_font
from pnp.draw.ink import grey_level
from pnp.draw.scene import Drawing
from pnp.export.designs import BACK_BLEED
from pnp.export.pdfdraw import Recorder, draw, draw_text
from pnp.export.reportlab_private import binary_streams as install
from pnp.export.reportlab_private import place_forms
from pnp.impose.gutterfold import fold_line, halves  # a mode few builds use
from pnp.impose.layout import (
    FOOTER_BAND,
    HEADER_BAND,
    SAFE_MARGIN,
    Area,
    Block,
    Grid,
    Page,
    Placement,
    Segment,
    SheetPlan,
    crop_marks,
    hex_cut_lines,
    printable,
    shared_cuts,
    trim_lines,
)
from pnp.impose.plans import APRON, FRONT_BLEED
from pnp.model.paper import INCH_CHECK, Paper
from pnp.units import mm

HEADER_SIZE = 7.5
HEADER_RISE = 5.0  # the header's baseline above the foot of its band, its ascenders inside it
CAPTION_SIZE = 6.5
CHECK_BAR_HEIGHT = 5.0
RULER_NUMBER = 6.5  # the check bars' unit numbers, in points
SCALE_GAP = 14.0  # between the check bars and a caption set beside them
CHECK_BAR_Y = SAFE_MARGIN + FOOTER_BAND - CHECK_BAR_HEIGHT - 8.0  # its foot, across the page
INK = (0.12, 0.1, 0.09)
CUT_GUIDE = (0.15, 0.5)  # honeycomb cut lines on the trim line: dark, and thick enough to
# follow with a blade over the rock's mid-tone (a 0.35 pt line faded into it)
TRIM_GUIDE = (0.25, 0.3)  # shared square cuts: a dark grey hairline on the trim line
# a round piece's cut: a line on it, over its apron, dark on a light rim (to follow
# round a cream token on white card, even printed in greyscale) and light on a dark one
# (one mid grey had vanished into Gold Mine's moss-green bat tokens); 0.6 pt (0.2 mm):
# at 0.35 pt and 0.85 grey, two reviewers could hardly follow it on Mattock's blue and
# Gold Mine's ochre, and it is still thin enough that a cut a hair off it leaves no ring
# a player notices
ROUND_GUIDE_WIDTH = 0.6
ROUND_GUIDE_DARK, ROUND_GUIDE_LIGHT = 0.2, 0.95
# the guides a sheet prints on its own pieces' straight cuts: a hairline on each cut two
# square pieces share (tiles, cards), or none (a honeycomb has its own cut lines)
CutGuides = Literal["shared", "none"]
FOLD_LINE = (0.45, 0.5)  # a gutterfold page's fold: grey, dashed


def binary_streams() -> None:
    """Write every stream binary and compress each once (reportlab's own globals, set in
    :func:`pnp.export.reportlab_private.binary_streams`); every renderer calls this."""
    install()


def new_canvas(buffer: io.BytesIO, width: float, height: float, title: str,
               subject: str, version: tuple[int, int] | None = None) -> Any:
    """A reportlab canvas that writes reproducible bytes with only embedded fonts (as PDF
    ``version``, reportlab's 1.4 when None)."""
    binary_streams()
    canvas = Canvas(buffer, pagesize=(width, height), invariant=1, pageCompression=1,
                    initialFontName=pdf_font("regular"), initialFontSize=HEADER_SIZE,
                    pdfVersion=version)
    canvas.setTitle(title)
    canvas.setAuthor("pnp")
    canvas.setSubject(subject)
    canvas.setCreator(f"pnp {__version__}")
    canvas.setProducer(f"pnp {__version__}")
    return canvas


def define_form(canvas: Any, name: str, drawing: Drawing,
                recorder: Recorder | None = None) -> None:
    """Record ``drawing`` once as a form whose box covers its bleed."""
    bleed = drawing.bleed
    canvas.beginForm(name, lowerx=-bleed, lowery=-bleed, upperx=drawing.width + bleed,
                     uppery=drawing.height + bleed)
    draw(canvas, drawing, recorder)
    canvas.endForm()


SIDE_TEXT = 12.0  # of the left margin's band, the header's (sheets with margins "sides")
SIDE_BAR = 6.0  # of the right margin's band, the check bar's


def define_check_bar(canvas: Any, paper: Paper, margins: str = "bands") -> None:
    """The check bar as a form named "checkbar", drawn once per document: across the foot,
    or (``margins`` "sides") up the right-hand margin, its caption in the header."""
    canvas.beginForm("checkbar")
    if margins == "sides":
        canvas.setFillColorRGB(*INK)
        canvas.rect(paper.width - SAFE_MARGIN - CHECK_BAR_HEIGHT - 0.5, SAFE_MARGIN + 4.0,
                    CHECK_BAR_HEIGHT, paper.check_length, stroke=0, fill=1)
    else:
        _check_bar(canvas, paper)
    canvas.endForm()


def page_header(canvas: Any, paper: Paper, left_text: str, number: int, total: int,
                margins: str = "bands") -> None:
    """The header every page carries: what it is, and page x of y; then the check bar.

    With ``margins`` "sides" the header runs up the left margin, read from the
    bottom, and says what the bar up the right margin measures.
    """
    canvas.saveState()
    canvas.setFillColorRGB(*INK)
    # the baseline high in its band, so the crop marks that stop just under the band
    # (a block spread to fill its page reaches that far) stay clear of the words
    width, header_y = paper.width, paper.height - SAFE_MARGIN - HEADER_BAND + HEADER_RISE
    if margins == "sides":
        canvas.translate(SAFE_MARGIN + SIDE_TEXT - 3.0, 0.0)
        canvas.rotate(90)
        width, header_y = paper.height, 0.0
        left_text += (f" \u00b7 at 100% scale the bar up the right margin is exactly "
                      f"{paper.check_label} long")
    draw_text(canvas, SAFE_MARGIN + 4.0, header_y, left_text, "regular", HEADER_SIZE)
    canvas.setFont(pdf_font("regular"), HEADER_SIZE)
    canvas.drawRightString(width - SAFE_MARGIN - 4.0, header_y, f"page {number} of {total}")
    canvas.restoreState()
    canvas.doForm("checkbar")


def _check_bar(canvas: Any, paper: Paper) -> None:
    x, y = SAFE_MARGIN + 4.0, CHECK_BAR_Y
    canvas.setFillColorRGB(*INK)
    canvas.rect(x, y, paper.check_length, CHECK_BAR_HEIGHT, stroke=0, fill=1)
    canvas.setFont(pdf_font("regular"), CAPTION_SIZE)
    canvas.drawString(x, y - CAPTION_SIZE - 2.0,
                      f"At 100% scale this bar is exactly {paper.check_label} long. "
                      "Print with scaling off (\u201cactual size\u201d).")


SQUARE_LINE = 0.5  # the hairline closing the scale check's square


def scale_check_size(paper: Paper) -> tuple[float, float]:
    """Width and height of the two check bars (their caption goes beside them)."""
    return paper.check_length + 2 * CHECK_BAR_HEIGHT, paper.check_length


def draw_scale_check(canvas: Any, paper: Paper, x: float, y: float, room: float,
                     caption_size: float = CAPTION_SIZE) -> None:
    """Two check bars at right angles, their corner at (x, y): one along the page, one up it.

    A printer may scale one direction and not the other (some do, to fit a
    margin), and one bar across the page would pass it. Sheets have room for
    the bar across only; this pair goes where a page has room for both (the
    rulebook's printing page and the calibration sheet), each marked like a ruler
    (quarter inches or 5 mm, the paper's own unit, its whole units numbered).
    The caption is set to the right of the bars in ``room`` points, in a few long
    lines: squeezed into the square the bars frame, it ran into their numbers.
    """
    length, thick = paper.check_length, CHECK_BAR_HEIGHT
    canvas.saveState()
    canvas.setFillColorRGB(*INK)
    canvas.rect(x, y, length, thick, stroke=0, fill=1)
    canvas.rect(x, y, thick, length, stroke=0, fill=1)
    _ruler_ticks(canvas, paper, x + thick, y + thick)
    _ruler_numbers(canvas, paper, x + thick, y + thick)
    # the square the bars measure, closed by a hairline and named in its middle: the
    # bars alone round an empty square had read as a drawing left unfinished
    canvas.setStrokeColorRGB(*INK)
    canvas.setLineWidth(SQUARE_LINE)
    canvas.lines([(x, y + length, x + length, y + length),
                  (x + length, y, x + length, y + length)])
    canvas.setFont(pdf_font("regular"), caption_size)
    middle = x + (length + thick) / 2
    canvas.drawCentredString(middle, y + length / 2 + 1.0, f"{paper.check_label}")
    canvas.drawCentredString(middle, y + length / 2 - caption_size - 1.0, "square")
    left, top = x + length + SCALE_GAP, y + length - caption_size - 1.5
    canvas.setFont(pdf_font("bold"), caption_size + 1.5)
    canvas.drawString(left, top, "Scale check")
    canvas.setFont(pdf_font("regular"), caption_size)
    words = (f"At 100% scale each bar is exactly {paper.check_label} long. "
             "Measure both: a printer that shrinks only one way is caught.")
    for index, line in enumerate(_wrapped(canvas, words, room - SCALE_GAP, caption_size)):
        canvas.drawString(left, top - (index + 1) * (caption_size + 3.0), line)
    canvas.restoreState()


def _wrapped(canvas: Any, words: str, room: float, size: float) -> list[str]:
    """``words`` in lines no wider than ``room`` points in the canvas's face at ``size``,
    broken at spaces."""
    lines: list[str] = []
    for word in words.split():
        joined = f"{lines[-1]} {word}" if lines else word
        if lines and canvas.stringWidth(joined, pdf_font("regular"), size) <= room:
            lines[-1] = joined
        else:
            lines.append(word)
    return lines


def _ruler_numbers(canvas: Any, paper: Paper, x: float, y: float) -> None:
    """Each whole unit's number (1, 2 in; 1 to 5 cm) past its long mark on both bars,
    the last with its unit: a ruler with bare marks read as a test print."""
    inches = paper.check_length == INCH_CHECK[0]
    unit = 72.0 if inches else mm(10)
    count = round(paper.check_length / unit)
    canvas.setFont(pdf_font("regular"), RULER_NUMBER)
    for number in range(1, count + 1):
        along = number * unit - CHECK_BAR_HEIGHT  # counted from the bars' outer corner
        label = f"{number} {'in' if inches else 'cm'}" if number == count else str(number)
        if number < count:  # the last mark is the bar's end: its number stands inside it
            canvas.drawCentredString(x + along, y + 6.5, label)
            canvas.drawString(x + 6.5, y + along - RULER_NUMBER * 0.35, label)
        else:
            canvas.drawRightString(x + along - 2.0, y + 6.5, label)
            canvas.drawString(x + 6.5, y + along - RULER_NUMBER - 1.0, label)


def _ruler_ticks(canvas: Any, paper: Paper, x: float, y: float) -> None:
    """Ruler marks along the inside of both bars from their corner: every quarter inch
    on an inch paper, every 5 mm on a metric one, every fourth or second one longer."""
    inches = paper.check_length == INCH_CHECK[0]
    step, every = (18.0, 4) if inches else (mm(5), 2)
    canvas.setStrokeColorRGB(*INK)
    canvas.setLineWidth(0.5)
    count = round((paper.check_length - CHECK_BAR_HEIGHT) / step)
    for index in range(1, count + 1):
        reach = 5.0 if index % every == 0 else 2.5
        along = index * step - CHECK_BAR_HEIGHT  # marks count from the bars' outer corner
        if along <= 0:
            continue
        canvas.line(x + along, y, x + along, y + reach)
        canvas.line(x, y + along, x + reach, y + along)


def _marks(canvas: Any, lines: list[Segment],
           style: tuple[float, float] = (0.0, 0.4)) -> None:
    """Stroke line segments; ``style`` is (grey level, width)."""
    grey, width = style
    canvas.setStrokeColorRGB(grey, grey, grey)
    canvas.setLineWidth(width)
    canvas.setLineCap(0)
    path = canvas.beginPath()
    for x1, y1, x2, y2 in lines:
        path.moveTo(x1, y1)
        path.lineTo(x2, y2)
    canvas.drawPath(path, stroke=1, fill=0)


def _place_aprons(canvas: Any, placements: tuple[Placement, ...], form_names: dict[str, str],
                  area: Area) -> None:
    """Under the backs, each back again grown by 3 mm, so a duplex print that lands a
    millimetre or two off shows back art, not a white sliver, past the outer cuts; under
    round and shaped faces, each face grown by 1 mm, so a punch a little off the line
    cuts through colour.

    Where two backs meet, each one's own art covers its neighbour's apron, so
    every back gets one: finding the few on the rim of a block cost more time
    than placing the rest (a form placed is one short operator sequence). The
    aprons are clipped to ``area`` (:func:`apron_area`) so they never cover
    the header or the check bar.
    """
    aprons = tuple(p._replace(design=APRON + p.art) for p in placements
                   if APRON + p.art in form_names)
    _place_clipped(canvas, list(_matrices(aprons, form_names)), area)


def _place_back_aprons(canvas: Any, placements: tuple[Placement, ...],
                       form_names: dict[str, str], area: Area) -> None:
    """The backs' aprons (:func:`_place_aprons`), drawn a hair past 3 mm and clipped
    there (APRON_SPARE): where two aprons overlap at a block's outer edge, each one's
    anti-aliased edge had darkened the other's into a dark nub at every row on screen;
    cut by one clip path, the edge is one clean line 3 mm past the cuts."""
    canvas.saveState()
    clip = canvas.beginPath()
    for p in placements:
        clip.rect(p.x - BACK_BLEED, p.y - BACK_BLEED, p.w + 2 * BACK_BLEED, p.h + 2 * BACK_BLEED)
    canvas.clipPath(clip, stroke=0, fill=0, fillMode=FILL_NON_ZERO)  # the rects' union
    _place_aprons(canvas, placements, form_names, area)
    canvas.restoreState()


def _place_stretched(canvas: Any, placements: tuple[Placement, ...],
                     form_names: dict[str, str], area: Area) -> None:
    """Under square fronts that share their cuts, the fronts on the block's rim stretched
    1 mm past their trim where no neighbour meets them, so the outer cuts of a block run
    through the pieces' edge colours (a tunnel's mouth stays a mouth, rock stays rock)
    without a second design drawn. Pieces with an apron of their own (a round token
    riding on the page) keep theirs.

    A front open at its sides is stretched across only, one open at its top or foot
    along only, and a corner's both ways too, under those: stretched both ways at once,
    a wall meeting the cut had jogged outwards in the bleed, a nub that a cut half a
    millimetre wide showed; stretched along its own direction only, a wall runs straight
    on past the cut. A front inside the block, all four sides met, is not stretched."""
    stretched = [p for p in placements if APRON + p.art not in form_names]
    taken = {(round(p.x, 2), round(p.y, 2)) for p in stretched}
    wanted = [(p, _open_sides(p, taken)) for p in stretched]
    placed: list[tuple[str, str]] = []
    for grow_x, grow_y in STRETCHES:  # all the corners first, then sides, then tops
        for p, (across, along) in wanted:
            if (grow_x and not across) or (grow_y and not along):
                continue
            sx = (p.w + 2 * FRONT_BLEED * grow_x) / p.w
            sy = (p.h + 2 * FRONT_BLEED * grow_y) / p.h
            placed.append((fp_str(sx, 0, 0, sy, p.x - FRONT_BLEED * grow_x,
                                  p.y - FRONT_BLEED * grow_y), form_names[p.art]))
    _place_clipped(canvas, placed, area)


def _open_sides(p: Placement, taken: set[tuple[float, float]]) -> tuple[bool, bool]:
    """Whether a butted front meets no neighbour on its left or right, and on its top or
    foot: where its art must run on past the cut."""
    across = (round(p.x - p.w, 2), round(p.y, 2)) not in taken or \
        (round(p.x + p.w, 2), round(p.y, 2)) not in taken
    along = (round(p.x, 2), round(p.y - p.h, 2)) not in taken or \
        (round(p.x, 2), round(p.y + p.h, 2)) not in taken
    return across, along


STRETCHES = ((1, 1), (1, 0), (0, 1))  # both ways, across only, along only: in that order


def _place_clipped(canvas: Any, placed: list[tuple[str, str]], area: Area) -> None:
    """Forms at their matrices, clipped to ``area``: art run past the cuts (aprons,
    stretched fronts) never covers the header or the check bar."""
    if not placed:
        return
    canvas.saveState()
    clip = canvas.beginPath()
    clip.rect(area.left, area.bottom, area.right - area.left, area.top - area.bottom)
    canvas.clipPath(clip, stroke=0, fill=0)
    place_forms(canvas, placed)
    canvas.restoreState()


def apron_area(plan: SheetPlan) -> Area:
    """Where back art may run: the printable area, or with the header and check bar in the
    side margins, the whole height of the paper between them.

    Nine poker cards on Letter leave 7.7 mm above and below, so a 3 mm apron
    reaches inside the 6 mm line. It is only bleed: a printer that cannot print
    there leaves it off, which costs nothing, and one that can gets the whole.
    """
    if plan.margins == "sides":  # between the header's text and the check bar
        paper = plan.paper
        return Area(SAFE_MARGIN + SIDE_TEXT, 0.0, paper.width - SAFE_MARGIN - SIDE_BAR,
                    paper.height)
    return printable(plan.paper)


def _place_backs(canvas: Any, placements: tuple[Placement, ...], form_names: dict[str, str],
                 area: Area, back_forms: dict[tuple[tuple[str, float, float], ...], str]) -> None:
    """A page of backs, aprons under them, as one form shared by every page laid out alike.

    Most back pages of a game are the same few backs in the same slots: placed
    once as a whole, a page costs one operator sequence instead of two per
    back, and the PDF carries the page's layout once.
    """
    layout = tuple((placement.art, placement.x, placement.y) for placement in placements)
    if layout not in back_forms:
        back_forms[layout] = name = f"backs{len(back_forms)}"
        canvas.beginForm(name)
        _place_back_aprons(canvas, placements, form_names, area)
        _place_forms(canvas, placements, form_names)
        canvas.endForm()
    canvas.doForm(back_forms[layout])


def _place_forms(canvas: Any, placements: tuple[Placement, ...],
                 form_names: dict[str, str]) -> None:
    """Draw each placement's form at its trim box: ``q 1 0 0 1 x y cm /Form Do Q``.

    A stress sheet places thousands of forms, so they are written straight
    to the page (see :func:`pnp.export.reportlab_private.place_forms`).
    """
    place_forms(canvas, _matrices(placements, form_names))


def _matrices(placements: tuple[Placement, ...],
              form_names: dict[str, str]) -> Iterator[tuple[str, str]]:
    """Each placement's matrix (its trim box's corner, turned upside down for a back
    across a gutterfold's fold) and its form's name."""
    return ((fp_str(-1, 0, 0, -1, p.x + p.w, p.y + p.h) if p.turned
             else fp_str(1, 0, 0, 1, p.x, p.y), form_names[p.art]) for p in placements)


MarksKey = tuple[Grid, int, tuple[Block, ...], tuple[str | None, ...]]


def _mark(canvas: Any, plan: SheetPlan, page: Page, marks_forms: dict[MarksKey, str],
          cuts: CutGuides = "none", round_pieces: Mapping[str, str] | None = None) -> None:
    """A page of fronts' crop marks (and cut lines), as one form per layout; a circle
    on the cut of each piece named in ``round_pieces`` (a pale face on white paper has
    no edge of its own to follow), tokens riding on a tile page included; each is
    named with its rim's colour, which sets its circle's grey."""
    rims = round_pieces or {}
    rounds = tuple(rims.get(placed.name) for placed in page.placements)
    key = (page.grid, page.used, page.blocks, rounds)
    if key not in marks_forms:
        marks_forms[key] = f"marks{len(marks_forms)}"
        canvas.beginForm(marks_forms[key])
        _draw_marks(canvas, plan, page, cuts)
        greys = _guide_greys({rim for rim in rounds if rim is not None})
        for grey in sorted(set(greys.values())):
            _circles(canvas, [placed for placed, rim in zip(page.placements, rounds,
                                                            strict=True)
                              if rim is not None and greys[rim] == grey], grey)
        canvas.endForm()
    canvas.doForm(marks_forms[key])


def _draw_marks(canvas: Any, plan: SheetPlan, page: Page, cuts: CutGuides) -> None:
    """A page's crop marks, and the cut lines its pieces' shapes ask for."""
    if plan.margins == "sides":  # no room for marks outside: cut lines on the trim
        _marks(canvas, trim_lines(page.grid, page.used), CUT_GUIDE)
    if page.fold:
        _fold_marks(canvas, plan, page)
    blocks = [Block(page.grid, page.used, printable(plan.paper))] \
        if plan.margins == "bands" and not page.fold else []
    for block in [*blocks, *page.blocks]:  # the page's own pieces, then those sharing it
        if block.grid.lattice.honeycomb:
            # hexes are cut along their own lines; corner marks round the block's box
            # marked a straight cut that frees nothing, which a reviewer took for one
            _marks(canvas, hex_cut_lines(block.grid, block.used), CUT_GUIDE)
        else:
            _marks(canvas, crop_marks(block.grid, block.used, plan.paper, plan.bleed,
                                      block.area))
    if blocks and _shares_square_cuts(plan, page, cuts):
        # a hairline on each shared cut, so a page reads as tiles and not one map, and
        # the blade has a line to follow
        _marks(canvas, shared_cuts(page.grid, page.used), TRIM_GUIDE)
    for block in _square_tile_blocks(plan, page):  # tiles riding on a page of tokens
        _marks(canvas, shared_cuts(block.grid, block.used), TRIM_GUIDE)


def _square_tile_blocks(plan: SheetPlan, page: Page) -> list[Block]:
    """The blocks of square tiles riding on another kind's page (Demon Mine's extra bases
    under its tokens) with no bleed: cut on shared lines as a tile sheet's are, so they
    get its stretched edges and hairlines."""
    if plan.bleed:
        return []
    tiles = {(round(p.x, 3), round(p.y, 3)) for p in page.placements if p.kind == "tile"}
    return [block for block in page.blocks if not block.grid.lattice.honeycomb and
            tuple(round(value, 3) for value in block.grid.cell(0)) in tiles]


def _shares_square_cuts(plan: SheetPlan, page: Page, cuts: CutGuides) -> bool:
    """Whether the page's own pieces are square ones that share their cuts (tiles, cards
    laid edge to edge without bleed): their fronts are stretched past the block's
    outer cuts, and each cut they share gets a hairline."""
    return cuts == "shared" and plan.bleed == 0 and not page.grid.lattice.honeycomb


def _grey_of(rim: str) -> float:
    """A ``#rrggbb`` colour's grey, 0 to 1."""
    return grey_level(rim) / 255


ONE_GUIDE = 0.45  # the least grey a page's one cut line keeps from every rim it crosses
# (at 0.24 Gold Mine's ochre nugget rims had shared the dark rims' light line)


def _guide_greys(rims: set[str]) -> dict[str, float]:
    """The grey of each round cut's hairline on a page, by its piece's rim colour: one
    grey for every piece where one stands off every rim by ONE_GUIDE (Mattock's red
    and blue miners had worn a white line and a dark one), else dark over a light rim
    and light over a dark one."""
    def least(grey: float) -> float:
        return min((abs(grey - _grey_of(rim)) for rim in rims), default=1.0)

    best = max((ROUND_GUIDE_LIGHT, ROUND_GUIDE_DARK), key=least)
    if least(best) >= ONE_GUIDE:
        return dict.fromkeys(rims, best)
    return {rim: ROUND_GUIDE_DARK if _grey_of(rim) >= 0.45 else ROUND_GUIDE_LIGHT
            for rim in rims}


def _circles(canvas: Any, placements: list[Placement], grey: float) -> None:
    """The circle inscribed in each placement's trim box: round cuts, in ``grey``."""
    canvas.setStrokeColorRGB(grey, grey, grey)
    canvas.setLineWidth(ROUND_GUIDE_WIDTH)
    path = canvas.beginPath()
    for placed in placements:
        path.circle(placed.x + placed.w / 2, placed.y + placed.h / 2,
                    min(placed.w, placed.h) / 2)
    canvas.drawPath(path, stroke=1, fill=0)


def _fold_marks(canvas: Any, plan: SheetPlan, page: Page) -> None:
    """A gutterfold page's crop marks, mirrored across the fold, and the dashed fold line."""
    paper = plan.paper
    marks = crop_marks(page.grid, page.used, paper, plan.bleed, halves(paper, page.fold))
    if page.grid.lattice.honeycomb:
        marks += hex_cut_lines(page.grid, page.used)
    x1, y1, x2, y2 = fold_line(paper, page.fold)
    middle = (y1 + y2) / 2 if page.fold == "horizontal" else 0.0

    def across(x: float, y: float) -> tuple[float, float]:
        return (paper.width - x, y) if page.fold == "vertical" else (x, 2 * middle - y)

    mirrored = [(*across(a, b), *across(c, d)) for a, b, c, d in marks]
    _marks(canvas, marks + mirrored)
    canvas.saveState()
    canvas.setDash(4, 3)
    _marks(canvas, [(x1, y1, x2, y2)], FOLD_LINE)
    canvas.restoreState()


def render_sheets(plan: SheetPlan, designs: dict[str, Drawing], game_title: str,
                  sheet_kind: str = "tiles", recorder: Recorder | None = None,
                  cuts: CutGuides = "none",
                  round_pieces: Mapping[str, str] | None = None) -> bytes:
    """The whole sheet PDF as bytes; the caller writes it atomically.

    A ``recorder`` shared by the sheets of one job lets the second paper
    replay the first one's drawing operators instead of drawing again.
    ``cuts`` says whether the page's own pieces share straight cuts (tiles, cards),
    which then get hairlines on a square grid; ``round_pieces`` names the pieces cut
    round, each with its rim's colour: they get a hairline circle on their cut.
    """
    paper = plan.paper
    buffer = io.BytesIO()
    paper_title = paper.title
    canvas = new_canvas(buffer, paper.width, paper.height,
                        f"{game_title} - {sheet_kind} ({paper_title})",
                        f"Print-and-play {sheet_kind} for {game_title}")
    form_names = {name: f"d{index}" for index, name in enumerate(sorted(designs))}
    for name in sorted(designs):
        define_form(canvas, form_names[name], designs[name], recorder)
    define_check_bar(canvas, paper, plan.margins)
    marks_forms: dict[MarksKey, str] = {}
    back_forms: dict[tuple[tuple[str, float, float], ...], str] = {}
    total = len(plan.pages)
    for page in plan.pages:
        if plan.duplex == "gutterfold":
            side_text = "fronts and their backs: print one-sided, fold on the dashed line"
        elif page.side == "front":
            side_text = "fronts"
        else:
            edge = "long" if plan.duplex == "long" else "short"
            side_text = f"backs: print double-sided, flip on the {edge} edge"
        page_header(canvas, paper, f"{game_title} \u00b7 {sheet_kind} \u00b7 {paper_title} "
                    f"\u00b7 {side_text}", page.number, total, plan.margins)
        if page.side == "back":
            _place_backs(canvas, page.placements, form_names, apron_area(plan), back_forms)
        else:
            fronts = tuple(placed for placed in page.placements if placed.side == "front")
            # round and shaped faces over their own colour run past the cut (FRONT_BLEED)
            _place_aprons(canvas, fronts, form_names, apron_area(plan))
            if _shares_square_cuts(plan, page, cuts):
                _place_stretched(canvas, fronts, form_names, apron_area(plan))
            elif _square_tile_blocks(plan, page):
                _place_stretched(canvas, tuple(placed for placed in fronts
                                               if placed.kind == "tile"),
                                 form_names, apron_area(plan))
            _place_forms(canvas, page.placements, form_names)
            # after the art: cut lines lie on top of it
            _mark(canvas, plan, page, marks_forms, cuts, round_pieces)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


