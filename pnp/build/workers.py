"""Forked build workers that keep each game's jobs together.

A process pool hands the next job to whichever worker asks first, so the
jobs of one game end up on every worker and each of them draws that game's
designs again: the tiles, the rock search, the recorded drawing operators.
Drawing designs is the dearest step a game's jobs share. Here the parent
chooses instead. An idle worker gets, among the waiting jobs (longest
first), one of a game it has already drawn; failing that, one of a game no
worker has started; failing that, any, so no core idles while work waits.

Each worker owns a pipe. It receives one job at a time and sends back the
job's artifacts, or the error it raised. Ending workers is then simple and
ours: a stopped build terminates its processes and closes its pipes, with
no pool machinery left to race the interpreter's exit.
"""

from __future__ import annotations

import multiprocessing
import pickle
import traceback
from collections.abc import Callable, Hashable
from multiprocessing.connection import Connection, wait
from typing import Any, Generic, TypeVar

from pnp.errors import InputError

Task = TypeVar("Task")
Result = TypeVar("Result")


class WorkerFailed(Exception):
    """A worker's unexpected error, carrying the worker's traceback as text.

    An error of the user's (an :class:`pnp.errors.InputError`) is raised as
    itself; anything else is a bug, and the worker's own traceback is what
    shows where it happened.
    """


class WorkerGone(Exception):
    """A worker ended without a reply: killed, or out of memory."""


class Plan(Generic[Task, Result]):
    """What the workers do: the tasks, longest first, each task's game, and the work."""

    def __init__(self, tasks: list[Task], order: list[int], game: Callable[[Task], Hashable],
                 work: Callable[[Task], Result]) -> None:
        self.tasks, self.order, self.game, self.work = tasks, order, game, work


def run_in_workers(plan: Plan[Task, Result], count: int,
                   tell: Callable[[int, Result], None]) -> list[Result]:
    """Every task's result, in the order of the tasks, from ``count`` forked workers.

    ``plan.work`` runs in the workers (they are forked, so it is not
    pickled); the tasks and results travel through pipes. ``tell`` hears of
    each task (its index and result) as soon as it is back.
    """
    context = multiprocessing.get_context("fork")
    workers: list[_Worker[Task, Result]] = []
    try:
        for _ in range(count):
            workers.append(_Worker(context, plan.work, [w.connection for w in workers]))
        results = _Dispatch(plan, workers, tell).run()
    except BaseException:
        for worker in workers:
            worker.stop()
        raise
    for worker in workers:
        worker.close()
    return results


class _Worker(Generic[Task, Result]):
    """One forked process, the pipe to it, and the games it has drawn."""

    def __init__(self, context: Any, work: Callable[[Task], Result],
                 others: list[Connection]) -> None:
        self.connection, theirs = context.Pipe()
        self.process = context.Process(target=_serve, args=(theirs, work, others), daemon=True)
        self.process.start()
        theirs.close()  # so the pipe ends, and our reads see it, when the worker does
        self.games: set[Hashable] = set()
        self.task: int | None = None

    def give(self, index: int, task: Task, game: Hashable) -> None:
        """Send a task; the worker keeps what it drew for its game, for the next."""
        self.connection.send(task)
        self.games.add(game)
        self.task = index

    def reply(self) -> Result:
        """The result of the task it was given, or the error that task raised."""
        try:
            outcome, payload = self.connection.recv()
        except (EOFError, OSError):
            self.process.join()
            raise WorkerGone(f"a build worker ended without finishing its job "
                             f"(exit status {self.process.exitcode})") from None
        self.task = None
        if outcome == "failed":
            error, text = payload
            if text:
                raise error from WorkerFailed(text)
            raise error
        result: Result = payload
        return result

    def close(self) -> None:
        """Let an idle worker end on its own."""
        self.connection.send(None)
        self.connection.close()
        self.process.join()

    def stop(self) -> None:
        """End the worker now, whatever it is doing."""
        self.process.terminate()
        self.process.join()
        self.connection.close()


class _Dispatch(Generic[Task, Result]):
    """Which waiting task goes to which idle worker, until every task is back."""

    def __init__(self, plan: Plan[Task, Result], workers: list[_Worker[Task, Result]],
                 tell: Callable[[int, Result], None]) -> None:
        self.plan, self.workers, self.tell = plan, workers, tell
        self.waiting = list(plan.order)
        self.started: set[Hashable] = set()  # games some worker has drawn
        self.finished: dict[int, Result] = {}

    def run(self) -> list[Result]:
        for worker in self.workers:
            self._feed(worker)
        while len(self.finished) < len(self.plan.tasks):
            busy = {w.connection: w for w in self.workers if w.task is not None}
            for connection in wait(list(busy)):
                worker = busy[connection]
                index = worker.task
                assert index is not None
                self.finished[index] = worker.reply()
                self.tell(index, self.finished[index])
                self._feed(worker)
        return [self.finished[index] for index in range(len(self.plan.tasks))]

    def _feed(self, worker: _Worker[Task, Result]) -> None:
        """Give an idle worker its next task, if any task still waits."""
        games = {index: self.plan.game(self.plan.tasks[index]) for index in self.waiting}
        index = next_task(self.waiting, games, worker.games, self.started)
        if index is None:
            return
        self.waiting.remove(index)
        self.started.add(games[index])
        worker.give(index, self.plan.tasks[index], games[index])


def next_task(waiting: list[int], games: dict[int, Hashable], drawn: set[Hashable],
              started: set[Hashable]) -> int | None:
    """The first waiting task of a game the worker has ``drawn``, else of a game no
    worker has ``started``, else the first waiting task; None when none waits."""
    for fits in (drawn.__contains__, lambda game: game not in started, lambda game: True):
        for index in waiting:
            if fits(games[index]):
                return index
    return None


def _serve(connection: Connection, work: Callable[[Any], Any],
           others: list[Connection]) -> None:
    """A worker's life: run each task received, send back its result or its error."""
    import signal

    # Ctrl-C reaches the whole process group; a worker killed by it part-way
    # through a reply would leave half a message in its pipe. The parent
    # alone hears it, and ends the workers.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for other in others:  # the parent's ends of earlier workers' pipes, copied by the fork
        other.close()
    while True:
        try:
            task = connection.recv()
        except (EOFError, OSError):
            return  # the parent is gone
        if task is None:
            return
        try:
            reply: tuple[str, Any] = ("done", work(task))
        except Exception as error:  # any failure goes back to the parent whole
            reply = ("failed", _portable(error))
        connection.send(reply)


def _portable(error: Exception) -> tuple[Exception, str]:
    """The error to raise in the parent, and the worker's traceback for a bug.

    An error that cannot be pickled is sent as its description instead.
    """
    text = "" if isinstance(error, InputError) else "".join(
        traceback.format_exception(error))
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:  # whatever pickling raised, the description goes
        return WorkerFailed(f"{type(error).__name__}: {error}"), text
    return error, text
