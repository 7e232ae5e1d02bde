"""Forked workers, started warm, that keep each game's jobs together (for builds).

Every worker needs the same start: the drawing stack imported and the fonts
read, about a third of a second here. One process, the *zygote*, does that
once, while the main process is still reading the tilesets, and then forks
the workers, which start warm and share its memory.

A process pool hands the next job to whichever worker asks first, so the
jobs of one game end up on every worker and each of them draws that game's
designs again: the tiles, the rock search, the recorded drawing operators.
Drawing designs is the dearest step a game's jobs share. Here the main
process chooses instead. An idle worker gets, among the waiting jobs
(longest first), one of a game it has already drawn; failing that, one of a
game no worker has started; failing that, any, so no core idles while work
waits.

Each worker owns a pipe to the main process. It receives one job at a time
and sends back the job's artifacts, or the error it raised. A worker whose
pipe closes ends. To stop at once, the main process ends the zygote, which
first ends the workers it forked.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import multiprocessing
import os
import pickle
import signal
import traceback
from collections.abc import Callable, Hashable, Sequence
from multiprocessing.connection import Connection, wait
from types import FrameType, TracebackType
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


class Plan(Generic[Task]):
    """What the workers do: the tasks, an order (longest first), and each task's game."""

    def __init__(self, tasks: list[Task], order: list[int],
                 game: Callable[[Task], Hashable]) -> None:
        self.tasks, self.order, self.game = tasks, order, game


def worker_count(jobs: int) -> int:
    """How many workers ``--jobs`` allows: that many, 0 for one per core; 1 without fork."""
    return (jobs or os.cpu_count() or 1) if hasattr(os, "fork") else 1


class Workers(Generic[Task, Result]):
    """``count`` workers, forked warm from one zygote, that each run one task at a time.

    ``start`` names, as ``"module:function"``, what makes a worker's work.
    It is called once in the zygote with ``setting``, imports what the work
    needs (so the workers start warm) and returns a function of what the
    main process has *prepared* by the time the tasks are ready (given to
    :meth:`run`), which returns the function each worker applies to its
    tasks. It is named rather than passed so the main process need not
    import it: the zygote is forked the moment the command knows its
    options, and imports the rest itself.

    :meth:`run` hands the workers their tasks. Used as a context manager,
    they are closed after a run and stopped at once if the block raises
    (Ctrl-C included) or if they were never used.
    """

    def __init__(self, count: int, start: str, setting: object) -> None:
        context = multiprocessing.get_context("fork")
        pairs = [context.Pipe() for _ in range(count)]
        prepared, self._prepared = context.Pipe(duplex=False)
        self.zygote = context.Process(target=_zygote,
                                      args=(pairs, start, setting, prepared, self._prepared))
        self.zygote.start()
        prepared.close()
        self.workers = [_Worker(ours) for ours, _ in pairs]
        self.ran = False
        for _, theirs in pairs:
            theirs.close()  # so a worker's pipe ends, and our reads see it, when it does

    def __enter__(self) -> Workers[Task, Result]:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if error is None and self.ran:
            self.close()
        else:
            self.stop()  # unused workers may still be warming up: no need to wait

    def run(self, plan: Plan[Task], tell: Callable[[int, Result], None],
            prepared: object = None) -> list[Result]:
        """Every task's result, in the order of the tasks; ``tell`` hears of each one
        (its index and result) as soon as it is back. ``prepared`` reaches the
        zygote before it forks the workers (once: a later run's is not sent)."""
        if not self.ran:
            self._prepared.send(prepared)
            self._prepared.close()
        self.ran = True
        return _Dispatch(plan, self.workers, tell).run()

    def close(self) -> None:
        """Let the workers end once they are idle, and wait for them."""
        for worker in self.workers:
            with contextlib.suppress(OSError):  # that worker is gone already
                worker.connection.send(None)
            worker.connection.close()
        self.zygote.join()

    def stop(self) -> None:
        """End every worker now, whatever it is doing."""
        self.zygote.terminate()  # the zygote ends its workers first
        self.zygote.join()
        self._prepared.close()
        for worker in self.workers:
            worker.connection.close()


class _Worker:
    """The main process's side of one worker: its pipe, its games, its task."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection
        self.games: set[Hashable] = set()
        self.task: int | None = None

    def give(self, index: int, task: Any, game: Hashable) -> None:
        """Send a task; the worker keeps what it drew for its game, for the next."""
        self.connection.send(task)
        self.games.add(game)
        self.task = index

    def reply(self) -> Any:
        """The result of the task it was given, or the error that task raised."""
        try:
            outcome, payload = self.connection.recv()
        except (EOFError, OSError):
            raise WorkerGone("a build worker ended without finishing its job (killed, or "
                             "out of memory)") from None
        self.task = None
        if outcome == "failed":
            error, text = payload
            if text:
                raise error from WorkerFailed(text)
            raise error
        return payload


class _Dispatch(Generic[Task, Result]):
    """Which waiting task goes to which idle worker, until every task is back."""

    def __init__(self, plan: Plan[Task], workers: list[_Worker],
                 tell: Callable[[int, Result], None]) -> None:
        self.plan, self.workers, self.tell = plan, workers, tell
        self.games = [plan.game(task) for task in plan.tasks]
        self.waiting = list(plan.order)
        self.started: set[Hashable] = set()  # games some worker has drawn
        self.finished: dict[int, Result] = {}

    def run(self) -> list[Result]:
        for worker in self.workers:
            self._feed(worker)
        while len(self.finished) < len(self.plan.tasks):
            busy = {id(w.connection): w for w in self.workers if w.task is not None}
            for connection in wait([w.connection for w in busy.values()]):
                worker = busy[id(connection)]
                index = worker.task
                assert index is not None
                self.finished[index] = worker.reply()
                self.tell(index, self.finished[index])
                self._feed(worker)
        return [self.finished[index] for index in range(len(self.plan.tasks))]

    def _feed(self, worker: _Worker) -> None:
        """Give an idle worker its next task, if any task still waits."""
        index = next_task(self.waiting, self.games, worker.games, self.started)
        if index is None:
            return
        self.waiting.remove(index)
        self.started.add(self.games[index])
        worker.give(index, self.plan.tasks[index], self.games[index])


def next_task(waiting: list[int], games: Sequence[Hashable], drawn: set[Hashable],
              started: set[Hashable]) -> int | None:
    """The first waiting task (by index into ``games``, each task's game) of a game the
    worker has ``drawn``, else of a game no worker has ``started``, else the first
    waiting task; None when none waits."""
    for fits in (drawn.__contains__, lambda game: game not in started, lambda game: True):
        for index in waiting:
            if fits(games[index]):
                return index
    return None


def _zygote(pairs: list[tuple[Connection, Connection]], start: str, setting: object,
            prepared: Connection, ours: Connection) -> None:
    """Warm up once, make the work from what the main process prepared, fork a worker
    per pipe, and end them all if told to stop."""
    forked: list[int] = []

    def stop(signum: int, frame: FrameType | None) -> None:
        for pid in forked:
            with contextlib.suppress(OSError):  # it may have ended and been waited for
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
        os._exit(1)

    signal.signal(signal.SIGTERM, stop)
    # Ctrl-C reaches the whole process group; a worker killed by it part-way
    # through a reply would leave half a message in its pipe. The main process
    # alone hears it, and stops the zygote.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    ours.close()
    for mine, _ in pairs:
        mine.close()
    # Importing makes objects that live as long as the process; collecting
    # garbage among them finds none. The collector waits until the warm-up is
    # done, and the workers' collections then pass over what it made (and
    # leave its pages shared, untouched by the collector's bookkeeping).
    gc.disable()
    module, _, name = start.partition(":")
    ready = getattr(importlib.import_module(module), name)(setting)
    try:
        work = ready(prepared.recv())
    except (EOFError, OSError):
        return  # stopped before any task: nothing to fork
    gc.freeze()
    for _, theirs in pairs:
        pid = os.fork()
        if pid == 0:
            gc.enable()
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            for _, other in pairs:
                if other is not theirs:
                    other.close()  # those of workers forked after this one
            try:
                _serve(theirs, work)
            finally:
                os._exit(0)
        forked.append(pid)
        theirs.close()
    for pid in forked:
        os.waitpid(pid, 0)


def _serve(connection: Connection, work: Callable[[Any], Any]) -> None:
    """A worker's life: run each task received, send back its result or its error."""
    while True:
        try:
            task = connection.recv()
        except (EOFError, OSError):
            return  # the main process is gone
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
