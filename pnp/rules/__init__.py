"""Game rules, kept apart from drawing: used by the validator, the simulator and the tests.

Each game has a module here named after its id (``demon-mine`` ->
``demon_mine``). A module exposes ``check(setup) -> list[Finding]`` for the
validator, and may expose ``simulate(setup, games, seed) -> dict`` for
``pnp simulate``. A finding names the rule it comes from, the tiles involved,
the reason in plain words and, where one is obvious, the fix.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

from pnp.model import Tileset

GAME_MODULES = {
    "demon-mine": "demon_mine",
    "dynamine": "dynamine",
    "gold-mine": "gold_mine",
    "mattock": "mattock",
}


@dataclass(frozen=True)
class Setup:
    """What is being checked or played: a tile mix, a player count and a variant."""

    tileset: Tileset
    players: int
    variant: str | None = None

    def count(self, name: str) -> int:
        """Copies of a tile kind in the mix; 0 when the mix has no such kind."""
        return next((tile.count for tile in self.tileset.tiles if tile.name == name), 0)


@dataclass(frozen=True)
class Finding:
    """One thing the validator noticed about a tile mix."""

    severity: str  # error | warning | info
    rule: str
    message: str
    tiles: tuple[str, ...] = ()
    fix: str = ""

    def as_dict(self) -> dict[str, str | list[str]]:
        return {"severity": self.severity, "rule": self.rule, "message": self.message,
                "tiles": list(self.tiles), "fix": self.fix}

    def line(self) -> str:
        text = f"{self.severity}: [{self.rule}] {self.message}"
        return text + (f" Fix: {self.fix}" if self.fix else "")


def game_module(game: str) -> ModuleType | None:
    """The rules module for ``game``, or None when we have no rules for it."""
    name = GAME_MODULES.get(game)
    if name is None:
        return None
    try:
        return importlib.import_module(f"pnp.rules.{name}")
    except ModuleNotFoundError:
        return None
