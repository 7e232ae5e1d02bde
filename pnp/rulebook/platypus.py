"""Platypus classes to derive from, for the rulebook's own flowables and document.

reportlab ships no type hints, so its classes are reached by name here, once,
and every rulebook module that subclasses one asks this module for it.
"""

from __future__ import annotations

from typing import Any

import reportlab.platypus


def platypus_class(name: str) -> Any:
    """The class ``reportlab.platypus.<name>``."""
    return getattr(reportlab.platypus, name)
