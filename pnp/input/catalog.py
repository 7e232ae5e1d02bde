"""Find tilesets: a shipped game by id, or a tileset file by path.

Shipped games live in the repository's ``tilesets/`` folder, one YAML file per
game named after the game id. A path works too, so designers can build their
own tilesets without copying them into the project.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pnp.errors import InputError, Where, did_you_mean
from pnp.shipped import data_dir

TILESET_DIR = data_dir("tilesets")
SUFFIXES = (".yaml", ".yml")


def shipped_games(folder: Path = TILESET_DIR) -> tuple[str, ...]:
    """Ids of the games in the tilesets folder, sorted."""
    if not folder.is_dir():
        return ()
    return tuple(sorted(path.stem for path in folder.iterdir()
                        if path.suffix in SUFFIXES and path.is_file()))


def resolve(target: str, folder: Path = TILESET_DIR) -> Path:
    """The tileset file for a game id or a path, or an error naming what exists."""
    candidate = Path(target)
    if candidate.suffix in SUFFIXES or "/" in target or _safely(candidate.exists):
        return candidate
    for suffix in SUFFIXES:
        shipped = folder / f"{target}{suffix}"
        if _safely(shipped.is_file):
            return shipped
    games = shipped_games(folder)
    hint = did_you_mean(target, games)
    raise InputError(Where(target), f"unknown game{hint}", field="GAME", found=repr(target),
                     allowed="a shipped game (" + ", ".join(games) + ") or a path to a "
                     "tileset .yaml file")


def _safely(check: Callable[[], bool]) -> bool:
    """A file test that treats an OS error (such as a name too long) as 'no such file'."""
    try:
        return check()
    except OSError:
        return False
