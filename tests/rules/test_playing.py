"""Random games played on one process or several: the same games, the same report."""

from __future__ import annotations

import pytest
from support import ROOT

from pnp.input.tileset import load_tileset
from pnp.rules import Setup, rules_for
from pnp.rules.playing import game_seeds, play_all


@pytest.mark.parametrize("game", ["demon-mine", "dynamine", "gold-mine", "mattock"])
def test_a_run_on_two_processes_plays_the_very_games_one_process_plays(game):
    """Each game draws from its own seed, so how many processes play a run changes
    nothing in its report."""
    rules = rules_for(game)
    assert rules is not None and rules.simulate is not None
    setup = Setup(load_tileset(ROOT / "tilesets" / f"{game}.yaml"), 2)
    heard: list[tuple[int, int]] = []
    alone = rules.simulate(setup, 24, 7, None, 1)
    shared = rules.simulate(setup, 24, 7, lambda done, of: heard.append((done, of)), 2)
    assert shared == alone and shared["games"] == 24
    assert heard and heard[0] == (0, 24) and all(of == 24 for _, of in heard)


def test_each_game_has_its_own_seed_and_a_longer_run_begins_with_the_shorter():
    assert game_seeds(5, 3) == game_seeds(5, 10)[:3]
    assert len(set(game_seeds(5, 100))) == 100 and game_seeds(6, 3) != game_seeds(5, 3)
    assert play_all(remainder, "x", [1, 8, 16], 3) == [("x", 1), ("x", 1), ("x", 2)]


def remainder(context: str, seed: int) -> tuple[str, int]:
    """A game whose outcome is its seed's remainder by 7 (a module's function: it
    crosses to the worker processes by name)."""
    return context, seed % 7


def test_mattocks_report_counts_the_miners_each_game_took_off_the_board():
    from pnp.rules.mattock import random_game, simulate, starting_position

    setup = Setup(load_tileset(ROOT / "tilesets" / "mattock.yaml"), 2)
    board, opening = starting_position(setup)
    report = simulate(setup, 30, 4)
    taken = []
    for seed in game_seeds(4, 30):
        import random

        final, _ = random_game(board, opening, random.Random(seed))
        taken.append(sum(a.bit_count() - b.bit_count()
                         for a, b in zip(opening.miners, final.miners, strict=True)))
    removed = report["miners_removed"]
    assert removed["games"] == 30 and removed["max"] == max(taken)
    assert removed["mean"] == round(sum(taken) / 30, 1)
    assert sum(bar["games"] for bar in removed["histogram"]) == 30


def interrupts_ignored(context: object, seed: int) -> bool:
    """Whether the process playing this game ignores Ctrl-C (read in a worker)."""
    import signal

    return signal.getsignal(signal.SIGINT) is signal.SIG_IGN


def test_workers_leave_ctrl_c_to_the_parent_and_report_back_often():
    """A terminal sends Ctrl-C to every process: the workers ignore it, so the parent
    alone stops the run with one line (a worker's traceback each, before). A long run
    comes back in parts of at most MOST_PER_PART games, so progress keeps counting."""
    from pnp.rules.playing import MOST_PER_PART

    assert play_all(interrupts_ignored, None, list(range(8)), 2) == [True] * 8
    assert not interrupts_ignored(None, 0)  # this process still hears it
    heard: list[tuple[int, int]] = []
    total = 20 * MOST_PER_PART  # enough that a share of a quarter would be bigger
    play_all(remainder, "x", list(range(total)), 2, lambda done, of: heard.append((done, of)))
    assert len(heard) == total // MOST_PER_PART
    assert [done for done, _ in heard] == list(range(0, total, MOST_PER_PART))


def test_validate_plays_its_games_on_as_many_processes_as_asked_with_the_same_finding():
    from support import run_pnp

    alone = run_pnp("validate", "mattock", "--simulate", "40", "--json")
    shared = run_pnp("validate", "mattock", "--simulate", "40", "--json", "--jobs", "2")
    assert alone.exit_code == shared.exit_code == 0
    assert "[simulation]" in run_pnp("validate", "mattock", "--simulate", "4").stdout
    assert alone.stdout == shared.stdout and '"simulation"' in alone.stdout
