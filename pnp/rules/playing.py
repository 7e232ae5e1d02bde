"""Many random games played one by one or on several cores, with the same outcomes.

Each game draws from a random stream of its own, seeded from the run's seed
and its place in the run (:func:`game_seeds`), so a game plays the same
whether it is the first of a run or the last of a worker's share: a report
is the same for a seed whatever the number of processes that played it.
"""

from __future__ import annotations

import functools
import os
import random
import signal
from collections.abc import Callable, Sequence
from typing import TypeVar

from pnp.rules import Progress

Context = TypeVar("Context")
Outcome = TypeVar("Outcome")
SHARES_PER_PROCESS = 4  # parts of the run each process gets in turn: the last ends sooner
# the most games in one part: progress is heard as each part comes back, so a long run
# of a slow game still counts up every few seconds
MOST_PER_PART = 50


def game_seeds(seed: int, games: int) -> list[int]:
    """Each game's own seed, drawn in order from the run's ``seed``."""
    master = random.Random(seed)
    return [master.getrandbits(64) for _ in range(games)]


def play_all(play_one: Callable[[Context, int], Outcome], context: Context,
             seeds: Sequence[int], processes: int = 1,
             progress: Progress | None = None) -> list[Outcome]:
    """``play_one(context, seed)`` for every seed, in their order: here, or on
    ``processes`` forked processes (0 for one per core) when there are several.
    ``progress`` hears how many games are done, of how many."""
    total = len(seeds)
    count = min(processes or _cores(), total)
    if count <= 1:
        outcomes = []
        for played, seed in enumerate(seeds):
            if progress is not None:
                progress(played, total)
            outcomes.append(play_one(context, seed))
        return outcomes
    import multiprocessing  # only a run on several cores starts processes

    size = max(1, min(-(-total // (count * SHARES_PER_PROCESS)), MOST_PER_PART))
    parts = [list(seeds[start:start + size]) for start in range(0, total, size)]
    outcomes = []
    with multiprocessing.get_context("fork").Pool(count, _leave_interrupts_to_the_parent) as pool:
        for part in pool.imap(functools.partial(_play_part, play_one, context), parts):
            if progress is not None:
                progress(len(outcomes), total)
            outcomes.extend(part)
    return outcomes


def _leave_interrupts_to_the_parent() -> None:
    """A worker ignores Ctrl-C: the terminal sends it to every process, and the parent
    alone stops the run (the pool ends with it), so one line says so, not a traceback
    from each worker."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_part(play_one: Callable[[Context, int], Outcome], context: Context,
               seeds: list[int]) -> list[Outcome]:
    return [play_one(context, seed) for seed in seeds]


def _cores() -> int:
    return os.cpu_count() or 1
