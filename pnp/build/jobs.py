"""A build split into independent jobs, run on every core.

A game's quick outputs share a job (one per paper when the game is built
alone) and each slow output (a rulebook) gets a job per paper; a worker keeps
a game's designs between its jobs, so they are drawn once per worker. Every job is
deterministic on its own, so the bytes never depend on which worker ran it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import msgspec

from pnp.export.artifacts import Artifact, Exporter
from pnp.export.designs import GameDesigns
from pnp.model.options import BuildOptions
from pnp.model.tileset import Tileset
from pnp.workers import Plan, Workers, worker_count

if TYPE_CHECKING:
    from pnp.rulebook.source import ParseKey, Source


class Job(msgspec.Struct, frozen=True):
    """Some outputs of one game: each exporter with the papers it runs for."""

    tileset: Tileset
    parts: tuple[tuple[Exporter, tuple[str, ...]], ...]


JobWorkers = Workers[Job, list[Artifact]]
# what workers are handed: see prepared()
Prepared = list[tuple["ParseKey", "Source"]] | None


def plan_jobs(tilesets: list[Tileset], exporters: tuple[Exporter, ...],
              options: BuildOptions) -> list[Job]:
    """The jobs of a build; asking each exporter whether it applies checks its input first."""
    jobs = []
    for tileset in tilesets:
        wanted = [e for e in exporters if e.applies(tileset, options)]
        quick = [e for e in wanted if not e.own_job]
        jobs.extend(_quick_jobs(tileset, quick, options.papers, by_paper=len(tilesets) == 1))
        jobs.extend(Job(tileset, ((e, (paper,)),))
                    for e in wanted if e.own_job for paper in options.papers)
    return jobs


def _quick_jobs(tileset: Tileset, quick: list[Exporter], papers: tuple[str, ...],
                by_paper: bool) -> list[Job]:
    """A game's quick outputs: one job, or with ``by_paper`` one job per paper.

    A game built alone has too few jobs to keep two cores busy, so its papers
    go to separate jobs (a worker keeps the game's designs between its jobs);
    several games fill the cores by themselves, and one job per game records
    its designs' drawing once instead of once per worker. Either way the
    artifacts come in the same order: the outputs made once, then paper by paper.
    """
    groups = [(paper,) for paper in papers] if by_paper else [papers]
    once = tuple((e, ("",)) for e in quick if not e.per_paper)
    jobs = []
    for index, group in enumerate(groups):
        parts = (once if index == 0 else ()) + tuple((e, group) for e in quick if e.per_paper)
        if parts:
            jobs.append(Job(tileset, parts))
    return jobs


def run_job(job: Job, options: BuildOptions,
            designs: GameDesigns | None = None) -> list[Artifact]:
    """Every artifact of one job, in manifest order: paper by paper, exporter by exporter.

    ``designs`` are the game's designs from an earlier job in this process, if
    any; drawing and recording them again would only give the same bytes.
    """
    designs = designs if designs is not None else GameDesigns(job.tileset, options)
    artifacts = [a for exporter, papers in job.parts if not exporter.per_paper
                 for a in exporter.export(designs, "")]
    for paper in options.papers:
        artifacts += [a for exporter, papers in job.parts if paper in papers
                      for a in exporter.export(designs, paper)]
    return artifacts


def _run_job_in_worker(job: Job, options: BuildOptions) -> list[Artifact]:
    """run_job in a worker, reusing the designs an earlier job of the game drew there.

    Each job reaches the worker as a fresh copy of its tileset, so the designs
    are found by the tileset's value, not its identity.
    """
    return run_job(job, options, _designs_in_worker(job.tileset, options))


@functools.lru_cache(maxsize=4)
def _designs_in_worker(tileset: Tileset, options: BuildOptions) -> GameDesigns:
    """One GameDesigns per game and worker process (a worker lives for one build)."""
    return GameDesigns(tileset, options)


def heaviest_first(jobs: list[Job]) -> list[int]:
    """Job indices, the games with the most designs first, each game's sheets before
    its rulebooks.

    Handing out the longest work first is the classic greedy schedule for
    identical workers; a game's jobs mostly stay on one worker (see
    :mod:`pnp.workers`), so the order is by game, guessed from the number of
    designs it draws. Within a game the sheets come first: they make most of
    the files (a design SVG each), which are written while the rulebooks
    are typeset, so the build does not end waiting for the disk.
    """
    def weight(index: int) -> tuple[int, bool, int]:
        job = jobs[index]
        designs = len(job.tileset.tiles) + len(job.tileset.components)
        slow = any(exporter.own_job for exporter, _ in job.parts)
        return (-designs, slow, index)

    return sorted(range(len(jobs)), key=weight)


class Progress(Protocol):
    """Hears what a build is doing, to show it on a terminal; never changes the output."""

    def planned(self, jobs: list[Job]) -> None:
        """Every job of the build, before the first starts."""

    def finished(self, job: Job, artifacts: list[Artifact]) -> None:
        """One job's files, as soon as that job is done (in whatever order they finish)."""


def run_jobs(jobs: list[Job], options: BuildOptions, progress: Progress | None = None,
             workers: JobWorkers | None = None) -> list[list[Artifact]]:
    """Run jobs on forked workers, or in this process when that cannot help.

    ``workers`` were started early (see :func:`start_workers`), to warm up
    while the tilesets were read; without them, workers are started here if
    more than one would help. ``progress`` hears of each job in this process
    as soon as it finishes, so a terminal can show progress; results come
    back in the order of ``jobs`` whatever order they ran in, so the bytes
    never depend on it.
    """
    tell = progress.finished if progress else (lambda job, artifacts: None)
    plan = Plan(jobs, heaviest_first(jobs), lambda job: id(job.tileset))

    def told(index: int, artifacts: list[Artifact]) -> None:
        tell(jobs[index], artifacts)

    if workers is not None and len(jobs) > 1:
        return workers.run(plan, told, prepared(options))
    count = min(worker_count(options.jobs), len(jobs))
    if count <= 1:
        results = []
        drawn: dict[int, GameDesigns] = {}  # by the tileset's identity: one game's jobs share
        for job in jobs:
            if id(job.tileset) not in drawn:
                drawn[id(job.tileset)] = GameDesigns(job.tileset, options)
            results.append(run_job(job, options, drawn[id(job.tileset)]))
            tell(job, results[-1])
        return results
    with start_workers(options, count) as started:
        return started.run(plan, told, prepared(options))


def start_workers(options: BuildOptions, count: int) -> JobWorkers:
    """``count`` workers for jobs of this build, warming up from now on."""
    return Workers(count, f"{__name__}:{job_work.__name__}", options)


def job_work(options: BuildOptions) -> Callable[[Prepared], Callable[[Job], list[Artifact]]]:
    """What a worker does with a job of this build, once it has what the main process
    prepared (:func:`prepared`); making it warms the worker up."""
    warm_up(options)

    def ready(prepared: Prepared) -> Callable[[Job], list[Artifact]]:
        from pnp.rulebook.source import remember_templates

        remember_templates(prepared or [])
        return functools.partial(_run_job_in_worker, options=options)

    return ready


def prepared(options: BuildOptions) -> Prepared:
    """What the main process worked out that the workers would otherwise do again: the
    rulebook templates it parsed while checking them (none without rulebooks)."""
    if not options.rulebook:
        return None
    from pnp.rulebook.source import parsed_templates

    return parsed_templates()


def warm_up(options: BuildOptions) -> None:
    """Import what jobs draw with, once, before the workers fork.

    Every job writes a PDF. A build with rulebooks also typesets text, in all
    four fonts, with Platypus and the Markdown parser: those are imported and
    the fonts read here too. A build without them (tiles only, often one
    game) leaves them to the jobs that need them, since the workers start
    only when this is done.
    """
    import reportlab.pdfgen.canvas  # noqa: F401  # the import is the point

    import pnp.model.rock

    if not options.rulebook:
        return
    import markdown_it  # noqa: F401

    import pnp.export.aids  # noqa: F401
    from pnp.draw.fonts import FONTS, pdf_font
    from pnp.rulebook.typeset import styles

    for role in FONTS:
        pdf_font(role)
    styles()
