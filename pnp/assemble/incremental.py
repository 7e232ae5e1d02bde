"""Rebuild one game's outputs whose inputs changed, for ``pnp watch``.

A designer who changes a count wants the new sheet in a moment, not after
every SVG and the rulebook have been drawn again. This module keeps the
files of a game's last build by the output that made them (exporter and
paper), works out from the old and new tileset which outputs can differ,
makes only those again, and publishes the game whole through the same
staging as every build, so the folder and its manifest always agree.

Because the kept files are put back in the order a full build makes them,
an updated folder is byte for byte what ``pnp build`` would write for the
same inputs. Slow outputs (``slow``: the rulebooks) are redone in a
second step, so the sheets a designer is waiting for appear first; between
the two steps the folder holds fresh sheets beside the previous rulebook.
"""

from __future__ import annotations

from pathlib import Path

from msgspec.structs import replace

from pnp.assemble import game_files
from pnp.assemble.jobs import plan_jobs
from pnp.assemble.places import check_out_dir, game_inputs
from pnp.assemble.registry import EXPORTERS
from pnp.assemble.staging import check_target, publish
from pnp.errors import InputError, Where
from pnp.export.artifacts import Artifact, Exporter
from pnp.export.designs import GameDesigns
from pnp.input.names import check_names
from pnp.model.options import BuildOptions
from pnp.model.tileset import Tileset

Key = tuple[str, str]  # an exporter's name and a paper's ("" for outputs made once)
COUNT_FREE = frozenset({"svg", "board", "aids"})  # outputs that never show a count
EVERY = None  # stale_outputs' answer when anything may have changed


def _plain(tileset: Tileset) -> Tileset:
    """The tileset without line numbers, which move when a comment is added."""
    return replace(tileset, lines=(), tiles=tuple(replace(t, line=0) for t in tileset.tiles),
                   components=tuple(replace(c, line=0) for c in tileset.components),
                   backs=tuple(replace(b, line=0) for b in tileset.backs),
                   aids=tuple(replace(a, line=0) for a in tileset.aids))


def _uncounted(tileset: Tileset) -> Tileset:
    """The tileset with every count set to 0: its designs, not how many of each."""
    return replace(tileset, tiles=tuple(replace(t, count=0) for t in tileset.tiles),
                   components=tuple(replace(c, count=0) for c in tileset.components))


def stale_outputs(old: Tileset | None, new: Tileset,
                  template_changed: bool) -> frozenset[str] | None:
    """The names of the exporters whose files may differ now, or None for all of them.

    Only two cases are narrowed, the common ones while designing: nothing
    but counts changed (designs, board and aids stay), or nothing in the
    tileset changed (then only the rulebook, if its template did). Anything
    else redoes every output rather than risk a stale one.
    """
    if old is None:
        return EVERY
    before, after = _plain(old), _plain(new)
    if before == after:
        return frozenset({"rulebook"}) if template_changed else frozenset()
    if _uncounted(before) == _uncounted(after):
        return frozenset(e.name for e in EXPORTERS) - COUNT_FREE
    return EVERY


class GameOutputs:
    """One game's outputs from its last build, by exporter and paper, and what is published."""

    def __init__(self, out_dir: Path, options: BuildOptions,
                 exporters: tuple[Exporter, ...] = EXPORTERS) -> None:
        self.out_dir = out_dir
        self.options = options
        self.exporters = exporters
        self.parts: dict[Key, list[Artifact]] = {}
        self.published: dict[str, bytes] = {}

    def check(self, tileset: Tileset, origin: Path | None) -> None:
        """Refuse, before drawing, an output folder or names a build would refuse."""
        check_out_dir(self.out_dir, game_inputs(tileset, origin))
        check_names([tileset], self.options, [origin] if origin else None)
        check_target(self.out_dir, tileset.game)

    def update(self, tileset: Tileset, stale: frozenset[str] | None,
               slow: bool) -> list[tuple[str, str]]:
        """Redo the stale quick outputs (or, with ``slow``, the stale slow ones) and publish.

        Returns what changed in the folder as (``changed``, ``new`` or
        ``removed``, path), the manifest left out since it changes with
        anything.
        """
        wanted = [e for e in self.exporters if e.applies(tileset, self.options)]
        self._redo(tileset, [e for e in wanted if e.slow == slow
                             and (stale is EVERY or e.name in stale)])
        names = {e.name for e in wanted}
        self.parts = {key: part for key, part in self.parts.items() if key[0] in names}
        files = game_files(tileset, self._in_build_order(tileset))
        if files == self.published:
            return []
        self._publish(tileset.game, files)
        changes = _changes(self.published, files)
        self.published = files
        return changes

    def _redo(self, tileset: Tileset, exporters: list[Exporter]) -> None:
        """Make these outputs again, for every paper they are made for."""
        if not exporters:
            return
        designs = GameDesigns(tileset, self.options)
        for exporter in exporters:
            for paper in self.options.papers if exporter.per_paper else (None,):
                key = (exporter.name, paper.name if paper is not None else "")
                self.parts[key] = exporter.export(designs, paper)

    def _publish(self, game: str, files: dict[str, bytes]) -> None:
        """Swap the game's folder in whole, as every build does."""
        try:
            publish(self.out_dir, {game: files})
        except OSError as error:
            raise InputError(Where(str(self.out_dir)), "the output folder cannot be written",
                             field="--out", found=error.strerror or type(error).__name__,
                             allowed="a folder you may write to") from None

    def _in_build_order(self, tileset: Tileset) -> list[Artifact]:
        """The kept files in the order a full build lists them (see ``jobs.run_job``)."""
        ordered: list[Artifact] = []
        for job in plan_jobs([tileset], self.exporters, self.options):
            for exporter, _ in job.parts:
                if not exporter.per_paper:
                    ordered += self.parts.get((exporter.name, ""), [])
            for paper in self.options.papers:
                for exporter, papers in job.parts:
                    if paper in papers and exporter.per_paper:
                        ordered += self.parts.get((exporter.name, paper.name), [])
        return ordered


def _changes(before: dict[str, bytes], after: dict[str, bytes]) -> list[tuple[str, str]]:
    """Each file that is new, different or gone, in path order."""
    changes = []
    for path in sorted(before.keys() | after.keys()):
        if path == "manifest.json" or before.get(path) == after.get(path):
            continue
        status = "new" if path not in before else "removed" if path not in after else "changed"
        changes.append((status, path))
    return changes
