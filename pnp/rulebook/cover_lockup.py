"""The words on a rulebook's cover: the title lockup and the band of facts.

The title is set in the display face on an opaque dark plaque framed by a double
rule, over the top of the cover's picture, with the book's subtitle under an
accent rule. The facts a buyer looks for on a box (how many play, for how long,
from what age, and what pieces) sit in a band under the picture, each as a small
drawn icon and a few words; a time or an age the tileset does not give is left
out rather than made up (every shipped tileset gives both).
"""

from __future__ import annotations

import math
from typing import Any

import msgspec
from reportlab.lib.colors import HexColor

from pnp.draw.placing import wrap
from pnp.export.pdfdraw import draw_text
from pnp.input.faces import fit_size, string_width
from pnp.model.tileset import Tileset
from pnp.rulebook.names import and_list

Canvas = Any  # reportlab's canvas; it has no type hints

DARK, CREAM, ACCENT, MUTED_CREAM = "#1f1a16", "#f3ecdd", "#a8321c", "#cbbd9f"
TITLE_SIZE = 50.0  # points, at most: a long title shrinks to fit its plaque
FACT_SIZE = 11.0
ICON = 9.0  # an icon's half size, in points


class Box(msgspec.Struct, frozen=True):
    """A rectangle on the page, in points, y up."""

    left: float
    bottom: float
    width: float
    height: float

    @property
    def middle(self) -> float:
        return self.left + self.width / 2

    @property
    def top(self) -> float:
        return self.bottom + self.height


CAPITALS = 0.72  # the display face's capital height, of its size
DESCENT = 0.22  # how far the italic's descenders reach below its baseline, of its size
RULE_DROP = 13.0  # from the title's baseline down to the rule under it
SUBTITLE_DROP = 22.0  # from the rule down to the subtitle's baseline


def title_plaque(canvas: Canvas, tileset: Tileset, box: Box) -> None:
    """The title and subtitle on a dark, double-ruled plaque."""
    canvas.saveState()
    canvas.setFillColor(HexColor(DARK))  # opaque: no tunnel shows through the title
    canvas.roundRect(box.left, box.bottom, box.width, box.height, 6, stroke=0, fill=1)
    canvas.setStrokeColor(HexColor(CREAM))
    for inset, width in ((5.0, 1.4), (8.5, 0.5)):
        canvas.setLineWidth(width)
        canvas.roundRect(box.left + inset, box.bottom + inset, box.width - 2 * inset,
                         box.height - 2 * inset, 4, stroke=1, fill=0)
    title = tileset.book_title.upper()
    size = fit_size(title, "display", TITLE_SIZE, box.width - 48)
    subtitle = tileset.rulebook_subtitle
    small = fit_size(subtitle, "italic", 15, box.width - 48)
    canvas.setFillColor(HexColor(CREAM))
    # the title's capitals, the rule and the subtitle, centred in the plaque as one block:
    # hung from the plaque's top, a long title (set smaller to fit) had left twice the
    # room under its subtitle as over its capitals
    block = size * CAPITALS + RULE_DROP + SUBTITLE_DROP + small * DESCENT
    baseline = box.bottom + (box.height + block) / 2 - size * CAPITALS
    draw_text(canvas, box.middle, baseline, title, "display", size, "middle")
    rule = baseline - RULE_DROP
    canvas.setStrokeColor(HexColor(ACCENT))
    canvas.setLineWidth(2.0)
    canvas.line(box.middle - 56, rule, box.middle + 56, rule)
    for side in (-1, 1):  # a diamond at each end of the rule
        x = box.middle + side * 62
        path = canvas.beginPath()
        path.moveTo(x - 3.5, rule)
        path.lineTo(x, rule + 3.5)
        path.lineTo(x + 3.5, rule)
        path.lineTo(x, rule - 3.5)
        path.close()
        canvas.setFillColor(HexColor(ACCENT))
        canvas.drawPath(path, stroke=0, fill=1)
    canvas.setFillColor(HexColor(MUTED_CREAM))
    draw_text(canvas, box.middle, rule - SUBTITLE_DROP, subtitle, "italic", small, "middle")
    canvas.restoreState()


def facts(tileset: Tileset, players: str) -> list[tuple[str, str]]:
    """The cover's facts as (icon, words): players, time and age where the tileset gives
    them (every shipped game does), and the pieces the kit prints."""
    found = [("players", players)]
    if tileset.minutes is not None:
        found.append(("clock", f"about {tileset.minutes} minutes"))
    if tileset.age is not None:
        found.append(("age", f"ages {tileset.age}+"))
    found.append(("tiles", pieces_words(tileset)))
    return found


def pieces_words(tileset: Tileset) -> str:
    """The pieces the kit prints, as a box lists them: "102 tiles, 18 cards, 46 tokens",
    "90 tiles, 12 tokens and a board"; the tiles a variant adds (Demon Mine's second
    entrance and hive) are printed too, so they count."""
    extra = sum(count for _, more in tileset.extras() for _, count in more)
    counts = [(tileset.tile_count + extra, "tile")] + [
        (sum(c.count for c in tileset.components if c.kind == kind), kind)
        for kind in ("card", "token")]
    words = [f"{count} {noun}{'s' if count != 1 else ''}" for count, noun in counts if count]
    words += ["a board"] if tileset.board is not None else []
    return and_list(words)


def facts_band(canvas: Canvas, tileset: Tileset, box: Box, players: str) -> None:
    """A dark band of facts, each an icon and its words, spread evenly across it."""
    canvas.saveState()
    canvas.setFillColor(HexColor(DARK))
    canvas.rect(box.left, box.bottom, box.width, box.height, stroke=0, fill=1)
    entries = facts(tileset, players)
    size = FACT_SIZE
    gap = 28.0
    while size > 7 and _spread(entries, size, gap) > box.width - 24:
        size -= 0.5
    total = _spread(entries, size, gap)
    x = box.middle - total / 2
    needs = bring_words(tileset)
    # with a line of what to bring, the facts rise to make room for it under them
    y = box.bottom + box.height / 2 + (size * 0.9 if needs else 0.0)
    for icon, words in entries:
        _ICONS[icon](canvas, x + ICON, y)
        canvas.setFillColor(HexColor(CREAM))
        draw_text(canvas, x + 2 * ICON + 6, y - size * 0.35, words, "regular", size)
        x += 2 * ICON + 6 + string_width(words, "regular", size) + gap
    if needs:  # at the facts' size, in italic: a note on them, not one more fact
        _needs_lines(canvas, needs, (box.middle, y - ICON - size * 1.6), size, box.width - 24)
    canvas.restoreState()


def _needs_lines(canvas: Canvas, needs: str, at: tuple[float, float], size: float,
                 width: float) -> None:
    """The line of what to bring, centred at ``at``: smaller where it would run past the
    band's ends, and on more lines where a tileset's four long things to bring would
    still not fit at the smallest size."""
    small = fit_size(needs, "italic", size, width)
    canvas.setFillColor(HexColor(CREAM))
    for index, line in enumerate(wrap(needs, "italic", small, width)):
        draw_text(canvas, at[0], at[1] - index * small * 1.2, line, "italic", small, "middle")


def bring_words(tileset: Tileset) -> str:
    """What players supply, as a box's side says it: "You also need two six-sided dice."""
    return f"You also need {and_list(tileset.bring)}." if tileset.bring else ""


def _spread(entries: list[tuple[str, str]], size: float, gap: float) -> float:
    """How wide the facts run at ``size``, icons and gaps included."""
    return sum(2 * ICON + 6 + string_width(words, "regular", size) for _, words in entries) \
        + gap * (len(entries) - 1)


def _players(canvas: Canvas, x: float, y: float) -> None:
    """Two people side by side: a head and shoulders each."""
    canvas.setFillColor(HexColor(CREAM))
    for dx, scale in ((-3.6, 0.85), (3.2, 1.0)):
        head = ICON * 0.3 * scale
        canvas.circle(x + dx, y + ICON * 0.38, head, stroke=0, fill=1)
        path = canvas.beginPath()
        width = ICON * 0.62 * scale
        path.moveTo(x + dx - width, y - ICON * 0.85)
        path.curveTo(x + dx - width, y + ICON * 0.05, x + dx + width, y + ICON * 0.05,
                     x + dx + width, y - ICON * 0.85)
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)


def _clock(canvas: Canvas, x: float, y: float) -> None:
    """A clock face, its hands at five past twelve."""
    canvas.setStrokeColor(HexColor(CREAM))
    canvas.setLineWidth(1.6)
    canvas.circle(x, y, ICON * 0.85, stroke=1, fill=0)
    canvas.setLineWidth(1.4)
    canvas.setLineCap(1)
    canvas.line(x, y, x, y + ICON * 0.58)
    angle = math.radians(-30)
    canvas.line(x, y, x + ICON * 0.45 * math.cos(angle), y + ICON * 0.45 * math.sin(angle))


def _age(canvas: Canvas, x: float, y: float) -> None:
    """A child's building block: a square with a star cut in it."""
    canvas.setStrokeColor(HexColor(CREAM))
    canvas.setLineWidth(1.6)
    side = ICON * 1.5
    canvas.roundRect(x - side / 2, y - side / 2, side, side, 2, stroke=1, fill=0)
    path = canvas.beginPath()
    for k in range(10):
        reach = ICON * (0.48 if k % 2 == 0 else 0.2)
        angle = math.pi / 2 + k * math.pi / 5
        point = (x + reach * math.cos(angle), y + reach * math.sin(angle))
        path.moveTo(*point) if k == 0 else path.lineTo(*point)
    path.close()
    canvas.setFillColor(HexColor(CREAM))
    canvas.drawPath(path, stroke=0, fill=1)


def _tiles(canvas: Canvas, x: float, y: float) -> None:
    """A stack of three square tiles, the top one solid: a single outlined square with a
    bend of tunnel across it had read as a notched box."""
    side, step = ICON * 1.2, ICON * 0.32
    canvas.setStrokeColor(HexColor(CREAM))
    canvas.setLineWidth(1.2)
    for depth in (2, 1):
        canvas.rect(x - side / 2 + (depth - 1) * step, y - side / 2 + (depth - 1) * step,
                    side, side, stroke=1, fill=0)
    canvas.setFillColor(HexColor(CREAM))
    canvas.rect(x - side / 2 - step, y - side / 2 - step, side, side, stroke=0, fill=1)


_ICONS = {"players": _players, "clock": _clock, "age": _age, "tiles": _tiles}
