"""Where a build may write: never over, around or into the files it reads.

A build replaces whole game folders under ``--out``; if ``--out`` were the
tileset's folder, or a folder above it, one of those game folders could be
the tileset's own folder, and the swap would delete the designer's art. So
before anything is rendered, every input a game reads is listed (its tileset,
its mix, the base a mix names, the art, the rulebook template) and ``--out``
is checked against them:

- it may not *be* the folder of an input, nor *contain* any input;
- it may not lie *inside* a folder of art, of a rulebook template, or of the
  package's own data (the shipped games, templates and fonts, which no build
  may ever write);
- it may lie inside the folder of a tileset or mix file (and so inside a
  folder of art kept beside that file): ``output/`` beside ``my-mine.yaml``
  is how designers work, and the first rule guarantees that such a folder
  holds no input to overwrite.

``pnp render`` writes one file; the same inputs are protected from it.

Paths are compared after resolving links and ``..``, and without regard to
letter case, because macOS and Windows folders usually ignore it: refusing
a folder that differs only in case is a small price for never missing one.
"""

from __future__ import annotations

from pathlib import Path

import msgspec

from pnp.errors import InputError, Where
from pnp.model.tileset import Tileset
from pnp.rulebook.templates import template_path
from pnp.shipped import data_dir

OUT_ALLOWED = ("a folder that is not the folder of the tileset, mix, art or rulebook template, "
               "holds none of them, and is not inside a folder of art, templates or pnp's own "
               "data; 'output' beside your tileset file is fine")


class Input(msgspec.Struct, frozen=True):
    """One thing a build reads, the folder it sits in, and how that folder is guarded.

    ``kind`` is ``home`` for a tileset or mix file (an output folder may sit
    below its folder), ``input`` for art and templates (one may not, unless
    it sits in a home below), ``data`` for the package's own folders (never).
    """

    path: Path  # what is read, resolved
    folder: Path  # the folder guarded
    what: str  # how a message names it: "the tileset", "the art of tile 'elbow'"
    kind: str = "input"


def _real(path: Path) -> Path:
    """The path with links and ``..`` resolved, as far as it exists."""
    return Path(path).expanduser().resolve()


def _key(path: Path) -> tuple[str, ...]:
    """Path parts compared without letter case."""
    return tuple(part.casefold() for part in path.parts)


def lies_in(path: Path, folder: Path) -> bool:
    """Whether ``path`` is ``folder`` or below it (both already resolved)."""
    inner, outer = _key(path), _key(folder)
    return inner[: len(outer)] == outer


def _file(path: Path, what: str, kind: str = "input") -> Input:
    real = _real(path)
    return Input(real, real.parent, what, kind)


def package_data() -> list[Input]:
    """The package and its data folders (in a checkout, the linked top-level folders)."""
    folders = [_real(Path(__file__).parent.parent),
               *(data_dir(name) for name in ("tilesets", "templates", "fonts"))]
    return [Input(folder, folder, "pnp's own data", "data") for folder in folders]


def game_inputs(tileset: Tileset, target: Path | None = None) -> list[Input]:
    """Everything building ``tileset`` reads: tileset, mix, art, card lists, rulebook
    template."""
    inputs = [_file(tileset.source, "the tileset", "home")]
    if target is not None and _real(target) != inputs[0].path:
        inputs.append(_file(target, "the mix", "home"))
    inputs += [_file(tile.art.path, f"the art of tile '{tile.name}'")
               for tile in tileset.tiles if tile.art is not None]
    inputs += [_file(path, "a card list") for path in tileset.card_lists]
    template = tileset.rulebook or template_path(tileset.rules_game)
    if template.parent.is_dir():
        inputs.append(_file(template, "the rulebook template"))
    return inputs


def _inside_allowed(out: Path, item: Input, homes: list[Path]) -> bool:
    """Whether ``out`` may lie inside ``item``'s folder (see the module's rules)."""
    if item.kind == "data":
        return False
    return item.kind == "home" or any(lies_in(out, home) and lies_in(home, item.folder)
                                      for home in homes)


def _clash(out: Path, item: Input, homes: list[Path]) -> str:
    """How ``out`` would write over ``item``, or "" when it would not."""
    if _key(out) == _key(item.folder):
        return f"it is the folder of {item.what} ({item.folder})"
    if lies_in(item.path, out):
        return f"it holds {item.what} ({item.path})"
    if lies_in(out, item.folder) and not _inside_allowed(out, item, homes):
        return f"it lies inside the folder of {item.what} ({item.folder})"
    return ""


def check_out_dir_for(out_dir: Path, tilesets: list[Tileset],
                      origins: list[Path] | None = None) -> None:
    """:func:`check_out_dir` against everything that building ``tilesets`` reads.

    ``origins`` are the files the user named, one per tileset (a mix, for a
    mixed tileset), or None when the tilesets were named by id.
    """
    targets: list[Path | None] = list(origins) if origins else [None] * len(tilesets)
    check_out_dir(out_dir, [item for tileset, target in zip(tilesets, targets, strict=True)
                            for item in game_inputs(tileset, target)])


def check_out_dir(out_dir: Path, inputs: list[Input]) -> None:
    """Refuse an output folder that is, holds or lies inside a folder the build reads."""
    out = _real(out_dir)
    homes = [item.folder for item in inputs if item.kind == "home"]
    for item in [*inputs, *package_data()]:
        reason = _clash(out, item, homes)
        if reason:
            raise InputError(Where("command line"),
                             "the output folder would write over what the build reads",
                             field="--out", found=f"'{out_dir}': {reason}",
                             allowed=OUT_ALLOWED)


def check_output_file(output: Path, inputs: list[Input], field: str = "--output") -> None:
    """Refuse an output file that is an input, or lies in art, template or package folders."""
    path = _real(output)
    homes = [item.folder for item in inputs if item.kind == "home"]
    for item in [*inputs, *package_data()]:
        if _key(path) == _key(item.path):
            reason = f"it is {item.what}"
        elif lies_in(path, item.folder) and not _inside_allowed(path, item, homes):
            reason = f"it lies inside the folder of {item.what} ({item.folder})"
        else:
            continue
        raise InputError(Where("command line"),
                         "the output file would write over what the game reads",
                         field=field, found=f"'{output}': {reason}",
                         allowed="a file that is not one of the game's files and not in a "
                         "folder of art, templates or pnp's own data")


def check_depfile_place(depfile: Path, out_dir: Path, games: list[str],
                        inputs: list[Input]) -> None:
    """Refuse a ``--depfile`` that would replace an input, something that is not a plain
    file (it is written by a rename, which would put a file where ``/dev/null`` was), or
    a file inside a game's output folder, which the build replaces whole."""
    check_output_file(depfile, inputs, "--depfile")
    if depfile.is_symlink() or (depfile.exists() and not depfile.is_file()):
        raise InputError(Where("command line"), "the make rule would replace something that "
                         "is not a plain file", field="--depfile", found=repr(str(depfile)),
                         allowed="a new file, or one an earlier build wrote")
    real, out = _real(depfile), _real(out_dir)
    if not lies_in(real, out) or real == out:
        return
    first = real.parts[len(out.parts)].casefold()
    for game in games:
        if first == game.casefold() or first.startswith(f".{game.casefold()}."):
            raise InputError(Where("command line"), "the make rule would be lost: it lies in "
                             "a game's output folder, which the build replaces whole",
                             field="--depfile", found=repr(str(depfile)),
                             allowed=f"a file beside the game folders in {out_dir}, such as "
                                     f"{out_dir / '.made' / (game + '.stamp.d')}")
