"""Build games: every registered output for every paper, then write it all at once.

Everything is rendered into memory first and written only when all of it
succeeded, each file atomically and each game's manifest last: a build that
fails while rendering (or is interrupted) leaves the previous output as it
was, and even a write that fails part-way (a full disk) never leaves a
half-written file.
"""

from __future__ import annotations

from pathlib import Path

from pnp.build.jobs import plan_jobs, run_jobs
from pnp.build.manifest import manifest, manifest_text
from pnp.build.registry import EXPORTERS
from pnp.errors import InputError, Where
from pnp.export.artifacts import Exporter
from pnp.export.output import write_all
from pnp.model.options import BuildOptions
from pnp.model.tileset import Tileset

__all__ = ["EXPORTERS", "BuildOptions", "build"]


def build(tilesets: list[Tileset], out_dir: Path, options: BuildOptions,
          exporters: tuple[Exporter, ...] = EXPORTERS) -> list[Path]:
    """Render all games, then write every file; nothing is written if any game fails."""
    jobs = plan_jobs(tilesets, exporters, options)
    files: dict[Path, bytes] = {}
    sheets: dict[str, list[dict[str, object]]] = {t.game: [] for t in tilesets}
    for job, artifacts in zip(jobs, run_jobs(jobs, options), strict=True):
        game_dir = out_dir / job.tileset.game
        for artifact in artifacts:
            files[game_dir / artifact.path] = artifact.data
            if artifact.listing is not None:
                sheets[job.tileset.game].append(dict(artifact.listing))
    for tileset in tilesets:  # manifests last: each stands for its whole game
        text = manifest_text(manifest(tileset, sheets[tileset.game]))
        files[out_dir / tileset.game / "manifest.json"] = text.encode()
    try:
        write_all(files)
    except OSError as error:
        raise InputError(Where(str(out_dir)), "the output folder cannot be written",
                         field="--out", found=error.strerror or type(error).__name__,
                         allowed="a folder you may write to (it is created if missing)") from None
    return list(files)
