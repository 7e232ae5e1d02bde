"""The components list: every tile kind, card and token, with a picture and its count."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from reportlab.platypus import Spacer, Table, TableStyle

from pnp.draw.components import design_component
from pnp.draw.fonts import pdf_font
from pnp.export import markup
from pnp.rulebook.designs import Designs
from pnp.rulebook.figures import DesignFlowable
from pnp.rulebook.names import component_name, counted, tile_groups
from pnp.rulebook.page import MEASURE
from pnp.rulebook.paragraphs import Paragraph, colour

if TYPE_CHECKING:

    from pnp.model.tileset import Component

# reportlab has no type hints: these names only say which of its objects is meant
Flowable = Any
Style = Any  # a ParagraphStyle


def components_table(designs: Designs, sheet: dict[str, Style]) -> list[Flowable]:
    """Every printed piece as a picture and a count in words, two to a row.

    Pieces are named as a player would say them (:mod:`pnp.rulebook.names`),
    never by their ids, and kinds that read the same share a line, so a game
    of eighty tile designs still lists on a page or two.
    """
    tileset = designs.tileset
    entries = _tile_entries(designs) + _component_entries(designs)
    if tileset.board is not None:
        entries.append(("", f"1 board, {tileset.board.side} spaces along each edge, printed "
                            "in pages to assemble"))
    cells = [[thumb, Paragraph(markup.text(text), sheet["cell"])] for thumb, text in entries]
    if len(cells) % 2:
        cells.append(["", ""])
    # row by row, left then right: a table that runs onto the next page keeps its order
    rows = [cells[index] + cells[index + 1] for index in range(0, len(cells), 2)]
    picture = 38.0
    table = Table(rows, colWidths=[picture, MEASURE / 2 - picture] * 2, hAlign="LEFT")
    table.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), pdf_font("regular")),  # else Table sets Helvetica
        ("ROWBACKGROUNDS", (0, 0), (-1, -1), [colour("#ffffff"), colour("#f3ecdd")]),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
        ("LEFTPADDING", (0, 0), (-1, -1), 4), ("RIGHTPADDING", (0, 0), (-1, -1), 4),
    ]))
    others = (f" and {sum(c.count for c in tileset.components)} other pieces"
              if tileset.components else "")
    total = Paragraph(markup.join([markup.bold(markup.text(f"{tileset.tile_count} tiles")),
                                   markup.text(others + ".")]), sheet["body"])
    return [table, Spacer(1, 4), total]


def _tile_entries(designs: Designs) -> list[tuple[Flowable, str]]:
    """A picture and "16 straight tunnels" for each group of tiles that read alike."""
    tileset = designs.tileset
    entries: list[tuple[Flowable, str]] = []
    for name, group in tile_groups(tileset.tiles, tileset.shape):
        first = group[0]
        thumb = DesignFlowable(f"tile:{tileset.game}:{first.name}", designs.tile(first.name), 30,
                               designs.recorder)
        entries.append((thumb, counted(name, sum(tile.count for tile in group))))
    return entries


def _component_entries(designs: Designs) -> list[tuple[Flowable, str]]:
    """Cards and tokens: a family of three or more (same name before a dash) on one line."""
    tileset = designs.tileset
    families: dict[str, list[Component]] = {}
    for component in tileset.components:
        if component.count:
            families.setdefault(component.name.split("-")[0], []).append(component)
    entries: list[tuple[Flowable, str]] = []
    for family in families.values():
        for group in [family] if len(family) >= 3 else [[member] for member in family]:
            first = group[0]
            thumb = DesignFlowable(f"component:{tileset.game}:{first.name}",
                                   design_component(tileset, first), 30, designs.recorder)
            entries.append((thumb, counted(component_name(group),
                                           sum(member.count for member in group))))
    return entries
