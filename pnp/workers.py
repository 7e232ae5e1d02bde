"""Forked workers, started warm, that keep each game's jobs together (for builds).

Every worker needs the same start: the drawing stack imported and the fonts
read. One process, the *zygote*, does that
once, while the main process is still reading the command line and the
tilesets (``pnp build`` forks it first of all, see :mod:`pnp.launch`), and
then forks the workers, which start warm and share its memory.

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

YOUNG_OBJECTS = 10_000  # a worker's garbage collection threshold (see _zygote)
STOP_GRACE = 5.0  # seconds a stopped zygote has to end its workers before all are killed
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
    """Up to ``slots`` workers, forked warm from one zygote, each running one task at a time.

    The zygote is forked at once and imports the module of ``start`` (named
    as ``"module:function"``, so this process need not import it). The
    command may not yet know what it will build: :meth:`begin` tells the
    zygote later how many workers to fork and with what ``setting``. The
    zygote then calls ``start`` with the setting; that call imports and
    reads what the work needs, so the workers start warm, and returns the
    function each worker applies to its tasks. :meth:`run` hands them out.

    Used as a context manager, the workers are closed after a run and
    stopped at once if the block raises (Ctrl-C included) or if they were
    never used. Stopping them twice, or after they were closed, does nothing.
    """

    def __init__(self, start: str, slots: int) -> None:
        context = multiprocessing.get_context("fork")
        pairs = [context.Pipe() for _ in range(slots)]
        told, self._tell = context.Pipe(duplex=False)
        self.zygote = context.Process(target=_zygote, args=(pairs, start, told, self._tell))
        self.zygote.start()
        # the zygote leads a process group of its own, which its workers join: stop()
        # ends them all with one signal (set here and in the zygote, so it holds
        # whichever runs first)
        # (0 would name this process's own group: a started process always has a pid)
        assert self.zygote.pid is not None
        self._group = self.zygote.pid
        with contextlib.suppress(OSError):
            os.setpgid(self._group, self._group)
        told.close()
        self.workers = [_Worker(ours) for ours, _ in pairs]
        self.slots = slots
        self.begun = self.ran = False
        for _, theirs in pairs:
            theirs.close()  # so a worker's pipe ends, and our reads see it, when it does

    def begin(self, count: int, setting: object) -> None:
        """Have the zygote make the work with ``setting`` and fork ``count`` workers."""
        if not 0 < count <= self.slots:
            raise ValueError(f"between 1 and {self.slots} workers, not {count}")
        self._tell.send((count, setting))
        self._tell.close()
        for unused in self.workers[count:]:
            unused.connection.close()
        del self.workers[count:]
        self.begun = True

    def __enter__(self) -> Workers[Task, Result]:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 _trace: TracebackType | None) -> None:
        if error is None and self.ran:
            self.close()
        else:
            self.stop()  # unused workers may still be warming up: no need to wait

    def run(self, plan: Plan[Task], tell: Callable[[int, Result], None]) -> list[Result]:
        """Every task's result, in the order of the tasks; ``tell`` hears of each one
        (its index and result) as soon as it is back. Needs :meth:`begin` first."""
        if not self.begun:
            raise RuntimeError("the workers were not told their work (begin)")
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
        """End every worker now, whatever it is doing.

        The pipes are closed first, so an idle worker (and a zygote not yet
        told its work) sees their end and leaves by itself. The zygote's
        SIGTERM handler then ends (and waits for) the busy ones. Should that
        handler not answer within STOP_GRACE seconds (once, in a test run, it
        never did, and the stop waited for ever), one SIGKILL ends the
        zygote's process group, the zygote and its workers together.
        """
        self._tell.close()
        for worker in self.workers:
            worker.connection.close()
        self.zygote.terminate()  # the zygote ends busy workers too (once ended, nothing)
        self.zygote.join(STOP_GRACE)
        if self.zygote.exitcode is None:  # its handler never ran: end its group at once
            with contextlib.suppress(OSError):
                os.killpg(self._group, signal.SIGKILL)
            self.zygote.join()


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


def _zygote(pairs: list[tuple[Connection, Connection]], start: str, told: Connection,
            ours: Connection) -> None:
    """Import, make the work once told the setting, fork the workers asked for (one per
    pipe, from the first), and end them all if told to stop."""
    forked: list[int] = []
    with contextlib.suppress(OSError):
        os.setpgid(0, 0)  # see Workers.__init__

    def stop(_signum: int, frame: FrameType | None) -> None:
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
    # leave its pages shared, untouched by the collector's bookkeeping). A
    # worker, which lives for one build and makes many short-lived objects,
    # looks for garbage among its young objects every YOUNG_OBJECTS new ones
    # instead of every 700, which made a build's workers spend several times as
    # long collecting.
    gc.disable()
    module, _, name = start.partition(":")
    make = getattr(importlib.import_module(module), name)
    try:
        count, setting = told.recv()
    except (EOFError, OSError):
        return  # stopped before it was told: nothing to fork
    work = make(setting)
    gc.freeze()
    for _, theirs in pairs[:count]:
        pid = os.fork()
        if pid == 0:
            gc.set_threshold(YOUNG_OBJECTS, *gc.get_threshold()[1:])
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
    for _, unused in pairs[count:]:
        unused.close()
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
