"""Hex-hex boards as sets of axial cells, and how far a cell lies from the centre."""

from __future__ import annotations


def hexagon_cells(side: int) -> list[tuple[int, int]]:
    """Axial cells of a hex-hex board with ``side`` spaces per edge, row by row."""
    radius = side - 1
    return [(q, r) for r in range(-radius, radius + 1) for q in range(-radius, radius + 1)
            if max(abs(q), abs(r), abs(q + r)) <= radius]


def ring_distance(cell: tuple[int, int]) -> int:
    """Steps from the centre: the board of side n holds the cells closer than n."""
    q, r = cell
    return max(abs(q), abs(r), abs(q + r))
