"""The book's pages, chosen for the whole book at once, as a publisher sets them.

Platypus fills one page at a time: it knows nothing of the next, so it left
a heading at a page's foot when the text under it would not fit, one line of
a paragraph alone at a page's top, a table's last row on a page of its own,
and a hole wherever a figure moved on. A compositor looks further ahead:
that is what this module does. The story is read as a stream of *units*
(a paragraph, a table, a heading, a figure, a page break), each measured once
at the text block's width, and every way of cutting it into pages that keeps
the book's rules is weighed at once, by dynamic programming over where each
page may end, the way TeX chooses line breaks:

- a heading, and an introduction that ends in a colon, stay on the page of
  what they introduce;
- a paragraph is split only with at least two of its lines on each page
  (no widow, no orphan); a table of facts of up to :data:`WHOLE_TABLE` rows
  is never split, and a longer one keeps at least two of its rows on each
  page (its head row repeated); a gallery of pictures, whose rows name what
  they show again atop a page, may break after any row;
- a figure (a diagram, or a pair of them, which is one unit and is never
  split) stays where it was written, or moves to the top of the next page
  while the text of its own section fills the page before it: it never
  passes a heading, a page break or another figure;
- a page that is not the book's last is at least :data:`FULL` full wherever
  any cut allows it; among the cuts that keep every rule, the book with the
  fullest pages, fewest pages and fewest split blocks wins.

The chosen pages are handed back to Platypus as a story with an explicit
break after each page and every split already made, so it only draws;
:class:`Pages` checks that each block lands on the page chosen for it.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator
from typing import Any, Literal, NamedTuple

from pnp.export.platypus import CondPageBreak, PageBreak, Spacer, Table
from pnp.export.reportlab_private import lines_ending_in_a_colon, paragraph_lines, table_rows
from pnp.rulebook.paragraphs import Paragraph

Flowable = Any  # reportlab is untyped

FULL = 0.86  # of a page's text block: the least a page but the last should hold
LAST = 0.2  # the least the last page should hold: never a page for a line or two
PADDING = 6.0  # a Platypus frame's own padding at its top and at its foot
FUZZ = 1e-6  # what Platypus forgives when a block just fits
LEAST = 2  # lines of a paragraph, or rows of a table, on each side of a split
WHOLE_TABLE = 6  # body rows a table may have and still be read at one glance: never split

# What a page costs (lower is better). Emptiness costs with its square, so one page
# left half empty costs far more than several a little under FULL: a book spreads
# what it cannot fill. Below FULL a page costs a price of its own, and the square
# grows many times faster.
SLACK = 60.0  # times the square of the part of the page left empty
UNDER_FULL = 50_000.0  # times the square of how far the page falls short of FULL
SHORT = 300.0  # and once for any page short of FULL, so the book avoids even one
FLOOR = 0.81  # below this a page reads as left empty: only where no page from its start fills
GAP = 5_000.0  # what such a page costs on top, so a book trades many small prices to avoid it
PAGE = 12.0  # each page: a shorter book is better
SPLIT = 3.0  # a paragraph or table that runs on to the next page
SHRUNK = 6.0  # a figure set smaller than its template asks
DEFERRED = 4.0  # a figure moved to the top of the next page
BROKEN_RULE = 100_000.0  # a heading at a foot, a widow, an orphan: only if nothing else fits
SCRAP_LINES = 3  # a paragraph this short under a heading does not carry it at a page's foot
STRANDED = 1_500.0  # a heading (or introduction) over a list's first item alone at a foot
WORTH_TRYING = 2_000.0  # a page dearer than this is only kept as a start's last resort

UnitKind = Literal["flow", "figure", "break", "space"]


class Unit(NamedTuple):
    """One block of the story as the composer sees it.

    ``parts`` are the heights of the pieces a page may end between (a
    paragraph's lines, a table's body rows) or the block's one height;
    ``repeated`` is what every part after a split repeats at its top (a
    table's head row); ``least`` is the fewest parts either side of a split,
    0 for a block never split. ``keep`` keeps the block on the page of what
    follows it (a heading, an introduction); ``section`` counts the headings
    before it, so a figure knows which text may overtake it.
    """

    flowable: Flowable
    kind: UnitKind
    parts: tuple[float, ...]
    repeated: float
    least: int
    before: float
    after: float
    keep: bool
    heading: bool
    section: int
    sums: tuple[float, ...]  # the parts' heights added up: sums[n] is the first n parts'
    smaller: tuple[float, ...] = ()  # a figure's heights shrunk as far as it may shrink
    colons: frozenset[int] = frozenset()  # lines a page may not end after: they end in ":"

    def height(self, first: int, end: int) -> float:
        """The height of parts ``first`` to ``end`` set as one block (a table's head row
        above them, on each page the table reaches)."""
        return self.repeated + self.sums[end] - self.sums[first]

    @property
    def whole(self) -> float:
        return self.height(0, len(self.parts))


class State(NamedTuple):
    """Where a page starts: the unit and part it opens with, and the figures that moved
    on from the page before and open this one."""

    unit: int
    part: int
    deferred: tuple[int, ...]


class Item(NamedTuple):
    """What a page holds of one unit: parts ``first`` to ``end`` of unit ``unit`` (of a
    figure, which of its smaller sizes, 0 for its own)."""

    unit: int
    first: int
    end: int
    smaller: int = 0


class Column(NamedTuple):
    """A page's text block as a Platypus frame fills it: the height used down to the
    last block's foot, that block's space after, and whether nothing is placed yet."""

    used: float
    after: float
    empty: bool

    def place(self, height: float, before: float, after: float, room: float) -> Column | None:
        """This column with a block placed below, or None when it does not fit.

        Platypus drops the space before a block at a page's top, and lets the
        space after one block and before the next overlap (the larger counts).
        """
        gap = 0.0 if self.empty else max(before - self.after, 0.0)
        used = self.used + self.after + gap + height if not self.empty else height
        if used > room + FUZZ:
            return None
        return Column(used, after, False)


class Page(NamedTuple):
    """One way to fill a page from a state: what it holds, where the next page starts
    (None after the book's last page), and what it costs."""

    items: tuple[Item, ...]
    end: State | None
    cost: float


EMPTY = Column(0.0, 0.0, True)


def units_of(story: list[Flowable], width: float) -> list[Unit]:
    """Measure each block of the story at ``width`` once, as the composer's units."""
    units: list[Unit] = []
    section = 0
    for flowable in story:
        if isinstance(flowable, CondPageBreak):
            continue  # chapters run on: only a page-break directive starts a page
        heading = getattr(flowable, "toc_entry", None) is not None
        section += heading
        unit = _unit(flowable, width, heading, section)
        if units and units[-1].heading and _one_line(unit):
            # a heading over a single line would still look stranded at a page's foot:
            # the line stays with what follows it too
            unit = unit._replace(keep=True)
        units.append(unit)
    return _lists_kept(units)


def _lists_kept(units: list[Unit]) -> list[Unit]:
    """A list's one-line first item stays with the item after it, and the item before a
    one-line last item stays with it: a page never ends with a list's lone first line,
    nor starts with its lone last one, as it never does with a paragraph's."""
    kept = list(units)
    for index, unit in enumerate(units):
        place = getattr(unit.flowable, "list_place", "")
        if unit.keep:
            continue
        if place == "first" and index + 1 < len(units) and _one_line(unit):
            kept[index] = unit._replace(keep=True)
        elif place == "last" and index and units[index - 1].kind == "flow" and \
                _short(unit, 2):
            kept[index - 1] = kept[index - 1]._replace(keep=True)
    return kept


def _one_line(unit: Unit) -> bool:
    """Whether ``unit`` is a paragraph of a single line."""
    return _short(unit, 1)


def _short(unit: Unit, lines: int) -> bool:
    """Whether ``unit`` is a paragraph of at most ``lines`` lines."""
    flowable = unit.flowable
    return isinstance(flowable, Paragraph) and unit.kind == "flow" and \
        unit.whole <= lines * flowable.style.leading + FUZZ


def _keeps(flowable: Flowable) -> bool:
    """Whether a block stays on the page of the block after it."""
    style = getattr(flowable, "style", None)
    return bool(getattr(flowable, "keepWithNext", 0) or getattr(style, "keepWithNext", 0))


def _unit(flowable: Flowable, width: float, heading: bool, section: int) -> Unit:
    keep = _keeps(flowable)
    if isinstance(flowable, PageBreak):
        return _made(flowable, "break", (0.0,), 0.0, 0, (0.0, 0.0), (False, False), section)
    if isinstance(flowable, Spacer):
        return _made(flowable, "space", (float(flowable.height),), 0.0, 0, (0.0, 0.0),
                     (False, False), section)
    spaces = float(flowable.getSpaceBefore()), float(flowable.getSpaceAfter())
    kind: UnitKind = "figure" if getattr(flowable, "floats", False) else "flow"
    _, height = flowable.wrap(width, 1e9)
    smaller = tuple(float(flowable.scaled(factor).wrap(width, 1e9)[1])
                    for factor in getattr(flowable, "SMALLER", ()))
    parts: tuple[float, ...] = (float(height),)
    repeated, least = 0.0, 0
    colons: frozenset[int] = frozenset()
    if not keep and not heading and kind == "flow":
        if isinstance(flowable, Paragraph):
            parts = paragraph_lines(flowable)
            colons = lines_ending_in_a_colon(flowable)
        elif isinstance(flowable, Table):
            repeated, parts = table_rows(flowable)
            if len(parts) <= WHOLE_TABLE and not getattr(flowable, "gallery", False):
                parts = ()  # a short table of facts is read at one glance
        # a gallery's rows name what they show again atop a new page (components), so a
        # page may end after any of them; text and tables keep two lines or rows
        fewest = 1 if getattr(flowable, "gallery_labels", False) else LEAST
        least = fewest if len(parts) >= 2 * fewest else 0
        if not least:
            parts, repeated = (float(height),), 0.0
    return _made(flowable, kind, parts, repeated, least, spaces, (keep, heading), section,
                 smaller)._replace(colons=colons)


def _made(flowable: Flowable, kind: UnitKind, parts: tuple[float, ...], repeated: float,
          least: int, spaces: tuple[float, float], keeps: tuple[bool, bool], section: int,
          smaller: tuple[float, ...] = ()) -> Unit:
    """A unit, with its parts' running sums (a long table is measured in one pass)."""
    sums = [0.0]
    for part in parts:
        sums.append(sums[-1] + part)
    return Unit(flowable, kind, parts, repeated, least, *spaces, *keeps, section, tuple(sums),
                smaller)


def compose(units: list[Unit], room: float) -> list[list[Item]]:
    """The book's pages: for each, the parts of units it holds, in order.

    Pages are found by the cheapest path from the first state to the end,
    each state a place where a page may start; states are taken in reading
    order, so each is reached by its cheapest path before pages are laid
    from it.
    """
    start = State(0, 0, ())
    best: dict[State, tuple[float, State | None, Page | None]] = {start: (0.0, None, None)}
    queue = [_order(start)]
    seen: set[State] = set()
    finish: tuple[float, State, Page] | None = None
    while queue:
        here = heapq.heappop(queue)[-1]
        if here in seen:
            continue
        seen.add(here)
        cost = best[here][0]
        for page in pages_from(units, here, room):
            total = cost + page.cost
            if page.end is None:
                if finish is None or total < finish[0]:
                    finish = (total, here, page)
                continue
            known = best.get(page.end)
            if known is None or total < known[0]:
                best[page.end] = (total, here, page)
                heapq.heappush(queue, _order(page.end))
    if finish is None:  # an empty story: one empty page
        return [[]]
    return _path(best, finish[1], finish[2])


def _path(best: dict[State, tuple[float, State | None, Page | None]], last: State,
          page: Page) -> list[list[Item]]:
    """The pages of the cheapest path, first to ``page``, the last, which starts at
    ``last``."""
    pages = [list(page.items)]
    state: State | None = last
    while state is not None:
        _, previous, before = best[state]
        if before is not None:
            pages.append(list(before.items))
        state = previous
    return pages[::-1]


def _order(state: State) -> tuple[int, int, int, State]:
    """Reading order of states: by unit and part, and a state with figures still to place
    before the same place without them (its page holds them, then moves on)."""
    return (state.unit, state.part, -len(state.deferred), state)


def pages_from(units: list[Unit], state: State, room: float) -> Iterator[Page]:
    """Every page that may start at ``state``, each with where the next one starts."""
    walk = _Walk(units, room)
    column, items = EMPTY, tuple[Item, ...]()
    for number, index in enumerate(state.deferred):
        unit = units[index]
        placed = column.place(unit.whole, unit.before, unit.after, room)
        if placed is None and not column.empty:  # the rest wait for the next page
            yield walk.page(items, column, state._replace(deferred=state.deferred[number:]))
            return
        column = placed or Column(unit.whole, unit.after, False)
        items = (*items, Item(index, 0, 1))
    yield from _worth_trying(walk.fill(state.unit, state.part, column, items, ()))


def _worth_trying(pages: Iterator[Page]) -> Iterator[Page]:
    """The pages that keep every rule and are full enough, and of the others only the
    cheapest: the one a book falls back on where no page from here can be full (a
    chapter's end before a figure that must wait). Trying every short page from
    every start would make a long book's states grow with the square of its lines."""
    fallback: Page | None = None
    for page in pages:
        if page.cost < WORTH_TRYING:
            yield page
        elif fallback is None or page.cost < fallback.cost:
            fallback = page
    if fallback is not None:
        yield fallback


class _Walk:
    """The pages one start can give: the units are read on from it, and a page may end
    wherever the rules allow (an end at each such place is a page offered)."""

    def __init__(self, units: list[Unit], room: float) -> None:
        self.units, self.room = units, room

    def page(self, items: tuple[Item, ...], column: Column, end: State | None,
             penalty: float = 0.0) -> Page:
        """A page of ``items``; one that ends with a heading or an introduction (but the
        book's last) breaks a rule."""
        last = items[-1] if items else None
        kept = end is not None and last is not None and self.units[last.unit].keep and \
            last.end == len(self.units[last.unit].parts)  # its end, not a part of it
        stranded = end is not None and last is not None and self._stranded(last.unit)
        return _page(items, column, end, self.room, penalty + (BROKEN_RULE if kept else 0.0)
                     + (STRANDED if stranded else 0.0))

    def _stranded(self, index: int) -> bool:
        """Whether unit ``index`` is a list's first item right under a heading or an
        introduction, or a paragraph of a few lines right under a heading: a page ending
        there shows a heading with a scrap of what it heads (Mattock's "Setting up" and
        two lines), which a compositor avoids where the book allows (a price, not a rule:
        a page left a fifth empty instead is worse)."""
        before = self.units[index - 1] if index else None
        if before is None:
            return False
        unit = self.units[index]
        return ((before.heading or before.keep) and
                getattr(unit.flowable, "list_place", "") == "first") or \
            (before.heading and _short(unit, SCRAP_LINES))

    def fill(self, index: int, offset: int, column: Column, items: tuple[Item, ...],
             moved: tuple[int, ...], penalty: float = 0.0) -> Iterator[Page]:
        """Pages from unit ``index`` (part ``offset``) on, into ``column``; ``moved`` are
        figures passed on this page, which open the next, and only their section's
        text may go on past them.

        A space (Platypus's Spacer) is glue: it is placed with the block after it,
        and dropped where a page ends or starts.
        """
        units = self.units
        glue: Item | None = None
        while index < len(units):
            unit = units[index]
            ending = self._ends_before(index, offset, column, items, moved, penalty)
            if ending is not None:
                yield ending
                return
            if unit.kind in ("break", "space"):
                glue = Item(index, 0, 1) if unit.kind == "space" and not column.empty else None
                index += 1
                continue
            if unit.kind == "figure" and not moved:
                # the figure may open the next page while this section's text fills this one
                yield from self.fill(index + 1, 0, column, items, (index,),
                                     penalty + DEFERRED)
            lead = (glue,) if glue else ()
            spaced = column if glue is None else column.place(
                units[glue.unit].parts[0], 0.0, 0.0, self.room)
            placed = self._whole(unit, offset, spaced, column.empty)
            if placed is None:
                yield from self._shrunk(index, spaced, (*items, *lead), moved, penalty)
                yield from self._split(index, offset, column, spaced, lead, items, moved,
                                       penalty)
                return
            column, items = placed, (*items, *lead, Item(index, offset, len(unit.parts)))
            index, offset, glue = index + 1, 0, None
            if index < len(units):
                yield self.page(items, column, State(index, 0, moved), penalty)
        yield self.page(items, column, State(index, 0, moved) if moved else None, penalty)

    def _ends_before(self, index: int, offset: int, column: Column, items: tuple[Item, ...],
                     moved: tuple[int, ...], penalty: float) -> Page | None:
        """The page that must end before unit ``index``: where a figure that moved on
        meets what may not pass it, or at a page break."""
        unit = self.units[index]
        if moved and not _may_pass(unit, self.units[moved[0]]):
            return self.page(items, column, State(index, offset, moved), penalty)
        if unit.kind == "break" and items:
            return self.page(items, column, State(index + 1, 0, ()), penalty)
        return None

    def _whole(self, unit: Unit, offset: int, spaced: Column | None,
               empty: bool) -> Column | None:
        """The column with what is left of ``unit`` placed whole, if it fits; a block
        taller than a page that may not be split is placed on an empty page anyway."""
        height = unit.height(offset, len(unit.parts))
        placed = None if spaced is None else spaced.place(
            height, 0.0 if offset else unit.before, unit.after, self.room)
        if placed is None and empty:
            return Column(height, unit.after, False)
        return placed

    def _shrunk(self, index: int, spaced: Column | None, items: tuple[Item, ...],
                moved: tuple[int, ...], penalty: float) -> Iterator[Page]:
        """Pages where a figure that misses this page is set smaller, as large as fits."""
        unit = self.units[index]
        if spaced is None:
            return
        for number, height in enumerate(unit.smaller, start=1):
            placed = spaced.place(height, unit.before, unit.after, self.room)
            if placed is not None:
                yield from self.fill(index + 1, 0, placed, (*items, Item(index, 0, 1, number)),
                                     moved, penalty + SHRUNK)
                return

    def _split(self, index: int, offset: int, column: Column, spaced: Column | None,
               lead: tuple[Item, ...], items: tuple[Item, ...], moved: tuple[int, ...],
               penalty: float) -> Iterator[Page]:
        """Pages that end inside unit ``index``, after each count of its parts that fits
        (``spaced`` is ``column`` with the glue ``lead`` before the unit placed), and the
        page that ends before it."""
        unit, room = self.units[index], self.room
        if unit.least and spaced is not None:
            left = len(unit.parts) - offset
            before = 0.0 if offset else unit.before
            good = False
            for count in range(_most_parts(unit, offset, spaced, before, room), 0, -1):
                placed = spaced.place(unit.height(offset, offset + count), before, 0.0, room)
                if placed is None:
                    continue
                broken = count < unit.least or left - count < unit.least or \
                    offset + count - 1 in unit.colons
                if good and placed.used < FULL * room:
                    break  # a shorter head only makes an emptier page
                good = good or not broken
                yield self.page((*items, *lead, Item(index, offset, offset + count)), placed,
                                State(index, offset + count, moved),
                                penalty + SPLIT + (BROKEN_RULE if broken else 0.0))
        if items:
            yield self.page(items, column, State(index, offset, moved), penalty)


def _most_parts(unit: Unit, offset: int, column: Column, before: float, room: float) -> int:
    """The most parts of ``unit`` after ``offset`` that fit in ``column``, short of all."""
    low, high = 0, len(unit.parts) - offset - 1
    while low < high:
        middle = (low + high + 1) // 2
        if column.place(unit.height(offset, offset + middle), before, 0.0, room) is None:
            high = middle - 1
        else:
            low = middle
    return low


def _may_pass(unit: Unit, figure: Unit) -> bool:
    """Whether ``unit`` may go ahead of a figure that moved on: running text of the
    figure's own section, never a heading, a page break or another figure."""
    return unit.kind in ("flow", "space") and not unit.heading and \
        unit.section == figure.section


def _page(items: tuple[Item, ...], column: Column, end: State | None, room: float,
          penalty: float) -> Page:
    """A page holding ``items``, with its cost: how empty it is (but the book's last,
    which only needs to be more than a line or two), and the penalties of the choices
    made on it."""
    cost = PAGE + penalty
    full = column.used / room
    least = FULL if end is not None else LAST
    if full < least:
        cost += SHORT + UNDER_FULL * (least - full) ** 2
        if end is not None and full < FLOOR:
            cost += GAP
    if end is not None:
        cost += SLACK * (1.0 - full) ** 2
    return Page(items, end, cost)


class Laid(NamedTuple):
    """The story for Platypus (the units' flowables, split where a page ends inside one,
    with a break after each page) and the page each flowable must land on, counted from
    the story's first page."""

    story: list[Flowable]
    pages: dict[int, int]


def lay(units: list[Unit], pages: list[list[Item]], width: float) -> Laid:
    """The story of ``pages``: each unit's parts made by splitting what is left of it."""
    story: list[Flowable] = []
    where: dict[int, int] = {}
    rest: dict[int, Flowable] = {}
    for number, page in enumerate(pages):
        if number:
            story.append(PageBreak())
        for item in page:
            unit = units[item.unit]
            if unit.kind == "space" and (not story or isinstance(story[-1], PageBreak)):
                continue
            flowable = rest.pop(item.unit, unit.flowable)
            if item.smaller:
                flowable = flowable.scaled(flowable.SMALLER[item.smaller - 1])
            if item.end < len(unit.parts):
                head, tail = _split(flowable, unit, item, width)
                rest[item.unit] = tail
                flowable = head
            story.append(flowable)
            where[id(flowable)] = number
    return Laid(story, where)


def _split(flowable: Flowable, unit: Unit, item: Item, width: float) -> tuple[Any, Any]:
    """Split ``flowable`` (what is left of ``unit``) after the item's parts."""
    height = unit.height(item.first, item.end)
    flowable.wrap(width, 1e9)
    parts = flowable.split(width, height + 1e-3)
    if len(parts) != 2:
        raise RuntimeError(f"the page composer could not split {type(flowable).__name__} "
                           f"at {height:.2f} pt")
    _, made = parts[0].wrap(width, 1e9)
    if abs(made - height) > 0.01:
        raise RuntimeError(f"the page composer split {type(flowable).__name__} at "
                           f"{made:.2f} pt, not {height:.2f} pt")
    return parts[0], parts[1]
