"""``pnp new``: start a tileset, or a mix of a shipped game, from a file that teaches the format.

The file written plays as it stands (it validates and builds at once), so a
designer starts from something that works and changes one thing at a time.
It never replaces a file: a starter written over a week's work would be a
poor start.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from pnp.cli.common import reports_input_errors
from pnp.errors import InputError, Where

if TYPE_CHECKING:
    from pnp.model.tileset import Tileset

NAME_ALLOWED = ("a kebab-case name (lower-case letters and digits in words joined by single "
                "hyphens) that is a file name on every system, such as my-mine")


@click.command(name="new")
@click.argument("name")
@click.option("--from", "base", default=None, metavar="GAME",
              help="Write a mix of this shipped game instead of a new game.")
@click.option("--dir", "folder", type=click.Path(file_okay=False, path_type=Path),
              default=Path("."), show_default=True, help="Folder to write NAME.yaml in.")
@click.option("--cards", is_flag=True,
              help="Also start NAME-cards.csv, a card list to keep in a spreadsheet.")
@reports_input_errors
def new(name: str, base: str | None, folder: Path, cards: bool) -> None:
    """Write NAME.yaml: a small game of your own, or with --from GAME a mix of GAME.

    Comments in the file explain every top-level field; the file validates and
    builds as written. With --cards the game also reads its cards from
    NAME-cards.csv, written beside it with three sample rows to edit in a
    spreadsheet. An existing file is never replaced.
    """
    from pnp.input.names import unsafe
    from pnp.input.schema import NAME_PATTERN
    from pnp.input.starters import new_mix, new_tileset
    from pnp.input.targets import load_target

    why = "" if NAME_PATTERN.match(name) else "not kebab-case"
    why = why or unsafe(f"{name}.yaml")
    if why:
        raise InputError(Where("command line"), "not a usable name for a new file",
                         field="NAME", found=f"{name!r}: {why}", allowed=NAME_ALLOWED)
    if cards and base is not None:
        raise InputError(Where("command line"), "a mix keeps its base game's cards; --cards "
                         "starts a game of your own", field="--cards", found="--from " + base,
                         allowed="--cards without --from")
    text = new_tileset(name, cards) if base is None else new_mix(name, shipped(base))
    path = folder / f"{name}.yaml"
    if cards:
        from pnp.input.starters import new_card_list

        list_name, rows = new_card_list(name)
        for target in (folder / list_name, path):  # both files are written, or neither
            if target.exists():
                raise already_there(target)
        write_new(folder / list_name, rows)
        click.echo(f"wrote {folder / list_name}")
    write_new(path, text)
    load_target(str(path))  # the starter must read back; a failure here is a bug in pnp
    click.echo(f"wrote {path}")
    click.echo(f"next: pnp validate {path}, pnp build {path}, or pnp watch {path}")


def shipped(game: str) -> Tileset:
    """The shipped game a mix is based on, or an error naming the games there are."""
    from pnp.input.catalog import resolve, shipped_games
    from pnp.input.tileset import load_tileset

    if game not in shipped_games():
        raise InputError(Where("command line"), "a mix made by pnp new is based on a shipped "
                         "game", field="--from", found=repr(game),
                         allowed="a shipped game id: " + ", ".join(shipped_games()))
    return load_tileset(resolve(game))


def write_new(path: Path, text: str) -> None:
    """Create ``path`` with ``text``; refuse, in one paragraph, to replace anything there."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "x", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
    except FileExistsError:
        raise already_there(path) from None
    except OSError as error:
        raise InputError(Where(str(path)), "the new file cannot be written", field="--dir",
                         found=error.strerror or type(error).__name__,
                         allowed="a folder you may write to") from None


def already_there(path: Path) -> InputError:
    """The refusal to write over ``path``: pnp new never replaces a file."""
    return InputError(Where(str(path)), "the file already exists, and pnp new never "
                      "replaces a file", field="NAME", found=f"'{path}'",
                      allowed="a name no file in the folder has yet, or another --dir")
