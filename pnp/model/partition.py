"""A sequence cut into a given number of runs at the least total price.

Two settings ask this of a sequence: a cell's words in even lines
(:func:`pnp.input.faces.even_lines`) and a gallery's tiles in rows of one cost
(:mod:`pnp.rulebook.components`). Each prices one run, refuses a run that is
too long, and wants the cheapest way to make exactly so many runs; the search
is the same dynamic programme, written once here.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

# The price of the run of items [start, end), or None where it is refused (too long):
# every longer run ending there is refused too, so the search stops at the first.
Price = Callable[[int, int], float | None]


def cheapest_split(count: int, runs: int, price: Price) -> list[int] | None:
    """Where ``count`` items are cut into ``runs`` runs, none empty, at the least total
    ``price``: the index each run starts at, then ``count``; None if no cut is allowed.
    Of equally cheap cuts, the one whose last run starts earliest wins, and so on back."""
    # cheapest[k][end]: (price, start of the k-th run) for the first ``end`` items in k runs
    cheapest: list[dict[int, tuple[float, int]]] = [{0: (0.0, 0)}]
    # a run's price depends on the run alone, so each is asked for once, not once for
    # every number of runs it might close (the cells of Demon Mine's aid had asked four
    # times over, a tenth of its sheet's time)
    once = functools.cache(price)
    for made in range(1, runs + 1):
        cheapest.append({})
        for end in range(made, count + 1):
            found = _cheapest_run(end, cheapest[made - 1], once)
            if found is not None:
                cheapest[made][end] = found
    if count not in cheapest[runs]:
        return None
    starts, end = [count], count
    for made in range(runs, 0, -1):
        end = cheapest[made][end][1]
        starts.append(end)
    return starts[::-1]


def _cheapest_run(end: int, before: dict[int, tuple[float, int]],
                  price: Price) -> tuple[float, int] | None:
    """The cheapest (total price, start) of a run ending before item ``end``, after the
    runs ``before`` (by where they end). Starts are tried from the nearest back, and stop
    at the first run refused: every longer one is refused too."""
    best: tuple[float, int] | None = None
    for start in range(end - 1, -1, -1):
        cost = price(start, end)
        if cost is None:
            break
        if start in before:
            found = (before[start][0] + cost, start)
            if best is None or found < best:
                best = found
    return best
