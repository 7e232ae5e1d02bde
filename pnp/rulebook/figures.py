"""Flowables that show our art in the text: one design in a box, and a rule's diagram
(the game's tiles on a small board, with its own art from :mod:`pnp.draw.diagram`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from typing import Any

from pnp.draw.board import BOARD_MARGIN, space_centres, space_size
from pnp.draw.diagram import (
    PILE_SHARE,
    TITLE_SIZE,
    Badge,
    DiagramArt,
    MarkKind,
    Pawn,
    Word,
    arrows_top,
    diagram_scenes,
    faded,
)
from pnp.draw.placing import drawn_marks
from pnp.draw.scene import Drawing
from pnp.export import platypus
from pnp.export.pdfdraw import draw
from pnp.geometry.lattice import hexagon_cells
from pnp.geometry.points import Point
from pnp.model.ground import WALL_RATIO, ground
from pnp.model.placement import TilePlacement
from pnp.model.tileset import Tileset
from pnp.rulebook.designs import Designs, place_form
from pnp.rulebook.diagram import Board, plan_diagram
from pnp.rulebook.paragraphs import colour
from pnp.rulebook.source import Diagram
from pnp.rulebook.standing import square_of

# reportlab has no type hints: these names only say which of its objects is meant
Flowable = Any


class DesignFlowable(platypus.Flowable):
    """One design (tile, card, token) scaled into a box, for tables and covers."""

    def __init__(self, key: str, drawing: Drawing, box: float, designs: Designs) -> None:
        super().__init__()
        self.key, self.drawing, self.designs = key, drawing, designs
        self.scale = box / max(drawing.width, drawing.height)
        self.width = drawing.width * self.scale
        self.height = drawing.height * self.scale

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        name = place_form(self.canv, self.key, self.drawing, self.designs, self.scale)
        self.canv.saveState()
        self.canv.scale(self.scale, self.scale)
        self.canv.doForm(name)
        self.canv.restoreState()


class DiagramFlowable(platypus.Flowable):
    """A small board of real tiles with pawns, arrows and marks; never split.

    The tiles are the game's own designs, placed as forms; the board under
    them and everything over them are scenes (:mod:`pnp.draw.diagram`) in the
    game's palette, drawn by the same writer as every piece.
    """

    def __init__(self, designs: Designs, diagram: Diagram, max_width: float) -> None:
        super().__init__()
        tileset = designs.tileset
        self.designs, self.tileset, self.diagram = designs, tileset, diagram
        board = None if tileset.board is None else \
            Board(tileset.board.side, BOARD_MARGIN / space_size(tileset.size))
        self.plan = plan_diagram(diagram, tileset.shape, max_width, board)
        self.cell = self.plan.cell
        self.board_width, self.width, self.height = \
            self.plan.board_width, self.plan.width, self.plan.height
        # an arrow hopping over a row of pieces rises above the row: room for it on top
        self.height = max(self.height, arrows_top(self.stood_art()) + 1.0)

    def centre(self, cell: tuple[float, float]) -> tuple[float, float]:
        """PDF coordinates (y up, inside this flowable) of a board position."""
        return self.plan.centre(cell)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def art(self) -> DiagramArt:
        """Where the diagram's own art goes: the plan's places, in this box."""
        diagram, plan = self.diagram, self.plan
        standing, removed = self._pawns()
        badges, closed = self._marks()
        return DiagramArt(
            self.width, self.height, self.cell,
            ground=() if diagram.board else tuple(plan.outline(spot, 0.0)
                                                  for spot in self.ground()),
            # well inside its space: the edge the caption is about stays clear
            highlights=tuple(plan.outline(spot, self.cell * 0.07) for spot in diagram.highlight),
            reach=tuple(plan.outline(spot, 0.0) for spot in diagram.reach),
            area=_tray(plan.outline(spot, 0.0) for spot in diagram.area),
            arrows=tuple((self.centre(start), self.centre(end))
                         for start, end in diagram.arrows),
            numbered=diagram.numbered, pawns=standing,
            words=tuple(Word(self.centre(where), text, colour,
                             names_a_moment=where[1] < -0.5)  # over the board
                        for where, text, colour in diagram.labels),
            badges=badges,
            # inside the tile: on its edge the frame hid the very edge a burrow is judged by
            frames=tuple(plan.outline(cell, self.cell * FRAME_INSET) for cell in diagram.new),
            closed=closed, removed=removed,
            piles=tuple(plan.outline(cell, self.cell * (1 - PILE_SHARE) / 2)
                        for cell in diagram.piles),
            seams=tuple(plan.outline(placed.cell) for placed in diagram.tiles
                        if placed.cell not in diagram.piles),
            title=((plan.board_width / 2, self.height - TITLE_SIZE), diagram.heading)
            if diagram.heading else None)

    def _pawns(self) -> tuple[tuple[Pawn, ...], tuple[Pawn, ...]]:
        """The pawns on the board, and those just taken off (drawn faded where they stood)."""
        diagram = self.diagram
        pawns = [Pawn((x, y), radius, colour, label) for (_, colour, label), (x, y, radius)
                 in zip(diagram.pawns, self.plan.pawns(), strict=True)]
        gone = set(diagram.removed)
        return (tuple(pawn for number, pawn in enumerate(pawns) if number not in gone),
                tuple(pawn for number, pawn in enumerate(pawns) if number in gone))

    def _marks(self) -> tuple[tuple[Badge, ...], tuple[tuple[tuple[float, float], ...], ...]]:
        """Ticks and crosses as badges (the verdict's beside the board among them), and
        the outlines of the spaces closed for good."""
        diagram, plan = self.diagram, self.plan
        badges = [Badge(*self._mark_spot(where), mark)
                  for where, mark in diagram.marks if mark != "closed"]
        badge = plan.badge()
        if badge is not None:
            verdict: MarkKind = "tick" if diagram.verdict == "legal" else "cross"
            badges.append(Badge(badge[:2], badge[2], verdict))
        closed = tuple(plan.outline(square_of(self.tileset.shape, where), self.cell * 0.03)
                       for where, mark in diagram.marks if mark == "closed")
        return tuple(badges), closed

    def _mark_spot(self, where: tuple[float, float]) -> tuple[tuple[float, float], float]:
        """Where a tick or cross goes, and its radius: on its point; up and right of a
        piece standing there, so the mark says what happens to the piece without hiding
        it; smaller, in a corner of rock of a tile lying there, well inside the tile so
        it reads as that tile's and not a neighbour's, hiding neither its tunnels nor its
        die (:func:`_rock_corner`)."""
        x, y = self.centre(where)
        if any(math.dist((x, y), self.centre(pawn)) < self.cell * 0.3
               for pawn, _, _ in self.diagram.pawns):
            return (x + self.cell * 0.3, y + self.cell * 0.3), self.cell * 0.22
        placed = next((placed for placed in self.diagram.tiles if placed.cell == where), None)
        if placed is not None:
            laid = frozenset(tile.cell for tile in self.diagram.tiles)
            (dx, dy), radius = _rock_corner(self.tileset, placed, laid)
            return (x + dx * self.cell, y - dy * self.cell), self.cell * radius
        return (x, y), self.cell * 0.22

    def stood_art(self) -> DiagramArt:
        """The art the scenes draw: pawns the game prints a piece for are the caller's to
        draw (as ``stood``, at the piece's size, which arrows keep clear of)."""
        art = self.art()
        return self._stood(art, self._pieces(art.pawns), self._pieces(art.removed))

    def _pieces(self, pawns: tuple[Pawn, ...]) -> dict[Pawn, tuple[str, Drawing] | None]:
        """The game's own piece for each pawn, where it prints one."""
        return {pawn: self.designs.piece_of(pawn.colour) for pawn in pawns}

    def _stood(self, art: DiagramArt, pieces: dict[Pawn, tuple[str, Drawing] | None],
               gone: dict[Pawn, tuple[str, Drawing] | None]) -> DiagramArt:
        return art._replace(
            pawns=tuple(pawn for pawn, piece in pieces.items() if piece is None),
            stood=tuple(pawn._replace(radius=self._piece_across(pawn, piece[1]) / 2)
                        for pawn, piece in pieces.items() if piece is not None),
            removed=tuple(pawn for pawn, piece in gone.items() if piece is None))

    def draw(self) -> None:
        tileset, diagram = self.tileset, self.diagram
        art = self.art()
        pieces, gone = self._pieces(art.pawns), self._pieces(art.removed)
        under, over = diagram_scenes(self._stood(art, pieces, gone), dict(tileset.palette))
        draw(self.canv, under)
        if diagram.board:
            self._board()
        self._tiles()
        for pawn, piece in pieces.items():
            if piece is not None:
                self._piece(pawn, piece)
        self._faded_pieces(gone)
        for where, name, size in diagram.pieces:
            self._place(self.designs.piece(name), self.centre(where), size * self.cell)
        draw(self.canv, over)

    def _tiles(self) -> None:
        """Every tile as it prints, turned as placed: face down shows its back, and a tile
        with no tunnels under a piece is shown bare (the piece stands where its icon is).
        On the printed board a tile is drawn as it lies, a little narrower than its space."""
        canvas, tileset, diagram = self.canv, self.tileset, self.diagram
        shape = tileset.shape
        tile_w, tile_h = shape.box(tileset.size)
        scale = self.cell / self._cell_points()
        step = 360.0 / shape.sides
        occupied = {square_of(shape, where) for where, _, _ in diagram.pawns}
        piles = set(diagram.piles)
        for placed in diagram.tiles:
            bare = placed.cell in occupied and not tileset.tile(placed.kind).paths
            size = scale * (PILE_SHARE if placed.cell in piles else 1.0)
            key, drawing = self.designs.back_of(placed.kind) if placed.cell in \
                diagram.face_down else self.designs.bare(placed.kind) if bare else \
                self.designs.shown(placed.kind, size)
            name = place_form(canvas, key, drawing, self.designs, size)
            x, y = self.centre(placed.cell)
            canvas.saveState()
            canvas.translate(x, y)
            canvas.rotate(-step * placed.rotation)
            canvas.scale(size, size)
            canvas.translate(-tile_w / 2, -tile_h / 2)
            canvas.doForm(name)
            canvas.restoreState()

    def _board(self) -> None:
        """The game's printed board, scaled so its spaces are the diagram's, under it all."""
        board, spec = self.designs.board(), self.tileset.board
        if board is None or spec is None:
            return
        key, drawing = board
        scale = self.cell / space_size(self.tileset.size)
        centres, _ = space_centres(spec, self.tileset.shape, self.tileset.size)
        bx, by = centres[hexagon_cells(spec.side).index((0, 0))]
        x, y = self.centre((0, 0))
        name = place_form(self.canv, key, drawing, self.designs, scale)
        canvas = self.canv
        canvas.saveState()
        canvas.translate(x - bx * scale, y - (drawing.height - by) * scale)
        canvas.scale(scale, scale)
        canvas.doForm(name)
        canvas.restoreState()

    def _place(self, piece: tuple[str, Drawing], centre: tuple[float, float],
               across: float) -> None:
        """One of the game's pieces, ``across`` points wide, centred on ``centre``."""
        key, drawing = piece
        scale = across / max(drawing.width, drawing.height)
        name = place_form(self.canv, key, drawing, self.designs, scale)
        canvas = self.canv
        canvas.saveState()
        canvas.translate(centre[0] - drawing.width * scale / 2,
                         centre[1] - drawing.height * scale / 2)
        canvas.scale(scale, scale)
        canvas.doForm(name)
        canvas.restoreState()

    def _piece(self, pawn: Pawn, piece: tuple[str, Drawing]) -> None:
        """One of the game's own pieces, standing for a pawn, with its cut edge as a thin
        ink line: Demon Mine's white beetle, a pale disc on a pale floor, had lost its
        outline in the diagrams (on the table its edge shows against the tile)."""
        across = self._piece_across(pawn, piece[1])
        self._place(piece, pawn.centre, across)
        self._ring(pawn.centre, across, PIECE_EDGE)

    def _ring(self, centre: Point, across: float, width: float) -> None:
        """An ink circle ``width`` points thick round a piece ``across`` points wide."""
        canvas = self.canv
        canvas.saveState()
        canvas.setStrokeColor(colour(dict(self.tileset.palette)["ink"]))
        canvas.setLineWidth(width)
        canvas.circle(centre[0], centre[1], across / 2, stroke=1, fill=0)
        canvas.restoreState()

    def _cell_points(self) -> float:
        """What one cell of the diagram stands for, in printed points: a tile, or on the
        printed board a space, which is a little wider than its tile."""
        size = self.tileset.size
        return space_size(size) if self.diagram.board else size

    def _piece_across(self, pawn: Pawn, drawing: Drawing) -> float:
        """As large beside the tiles as the printed piece is beside a printed tile (a
        0.75 in miner on a 23.9 mm hex), never smaller than a pawn's disc would be."""
        true = self.cell * max(drawing.width, drawing.height) / self._cell_points()
        return max(2.3 * pawn.radius, self.cell * 0.42, true)

    def _faded_pieces(self, gone: dict[Pawn, tuple[str, Drawing] | None]) -> None:
        """Pieces just taken off, as the kit prints them but faded towards the paper: the
        piece is recognisable, yet plainly no longer in play (docs/diagrams.md). A solid
        ink ring keeps its outline, which the fading alone lost in greyscale."""
        paper = dict(self.tileset.palette)["paper"]
        for pawn, piece in gone.items():
            if piece is not None:
                key, drawing = piece
                across = self._piece_across(pawn, drawing)
                self._place((f"{key}-faded", faded(drawing, paper)), pawn.centre, across)
                self._ring(pawn.centre, across, GONE_RING)

    def _gap_columns(self) -> set[int]:
        """Single columns with nothing in them between columns with something: the space
        between two panels (before, after), which shows no board, so it is not read as a
        tile missing."""
        diagram = self.diagram
        points = [placed.cell for placed in diagram.tiles] + list(diagram.highlight) + \
            list(diagram.reach) + list(diagram.area) + \
            [where for where, _, _ in (*diagram.pawns, *diagram.labels, *diagram.pieces)] + \
            [where for where, _ in diagram.marks]
        # an arrow's end between two columns is not a thing standing in one: Gold Mine's
        # cavern, pointed at the stack it goes under, had left an empty square between
        # them that read as a frame round the two
        used = {round(point[0]) for point in points}
        # one empty column between two used ones; a wider stretch is ground (a set-up's
        # empty area)
        return {column for column in range(min(used, default=0), max(used, default=0))
                if column not in used and column - 1 in used and column + 1 in used}

    def _beside_the_board(self, gaps: set[int]) -> set[int]:
        """The columns past the last gap when nothing is played there (only piles lying
        face down and parts of the table set aside, as in a set-up): that is the table
        beside the board, so it shows no board squares to read as places to build."""
        diagram = self.diagram
        if not gaps:
            return set()
        side = max(gaps) + 1
        face_down = set(diagram.face_down)
        played = [t.cell for t in diagram.tiles if t.cell not in face_down] + \
            list(diagram.highlight) + list(diagram.reach) + \
            [where for where, _, _ in diagram.pawns] + [where for where, _ in diagram.marks]
        if any(round(x) >= side for x, _ in played):
            return set()
        return set(range(side, diagram.columns))

    def _set_aside(self) -> set[tuple[int, int]]:
        """Squares holding a token or card and nothing else: a piece set aside on the
        table (the Phantom waiting for a cavern), which a board square round it would
        show as standing in the mine."""
        diagram = self.diagram
        pieces = {(round(x), round(y)) for (x, y), _, _ in diagram.pieces}
        taken = {t.cell for t in diagram.tiles} | set(diagram.highlight) | \
            set(diagram.reach) | set(diagram.area) | \
            {(round(x), round(y)) for (x, y), _, _ in diagram.pawns}
        return pieces - taken

    def ground(self) -> list[tuple[int, int]]:
        """Every board space the diagram shows: its rectangle, or the hexes inside it.

        None where every tile tops a pile: a market of stacks lies on the table, and
        squares round it (an empty one in the corner its labels leave) read as a board.
        """
        diagram = self.diagram
        piles = set(diagram.piles)
        if diagram.tiles and all(placed.cell in piles for placed in diagram.tiles):
            return []
        if not self.tileset.shape.axial:
            gaps = self._gap_columns()
            table = self._beside_the_board(gaps)
            aside = self._set_aside()
            return [(c, r) for c in range(diagram.columns) for r in range(diagram.rows)
                    if c not in gaps and c not in table and (c, r) not in aside]
        return self._hex_ground()

    def _hex_ground(self) -> list[tuple[int, int]]:
        """The hexes around everything on a hex diagram that fit inside its box."""
        diagram = self.diagram
        used = [t.cell for t in diagram.tiles] + list(diagram.highlight) + \
            list(diagram.reach) + list(diagram.area)
        if not used:
            return []
        low_q, high_q = min(c[0] for c in used) - 1, max(c[0] for c in used) + 1
        low_r, high_r = min(c[1] for c in used) - 1, max(c[1] for c in used) + 1
        tile_w, tile_h = self.tileset.shape.box(self.cell)
        spots = []
        for q in range(low_q, high_q + 1):
            for r in range(low_r, high_r + 1):
                x, y = self.centre((q, r))
                if tile_w / 2 - 1 <= x <= self.board_width - tile_w / 2 + 1 and \
                        tile_h / 2 - 1 <= y <= self.height - tile_h / 2 + 1:
                    spots.append((q, r))
        return spots


TILE_MARK = 0.13  # of a cell: a tick's or a cross's radius on a tile
FRAME_INSET = 0.05  # of a cell: how far inside a tile just laid its accent frame runs
GONE_RING = 0.9  # points: the ink ring round a piece just taken off
PIECE_EDGE = 0.5  # points: a standing piece's cut edge, thinner than GONE_RING's ring
MARK_CORNER = 0.26  # of a cell: how far from the tile's centre, along each axis, it sits
# further out and smaller where a tunnel's wall would run under it: the mark keeps to the
# rock of its corner, clear of every wall (a cross on a wall reads as a broken one), and
# a tenth of a tile inside its edges (or it reads as a neighbour's); 0.3 and 0.095 fit
# the rock a straight tunnel leaves in a corner
MARK_PLACES = ((MARK_CORNER, TILE_MARK), (0.28, 0.12), (0.3, 0.095))
# the corners tried, lower left first (tile sizes, y down): rock on most tiles
CORNERS = ((-1, 1), (1, 1), (-1, -1), (1, -1))


def _rock_corner(tileset: Tileset, placed: TilePlacement,
                 laid: frozenset[tuple[int, int]] = frozenset()) -> tuple[Point, float]:
    """Where on a tile, as turned, a tick or a cross goes (tile sizes from its centre,
    y down): the first corner whose spot is rock and clear of the tile's icons, signs
    and die, trying first the corners fewest ``laid`` tiles meet (on a square grid), so
    the mark reads as this tile's and not a neighbour's; the lower left if none is."""
    kind = tileset.tile(placed.kind)
    floor = ground(tileset.shape, kind, placed.rotation)
    width, height = tileset.shape.box(tileset.size)
    turn = math.radians(360.0 / tileset.shape.sides * placed.rotation)
    marks = [(((mark.x - width / 2) * math.cos(turn) - (mark.y - height / 2) * math.sin(turn))
              / tileset.size,
              ((mark.x - width / 2) * math.sin(turn) + (mark.y - height / 2) * math.cos(turn))
              / tileset.size, max(mark.half_width, mark.half_height) / tileset.size)
             for mark in drawn_marks(tileset, kind)]
    corners = sorted(CORNERS, key=lambda corner: _crowding(tileset, placed, corner, laid))
    for clear_of_walls in (True, False):
        for across, down in corners:
            for out, radius in MARK_PLACES if clear_of_walls else MARK_PLACES[:1]:
                spot = (across * out, down * out)
                if floor.covers(spot) or any(math.dist(spot, (mx, my)) < reach + radius
                                             for mx, my, reach in marks):
                    continue
                if clear_of_walls and any(path.distance(spot) < WALL_RATIO + radius
                                          for path in floor.floors):
                    continue
                return spot, radius
    return (-MARK_CORNER, MARK_CORNER), TILE_MARK


def _crowding(tileset: Tileset, placed: TilePlacement, corner: tuple[int, int],
              laid: frozenset[tuple[int, int]]) -> int:
    """How many laid tiles meet a square tile at ``corner``: the two beside it and the
    one across it. Hexes meet no neighbour at a corner alone: every corner counts 0."""
    if tileset.shape.axial:
        return 0
    (column, row), (across, down) = placed.cell, corner
    return sum((column + dc, row + dr) in laid
               for dc, dr in ((across, 0), (0, down), (across, down)))


def _tray(outlines: Iterable[tuple[Point, ...]]) -> tuple[Point, ...]:
    """The rectangle around some spaces, a little inside them: one tray for a part of
    the table set aside, however many spaces it spans; nothing for no spaces."""
    corners = [corner for outline in outlines for corner in outline]
    if not corners:
        return ()
    inset = 2.0
    low_x, high_x = min(x for x, _ in corners) + inset, max(x for x, _ in corners) - inset
    low_y, high_y = min(y for _, y in corners) + inset, max(y for _, y in corners) - inset
    return ((low_x, low_y), (high_x, low_y), (high_x, high_y), (low_x, high_y))


PANEL_GAP = 18.0  # points between two diagrams set side by side
CAPTION_GAP = 6.0  # between a board and its caption: at 3 pt a caption under a setup
# board read as touching it


CAPTIONS_ALIGNED = 36.0  # boards of one row this close in height start their captions level


class Figure(platypus.Flowable):
    """One diagram with its caption, or several written one after the other (a before
    and after, a legal and an illegal move): a figure the page composer moves as one,
    so a pair is never split across pages.

    Panels are set in rows of as many as fit side by side in equal columns, their
    boards' tops (and titles) on one line and each caption under its own board;
    four that do not fit in one row go two by two (a legal and an illegal example
    beside each other, stood one pair under the other: one panel to a row had run
    four boards down a whole page), and a panel too wide for two columns stands alone
    in its row.
    """

    floats = True  # the page composer may move it to the next page's top
    SMALLER = (0.9, 0.8)  # what the composer may shrink a figure to, where that fills a page

    def __init__(self, remake: Callable[[float], list[tuple[Flowable, Flowable]]],
                 factor: float = 1.0, before: float = 10.0, after: float = 8.0) -> None:
        super().__init__()
        self.remake, self.factor = remake, factor
        self.panels = remake(factor)
        self.spaceBefore, self.spaceAfter = before, after
        self.per_row = 1
        self.column = 0.0

    def scaled(self, factor: float) -> Figure:
        """The same figure with its boards drawn ``factor`` times as large (captions stay
        as they are): the page composer's choice where a figure just misses a page."""
        return Figure(self.remake, factor, self.spaceBefore, self.spaceAfter)

    def _rows(self) -> list[list[tuple[Flowable, Flowable]]]:
        """The panels in rows of ``per_row``."""
        panels, step = self.panels, self.per_row
        return [panels[start:start + step] for start in range(0, len(panels), step)]

    def _row_height(self, row: list[tuple[Flowable, Flowable]], available: float) -> float:
        boards = max(board.height for board, _ in row)
        return float(boards + CAPTION_GAP +
                     max(caption.wrap(self.column, available)[1] for _, caption in row))

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        count = len(self.panels)
        self.width = available_width
        self.per_row, self.column = 1, available_width
        for across in range(count, 1, -1):
            column = (available_width - PANEL_GAP * (across - 1)) / across
            if (count % across == 0 or across == count) and \
                    all(board.width <= column for board, _ in self.panels):
                self.per_row, self.column = across, column
                break
        rows = self._rows()
        self.height = sum(self._row_height(row, available_height) for row in rows) + \
            PANEL_GAP * (len(rows) - 1)
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        top = self.height
        for row in self._rows():
            # the boards' tops, with their titles and verdict marks, on one line (boards on
            # one baseline had set their titles and marks at different heights); captions
            # start on one line under the tallest board where the boards differ a little,
            # and right under their own board where they differ much: on one line they had
            # left an inch of paper under a board a row shorter than its partner, and each
            # under its own board, captions 10 mm apart had read as set carelessly
            tall = self._row_height(row, self.height)
            deepest = max(board.height for board, _ in row)
            for number, (board, caption) in enumerate(row):
                left = number * (self.column + PANEL_GAP)
                board.drawOn(canvas, left + (self.column - board.width) / 2, top - board.height)
                _, lines = caption.wrap(self.column, self.height)
                over = deepest if deepest - board.height <= CAPTIONS_ALIGNED else board.height
                caption.drawOn(canvas, left, top - over - CAPTION_GAP - lines)
            top -= tall + PANEL_GAP
