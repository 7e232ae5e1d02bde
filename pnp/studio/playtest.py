"""The studio's play-test: random games of the mix being edited, for the verdict panel.

After every change the page asks for a play-test, and the server plays a
bounded number of games of the mix as it now stands, from one seed, in the
request's own thread. A game is never waited on for long: the run stops,
unanswered, as soon as the mix it plays is no longer the one being edited
(the next edit's play-test has begun), and when it has run for longer than
:data:`SECONDS`. The report is the one `pnp simulate` prints for the same
mix, games and seed; each measure with a histogram comes with the title the
report page gives it, so the panel's charts are named as the page's are.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from pnp.export.sim_report import measure_title
from pnp.model.tileset import Tileset
from pnp.rules import Setup, Unplayable, rules_for
from pnp.rules.measures import is_length

GAMES = 100  # games a play-test plays: a share's interval within about 10 points
SEED = 1  # as `pnp simulate` seeds by default, so the command repeats the panel's figures
SECONDS = 10.0  # the most a play-test may take before it is given up


class _Superseded(Exception):
    """The mix changed while its games were played."""


class _OutOfTime(Exception):
    """The games took longer than a play-test may."""


def play_test(tileset: Tileset, players: int, still_current: Callable[[], bool],
              games: int = GAMES, seconds: float = SECONDS) -> dict[str, Any]:
    """The play-test of ``tileset`` for ``players``: ``report`` (as ``pnp simulate --json``
    prints it), or why there is none (no simulator for the game; ``superseded`` when
    ``still_current`` turned false; ``too_slow`` past ``seconds``)."""
    rules = rules_for(tileset.rules_game)
    if rules is None or rules.simulate is None:
        return {"available": False}
    deadline = time.monotonic() + seconds

    def heard(played: int, total: int) -> None:
        if not still_current():
            raise _Superseded
        if time.monotonic() > deadline:
            raise _OutOfTime

    try:
        report = rules.simulate(Setup(tileset, players), games, SEED, heard, 1)
    except _Superseded:
        return {"available": True, "superseded": True}
    except _OutOfTime:
        return {"available": True, "too_slow": True, "seconds": seconds}
    except Unplayable as error:  # a mix the simulator cannot set up (the verdict says why)
        return {"available": True, "unplayable": str(error)}
    if not still_current():  # changed during the last game
        return {"available": True, "superseded": True}
    titles = {key: measure_title(key) for key, value in report.items()
              if is_length(value)}
    return {"available": True, "games": games, "seed": SEED, "report": report,
            "titles": titles}
