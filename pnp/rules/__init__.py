"""Game rules, kept apart from drawing: used by the validator and the tests.

Each game module exposes ``check(tileset, players) -> list[Finding]``. A
finding names the rule it comes from, the tiles involved, the reason in plain
words and, where one is obvious, the fix.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Finding:
    """One thing the validator noticed about a tile mix."""

    severity: str  # error | warning | info
    rule: str
    message: str
    tiles: tuple[str, ...] = ()
    fix: str = ""

    def as_dict(self) -> dict:
        return {"severity": self.severity, "rule": self.rule, "message": self.message,
                "tiles": list(self.tiles), "fix": self.fix}

    def line(self) -> str:
        text = f"{self.severity}: [{self.rule}] {self.message}"
        return text + (f" Fix: {self.fix}" if self.fix else "")


def checker(game: str):
    """The rules module for ``game``, or None when we have no rules for it yet."""
    if game == "demon-mine":
        from pnp.rules import demon_mine

        return demon_mine.check
    return None
