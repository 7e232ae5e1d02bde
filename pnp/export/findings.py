"""Every finding of `pnp validate`, in one place for the command line and the studio.

The rules, the general checks and sheet capacity come from
:func:`pnp.impose.verdict.mix_findings`; what two features printed one over the
other needs the drawing's own sizes, which only a layer above both imposing and
drawing may ask for. Here is that layer: `pnp validate`, `pnp watch` and the
studio all call :func:`validate_findings` and print the same list.
"""

from __future__ import annotations

import functools
from pathlib import Path

from msgspec.structs import replace

from pnp.impose.verdict import mix_findings
from pnp.model.tileset import Tileset
from pnp.rules import Finding, Setup


def validate_findings(setup: Setup) -> list[Finding]:
    """What ``pnp validate`` reports for ``setup``, simulation aside.

    Measuring features needs the drawing stack (fonts for a label's width), which
    a mix whose tiles and pieces carry at most one feature a face never loads: two
    cannot meet.
    """
    findings = mix_findings(setup)
    tileset = setup.tileset
    faces = [tile.features for tile in tileset.tiles if tile.count] + \
        [component.features for component in tileset.components] + \
        [component.reverse.features for component in tileset.components
         if component.reverse is not None]
    if any(len(features) > 1 for features in faces) and not draws_as_shipped(tileset):
        from pnp.draw.overlap import overlap_findings

        findings += overlap_findings(setup.tileset)
    return findings


def draws_as_shipped(tileset: Tileset) -> bool:
    """Whether ``tileset`` prints exactly the pieces a shipped game prints, counts aside:
    the game itself, a variant of it, or a mix that only changes its counts. Its
    features then lie where the shipped game's do, which the test suite holds free of
    overlaps (every icon's size is shared by the tileset's tiles, so one new tile could
    move them all: only the very same pieces are spared the check, and its half second
    of placing every feature of every tile)."""
    from pnp.input.catalog import resolve, shipped_games

    game = tileset.rules_game
    if game not in shipped_games():
        return False
    shipped = resolve(game)
    if tileset.source == shipped and not tileset.mix:
        return True
    return _pieces(tileset) == _pieces(_shipped(shipped))


def _pieces(tileset: Tileset) -> tuple[object, ...]:
    """What a tileset draws, counts aside."""
    return (tileset.shape, tileset.size, tileset.palette, tileset.own_icons,
            tuple(replace(tile, count=0, line=0, file="") for tile in tileset.tiles),
            tuple(replace(piece, count=0) for piece in tileset.components))


@functools.lru_cache(maxsize=4)
def _shipped(path: Path) -> Tileset:
    from pnp.input.tileset import load_tileset

    return load_tileset(path)
