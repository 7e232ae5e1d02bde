"""A board too big for one sheet, split into overlapping page windows with glue seams."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence

import msgspec

from pnp.geometry.points import Point
from pnp.impose.layout import FOOTER_BAND, HEADER_BAND, SAFE_MARGIN
from pnp.model.paper import Paper
from pnp.units import inches, mm

OVERLAP = inches(0.5)  # glue strip shared by neighbouring pages


BOARD_BLEED = mm(3)  # frame printed past the board's outer edge, cut away with the margin
TARGET_RADIUS = 7.0  # a registration target's circle; its cross reaches 1.5 times as far
# points past the board's edge a seam's end target stands: clear of the bleed, wholly off
# the board and its frame
TARGET_OUT = BOARD_BLEED + TARGET_RADIUS * 1.5 + 1.5
AREA_INSET = 4.0  # the board's pages keep this far inside the safe margin
# the printable room beyond the board's side edge that its marks need: a target off it,
# with a hair to spare (the test for room must not hang on rounding)
EDGE_ROOM = TARGET_OUT + TARGET_RADIUS * 1.5 + 0.25 - AREA_INSET
EDGE_REACH = 24.0  # a target this close to the board's outer edge is moved out past it


class Window(msgspec.Struct, frozen=True):
    """The part of the board one page shows, in board points (y-down), and its label."""

    label: str
    row: int
    column: int
    x: float
    y: float
    w: float
    h: float
    page_x: float  # where the window's top-left corner sits on the page (PDF, y-up)
    page_y: float


def printable_area(paper: Paper) -> tuple[float, float, float, float]:
    """left, bottom, width, height available for the board on one page."""
    left = SAFE_MARGIN + AREA_INSET
    bottom = SAFE_MARGIN + FOOTER_BAND + 6.0
    width = paper.width - 2 * left
    height = paper.height - SAFE_MARGIN - HEADER_BAND - 6.0 - bottom
    return left, bottom, width, height


def windows(board_w: float, board_h: float, paper: Paper,
            marks: Sequence[Point] = (), clearance: float = 0.0) -> list[Window]:
    """Split the board into page windows that overlap by ``OVERLAP``.

    The pages split the board as evenly as they can, but a seam (a trimmed edge, glued
    down) never runs through one of ``marks`` (start spaces: a misaligned join shows
    most on a printed symbol) where the page's spare room lets it move at least
    ``clearance`` away; where it cannot, it goes as far from them as it can.
    """
    left, bottom, avail_w, avail_h = printable_area(paper)
    xs = _spans(board_w, avail_w, [x for x, _ in marks], clearance, EDGE_ROOM)
    ys = _spans(board_h, avail_h, [y for _, y in marks], clearance)
    result = []
    for row, (top, low) in enumerate(ys):
        for column, (start, end) in enumerate(xs):
            label = f"{chr(ord('A') + row)}{column + 1}"
            win_w, win_h = end - start, low - top
            page_x = _page_x(left, avail_w, win_w, column, len(xs))
            page_y = bottom + (avail_h + win_h) / 2
            result.append(Window(label, row, column, start, top, win_w, win_h, page_x,
                                 page_y))
    return result


def _page_x(left: float, room: float, width: float, column: int, columns: int) -> float:
    """Where a piece of ``width`` stands in the printable width ``room`` from ``left``.

    A piece of the first or last column of several keeps the room its board edge needs
    beyond it (the seam's end targets and the crop marks, past the bleed) and gives the
    rest to its glue strip's side, where the crop marks of its top and foot stand;
    others are centred."""
    spare = room - width
    if columns == 1 or 0 < column < columns - 1:
        return left + spare / 2
    outward = min(spare, EDGE_ROOM)
    return left + outward if column == 0 else left + spare - outward


def _spans(length: float, room: float, marks: list[float], clearance: float,
           edge_room: float = 0.0) -> list[tuple[float, float]]:
    """Where each page along one direction starts and ends, its glue strip (under the
    next page) included: at most ``room`` long, the first and last ``edge_room`` less;
    each seam (a page's trimmed start) as near the even split as it can be while clear of
    ``marks``."""
    count = max(1, math.ceil((length - OVERLAP) / (room - OVERLAP)))
    step = (length - OVERLAP) / count
    starts = [index * step for index in range(count)]
    for index in range(1, count):
        far = starts[index + 1] + OVERLAP if index + 1 < count else length
        # the first and last pages keep room beyond the board's edge for its crop marks
        # and the seams' end targets: a seam moved clear of a start space had widened
        # A4's first page until its left targets stood on the frame
        low = far - room + (edge_room if index + 1 == count else 0.0)
        high = starts[index - 1] + room - OVERLAP - (edge_room if index == 1 else 0.0)
        starts[index] = _clear_seam(starts[index], (low, high), marks, clearance)
    ends = [start + OVERLAP for start in starts[1:]] + [length]
    return list(zip(starts, ends, strict=True))


def _clear_seam(ideal: float, span: tuple[float, float], marks: list[float],
                clearance: float) -> float:
    """The seam nearest ``ideal`` within ``span`` that stays ``clearance`` from every
    mark; failing that, the one farthest from the nearest mark."""
    if not marks:
        return ideal
    low, high = span
    candidates = [ideal] + [ideal + sign * step for step in range(1, int(high - low) + 1)
                            for sign in (-1, 1) if low <= ideal + sign * step <= high]

    def room(seam: float) -> float:
        return min(abs(seam - mark) for mark in marks)

    clear = [seam for seam in candidates if room(seam) >= clearance]
    return clear[0] if clear else max(candidates, key=room)


def seam_targets(window: Window, all_windows: list[Window],
                 blocked: Callable[[Point], bool] | None = None,
                 room: Mapping[str, float] | None = None) -> list[Point]:
    """Board points of the targets on this window's seams, centred on the seam lines.

    A seam is the left (or top) edge of the later page, where it is trimmed.
    The earlier page prints whole targets there; the trimmed later page keeps
    half of each, which must complete the earlier page's targets when laid on.
    Where ``blocked`` says a point is on the board's playing spaces, the targets
    go only where the seam reaches the board's clear frame: one at each end
    that has it. A seam across the board's middle has its frame at one end
    only, and one target there is enough, since the trimmed edge laid along the
    strip's line already fixes the angle. A seam clear at neither end keeps two
    targets at its quarters.
    """
    points: list[Point] = []
    for other in all_windows:
        if other.row == window.row and abs(other.column - window.column) == 1:
            seam_x = max(window.x, other.x)
            points += _along((seam_x, window.y), (0.0, window.h), blocked)
        if other.column == window.column and abs(other.row - window.row) == 1:
            seam_y = max(window.y, other.y)
            points += _along((window.x, seam_y), (window.w, 0.0), blocked)
    if blocked is None or room is None:
        return points
    extent = _extent(all_windows)
    return [_beyond_the_board(point, extent, room) for point in points]


def _extent(windows: list[Window]) -> tuple[float, float, float, float]:
    """The whole board's left, top, right and bottom, in board points."""
    return (min(w.x for w in windows), min(w.y for w in windows),
            max(w.x + w.w for w in windows), max(w.y + w.h for w in windows))


def _beyond_the_board(point: Point, extent: tuple[float, float, float, float],
                      room: Mapping[str, float]) -> Point:
    """A target at the board's outer edge moved out past it, onto the margin both pages
    print there and the trimming cuts away, where the pages have room for it (``room``:
    the least margin beyond each edge of the board on any page, in points): on the frame
    it stayed printed on the finished board at each end of every seam."""
    x, y = point
    left, top, right, bottom = extent
    moves = (("top", y - top, (x, top - TARGET_OUT)),
             ("bottom", bottom - y, (x, bottom + TARGET_OUT)),
             ("left", x - left, (left - TARGET_OUT, y)),
             ("right", right - x, (right + TARGET_OUT, y)))
    for edge, distance, moved in moves:
        if distance < EDGE_REACH and room.get(edge, 0.0) >= TARGET_OUT + TARGET_RADIUS * 1.5:
            return moved
    return point


def mark_area(paper: Paper) -> tuple[float, float, float, float]:
    """left, bottom, right, top of where a board page's marks may print: inside the
    safe margin, clear of the header's and the check bar's bands."""
    return (SAFE_MARGIN, SAFE_MARGIN + FOOTER_BAND, paper.width - SAFE_MARGIN,
            paper.height - SAFE_MARGIN - HEADER_BAND)


def margins_beyond(windows: list[Window], paper: Paper) -> dict[str, float]:
    """The least room, on any page, between the board's edge and the page's safe margin
    (the header's and check bar's bands at the top and foot), beyond each outer edge of
    the board: marks may stand in the few points the board itself keeps clear."""
    area_left, area_bottom, area_right, area_top = mark_area(paper)
    left, top, right, bottom = _extent(windows)
    return {
        "left": min(w.page_x - area_left for w in windows if w.x == left),
        "right": min(area_right - w.page_x - w.w for w in windows if w.x + w.w == right),
        "top": min(area_top - w.page_y for w in windows if w.y == top),
        "bottom": min(w.page_y - w.h - area_bottom for w in windows if w.y + w.h == bottom),
    }


def _along(start: Point, span: Point, blocked: Callable[[Point], bool] | None) -> list[Point]:
    """Two target points on the seam from ``start`` across ``span``: clear of the spaces
    where it can be, and apart."""
    def at(share: float) -> Point:
        return start[0] + span[0] * share, start[1] + span[1] * share

    shares = [0.25, 0.75]
    if blocked is not None:
        clear = [share for share in (step / 200 for step in range(1, 200))
                 if not blocked(at(share))]
        # the first clear point if it is near the start, the last if near the end: a
        # short clear stretch at one end holds one target, not two side by side
        ends = [share for share in clear[:1] if share < 0.25] + \
            [share for share in clear[-1:] if share > 0.75]
        if ends:
            shares = sorted(set(ends))
    return [at(share) for share in shares]
