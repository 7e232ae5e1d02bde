"""Exact tunnel-link search on a square grid with a limited supply of tiles.

Question: can tunnels join pairs of base squares (open on every side) when
each square in between needs a tile that carries the tunnel through it, and
each tile kind may be used only as often as the mix has it?

What a square asks of its tile is a *need*: a run north-south, a run
east-west, or one of the four corners (north-east, east-south, south-west,
west-north). A tile kind serves a set of needs: every need one of its
connections makes in a rotation the player may give it. A rotatable straight
serves both runs, a rotatable bend all four corners; a tile used only as
printed serves just what it shows (an upright straight only the north-south
run, a north-east bend only that corner).

Whether a set of needs can be met is a matching question, answered exactly
by Hall's theorem: for every group of needs, the squares asking for any of
them must not outnumber the tiles that serve at least one of them. Needs that
every tile kind treats alike are merged into one *class* first, so a mix of
rotatable tiles has just two classes (runs and corners) and three Hall
inequalities, which is the closed form ``max(0, r - t) + max(0, n - s) <= b``
for ``r`` corners and ``n`` runs against ``t`` turn-only, ``s`` straight-only
and ``b`` flexible tiles.

One link: a breadth-first search over (square, heading, needs so far), by
length, keeps a state only when no state at the same square and heading
already needs no more of every class; the first buildable link found is the
shortest. Several links from one supply: each link's *menu* (every buildable
need count that no other buildable link of that pair beats in every class)
is searched, then one option per link is chosen so that the summed needs
still pass Hall's test. The caller keeps the links apart by giving each a
region of its own, so no square is counted twice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cached_property
from itertools import combinations

import msgspec

from pnp.geometry.cells import SquareCell as Cell
from pnp.geometry.shapes import SQUARE

Needs = tuple[int, ...]  # squares asking for each need class, in the supply's class order
State = tuple[Cell, int, Needs]  # a square, the heading into it, needs of the squares before it
Region = Callable[[Cell], bool]
HEADINGS = SQUARE.grid_steps  # across N, E, S and W: clockwise, as the needs count edges
NEED_NAMES = ("N-S", "E-W", "N-E", "E-S", "S-W", "W-N")  # bit i of a need mask is NEED_NAMES[i]
RUNS = 0b000011
CORNERS = 0b111100
EVERY_NEED = RUNS | CORNERS
EDGE_INDEX = {edge: index for index, edge in enumerate(SQUARE.edges)}  # N 0 ... W 3


def need_between(edge_a: int, edge_b: int) -> int:
    """The need index of a tunnel joining two edges (0 N, 1 E, 2 S, 3 W) of one square."""
    if (edge_a - edge_b) % 4 == 2:
        return edge_a % 2  # N-S is need 0, E-W need 1
    low, high = sorted((edge_a, edge_b))
    return 5 if (low, high) == (0, 3) else 2 + low


def need_of_move(heading_in: int, heading_out: int) -> int:
    """The need of a square entered heading ``heading_in`` and left heading ``heading_out``."""
    return need_between((heading_in + 2) % 4, heading_out)


# need_of_move for every pair of headings, looked up in the search's inner loop
_NEED_OF_MOVE = tuple(tuple(need_of_move(into, out) for out in range(4)) for into in range(4))


def serves(pairs: Sequence[tuple[str, str]], rotatable: bool) -> int:
    """The need mask of a tile whose tunnels join these edge pairs (letters N E S W)."""
    mask = 0
    for a, b in pairs:
        for turn in range(4) if rotatable else (0,):
            mask |= 1 << need_between((EDGE_INDEX[a] + turn) % 4, (EDGE_INDEX[b] + turn) % 4)
    return mask


class Supply(msgspec.Struct, frozen=True, dict=True):
    """The tiles a link may use, grouped by the needs each can serve.

    ``straight``, ``turn`` and ``both`` count rotatable tiles that only run
    straight, only turn, or do either; ``fixed`` lists (need mask, count) for
    any other group, such as tiles that must keep their printed orientation.
    """

    straight: int = 0
    turn: int = 0
    both: int = 0
    fixed: tuple[tuple[int, int], ...] = ()

    @cached_property
    def groups(self) -> tuple[tuple[int, int], ...]:
        """(need mask, count) for every group that has tiles, equal masks merged."""
        merged: dict[int, int] = {}
        for mask, count in ((RUNS, self.straight), (CORNERS, self.turn),
                            (EVERY_NEED, self.both), *self.fixed):
            if mask and count > 0:
                merged[mask] = merged.get(mask, 0) + count
        return tuple(sorted(merged.items()))

    @cached_property
    def classes(self) -> tuple[int, ...]:
        """Needs every group treats alike, as masks; needs no tile serves are left out."""
        by_signature: dict[tuple[bool, ...], int] = {}
        for need in range(len(NEED_NAMES)):
            signature = tuple(bool(mask >> need & 1) for mask, _ in self.groups)
            if any(signature):
                by_signature[signature] = by_signature.get(signature, 0) | 1 << need
        return tuple(sorted(by_signature.values()))

    @cached_property
    def class_of(self) -> tuple[int, ...]:
        """For each need, the index of its class, or -1 when no tile can serve it."""
        return tuple(next((index for index, mask in enumerate(self.classes)
                           if mask >> need & 1), -1) for need in range(len(NEED_NAMES)))

    @cached_property
    def halls(self) -> tuple[tuple[tuple[int, ...], int], ...]:
        """Hall's inequalities: (a set of classes, tiles serving any of them)."""
        rules = []
        for size in range(1, len(self.classes) + 1):
            for chosen in combinations(range(len(self.classes)), size):
                union = 0
                for index in chosen:
                    union |= self.classes[index]
                rules.append((chosen, sum(count for mask, count in self.groups
                                          if mask & union)))
        return tuple(rules)

    def fits(self, needs: Needs) -> bool:
        """True when one tile can be given to every square asking for these needs.

        A search asks this of the same few need counts thousands of times, so
        each answer is kept (per supply, which never changes).
        """
        known = self._fit_answers
        answer = known.get(needs)
        if answer is None:
            answer = known[needs] = all(sum(needs[i] for i in chosen) <= have
                                        for chosen, have in self.halls)
        return answer

    @cached_property
    def _fit_answers(self) -> dict[Needs, bool]:
        return {}

    def needs_of(self, link: Link) -> Needs | None:
        """A link's need counts in this supply's classes; None if a need has no tile."""
        counts = [0] * len(self.classes)
        for name in link.needs:
            index = self.class_of[NEED_NAMES.index(name)]
            if index < 0:
                return None
            counts[index] += 1
        return tuple(counts)

    def with_extra(self, flexible: int) -> Supply:
        """This supply with ``flexible`` more tiles that serve every need."""
        return Supply(self.straight, self.turn, self.both + flexible, self.fixed)


class Link(msgspec.Struct, frozen=True):
    """A tunnel between two bases: the squares in between and what each must do."""

    cells: tuple[Cell, ...]
    needs: tuple[str, ...]  # one of NEED_NAMES per cell

    @property
    def turns(self) -> int:
        return sum(need not in ("N-S", "E-W") for need in self.needs)


class Search(msgspec.Struct, frozen=True, dict=True):
    """Where a link search may go: the bases, a region, and an optional cap on its length."""

    start: Cell
    goal: Cell
    region: Region | None = None
    margin: int = 3
    most_cells: int | None = None  # links longer than this are not followed

    @cached_property
    def box(self) -> tuple[int, int, int, int]:
        """Lowest x, highest x, lowest y, highest y the search may enter, so it ends."""
        start, goal, margin = self.start, self.goal, self.margin
        return (min(start[0], goal[0]) - margin, max(start[0], goal[0]) + margin,
                min(start[1], goal[1]) - margin, max(start[1], goal[1]) + margin)

    def allows(self, cell: Cell, placed: int) -> bool:
        """May a link with ``placed`` squares so far take ``cell`` as its next square?"""
        box = self.box
        if not (box[0] <= cell[0] <= box[1] and box[2] <= cell[1] <= box[3]):
            return False
        if self.most_cells is not None and \
                placed + abs(cell[0] - self.goal[0]) + abs(cell[1] - self.goal[1]) > \
                self.most_cells:
            return False
        return self.region is None or self.region(cell)


def link_menu(start: Cell, goal: Cell, supply: Supply, region: Region | None = None,
              margin: int = 3) -> list[Link]:
    """Buildable links from ``start`` to ``goal``, one per need count no other beats.

    The search stays within ``margin`` squares of the box around the two bases
    (a best link never needs to stray further for these boards; the tests
    compare against exhaustive search) and, given a ``region``, on the
    squares it accepts.
    """
    return _search(Search(start, goal, region, margin), supply, first_only=False)[0]


def _search(search: Search, supply: Supply, first_only: bool) -> tuple[list[Link], bool]:
    """The menu of links within ``search``, and whether its length cap cut any branch.

    With ``first_only`` it stops at the first length that completes a link:
    breadth-first order means nothing found later is shorter.
    """
    parent: dict[State, State | None] = {}
    seen: dict[tuple[Cell, int], list[Needs]] = {}
    done: list[tuple[Needs, Link]] = []
    frontier = _first_states(search, supply, parent, done)
    placed = 1  # squares on the link so far, the current one included
    cut = False
    while frontier and not (first_only and done):
        following: list[State] = []
        for state in frontier:
            for heading, after in _moves(state, supply):
                nxt = _step(state[0], heading)
                if nxt == search.goal:
                    _finish(done, parent, state, heading, after)
                elif nxt == search.start:
                    continue
                elif not search.allows(nxt, placed):
                    cut = cut or search.most_cells is not None
                elif _fresh(seen, (nxt, heading), after):
                    key = (nxt, heading, after)
                    parent[key] = state
                    following.append(key)
        frontier = following
        placed += 1
    return _pareto(done), cut


def _step(cell: Cell, heading: int) -> Cell:
    dx, dy = HEADINGS[heading]
    return cell[0] + dx, cell[1] + dy


def _fresh(seen: dict[tuple[Cell, int], list[Needs]], place: tuple[Cell, int],
           needs: Needs) -> bool:
    """Record ``needs`` at a square and heading unless an earlier state needs no more."""
    earlier = seen.setdefault(place, [])
    for old in earlier:
        if _no_more(old, needs):
            return False
    earlier.append(needs)
    return True


def _no_more(old: Needs, new: Needs) -> bool:
    """Whether ``old`` needs no more than ``new`` of every class.

    A plain loop, not all() over a generator: this is the search's innermost
    test, and the generator doubled its cost.
    """
    for index, count in enumerate(old):  # noqa: SIM110
        if count > new[index]:
            return False
    return True


def _first_states(search: Search, supply: Supply, parent: dict[State, State | None],
                  done: list[tuple[Needs, Link]]) -> list[State]:
    """The first square of a link, one per heading out of ``start``.

    Bases that touch need no tiles at all, so that heading records the empty
    link instead of starting a search. Each state found is entered in
    ``parent`` as a root.
    """
    frontier: list[State] = []
    empty: Needs = (0,) * len(supply.classes)
    for heading in range(4):
        cell = _step(search.start, heading)
        if cell == search.goal:
            done.append((empty, Link((), ())))
            continue
        if not search.allows(cell, 0):
            continue
        state = (cell, heading, empty)
        parent[state] = None
        frontier.append(state)
    return frontier


def _moves(state: State, supply: Supply) -> list[tuple[int, Needs]]:
    """Headings out of a state's square, each with the needs once that square is counted.

    The square's need follows from the heading in and the heading out; a
    branch stops as soon as no tile can serve it or the supply runs short.
    """
    _, heading, needs = state
    options = []
    for turn_by in (0, 1, 3):  # straight on, turn right, turn left
        new_heading = (heading + turn_by) % 4
        index = supply.class_of[_NEED_OF_MOVE[heading][new_heading]]
        if index < 0:
            continue
        after = needs[:index] + (needs[index] + 1,) + needs[index + 1 :]
        if supply.fits(after):
            options.append((new_heading, after))
    return options


def _finish(done: list[tuple[Needs, Link]], parent: dict[State, State | None], last: State,
            heading: int, needs: Needs) -> None:
    """Record the link that ends after ``last``, unless it crosses itself."""
    states: list[State] = []
    state: State | None = last
    while state is not None:
        states.append(state)
        state = parent[state]
    states.reverse()
    cells = tuple(s[0] for s in states)
    if len(set(cells)) != len(cells):
        return
    outs = [s[1] for s in states[1:]] + [heading]
    names = tuple(NEED_NAMES[need_of_move(s[1], out)] for s, out in zip(states, outs,
                                                                        strict=True))
    done.append((needs, Link(cells, names)))


def _pareto(done: list[tuple[Needs, Link]]) -> list[Link]:
    """The links whose needs no other link's needs undercut in every class, shortest first."""
    done.sort(key=lambda item: (sum(item[0]), item[0]))
    kept: list[tuple[Needs, Link]] = []
    for needs, link in done:
        if not any(_no_more(old, needs) for old, _ in kept):
            kept.append((needs, link))
    return [link for _, link in kept]


def best_link(start: Cell, goal: Cell, supply: Supply,
              region: Region | None = None) -> Link | None:
    """The shortest link the supply can build (fewest tiles, then fewest turns), or None.

    The search first allows only links as short as the bases' distance
    allows, then one square longer each time, so a generous supply never
    pays for exploring long detours; it stops once the cap cut nothing.
    """
    least = max(0, abs(start[0] - goal[0]) + abs(start[1] - goal[1]) - 1)
    for most in range(least, least + sum(count for _, count in supply.groups) + 1):
        links, cut = _search(Search(start, goal, region, most_cells=most), supply, True)
        if links or not cut:
            return min(links, key=lambda link: (len(link.cells), link.turns), default=None)
    return None


def links_together(pairs: Sequence[tuple[Cell, Cell, Region | None]],
                   supply: Supply) -> list[Link] | None:
    """One link per pair, all built from the one supply at once, or None if impossible.

    Each pair's menu is searched in its own region; then the choice runs link
    by link, keeping only partial sums of needs that still fit and that no
    other partial sum undercuts in every class, so the choice is exact
    without trying every combination.
    """
    menus = []
    for start, goal, region in pairs:
        menu = link_menu(start, goal, supply, region)
        if not menu:
            return None
        menus.append(menu)
    empty: Needs = (0,) * len(supply.classes)
    layer: list[tuple[Needs, tuple[Link, ...]]] = [(empty, ())]
    for menu in menus:
        following: list[tuple[Needs, tuple[Link, ...]]] = []
        for total, chosen in layer:
            for link in menu:
                own = supply.needs_of(link)
                assert own is not None  # the menu only holds links the supply serves
                summed = tuple(a + b for a, b in zip(total, own, strict=True))
                if supply.fits(summed):
                    following.append((summed, (*chosen, link)))
        following.sort(key=lambda item: (sum(item[0]), item[0]))
        layer = []
        for total, chosen in following:
            if not any(_no_more(old, total) for old, _ in layer):
                layer.append((total, chosen))
        if not layer:
            return None
    return list(layer[0][1])


def closest_miss(pairs: Sequence[tuple[Cell, Cell, Region | None]],
                 supply: Supply, limit: int = 64) -> tuple[list[Link], int] | None:
    """The links needing the fewest added flexible tiles, and how many, when none fit.

    Adding a tile that serves every need lowers every Hall shortfall by one,
    and more tiles never hurt, so the fewest added tiles is found by doubling
    the extra until the links fit and then halving the gap.
    """
    high = 1
    while links_together(pairs, supply.with_extra(high)) is None:
        if high >= limit:
            return None
        high *= 2
    low = high // 2  # known not to fit (0 is the supply itself)
    while high - low > 1:
        middle = (low + high) // 2
        if links_together(pairs, supply.with_extra(middle)) is None:
            low = middle
        else:
            high = middle
    links = links_together(pairs, supply.with_extra(high))
    assert links is not None
    return links, high
