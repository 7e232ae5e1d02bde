"""Exports for other tools (PNG files, Tabletop Simulator): a build's safety, its workers,
its whole-folder publishing, for outputs that live beside a game's build folder.

An export is an exporter (:class:`pnp.export.artifacts.Exporter`) that also
names the folder it fills, ``<game>-png`` or ``<game>-tts`` under ``--out``.
Everything a build promises holds here too: ``--out`` is checked against
what the games read before anything is drawn, every file name is checked,
each game's designs are drawn once in a worker of its own, and each folder
is swapped in whole, so a killed export leaves the previous one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from pnp.assemble.jobs import plan_jobs, run_jobs
from pnp.assemble.places import check_out_dir_for
from pnp.assemble.staging import publish_or_explain
from pnp.errors import InputError, Where
from pnp.export.artifacts import Exporter
from pnp.export.pieces import Piece
from pnp.export.raster import warm_up
from pnp.input.names import check_files
from pnp.model.options import options_for
from pnp.model.tileset import Tileset
from pnp.rulebook.names import humanise, tile_name


class FolderExporter(Exporter, Protocol):
    """An exporter whose files make a folder of their own beside the game's build."""

    def folder(self, tileset: Tileset) -> str: ...


def export_games(tilesets: list[Tileset], out_dir: Path, exporter: FolderExporter,
                 origins: list[Path] | None = None, jobs: int = 0) -> list[Path]:
    """Export every game, then publish each folder; nothing is written if any game fails."""
    check_out_dir_for(out_dir, tilesets, origins)
    _check_distinct(tilesets, exporter)
    options = options_for(("letter",), rulebook=False)
    plan = plan_jobs(tilesets, (exporter,), options)
    warm_up()  # loaded once here, not once in each worker
    folders: dict[str, dict[str, bytes]] = {}
    for job, artifacts in zip(plan, run_jobs(plan, options, processes=jobs), strict=True):
        folder = exporter.folder(job.tileset)
        check_files(job.tileset, [f"{folder}/{artifact.path}" for artifact in artifacts])
        folders[folder] = {artifact.path: artifact.data for artifact in artifacts}
    publish_or_explain(out_dir, folders)
    return [out_dir / folder / name for folder, files in folders.items() for name in files]


def _check_distinct(tilesets: list[Tileset], exporter: FolderExporter) -> None:
    """Refuse two targets that would fill the same folder (a game named twice, or a copy)."""
    seen: dict[str, Tileset] = {}
    for tileset in tilesets:
        folder = exporter.folder(tileset).casefold()
        if folder in seen:
            raise InputError(Where(str(tileset.source)), "two targets would write the same "
                             "output folder", field="game",
                             found=f"'{tileset.game}' from {seen[folder].source} and "
                             f"{tileset.source}",
                             allowed="each game once; give a copied tileset its own 'game' id")
        seen[folder] = tileset


def piece_nickname(tileset: Tileset, piece: Piece) -> str:
    """What a player calls a piece: a tile by what it shows, the same words as the
    rulebook's list of components ("Bend with a vein (cost 3)"), other pieces by their id
    in words."""
    words = (tile_name(tileset.tile(piece.name), tileset.shape) if piece.kind == "tile"
             else humanise(piece.name))
    return words[:1].upper() + words[1:]
