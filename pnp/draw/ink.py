"""The low-ink palette: light rock, white floors, tunnels drawn by their walls alone.

A full sheet of Demon Mine is mostly dark rock and, on its backs, a darker
field: a home inkjet runs dry in a few games' worth. The ink saver keeps
every line that carries meaning (walls, icons, labels, numbers) in its own
colour and lightens only the large areas, so a tile reads the same and the
page takes far less ink. It is a palette, not a second renderer: the same
drawing code paints with these colours. The ``back-*`` keys exist only here;
a tileset's own palette cannot set them, and backs fall back to the dark
field without them.
"""

from __future__ import annotations

LOW_INK = {
    "rock": "#f4f1ec",
    "rock-dark": "#e2dcd3",
    "rock-light": "#faf8f5",
    "floor": "#ffffff",
    "paper": "#ffffff",
    "back-field": "#f4f1ec",
    "back-texture-dark": "#e6e0d7",
    "back-texture-light": "#faf8f5",
    "back-title": "#3a2f26",
    "back-subtitle": "#6c5f51",
}


def low_ink(palette: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """``palette`` with its large areas lightened; walls, ink and accent are kept."""
    colours = dict(palette)
    colours.update(LOW_INK)
    return tuple(sorted(colours.items()))


def mix(colour: str, other: str, share: float) -> str:
    """``colour`` moved ``share`` of the way towards ``other`` (both ``#rrggbb``)."""
    ours = [int(colour[i:i + 2], 16) for i in (1, 3, 5)]
    theirs = [int(other[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(a + (b - a) * share):02x}" for a, b in zip(ours, theirs,
                                                                            strict=True))


def grey_level(colour: str) -> float:
    """A ``#rrggbb`` colour's grey, 0 to 255, as a greyscale print weighs its channels."""
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.299 * red + 0.587 * green + 0.114 * blue


def ink_for(background: str, colours: dict[str, str]) -> str:
    """Dark ink on light faces, light ink on dark ones."""
    return colours["ink"] if grey_level(background) > 140 else "#ffffff"
