"""Every shipped diagram speaks one grammar (docs/diagrams.md): each mark on what it
stands for, every panel of a pair named, the kit's pieces shown as they print, and a
set-up picture in every book."""

from __future__ import annotations

import pytest
from support import ROOT, SHIPPED_GAMES

from pnp.draw.diagram import MARK_COLOURS
from pnp.input.tileset import load_tileset
from pnp.model.tileset import Tileset
from pnp.rulebook.source import Diagram, parse
from pnp.rulebook.standing import square_of


def book(game: str) -> tuple[Tileset, list[list[Diagram]]]:
    """The game's tileset and its template's diagrams, grouped as the book sets them
    (those written one after another are one figure)."""
    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    source = parse(ROOT / "templates" / game / "rulebook.md", tileset)
    figures: list[list[Diagram]] = []
    previous = ""
    for block in source.blocks:
        if block.kind == "diagram" and block.diagram is not None:
            if previous == "diagram":
                figures[-1].append(block.diagram)
            else:
                figures.append([block.diagram])
        previous = block.kind
    return tileset, figures


@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_every_panel_of_a_figure_says_what_it_is(game):
    _, figures = book(game)
    for figure in figures:
        if len(figure) > 1:
            assert all(panel.heading for panel in figure), \
                f"{game}: an unnamed panel in '{figure[0].caption[:50]}'"


@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_targets_and_closed_spaces_are_empty_and_new_tiles_are_tiles(game):
    tileset, figures = book(game)
    for diagram in (panel for figure in figures for panel in figure):
        tiles = {placed.cell for placed in diagram.tiles}
        assert not set(diagram.highlight) & tiles, \
            f"{game}: a dashed outline (a target) on a tile in '{diagram.caption[:50]}'"
        closed = {square_of(tileset.shape, where) for where, mark in diagram.marks
                  if mark == "closed"}
        assert not closed & tiles, f"{game}: a closed space holds a tile"
        assert set(diagram.new) <= tiles
        assert not set(diagram.face_down) & set(diagram.new)


@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_the_kits_own_pieces_are_never_stood_in_for(game):
    """No label prints what a token of the kit prints (a level number beside a mine whose
    depth markers carry it, a market letter), and no pawn is a lettered stand-in for a
    piece the kit has (Gold Mine's Phantom)."""
    tileset, figures = book(game)
    printed = {feature.value for component in tileset.components
               for feature in component.features if feature.kind == "text"}
    names = {component.name for component in tileset.components}
    for diagram in (panel for figure in figures for panel in figure):
        for _, text, _ in diagram.labels:
            assert text not in printed, \
                f"{game}: the label '{text}' stands in for a token in '{diagram.caption[:50]}'"
        if "phantom" in names:
            assert all(label != "P" for _, _, label in diagram.pawns)


@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_every_book_has_a_set_up_picture(game):
    _, figures = book(game)
    assert any(panel.title == "Setup" for figure in figures for panel in figure)


def test_each_mark_has_its_own_colour_and_the_grammar_names_every_one():
    """A closed space is not drawn in the cross's red, nor allowed in its green."""
    assert len(set(MARK_COLOURS.values())) == len(MARK_COLOURS)
    grammar = (ROOT / "docs" / "diagrams.md").read_text(encoding="utf-8")
    for mark in MARK_COLOURS:
        assert f"mark: {mark}" in grammar


@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_a_dashed_outline_is_always_a_target(game):
    """The dashed outline marks where a move or a dig aims: an arrow ends there, a tick or
    a cross judges it, or the panel's verdict does. A reach is tinted and a pit is a tray,
    so neither borrows the target's mark."""
    _, figures = book(game)
    for diagram in (panel for figure in figures for panel in figure):
        ends = {tuple(round(v) for v in end) for _, end in diagram.arrows}
        judged = {tuple(round(v) for v in where) for where, mark in diagram.marks
                  if mark in ("tick", "cross")}
        for square in diagram.highlight:
            assert square in ends or square in judged or diagram.verdict, \
                f"{game}: a dashed outline on {square} is no target in " \
                f"'{diagram.caption[:50]}'"
