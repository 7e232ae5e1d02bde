"""Game rules, kept apart from drawing: used by the validator, the simulator and the tests.

Each game is a package named after its id (``demon-mine`` ->
``pnp.rules.demon_mine``) with the same module names for the same ideas:
``model`` (its board or mine, placing and moving), ``check`` (the
validator's rules for a tile mix), ``scoring`` where a game is scored from
a layout, ``simulate`` where random games are played, and modules of the
game's own beside them (Mattock's ``capacity`` and ``turns``). Its
``__init__`` registers one :class:`GameRules` value as ``RULES``: the
validator's ``check``, and, where the game has them, a ``simulate`` for
``pnp simulate`` and a ``score`` for ``pnp score``. A command asks the value
what it offers instead of probing modules. A finding names the rule it comes
from, the tiles involved, the reason in plain words and, where one is
obvious, the fix.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

import msgspec

from pnp.model.tileset import TileKind, Tileset

# Game id -> the module that defines its RULES. Modules are imported on first
# use, so validating one game never loads the others' engines.
GAME_MODULES = MappingProxyType({
    "demon-mine": "pnp.rules.demon_mine",
    "dynamine": "pnp.rules.dynamine",
    "gold-mine": "pnp.rules.gold_mine",
    "mattock": "pnp.rules.mattock",
})


class Setup(msgspec.Struct, frozen=True):
    """What is being checked or played: a tile mix, a player count and a variant."""

    tileset: Tileset
    players: int
    variant: str | None = None

    def count(self, name: str) -> int:
        """Copies of a tile kind in the mix; 0 when the mix has no such kind."""
        return next((tile.count for tile in self.tileset.tiles if tile.name == name), 0)


Severity = Literal["error", "warning", "info"]


class Finding(msgspec.Struct, frozen=True):
    """One thing the validator noticed about a tile mix."""

    severity: Severity
    rule: str
    message: str
    tiles: tuple[str, ...] = ()
    fix: str = ""
    # the tile counts the fix sets, where it is only that (so a command can try it and
    # print the exact --set options): tile name and count
    counts: tuple[tuple[str, int], ...] = ()

    def as_dict(self) -> dict[str, str | list[str]]:
        return {"severity": self.severity, "rule": self.rule, "message": self.message,
                "tiles": list(self.tiles), "fix": self.fix}

    def line(self) -> str:
        text = f"{self.severity}: [{self.rule}] {self.message}"
        return text + (f" Fix: {self.fix}" if self.fix else "")


Report = dict[str, Any]
Progress = Callable[[int, int], None]  # a simulator's games played so far, and of how many


class Unplayable(ValueError):
    """A simulator cannot set up a game of this mix (too few tiles for the setup spaces,
    no board): its message says why, in players' words. The validator finds the same."""


class GameRules(msgspec.Struct, frozen=True):
    """Everything a game's rules offer the commands; absent abilities are None."""

    game: str
    check: Callable[[Setup], list[Finding]]
    # setup, games, seed, what to tell after each game (games played, of how many), and
    # how many processes play them (0: one per core); the report is the same however many
    simulate: Callable[[Setup, int, int, Progress | None, int], Report] | None = None
    score: Callable[[Tileset, Path], Report] | None = None  # tileset, layout file
    # input lines and their file's name -> output lines (``pnp turns``)
    turns: Callable[[Iterable[str], str], Iterator[str]] | None = None
    # the shortest tunnels the mix can dig between its bases, square by square, on the
    # starting area (the studio draws them beside its verdict)
    links: Callable[[Setup], Report] | None = None
    # how tiles connect: through tunnels whose edges line up, or by lying next to each
    # other (Mattock), where tunnels drawn on a face are decoration and decide nothing
    joins_by: Literal["tunnels", "adjacency"] = "tunnels"
    # the most other tiles a tile may touch (Mattock's three), or None: no such rule
    most_neighbours: int | None = None


def deferred(module: str, function: str) -> Callable[..., Any]:
    """``module.function``, imported only when first called.

    A simulator is a module of its own and much bigger than the checks; the
    validator, which runs far more often, should not pay for importing it.
    """

    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(module), function)(*args, **kwargs)

    call.__qualname__ = call.__name__ = function
    call.__doc__ = f"{module}.{function}, imported on first use."
    return call


def rotations(tile: TileKind, sides: int) -> tuple[int, ...]:
    """The turns a player may give ``tile`` when laying it: any, or none if it is kept as printed.

    Every placement the validators and simulators try goes through this, so
    a tile marked ``rotatable: false`` is never laid turned.
    """
    return tuple(range(sides)) if tile.rotatable else (0,)


def rules_for(game: str) -> GameRules | None:
    """The registered rules of ``game``, or None when we have no rules for it."""
    name = GAME_MODULES.get(game)
    if name is None:
        return None
    rules = importlib.import_module(name).RULES
    assert isinstance(rules, GameRules) and rules.game == game
    return rules


Ability = Literal["simulate", "score", "turns", "links"]


def games_offering(ability: Ability) -> list[str]:
    """The games whose rules offer ``ability``, as a command names them when asked for
    a game that does not (each game's rules are imported to ask them)."""
    return [game for game in GAME_MODULES
            if getattr(rules_for(game), ability, None) is not None]
