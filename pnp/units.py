"""Physical lengths: parse ``1.5in``, ``38mm``, ``3.8cm`` or ``108pt`` into PDF points.

PDF user space is 1/72 inch, so points are the one unit every later step uses.
Parsing keeps exact ratios (1 in = 72 pt, 1 mm = 72/25.4 pt) so a 1.5 in tile is
108.00 pt, never 107.99.
"""

from __future__ import annotations

import re

POINTS_PER_UNIT = {"in": 72.0, "mm": 72.0 / 25.4, "cm": 720.0 / 25.4, "pt": 1.0}
_LENGTH = re.compile(r"^\s*([0-9]+(?:\.[0-9]+)?|\.[0-9]+)\s*(in|mm|cm|pt)\s*$")

LENGTH_FORMS = "a number with a unit: in, mm, cm or pt (for example 1.5in, 38mm, 108pt)"


def parse_length(text: object) -> float | None:
    """Return the length in points, or None when the text is not a length."""
    if not isinstance(text, str):
        return None
    match = _LENGTH.match(text)
    if not match:
        return None
    return float(match.group(1)) * POINTS_PER_UNIT[match.group(2)]


def mm(value: float) -> float:
    """Millimetres to points."""
    return value * POINTS_PER_UNIT["mm"]


def in_mm(points: float) -> float:
    """Points to millimetres, to the hundredth a manifest gives (never -0.0)."""
    return round(points / POINTS_PER_UNIT["mm"], 2) + 0.0


def inches(value: float) -> float:
    """Inches to points."""
    return value * 72.0
