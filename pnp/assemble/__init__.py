"""Build games: every registered output for every paper, then publish each game whole.

Each job's files are written as soon as the job finishes, into a hidden
staging folder per game, and published only when every game is complete: a
build that fails while rendering leaves its output folder as it was. The
names of the files are checked before drawing (:mod:`pnp.input.names`) and
again before each job's files are written, and each game is published by
:mod:`pnp.assemble.staging`: its staging folder, complete, is swapped in at
once, so a build that is killed, or whose disk fills up, leaves each game
folder as the previous build left it or as this one made it, never a
mixture, and its manifest lists every file with its size and hash.
"""

from __future__ import annotations

from pathlib import Path

from pnp.assemble.jobs import (
    Job,
    JobWorkers,
    Progress,
    plan_jobs,
    run_jobs,
)
from pnp.assemble.manifest import file_listing, manifest, manifest_text
from pnp.assemble.places import check_out_dir_for
from pnp.assemble.registry import EXPORTERS
from pnp.assemble.staging import Staging, check_target, explained
from pnp.export.artifacts import Artifact, Exporter
from pnp.input.names import check_files, check_names
from pnp.model.options import BuildOptions
from pnp.model.tileset import Tileset

__all__ = ["EXPORTERS", "BuildOptions", "Progress", "build"]

Files = dict[str, bytes]  # a game's files by their path inside its folder
MANIFEST = "manifest.json"


def build(tilesets: list[Tileset], out_dir: Path, options: BuildOptions,
          exporters: tuple[Exporter, ...] = EXPORTERS,
          origins: list[Path] | None = None, progress: Progress | None = None,
          workers: JobWorkers | None = None, processes: int = 0) -> list[Path]:
    """Render all games, then publish each; nothing is published if any game fails.

    ``origins`` are the files the user named (a mix, for a mixed tileset):
    they are inputs too, and a mix's name is reported against its file.
    ``progress`` hears of each job as it finishes, for progress on a terminal.
    ``workers`` (started early by the command, with
    :func:`pnp.assemble.jobs.job_work`) are used if more than one job is
    planned; else at most ``processes`` (``--jobs``, 0 for one per core) are
    started. Each job's files go to disk as soon as it finishes, into the
    staging folders that are swapped in once every game is complete.
    """
    check_out_dir_for(out_dir, tilesets, origins)
    check_names(tilesets, options, origins)
    for tileset in tilesets:  # before drawing; staging asks again, under its lock
        check_target(out_dir, tileset.game)
    staging = Staging(out_dir, [tileset.game for tileset in tilesets])
    try:
        with explained(out_dir):
            staging.claim()
        games = render(tilesets, options, exporters, _Writing(staging, progress), workers,
                       processes)
        with explained(out_dir):
            for tileset in tilesets:
                staging.write(tileset.game, {MANIFEST: games[tileset.game][MANIFEST]})
            staging.publish()
    finally:
        staging.abandon()
    return [out_dir / game / name for game, files in games.items() for name in files]


def render(tilesets: list[Tileset], options: BuildOptions,
           exporters: tuple[Exporter, ...],
           progress: Progress | None = None,
           workers: JobWorkers | None = None, processes: int = 0) -> dict[str, Files]:
    """Every game's files in memory, each game's manifest last."""
    jobs = plan_jobs(tilesets, exporters, options)
    if progress is not None:
        progress.planned(jobs)
    made: dict[str, list[Artifact]] = {t.game: [] for t in tilesets}
    for job, artifacts in zip(jobs, run_jobs(jobs, options, progress, workers, processes),
                                strict=True):
        made[job.tileset.game] += artifacts
    return {tileset.game: game_files(tileset, made[tileset.game]) for tileset in tilesets}


class _Writing:
    """Hears each finished job and starts writing its files, then tells ``progress``.

    Each job's names are checked before its files are written, together with
    those the game's earlier jobs made, so no file can replace another.
    """

    def __init__(self, staging: Staging, progress: Progress | None) -> None:
        self.staging, self.progress = staging, progress
        self.paths: dict[str, list[str]] = {}

    def planned(self, jobs: list[Job]) -> None:
        if self.progress is not None:
            self.progress.planned(jobs)

    def finished(self, job: Job, artifacts: list[Artifact]) -> None:
        tileset = job.tileset
        paths = self.paths.setdefault(tileset.game, [])
        paths += [artifact.path for artifact in artifacts]
        check_files(tileset, [*paths, MANIFEST])
        with explained(self.staging.out_dir):
            self.staging.write(tileset.game, {a.path: a.data for a in artifacts})
        if self.progress is not None:
            self.progress.finished(job, artifacts)


def game_files(tileset: Tileset, artifacts: list[Artifact]) -> Files:
    """One game's files, in the order made, with the manifest that lists them last.

    The manifest lists, and so stands for, the whole game; the names the
    exporters really made are checked once more before anything is written.
    """
    check_files(tileset, [*(a.path for a in artifacts), MANIFEST])
    files = {artifact.path: artifact.data for artifact in artifacts}
    sheets = [dict(a.listing) for a in artifacts if a.listing is not None]
    text = manifest_text(manifest(tileset, sheets, file_listing(files)))
    files[MANIFEST] = text.encode()
    return files
