"""The forked workers: results in order, a game's tasks kept together, errors brought home."""

from __future__ import annotations

import importlib
import os
import select

import pytest

from pnp.errors import InputError, Where
from pnp.workers import Plan, WorkerFailed, WorkerGone, Workers, next_task

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="workers are forked")

WARMED: list[int] = []  # the processes that ran the warm-up, as each of them saw it
# The work of the test now running, under the name its zygote is told. The
# zygote is forked after the test puts it here, so it has its own copy; a
# name crosses the pipe where a function made inside a test could not.
WORK: dict[str, object] = {}


def given(name):
    """What the zygote calls to make the work: here the test's own work, by its name."""
    return WORK[name]


def warmed(name):
    """Make the work after a warm-up that leaves a trace in the zygote's memory."""
    WARMED.append(os.getpid())
    return WORK[name]


def deaf(name):
    """Make the work in a zygote that will not hear SIGTERM: as one does that is signalled
    just before it blocks waiting for its workers (its handler runs only once they end)."""
    import signal

    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    return WORK[name]


def echoed(setting):
    """Make work that answers with the setting it was made with, and its task."""
    return lambda task: (setting, task[1])


def _pid_of(task: tuple[str, int]) -> int:
    return os.getpid()


def _started(work, count: int = 2, start: str = "given") -> Workers:
    WORK["current"] = work
    workers = Workers(f"{__name__}:{start}", count)
    workers.begin(count, "current")
    return workers


def _run(tasks: list, work, count: int = 2, start: str = "given") -> tuple[list, list[int]]:
    told: list[int] = []
    plan = Plan(tasks, list(range(len(tasks))), lambda task: task[0])
    with _started(work, count, start) as workers:
        results = workers.run(plan, lambda index, result: told.append(index))
    return results, told


def test_results_come_back_in_the_order_of_the_tasks_and_each_is_told_once():
    tasks = [("game", n) for n in range(12)]
    results, told = _run(tasks, lambda task: task[1] * task[1], count=3)
    assert results == [n * n for n in range(12)]
    assert sorted(told) == list(range(12))


def test_a_worker_gets_its_own_games_task_then_a_fresh_game_then_any():
    waiting = [0, 1, 2, 3, 4]
    games = ["a", "a", "b", "b", "c"]
    assert next_task(waiting, games, set(), set()) == 0
    assert next_task(waiting[1:], games, set(), {"a"}) == 2  # b: nobody has drawn it
    assert next_task(waiting[1:], games, {"b"}, {"a", "b"}) == 2
    assert next_task([1, 3, 4], games, {"b"}, {"a", "b"}) == 3  # its own game before c
    assert next_task([1, 4], games, {"b"}, {"a", "b"}) == 4  # a game nobody has drawn
    assert next_task([1], games, {"b"}, {"a", "b", "c"}) == 1  # a's task, so no core idles
    assert next_task([], games, {"b"}, {"a", "b", "c"}) is None


def test_the_first_two_workers_start_different_games():
    # both are fed before either can reply, so which worker runs what is fixed
    pids, _ = _run([("a", 1), ("a", 2), ("b", 1)], _pid_of)
    assert pids[0] != pids[2] and os.getpid() not in pids


def test_a_worker_with_nothing_of_its_own_left_takes_another_games_task():
    pids, _ = _run([("a", 1), ("a", 2)], _pid_of)
    assert len(set(pids)) == 2  # no core waits while a task does


def test_an_input_error_in_a_worker_reaches_the_parent_as_itself():
    def refuse(task):
        raise InputError(Where("mine.yaml", 4), "not a tile", field="tiles", found="'x'")

    with pytest.raises(InputError) as caught:
        _run([("a", 1), ("b", 1)], refuse)
    assert caught.value.paragraph().startswith("mine.yaml, line 4: field 'tiles'")


def test_a_bug_in_a_worker_is_raised_with_the_workers_traceback():
    def broken(task):
        return {}["missing"]

    with pytest.raises(KeyError) as caught:
        _run([("a", 1), ("b", 1)], broken)
    cause = caught.value.__cause__
    assert isinstance(cause, WorkerFailed) and "in broken" in str(cause)


def test_an_error_that_cannot_be_pickled_arrives_as_its_description():
    class Local(Exception):  # a class made inside a function cannot be pickled
        pass

    def odd(task):
        raise Local("the reason")

    with pytest.raises(WorkerFailed, match="Local: the reason"):
        _run([("a", 1), ("b", 1)], odd)


def test_a_worker_that_dies_stops_the_build_with_a_clear_error():
    with pytest.raises(WorkerGone, match="ended without finishing its job"):
        _run([("a", 1), ("b", 1)], lambda task: os._exit(3))


def test_the_warm_up_runs_once_and_every_worker_is_forked_from_it():
    def seen(task):
        return list(WARMED), os.getppid()

    results, _ = _run([("a", 1), ("b", 1), ("c", 1)], seen, count=3, start="warmed")
    zygote = {parent for _, parent in results}
    assert len(zygote) == 1 and os.getpid() not in zygote
    assert all(warmed == list(zygote) for warmed, _ in results)
    assert WARMED == []  # not in this process


class Interrupted(Exception):
    pass


def test_stopping_ends_a_worker_in_the_middle_of_its_task():
    pids, never = os.pipe(), os.pipe()  # the busy worker's pid; a pipe nobody writes

    def work(task):
        if task[0] == "busy":
            os.write(pids[1], f"{os.getpid()}\n".encode())
            os.read(never[0], 1)  # blocks for as long as the worker lives
        return int(os.read(pids[0], 64))  # the other task: the busy worker's pid

    def interrupt(index, busy_pid):
        raise Interrupted(busy_pid)

    plan = Plan([("busy", 1), ("quick", 1)], [0, 1], lambda task: task[0])
    with pytest.raises(Interrupted) as caught, _started(work) as workers:
        workers.run(plan, interrupt)
    busy = caught.value.args[0]
    with pytest.raises(ProcessLookupError):
        os.kill(busy, 0)  # ended, and waited for


def test_the_build_command_starts_its_workers_with_the_build_jobs_work():
    from pnp.assemble.jobs import job_work
    from pnp.launch import BUILD_WORK

    module, _, name = BUILD_WORK.partition(":")
    assert getattr(importlib.import_module(module), name) is job_work


def test_the_setting_the_workers_are_told_reaches_every_worker():
    plan = Plan([("a", 1), ("b", 2), ("c", 3)], [0, 1, 2], lambda task: task[0])
    with Workers(f"{__name__}:echoed", 2) as workers:
        workers.begin(2, {"papers": ["a4"]})
        results = workers.run(plan, lambda index, result: None)
    assert results == [({"papers": ["a4"]}, 1), ({"papers": ["a4"]}, 2), ({"papers": ["a4"]}, 3)]


def test_fewer_workers_than_slots_may_be_asked_for():
    pids, _ = _run([("a", 1), ("b", 1), ("c", 1)], _pid_of, count=1)
    assert len(set(pids)) == 1 and os.getpid() not in pids


def test_workers_refuse_more_than_their_slots_and_work_before_being_told():
    workers = Workers(f"{__name__}:given", 2)
    try:
        with pytest.raises(ValueError, match="between 1 and 2"):
            workers.begin(3, "current")
        with pytest.raises(RuntimeError, match="begin"):
            workers.run(Plan([("a", 1)], [0], lambda task: task[0]), lambda i, r: None)
    finally:
        workers.stop()


def test_workers_stopped_before_they_are_told_their_work_end_without_forking():
    workers = Workers(f"{__name__}:given", 2)
    workers.stop()
    assert workers.zygote.exitcode is not None
    workers.stop()  # twice does nothing more


def test_only_pnp_build_forks_a_zygote_at_launch(monkeypatch):
    from pnp.launch import zygote_for

    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert zygote_for(["validate"]) is None and zygote_for([]) is None
    workers = zygote_for(["build"])
    try:
        assert workers is not None and workers.slots == 2 and workers.zygote.is_alive()
    finally:
        workers.stop()
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert zygote_for(["build"]) is None  # one core: the build runs in its own process


def test_stopping_does_not_rely_on_the_zygote_hearing_its_signal():
    """A build whose first job failed at once hung in stop(): the zygote, signalled just
    before it blocked waiting for its idle workers, ran its handler only once they ended,
    and they waited for tasks. Closing their pipes first ends them either way."""
    def work(task):
        raise InputError(Where("probe.yaml", 1), "refused at once")

    plan = Plan([("a", 1), ("b", 1)], [0, 1], lambda task: task[0])
    with pytest.raises(InputError), _started(work, start="deaf") as workers:
        workers.run(plan, lambda index, result: None)
    assert not workers.zygote.is_alive()


def test_stopping_ends_a_busy_worker_of_a_zygote_that_never_answers(monkeypatch):
    """Once, in a test run, a stopped zygote never answered its SIGTERM while it waited
    for a busy worker, and the stop waited for ever. Past STOP_GRACE the zygote's whole
    process group, its busy worker included, is killed at once."""
    import pnp.workers

    monkeypatch.setattr(pnp.workers, "STOP_GRACE", 0.2)
    pids, never = os.pipe(), os.pipe()

    def work(task):
        if task[0] == "busy":
            os.write(pids[1], f"{os.getpid()}\n".encode())
            os.read(never[0], 1)  # blocks for as long as the worker lives
        return int(os.read(pids[0], 64))

    def interrupt(index, busy_pid):
        raise Interrupted(busy_pid)

    plan = Plan([("busy", 1), ("quick", 1)], [0, 1], lambda task: task[0])
    with pytest.raises(Interrupted) as caught, _started(work, start="deaf") as workers:
        workers.run(plan, interrupt)
    assert not workers.zygote.is_alive()
    busy = caught.value.args[0]
    if not hasattr(os, "pidfd_open"):  # Linux's: elsewhere the zygote's end must do
        return
    try:  # killed: its pid descriptor reads as soon as it has ended (a zombie counts)
        handle = os.pidfd_open(busy)
    except ProcessLookupError:
        return  # gone, and waited for already
    try:
        ready, _, _ = select.select([handle], [], [], 60.0)  # an event, not a pause
        assert ready == [handle]
    finally:
        os.close(handle)
