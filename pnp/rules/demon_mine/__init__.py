"""Demon Mine: the mix checks and movement (:mod:`.board`) and random games (:mod:`.simulate`)."""

from __future__ import annotations

from pnp.rules import GameRules, deferred
from pnp.rules.demon_mine.board import check

RULES = GameRules("demon-mine", check,
                  simulate=deferred("pnp.rules.demon_mine.simulate", "simulate"))
