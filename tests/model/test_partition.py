"""The cheapest cut of a sequence into runs, checked against every cut there is."""

from __future__ import annotations

import itertools

import pytest

from pnp.model.partition import cheapest_split


def _brute(count: int, runs: int, price) -> float | None:
    """The least total price over every cut of ``count`` items into ``runs`` runs."""
    best = None
    for inner in itertools.combinations(range(1, count), runs - 1):
        starts = [0, *inner, count]
        prices = [price(a, b) for a, b in itertools.pairwise(starts)]
        if None not in prices and (best is None or sum(prices) < best):
            best = sum(prices)
    return best


@pytest.mark.parametrize(("count", "runs", "longest"), [(7, 3, 3), (9, 2, 5), (6, 3, 2),
                                                       (5, 2, 2)])
def test_the_cut_found_is_as_cheap_as_the_cheapest_of_all(count, runs, longest):
    weights = [3, 1, 4, 1, 5, 9, 2, 6, 5][:count]

    def price(start: int, end: int) -> float | None:
        if end - start > longest:
            return None  # too long: refused, as every longer run is
        return (sum(weights[start:end]) - 7) ** 2

    starts = cheapest_split(count, runs, price)
    best = _brute(count, runs, price)
    if best is None:
        assert starts is None
        return
    assert starts is not None and starts[0] == 0 and starts[-1] == count
    assert len(starts) == runs + 1 and all(a < b for a, b in itertools.pairwise(starts))
    assert sum(price(a, b) for a, b in itertools.pairwise(starts)) == best
