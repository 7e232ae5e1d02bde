"""A rulebook diagram's own art, as scenes: the faint board under the tiles, and the
pawns, arrows, highlights, words and verdict marks over them.

The tiles themselves are the game's designs, placed as forms by the book.
Everything else a diagram shows is drawn here, like every other piece of
art, as :mod:`pnp.draw.scene` primitives, so a diagram prints through the
same writer as a tile and takes its colours from the game's palette (its
ink, paper, accent and rock) rather than from colours of its own. Pawn
colours are players' colours and the verdict marks are green and red in
every game.

The book works out where things go (:mod:`pnp.rulebook.diagram`); this
module takes those places in PDF coordinates (y up, inside the diagram's
box) and turns them into scenes, whose y runs down.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Literal, NamedTuple

import msgspec

from pnp.draw.ink import mix
from pnp.draw.scene import Circle, Clip, Command, Drawing, Outline, Primitive, Style, Text
from pnp.geometry.points import Point
from pnp.input.faces import MIN_TEXT
from pnp.model.tileset import PAWNS

MarkKind = Literal["tick", "cross", "closed"]

PAWN_COLOURS = dict(zip(PAWNS, ("#1f1a16", "#f7f4ec", "#b3261e", "#1f4e9c", "#2e7d32",
                                 "#e0b020", "#8a8a8a"), strict=True))
LIGHT_PAWNS = ("white", "yellow")  # pawns whose label is printed dark
MARK_COLOURS: dict[MarkKind, str] = {"tick": "#2e7d32", "cross": "#b3261e",
                                     "closed": "#6c5f51"}
TITLE_SIZE = 8.5  # points: a panel's title over its board, in capitals
ARROW_CLEARANCE = 0.18  # of a cell: how far an arrow stops short of a space's centre
ARROW_HEAD = 0.16  # of a cell: an arrowhead's length
STOP_RADIUS = 0.045  # of a cell: the dot where one numbered step ends and the next starts
STOP_CLEARANCE = 0.09  # of a cell: how far an arrow stays from such a dot's centre
PAWN_GAP = 2.0  # points between an arrow's end and the edge of a pawn it points at
# the least size of words on the ground: 6 pt still on a paper that shrinks the book to
# 80% (200 x 250 mm), where the type's own floor of 6.5 pt had printed at 5.4
GROUND_WORDS = 7.5
PILE_SHARE = 0.84  # of a cell: the top tile of a pile, so neighbouring piles stand apart
PILE_EDGES = 2  # tiles whose edges show under a pile's top tile
PILE_STEP = 0.035  # of a cell: how far each tile under the top one shows, down and right


class Pawn(NamedTuple):
    """A player's piece on the diagram: its centre, radius, colour name and letter."""

    centre: Point
    radius: float
    colour: str
    label: str


class Word(NamedTuple):
    """Words printed on the ground, not a piece; or, off the board, the name of one of
    the moments a board shows (``Before``, ``After``), set like a title, one step under
    the diagram's own title."""

    at: Point
    text: str
    colour: str
    names_a_moment: bool = False


class Badge(NamedTuple):
    """A tick or a cross in a white disc."""

    centre: Point
    radius: float
    mark: MarkKind


class DiagramArt(NamedTuple):
    """Where a diagram's own art goes, in PDF coordinates inside its box.

    One mark for each meaning, in every diagram of every game (docs/diagrams.md):
    a dashed outline is a target (an empty space a move or a dig aims at), a
    tint the spaces within a piece's reach, a grey tray a part of the table set
    aside (a pit), a solid accent frame the tile just laid, a tick allowed and a
    cross not allowed, a hatched space one closed for good, a faded piece one just
    taken off, a numbered disc a step in order.
    """

    width: float
    height: float
    cell: float  # one tile's size, which sets the arrows' and words' sizes
    ground: tuple[tuple[Point, ...], ...]  # the outline of each faint board space
    highlights: tuple[tuple[Point, ...], ...]  # dashed outlines: targets
    arrows: tuple[tuple[Point, Point], ...]  # from one space's centre to another's
    pawns: tuple[Pawn, ...]
    words: tuple[Word, ...]
    badges: tuple[Badge, ...]
    numbered: bool = False  # each arrow carries its step number, 1 first
    frames: tuple[tuple[Point, ...], ...] = ()  # solid outlines: tiles just laid
    closed: tuple[tuple[Point, ...], ...] = ()  # hatched: spaces closed for good
    removed: tuple[Pawn, ...] = ()  # faded pieces where they were taken off
    reach: tuple[tuple[Point, ...], ...] = ()  # tinted: spaces within a piece's reach
    area: tuple[Point, ...] = ()  # a grey tray: a part of the table set aside
    title: tuple[Point, str] | None = None  # the panel's name and where it is centred
    piles: tuple[tuple[Point, ...], ...] = ()  # the top tile's outline of each pile
    seams: tuple[tuple[Point, ...], ...] = ()  # each laid tile's edge: where two tiles meet
    # pawns the caller draws as the game's own pieces: not drawn here, but arrows keep
    # clear of them as of the pawns drawn here
    stood: tuple[Pawn, ...] = ()


def seam_style(palette: dict[str, str]) -> Style:
    """A tile's cut edge where it lies among others: a thin line round every tile, as the
    cut edges show on the table, so "the middle tile" of a run of tunnels (or a gallery's
    neighbouring elbows) can be told from its neighbours."""
    return Style(stroke=mix(palette["ink"], palette["rock"], 0.5), width=0.5, join="round")


def diagram_scenes(art: DiagramArt, palette: dict[str, str]) -> tuple[Drawing, Drawing]:
    """The scene under the tiles (the faint board) and the scene over them."""
    flip = _Flip(art.height)
    seam = seam_style(palette)
    over: list[Primitive] = [Outline(flip.polygon(corners), seam) for corners in art.seams]
    for corners in art.closed:
        over += _hatched(flip, corners, art.cell, palette)
    highlight = Style(stroke=palette["accent"], width=1.6, dash=(3.0, 2.0))
    over += [Outline(flip.polygon(corners), highlight) for corners in art.highlights]
    frame = Style(stroke=palette["accent"], width=2.4, cap="round", join="round")
    over += [Outline(_brackets(flip, corners), frame) for corners in art.frames]
    over += _arrows(flip, art, palette)
    if art.numbered:
        for step, (start, end) in enumerate(art.arrows, start=1):
            over += _step(flip, (start, end), step, art, palette)
    for pawn in art.pawns:
        over += _pawn(flip, pawn, palette)
    for gone in art.removed:
        over += _faded(flip, gone, palette)
    if art.title is not None:
        (x, y), words = art.title
        over.append(Text(x, flip.y(y), words.upper(), TITLE_SIZE, "bold", "middle",
                         palette["ink"]))
    over += [_word(flip, word, art.cell) for word in art.words]
    for badge in art.badges:
        over += _badge(flip, badge, palette)
    return (Drawing(art.width, art.height, 0.0, tuple(_under(flip, art, palette))),
            Drawing(art.width, art.height, 0.0, tuple(over)))


def _under(flip: _Flip, art: DiagramArt, palette: dict[str, str]) -> list[Primitive]:
    """What lies under the tiles: a tray, the tint of a reach, the faint board, and the
    tiles under each pile's top one."""
    ground = Style(stroke=mix(palette["rock-light"], palette["paper"], 0.45), width=0.5)
    under: list[Primitive] = []
    if art.area:
        under.append(Outline(flip.polygon(art.area), Style(
            fill=mix(palette["rock-light"], palette["paper"], 0.75), stroke=palette["ink"],
            width=0.8, join="round")))
    # strong enough to read in greyscale: at a fifth of the accent it printed 13% grey
    tint = Style(fill=mix(palette["accent"], palette["paper"], 0.62))
    under += [Outline(flip.polygon(corners), tint) for corners in art.reach]
    under += [Outline(flip.polygon(corners), ground) for corners in art.ground]
    for corners in art.piles:
        under += _pile_edges(flip, corners, art.cell, palette)
    return under


class _Flip(NamedTuple):
    """PDF coordinates (y up) to a scene's (y down) in a box of this height."""

    height: float

    def y(self, y: float) -> float:
        return self.height - y

    def point(self, point: Point) -> tuple[float, float]:
        return point[0], self.height - point[1]

    def polygon(self, corners: Sequence[Point]) -> tuple[Command, ...]:
        first, *rest = (self.point(corner) for corner in corners)
        return (("M", *first), *(("L", *corner) for corner in rest), ("Z",))


def _pile_edges(flip: _Flip, corners: Sequence[Point], cell: float,
                palette: dict[str, str]) -> list[Primitive]:
    """The tiles under a pile's top one, each showing a sliver down and to the right of
    the one above it, deepest first, so a market of piles reads as stacks, not a map."""
    edge = Style(fill=mix(palette["rock-light"], palette["paper"], 0.35),
                 stroke=palette["ink"], width=0.5, join="round")
    step = cell * PILE_STEP
    return [Outline(flip.polygon([(x + step * depth, y - step * depth) for x, y in corners]),
                    edge) for depth in range(PILE_EDGES, 0, -1)]


BRACKET = 0.28  # of a side: how far each corner of a new tile's frame runs along it


def _brackets(flip: _Flip, corners: Sequence[Point]) -> tuple[Command, ...]:
    """A new tile's frame as a bracket at each corner, open along the middle of every
    side: a whole frame ran across the tunnel mouths the diagram was teaching, and in
    greyscale printed as heavy as a wall across the opening."""
    commands: list[Command] = []
    count = len(corners)
    for index, (x, y) in enumerate(corners):
        before, after = corners[index - 1], corners[(index + 1) % count]
        start = (x + (before[0] - x) * BRACKET, y + (before[1] - y) * BRACKET)
        end = (x + (after[0] - x) * BRACKET, y + (after[1] - y) * BRACKET)
        commands += [("M", *flip.point(start)), ("L", *flip.point((x, y))),
                     ("L", *flip.point(end))]
    return tuple(commands)


def _arrows(flip: _Flip, art: DiagramArt, palette: dict[str, str]) -> list[Primitive]:
    """Every arrow, clear of what it joins, and a dot where a numbered step runs on."""
    drawn: list[Primitive] = []
    for arrow, clear, passed in _arrow_ends(art):
        drawn += _arrow(flip, arrow, art.cell, clear, palette, passed)
    for point in _stops(art):
        drawn += _stop(flip, point, art.cell, palette)
    return drawn


def _arrow_ends(art: DiagramArt) -> list[tuple[tuple[Point, Point], tuple[float, float],
                                              list[Pawn]]]:
    """Each arrow, how far it stays clear of its start and of its end, and the pieces it
    passes: what drawing it and measuring its hop both need."""
    stops = _stops(art)
    found = []
    for start, end in art.arrows:
        start_clear, end_clear = (art.cell * STOP_CLEARANCE if point in stops
                                  else _clear_of(point, art) for point in (start, end))
        found.append(((start, end), (start_clear, end_clear), _passed(art, (start, end))))
    return found


def _passed(art: DiagramArt, arrow: tuple[Point, Point]) -> list[Pawn]:
    """The pieces an arrow neither starts nor ends at: those it must keep clear of."""
    return [pawn for pawn in (*art.pawns, *art.stood)
            if min(math.dist(pawn.centre, arrow[0]), math.dist(pawn.centre, arrow[1])) >
            pawn.radius]


def arrows_top(art: DiagramArt) -> float:
    """How high the highest arrow's shaft reaches, halo included, in the box's own y (up):
    a hop over a row of pieces rises above the row, and its box must hold it."""
    top = 0.0
    for arrow, clear, passed in _arrow_ends(art):
        hop = _hop(arrow, clear, passed)
        points = list(arrow) if hop is None else [_cubic(hop, k / 40) for k in range(41)]
        top = max(top, *(y + HALO for _, y in points))
    return top


def _stops(art: DiagramArt) -> list[Point]:
    """Where one numbered step ends and the next begins, with nothing standing there:
    the chain runs on through a dot, so step 2 visibly starts where step 1 ended (each
    had stopped short of the spot, and the reader saw three loose arrows)."""
    if not art.numbered:
        return []
    taken = [pawn.centre for pawn in (*art.pawns, *art.removed)]
    return [first[1] for first, second in itertools.pairwise(art.arrows)
            if first[1] == second[0] and
            all(math.dist(first[1], centre) > art.cell * 0.2 for centre in taken)]


def _stop(flip: _Flip, point: Point, cell: float, palette: dict[str, str]) -> list[Primitive]:
    """A step's end on the way: an accent dot in a paper ring, as the arrows are drawn."""
    x, y = flip.point(point)
    radius = cell * STOP_RADIUS
    return [Circle(x, y, radius + 1.2, Style(fill=palette["paper"])),
            Circle(x, y, radius, Style(fill=palette["accent"]))]


def _clear_of(point: Point, art: DiagramArt) -> float:
    """How far an arrow's end stays from ``point``: clear of a space's centre, and of
    the edge of a pawn standing there, so its head never runs under the disc."""
    room = art.cell * ARROW_CLEARANCE
    for pawn in (*art.pawns, *art.stood):
        if math.dist(pawn.centre, point) < pawn.radius:
            room = max(room, pawn.radius + PAWN_GAP + math.dist(pawn.centre, point))
    return room


HOP_ANGLE = math.radians(55)  # how steeply an arrow hopping over pieces leaves and lands
HOP_REACHES = tuple(0.2 + 0.1 * step for step in range(12))  # handle lengths tried, of its span
HALO = 2.5  # half the width of an arrow's paper-coloured halo
HOP_CLEAR = PAWN_GAP + HALO  # beyond a passed disc: the gap and the arrow's halo


def _unit(x: float, y: float) -> Point:
    length = math.hypot(x, y)
    return x / length, y / length


def _cubic(points: tuple[Point, Point, Point, Point], t: float) -> Point:
    (ax, ay), (bx, by), (cx, cy), (dx, dy) = points
    u = 1 - t
    return (u ** 3 * ax + 3 * u * u * t * bx + 3 * u * t * t * cx + t ** 3 * dx,
            u ** 3 * ay + 3 * u * u * t * by + 3 * u * t * t * cy + t ** 3 * dy)


def _crosses(arrow: tuple[Point, Point], pawn: Pawn) -> bool:
    """Whether the straight line of ``arrow`` runs through ``pawn``'s disc and halo."""
    (x0, y0), (x1, y1) = arrow
    length = math.dist(arrow[0], arrow[1])
    px, py = pawn.centre
    share = ((px - x0) * (x1 - x0) + (py - y0) * (y1 - y0)) / length ** 2
    off = abs((px - x0) * (y1 - y0) - (py - y0) * (x1 - x0)) / length
    return 0.0 < share < 1.0 and off < pawn.radius + HOP_CLEAR


def _hop(arrow: tuple[Point, Point], clear: tuple[float, float],
         passed: Sequence[Pawn]) -> tuple[Point, Point, Point, Point] | None:
    """The curve of an arrow that hops over the pieces its straight line would strike out
    (a move past a friend ran through the friend's symbol): it leaves its start up the
    page (left, for an arrow straight up or down), clears each passed disc and lands on
    its end from above; None where it runs through none, or no hop clears them."""
    start, end = arrow
    if start == end or not any(_crosses(arrow, pawn) for pawn in passed):
        return None
    along = _unit(end[0] - start[0], end[1] - start[1])
    up = (-along[1], along[0]) if along[0] >= 0 else (along[1], -along[0])
    cos, sin = math.cos(HOP_ANGLE), math.sin(HOP_ANGLE)
    out = (along[0] * cos + up[0] * sin, along[1] * cos + up[1] * sin)
    down = (along[0] * cos - up[0] * sin, along[1] * cos - up[1] * sin)
    tail = (start[0] + out[0] * clear[0], start[1] + out[1] * clear[0])
    tip = (end[0] - down[0] * clear[1], end[1] - down[1] * clear[1])
    span = math.dist(tail, tip)
    for reach in HOP_REACHES:
        handles = ((tail[0] + out[0] * span * reach, tail[1] + out[1] * span * reach),
                   (tip[0] - down[0] * span * reach, tip[1] - down[1] * span * reach))
        curve = (tail, *handles, tip)
        samples = [_cubic(curve, k / 40) for k in range(41)]
        if all(math.dist(point, pawn.centre) >= pawn.radius + HOP_CLEAR
               for pawn in passed for point in samples):
            return curve
    return None


def _arrow(flip: _Flip, arrow: tuple[Point, Point], cell: float, clear: tuple[float, float],
           palette: dict[str, str], passed: Sequence[Pawn] = ()) -> list[Primitive]:
    """An accent arrow with a paper-coloured halo, ``clear`` short of its start and of
    its end (see :func:`_clear_of`), hopping over the ``passed`` pawns its straight line
    would run through (see :func:`_hop`)."""
    start, end = arrow
    head = cell * ARROW_HEAD
    hop = _hop(arrow, clear, passed)
    if hop is None:
        angle = math.atan2(end[1] - start[1], end[0] - start[0])
        along = (math.cos(angle), math.sin(angle))
        tail = (start[0] + along[0] * clear[0], start[1] + along[1] * clear[0])
        tip = (end[0] - along[0] * clear[1], end[1] - along[1] * clear[1])
    else:
        tail, tip = hop[0], hop[3]
        along = _unit(tip[0] - hop[2][0], tip[1] - hop[2][1])  # the head lands along the curve
        angle = math.atan2(along[1], along[0])
    shaft_end = (tip[0] - along[0] * head * 0.6, tip[1] - along[1] * head * 0.6)
    shaft: tuple[Command, ...] = (("M", *flip.point(tail)), ("L", *flip.point(shaft_end)))
    if hop is not None:
        shaft = (("M", *flip.point(tail)), ("C", *flip.point(hop[1]), *flip.point(hop[2]),
                                            *flip.point(shaft_end)))
    drawn: list[Primitive] = []
    for width, colour in ((5.0, palette["paper"]), (2.6, palette["accent"])):
        drawn.append(Outline(shaft, Style(stroke=colour, width=width, cap="round")))
        grow = (width - 2.6) / 2
        corners = [(tip[0] + along[0] * grow, tip[1] + along[1] * grow)]
        for side in (1, -1):
            spread = angle + math.pi - side * 0.45
            corners.append((tip[0] + math.cos(spread) * (head + grow),
                            tip[1] + math.sin(spread) * (head + grow)))
        drawn.append(Outline(flip.polygon(corners), Style(fill=colour)))
    return drawn


def _step(flip: _Flip, arrow: tuple[Point, Point], step: int, art: DiagramArt,
          palette: dict[str, str]) -> list[Primitive]:
    """The step's number in a disc beside the middle of its arrow, so the disc never
    hides the arrow or the spaces it joins; drawn in ink, so a step never reads as a
    red player's pawn."""
    radius = max(MIN_TEXT * 0.75, art.cell * 0.1)
    x, y = flip.point(_step_centre(arrow, radius, art.cell, art.pawns))
    size = max(MIN_TEXT, radius * 1.25)
    # in ink, not the arrows' red: a red disc with a letter is a red player's pawn
    return [Circle(x, y, radius, Style(fill=palette["paper"], stroke=palette["ink"],
                                       width=radius * 0.18)),
            Text(x, y + size * 0.36, str(step), size, "bold", "middle", palette["ink"])]


def _step_centre(arrow: tuple[Point, Point], radius: float, cell: float,
                 pawns: Sequence[Pawn]) -> Point:
    """Beside the middle of the arrow's shaft (between its tail and its head, which
    _arrow keeps clear of both spaces' centres) on its left as it points, or on its
    right, or nearer its tail: the first place where the disc clears every pawn,
    since a step number touching a pawn reads as part of it. The left of the middle
    when none is clear."""
    (x0, y0), (x1, y1) = arrow
    length = math.dist(arrow[0], arrow[1]) or 1.0
    shaft = (ARROW_CLEARANCE * cell, max(ARROW_CLEARANCE * cell,
                                         length - (ARROW_CLEARANCE + ARROW_HEAD) * cell))
    angle = math.atan2(y1 - y0, x1 - x0)
    normal = (-math.sin(angle) * radius * 1.5, math.cos(angle) * radius * 1.5)
    places = []
    for share in (0.5, 0.25):
        along = (shaft[0] + (shaft[1] - shaft[0]) * share) / length
        places += [(x0 + (x1 - x0) * along + normal[0] * side,
                    y0 + (y1 - y0) * along + normal[1] * side) for side in (1, -1)]
    for place in places:
        if all(math.dist(place, pawn.centre) >= pawn.radius + radius * 1.5
               for pawn in pawns):
            return place
    return places[0]


def _pawn(flip: _Flip, pawn: Pawn, palette: dict[str, str]) -> list[Primitive]:
    """A disc in the player's colour, edged to stand out, with its letter."""
    x, y = pawn.centre
    edge = palette["paper"] if pawn.colour == "black" else "#000000"
    drawn: list[Primitive] = [Circle(x, flip.y(y), pawn.radius, Style(
        fill=PAWN_COLOURS[pawn.colour], stroke=edge, width=1.2))]
    if pawn.label:
        ink = palette["ink"] if pawn.colour in LIGHT_PAWNS else "#ffffff"
        drawn.append(Text(x, flip.y(y - pawn.radius * 0.38), pawn.label, pawn.radius * 1.1,
                          "bold", "middle", ink))
    return drawn


def _word(flip: _Flip, word: Word, cell: float) -> Text:
    """Words on the ground, sized to the tiles; a moment's name over the board is set one
    step under the panel's title: its size, not bold, in capitals."""
    x, y = word.at
    if word.names_a_moment:
        return Text(x, flip.y(y - TITLE_SIZE * 0.35), word.text.upper(), TITLE_SIZE,
                    "regular", "middle", PAWN_COLOURS[word.colour])
    return Text(x, flip.y(y - cell * 0.09), word.text, ground_word_size(cell), "bold",
                "middle", PAWN_COLOURS[word.colour])


def ground_word_size(cell: float) -> float:
    """The size words on the ground are set at, beside tiles ``cell`` points across: the
    diagram's plan measures them at it to give a word beside the board its room."""
    return max(GROUND_WORDS, cell * 0.26)


def _faded(flip: _Flip, pawn: Pawn, palette: dict[str, str]) -> list[Primitive]:
    """A piece just taken off: the pawn itself, pale, where it stood. Not dashed (a dashed
    outline is a target) and not crossed (a cross is "not allowed")."""
    x, y = pawn.centre
    drawn: list[Primitive] = [Circle(x, flip.y(y), pawn.radius, Style(
        fill=mix(PAWN_COLOURS[pawn.colour], palette["paper"], 0.65),
        stroke=mix(palette["ink"], palette["paper"], 0.45), width=1.0))]
    if pawn.label:
        drawn.append(Text(x, flip.y(y - pawn.radius * 0.38), pawn.label, pawn.radius * 1.1,
                          "bold", "middle", mix(palette["ink"], palette["paper"], 0.45)))
    return drawn


def faded(drawing: Drawing, paper: str, share: float = 0.62) -> Drawing:
    """A piece as it prints, every colour moved ``share`` of the way to the paper: a piece
    just taken off, still recognisable. Colours are mixed rather than drawn transparent,
    so the page stays free of transparency (a PDF/X-1a shop refuses it)."""
    def colour(value: str | None) -> str | None:
        return mix(value, paper, share) if value and len(value) == 7 and \
            value.startswith("#") else value

    def paint(item: Primitive) -> Primitive:
        if isinstance(item, Clip):
            return Clip(item.outline, tuple(paint(child) for child in item.children))
        if isinstance(item, Text):
            return msgspec.structs.replace(item, fill=colour(item.fill) or item.fill)
        if isinstance(item, (Outline, Circle)):
            return msgspec.structs.replace(item, style=msgspec.structs.replace(
                item.style, fill=colour(item.style.fill), stroke=colour(item.style.stroke)))
        return item

    return Drawing(drawing.width, drawing.height, drawing.bleed,
                   tuple(paint(item) for item in drawing.items))


def _hatched(flip: _Flip, corners: Sequence[Point], cell: float,
             palette: dict[str, str]) -> list[Primitive]:
    """A space closed for good: tinted, hatched with diagonal lines, edged in grey."""
    outline = flip.polygon(corners)
    xs, ys = [x for x, _ in corners], [flip.y(y) for _, y in corners]
    left, top, right, bottom = min(xs), min(ys), max(xs), max(ys)
    pitch = max(3.0, cell * 0.12)
    lines: list[Command] = []
    start = left - (bottom - top)
    while start < right:
        lines += [("M", start, bottom), ("L", start + (bottom - top), top)]
        start += pitch
    grey = MARK_COLOURS["closed"]
    return [Outline(outline, Style(fill=mix(grey, palette["paper"], 0.8))),
            Clip(outline, (Outline(tuple(lines), Style(stroke=grey, width=0.8)),)),
            Outline(outline, Style(stroke=grey, width=1.0))]


def _badge(flip: _Flip, badge: Badge, palette: dict[str, str]) -> list[Primitive]:
    """A tick or a cross, stroked in its colour inside a paper disc."""
    x, y = badge.centre
    r = badge.radius * 0.55
    colour = MARK_COLOURS[badge.mark]
    line = badge.radius * 0.22
    if badge.mark == "tick":
        path: tuple[Command, ...] = (("M", *flip.point((x - r, y))),
                                     ("L", *flip.point((x - r * 0.25, y - r * 0.7))),
                                     ("L", *flip.point((x + r, y + r * 0.75))))
    else:
        path = (("M", *flip.point((x - r, y - r))), ("L", *flip.point((x + r, y + r))),
                ("M", *flip.point((x - r, y + r))), ("L", *flip.point((x + r, y - r))))
    return [Circle(x, flip.y(y), badge.radius,
                   Style(fill=palette["paper"], stroke=colour, width=line)),
            Outline(path, Style(stroke=colour, width=line, cap="round", join="round"))]
