"""Demon Mine, one module per idea as in every game: ``model`` (the bases, placing and
moving), ``check`` (the validator's rules for a tile mix) and ``simulate`` (random games)."""

from __future__ import annotations

from pnp.rules import GameRules, deferred
from pnp.rules.demon_mine.check import base_links, check

RULES = GameRules("demon-mine", check,
                  simulate=deferred("pnp.rules.demon_mine.simulate", "simulate"),
                  links=base_links)
