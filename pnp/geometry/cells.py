"""Cells of a board, named by the grid they lie on, and how far apart two of them are.

Red Blob Games' hexagon guide gives each coordinate system a type of its own.
Here each is a pair of whole numbers with a name that says which: the rules'
searches make millions of cells, and a tuple is the cheapest pair Python
has (a class of its own costs every one of them a constructor call). A
square cell is (x, y), x to the east and y to the south; an axial cell is
(q, r) on a hex board; a spot is a place in cell units, between cells too
(a pawn standing between two squares). Each grid has its own distance.
"""

from __future__ import annotations

SquareCell = tuple[int, int]  # (x, y): x grows to the east, y to the south
AxialCell = tuple[int, int]  # (q, r) on a hex board
Cell = SquareCell | AxialCell  # a board's cell, whichever its grid (the shape says which)
Spot = tuple[float, float]  # a place in cell units: a cell, or between cells


def square_distance(a: SquareCell, b: SquareCell) -> int:
    """Orthogonal steps between two square cells (no diagonal moves)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def axial_distance(a: AxialCell, b: AxialCell) -> int:
    """Steps between two axial hex cells."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2
