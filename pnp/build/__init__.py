"""Build games: every registered output for every paper, then publish each game whole.

Everything is rendered into memory first and written only when all of it
succeeded: a build that fails while rendering writes nothing. The names of
the files are checked before drawing (:mod:`pnp.build.names`), and each game
is then published by :mod:`pnp.build.staging`: written complete into a
staging folder and swapped in at once, so a build that is killed, or whose
disk fills up, leaves each game folder as the previous build left it or as
this one made it, never a mixture, and its manifest lists every file with
its size and hash.
"""

from __future__ import annotations

from pathlib import Path

from pnp.build.jobs import Progress, plan_jobs, run_jobs
from pnp.build.manifest import file_listing, manifest, manifest_text
from pnp.build.names import check_files, check_names
from pnp.build.places import check_out_dir_for
from pnp.build.registry import EXPORTERS
from pnp.build.staging import check_target, publish_or_explain
from pnp.export.artifacts import Artifact, Exporter
from pnp.model.options import BuildOptions
from pnp.model.tileset import Tileset

__all__ = ["EXPORTERS", "BuildOptions", "Progress", "build"]

Files = dict[str, bytes]  # a game's files by their path inside its folder


def build(tilesets: list[Tileset], out_dir: Path, options: BuildOptions,
          exporters: tuple[Exporter, ...] = EXPORTERS,
          origins: list[Path] | None = None, progress: Progress | None = None) -> list[Path]:
    """Render all games, then publish each; nothing is written if any game fails.

    ``origins`` are the files the user named (a mix, for a mixed tileset):
    they are inputs too, and a mix's name is reported against its file.
    ``progress`` hears of each job as it finishes, for progress on a terminal.
    """
    check_out_dir_for(out_dir, tilesets, origins)
    check_names(tilesets, options, origins)
    for tileset in tilesets:  # before drawing; publishing asks again, under its lock
        check_target(out_dir, tileset.game)
    games = render(tilesets, options, exporters, progress)
    publish_or_explain(out_dir, games)
    return [out_dir / game / name for game, files in games.items() for name in files]


def render(tilesets: list[Tileset], options: BuildOptions,
           exporters: tuple[Exporter, ...],
           progress: Progress | None = None) -> dict[str, Files]:
    """Every game's files in memory, each game's manifest last."""
    jobs = plan_jobs(tilesets, exporters, options)
    if progress is not None:
        progress.planned(jobs)
    made: dict[str, list[Artifact]] = {t.game: [] for t in tilesets}
    for job, artifacts in zip(jobs, run_jobs(jobs, options, progress), strict=True):
        made[job.tileset.game] += artifacts
    return {tileset.game: game_files(tileset, made[tileset.game]) for tileset in tilesets}


def game_files(tileset: Tileset, artifacts: list[Artifact]) -> Files:
    """One game's files, in the order made, with the manifest that lists them last.

    The manifest lists, and so stands for, the whole game; the names the
    exporters really made are checked once more before anything is written.
    """
    check_files(tileset, [*(a.path for a in artifacts), "manifest.json"])
    files = {artifact.path: artifact.data for artifact in artifacts}
    sheets = [dict(a.listing) for a in artifacts if a.listing is not None]
    text = manifest_text(manifest(tileset, sheets, file_listing(files)))
    files["manifest.json"] = text.encode()
    return files
