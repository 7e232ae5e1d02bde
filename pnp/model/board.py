"""A board as data: its size in spaces, its inner board and the marked set-up spaces."""

from __future__ import annotations

import msgspec


class SpaceMark(msgspec.Struct, frozen=True):
    """Board spaces printed in a player's colour: where that player sets up."""

    label: str
    colour: str
    cells: tuple[tuple[int, int], ...]
    short_game: bool = False  # also used by the short game (drawn with a double ring)
    icon: str = ""  # drawn on each space (the player's own symbol); else the label's initial


class BoardSpec(msgspec.Struct, frozen=True):
    """A hexagon of hexes: ``side`` spaces along each edge, an optional inner board."""

    name: str
    title: str
    side: int
    inner: int = 0
    marks: tuple[SpaceMark, ...] = ()
