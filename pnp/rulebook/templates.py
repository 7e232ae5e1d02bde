"""Where a game's shipped rulebook template lives.

Kept apart from the template reader so that a build can ask whether a game
has a rulebook without loading the reader's schema and Markdown parser.
"""

from __future__ import annotations

from pathlib import Path

from pnp.shipped import data_dir


def template_path(game: str) -> Path:
    """The shipped template of ``game``; it exists only for games with a rulebook."""
    return data_dir("templates") / game / "rulebook.md"
