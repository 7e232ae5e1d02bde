"""The forked workers: results in order, a game's tasks kept together, errors brought home."""

from __future__ import annotations

import os

import pytest

from pnp.build.workers import Plan, WorkerFailed, WorkerGone, next_task, run_in_workers
from pnp.errors import InputError, Where

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="workers are forked")


def _pid_of(task: tuple[str, int]) -> int:
    return os.getpid()


def _run(tasks: list, work, count: int = 2) -> tuple[list, list[int]]:
    told: list[int] = []
    plan = Plan(tasks, list(range(len(tasks))), lambda task: task[0], work)
    results = run_in_workers(plan, count, lambda index, result: told.append(index))
    return results, told


def test_results_come_back_in_the_order_of_the_tasks_and_each_is_told_once():
    tasks = [("game", n) for n in range(12)]
    results, told = _run(tasks, lambda task: task[1] * task[1], count=3)
    assert results == [n * n for n in range(12)]
    assert sorted(told) == list(range(12))


def test_a_worker_gets_its_own_games_task_then_a_fresh_game_then_any():
    waiting = [0, 1, 2, 3, 4]
    games = {0: "a", 1: "a", 2: "b", 3: "b", 4: "c"}
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
    with pytest.raises(WorkerGone, match="exit status 3"):
        _run([("a", 1), ("b", 1)], lambda task: os._exit(3))
