"""A build split into independent jobs, run on every core.

A game's quick outputs share a job (one per paper when the game is built
alone) and each slow output gets a job of its own (the rulebook: one job
makes every paper's edition); a worker keeps a game's designs between its
jobs, so they are drawn once per worker. Every job is deterministic on its
own, so the bytes never depend on which worker ran it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import msgspec

from pnp.export.artifacts import Artifact, Exporter
from pnp.model.options import BuildOptions
from pnp.model.paper import Paper
from pnp.model.tileset import Tileset
from pnp.workers import Plan, Workers, worker_count

if TYPE_CHECKING:
    from pnp.export.designs import GameDesigns


class Job(msgspec.Struct, frozen=True):
    """Some outputs of one game: each exporter with the papers it runs for."""

    tileset: Tileset
    parts: tuple[tuple[Exporter, tuple[Paper | None, ...]], ...]


JobWorkers = Workers[Job, list[Artifact]]


def plan_jobs(tilesets: list[Tileset], exporters: tuple[Exporter, ...],
              options: BuildOptions) -> list[Job]:
    """The jobs of a build; asking each exporter whether it applies checks its input first."""
    jobs = []
    alone = len(tilesets) == 1
    groups = _paper_groups(options.papers, by_paper=alone)
    for tileset in tilesets:
        wanted = [e for e in exporters if e.applies(tileset, options)]
        # a slow output always has a job of its own; another (a player aid) only when the
        # game is built alone, whose few jobs would otherwise leave a core idle: among
        # several games it shares its game's designs in the sheets' job
        own = [e for e in wanted if e.own_job and (alone or e.slow)]
        quick = [e for e in wanted if e not in own]
        jobs.extend(_quick_jobs(tileset, quick, groups))
        jobs.extend(Job(tileset, ((e, group),)) for e in own
                    for group in (groups if e.per_paper else [(None,)]))
    return jobs


def _paper_groups(papers: tuple[Paper, ...], by_paper: bool) -> list[tuple[Paper, ...]]:
    """The papers of each of a game's jobs per kind: all in one, or with ``by_paper`` one each.

    A game built alone has too few jobs to keep two cores busy, so its papers
    go to separate jobs (a worker keeps the game's designs between its jobs).
    Several games fill the cores by themselves, and a game's papers then stay
    in one job: its designs are drawn once, not once per worker. Either way
    the artifacts come in the same order: the outputs made once, then paper
    by paper. Outputs that are not made per paper (the rulebook, whose one
    typesetting makes every edition) are never split.
    """
    return [(paper,) for paper in papers] if by_paper else [papers]


def _quick_jobs(tileset: Tileset, quick: list[Exporter],
                groups: list[tuple[Paper, ...]]) -> list[Job]:
    """A game's quick outputs, in a job per group of papers (see :func:`_paper_groups`)."""
    once = tuple((e, (None,)) for e in quick if not e.per_paper)
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
    from pnp.export.designs import GameDesigns  # the drawing stack: jobs run in workers

    designs = designs if designs is not None else GameDesigns(job.tileset, options)
    artifacts = [a for exporter, papers in job.parts if not exporter.per_paper
                 for a in exporter.export(designs, None)]
    for paper in options.papers:
        artifacts += [a for exporter, papers in job.parts if paper in papers
                      for a in exporter.export(designs, paper)]
    return artifacts


def _run_job_in_worker(job: Job, options: BuildOptions) -> list[Artifact]:
    """run_job in a worker, reusing the designs an earlier job of the game drew there.

    Each job reaches the worker as a fresh copy of its tileset, so the designs
    are found by the tileset's value, not its identity.
    """
    return run_job(job, options, new_designs(job.tileset, options))


@functools.lru_cache(maxsize=4)
def new_designs(tileset: Tileset, options: BuildOptions) -> GameDesigns:
    """A game's designs, drawn as its jobs ask: one per game and process (a worker lives
    for one build; the drawing stack is imported here, in the process that draws)."""
    from pnp.export.designs import GameDesigns

    return GameDesigns(tileset, options)


def heaviest_first(jobs: list[Job]) -> list[int]:
    """Job indices, the games with the most designs first, each game's sheets before
    its rulebook, unless the build has one game: then its rulebook first.

    Handing out the longest work first is the classic greedy schedule for
    identical workers; a game's jobs mostly stay on one worker (see
    :mod:`pnp.workers`), so the order is by game, guessed from the number of
    designs it draws. Within a game the sheets come first: they make most of
    the files (a design SVG each), which are written while the rulebooks
    are typeset, so the build does not end waiting for the disk. A game
    built alone has its sheets split by paper (see :func:`_paper_groups`)
    and one rulebook, its longest job: that goes first, to one worker, and
    the other worker draws the designs once for both papers' sheets instead
    of each worker drawing them for one (Dynamine alone: about 0.9 of the
    wall and CPU time of sheets first).
    """
    alone = len({id(job.tileset) for job in jobs}) == 1

    def weight(index: int) -> tuple[int, bool, int]:
        job = jobs[index]
        designs = len(job.tileset.tiles) + len(job.tileset.components)
        slow = any(exporter.slow for exporter, _ in job.parts)
        return (-designs, slow != alone, index)

    return sorted(range(len(jobs)), key=weight)


class Progress(Protocol):
    """Hears what a build is doing, to show it on a terminal; never changes the output."""

    def planned(self, jobs: list[Job]) -> None:
        """Every job of the build, before the first starts."""

    def finished(self, job: Job, artifacts: list[Artifact]) -> None:
        """One job's files, as soon as that job is done (in whatever order they finish)."""


def run_jobs(jobs: list[Job], options: BuildOptions, progress: Progress | None = None,
             workers: JobWorkers | None = None, processes: int = 0) -> list[list[Artifact]]:
    """Run jobs on forked workers, or in this process when that cannot help.

    ``workers`` were started early (see :func:`start_workers`), to warm up
    while the tilesets were read; without them, workers are started here if
    more than one would help. ``progress`` hears of each job in this process
    as soon as it finishes, so a terminal can show progress; results come
    back in the order of ``jobs`` whatever order they ran in, so the bytes
    never depend on it. ``processes`` is ``--jobs``: at most that many
    workers, 0 for one per core.
    """
    tell = progress.finished if progress else (lambda job, artifacts: None)
    plan = Plan(jobs, heaviest_first(jobs), lambda job: id(job.tileset))

    def told(index: int, artifacts: list[Artifact]) -> None:
        tell(jobs[index], artifacts)

    if workers is not None and len(jobs) > 1:
        return workers.run(plan, told)
    count = min(worker_count(processes), len(jobs))
    if count <= 1:
        results = []
        drawn: dict[int, GameDesigns] = {}  # by the tileset's identity: one game's jobs share
        for job in jobs:
            if id(job.tileset) not in drawn:
                drawn[id(job.tileset)] = new_designs(job.tileset, options)
            results.append(run_job(job, options, drawn[id(job.tileset)]))
            tell(job, results[-1])
        return results
    with start_workers(options, count) as started:
        return started.run(plan, told)


def start_workers(options: BuildOptions, count: int) -> JobWorkers:
    """``count`` workers for jobs of this build, warming up from now on."""
    workers: JobWorkers = Workers(f"{__name__}:{job_work.__name__}", count)
    workers.begin(count, options)
    return workers


def job_work(options: BuildOptions) -> Callable[[Job], list[Artifact]]:
    """What a worker does with a job of this build; making it warms the worker up.

    A worker parses a game's rulebook template itself, once, when it first
    typesets that game's book: handing it the main process's parse would
    cost more (pickling markdown-it's tokens) than parsing again.
    """
    warm_up(options)
    return functools.partial(_run_job_in_worker, options=options)


def warm_up(options: BuildOptions) -> None:
    """Import what jobs draw with, once, before the workers fork (the zygote's entry
    point: its imports are its work, so they stay inside it).

    Every job writes a PDF. A build with rulebooks also typesets text, in all
    four fonts, with Platypus and the Markdown parser: those are imported and
    the fonts read here too. A build without them (tiles only, often one
    game) leaves them to the jobs that need them, since the workers start
    only when this is done.
    """
    # the imports are the point: what a worker would otherwise import for itself
    import reportlab.pdfgen.canvas  # noqa: F401

    import pnp.export.board
    import pnp.export.designs
    import pnp.export.pdf
    import pnp.export.svg
    import pnp.model.rock

    if not options.rulebook:
        return
    import markdown_it  # noqa: F401

    import pnp.export.aids
    import pnp.rulebook.typeset  # noqa: F401  # the whole typesetter and its template reader
    from pnp.draw.fonts import pdf_font
    from pnp.input.faces import FONTS
    from pnp.rulebook.paragraphs import styles

    for role in FONTS:  # the fallbacks are read by the few kits that need them
        pdf_font(role)
    styles()
