"""Demon Mine: the mix checks and movement (:mod:`.board`) and random games (:mod:`.simulate`)."""

from __future__ import annotations

from pnp.rules import GameRules
from pnp.rules.demon_mine.board import check
from pnp.rules.demon_mine.simulate import simulate

RULES = GameRules("demon-mine", check, simulate=simulate)
