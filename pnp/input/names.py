"""Output file names that every system can hold, and never two for one file.

Names in a tileset become file and folder names (``tiles/<tile>.svg``,
``<game>-<aid>-letter.pdf``, the game's folder). A shared tileset built on
Windows, macOS or Linux must give the same files everywhere, so a name that
one system refuses or renames is an error, whichever system builds it:

- no device name of Windows (CON, PRN, AUX, NUL, COM1-9, LPT1-9, with any
  extension), no character Windows forbids (``<>:"/\\|?*``, control codes),
  no trailing dot or space, nothing hidden (a leading dot), at most
  :data:`MAX_NAME` characters;
- no two outputs whose names differ only in letter case: on a
  case-insensitive folder (macOS and Windows by default) one would silently
  replace the other.

The tileset's names are checked before anything is drawn, each problem with
the field and line it comes from; the files the exporters really made are
checked again after rendering, so an output kind added later cannot slip by.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from pathlib import Path

import msgspec

from pnp.errors import InputError, Problem, Where
from pnp.model.options import BuildOptions
from pnp.model.outputs import PDF_KINDS, extras_file, pdf_file
from pnp.model.tileset import Tileset

MAX_NAME = 100  # characters in one file or folder name; Windows paths stop at 260
DEVICES = frozenset({"con", "prn", "aux", "nul", "conin$", "conout$",
                     *(f"{port}{n}" for port in ("com", "lpt") for n in "123456789¹²³")})
FORBIDDEN = re.compile(r'[<>:"/\\|?*\x00-\x1f\x7f]')
SHARED_ALLOWED = ("names whose files differ in more than letter case; no piece named "
                  "'<another piece>-reverse', no aid named 'rulebook' or 'rulebook-booklet', "
                  "each game once")
NAME_ALLOWED = (f"a name giving file names of at most {MAX_NAME} characters, none of them a "
                "Windows device name (con, prn, aux, nul, com1-com9, lpt1-lpt9)")


def unsafe(name: str) -> str:
    """Why ``name`` cannot be a file name on every system, or "" when it can."""
    if not name or name in (".", ".."):
        return "an empty file name"
    if FORBIDDEN.search(name):
        return "a character that Windows does not allow in a file name"
    if name[-1] in ". " or name[0] in ". ":
        return "a file name that starts or ends with a dot or a space"
    if name.split(".")[0].rstrip(" ").casefold() in DEVICES:
        return "a Windows device name, which no Windows folder can hold as a file"
    if len(name) > MAX_NAME:
        return f"a file name of {len(name)} characters"
    return ""


def fold(path: str) -> str:
    """The form two names share when a case-insensitive folder treats them as one."""
    return unicodedata.normalize("NFC", path).casefold()


class Output(msgspec.Struct, frozen=True):
    """One file a build will write, and the field of the tileset its name comes from."""

    path: str  # inside the game's folder, with / between folders
    where: Where
    field: str
    source: str  # "tile 'elbow'", for messages
    name: str = ""  # the user's name it is made from: one problem per name, not per file


def _line(tileset: Tileset, key: str) -> int:
    return dict(tileset.lines).get(key, 0)


def _pieces(tileset: Tileset) -> Iterable[Output]:
    """The design SVGs, named after the tileset's pieces.

    Each is blamed on the file and list entry that declares it: a mix's
    homebrew tile on the mix, counted among the mix's own tiles.
    """
    file = str(tileset.source)
    index_in_file: dict[str, int] = {}
    for tile in tileset.tiles:
        declared = tile.file or file
        index = index_in_file[declared] = index_in_file.get(declared, -1) + 1
        yield Output(f"tiles/{tile.name}.svg", Where(declared, tile.line),
                     f"tiles[{index}].name", f"tile '{tile.name}'", tile.name)
    for index, back in enumerate(tileset.backs):
        yield Output(f"backs/{back.name}.svg", Where(file, back.line or _line(tileset, "backs")),
                     f"backs[{index}].name", f"back '{back.name}'", back.name)
    for index, piece in enumerate(tileset.components):
        at = Where(file, piece.line)
        yield Output(f"components/{piece.name}.svg", at, f"components[{index}].name",
                     f"{piece.kind} '{piece.name}'", piece.name)
        yield Output(f"components/{piece.name}-reverse.svg", at, f"components[{index}].name",
                     f"the reverse of {piece.kind} '{piece.name}'", piece.name)
    if tileset.board is not None:
        yield Output(f"board/{tileset.board.name}.svg", Where(file, _line(tileset, "board")),
                     "board.name", f"board '{tileset.board.name}'", tileset.board.name)


def folder_output(tileset: Tileset, origin: Path | None = None) -> Output:
    """The game's folder, named by its id, or by a mix's or variant's name joined to it."""
    game = tileset.game
    if tileset.mix:
        return Output(game, Where(str(origin or tileset.source)), "name",
                      f"the output folder of mix '{tileset.mix}'", game)
    if tileset.origin:
        return Output(game, Where("command line"), "--variant",
                      "the output folder of the variant", game)
    return Output(game, Where(str(tileset.source), _line(tileset, "game")), "game",
                  "the game's output folder", game)


def _sheets(tileset: Tileset, options: BuildOptions, folder: Output) -> Iterable[Output]:
    """The PDFs, named after the game (as its folder is) and its aids."""
    game, file = tileset.game, str(tileset.source)
    for paper in options.papers:
        for kind in PDF_KINDS:
            yield Output(pdf_file(game, kind, paper), folder.where, folder.field,
                         f"the {kind.replace('-', ' ')} of '{game}' on {paper.title}", game)
        for variant, _ in tileset.extras():
            yield Output(extras_file(game, variant.name, paper), folder.where,
                         folder.field, f"the {variant.name} extras of '{game}' on {paper.title}",
                         game)
        for index, aid in enumerate(tileset.aids):
            yield Output(pdf_file(game, aid.name, paper),
                         Where(file, aid.line or _line(tileset, "aids")),
                         f"aids[{index}].name", f"aid '{aid.name}' on {paper.title}", aid.name)


def planned_outputs(tileset: Tileset, options: BuildOptions,
                    origin: Path | None = None) -> list[Output]:
    """Every file a build of ``tileset`` may write, each with where its name comes from.

    The game's folder comes first, so a bad game id is reported once, as a
    folder name, and not again for every file named after it.
    """
    folder = folder_output(tileset, origin)
    manifest = Output("manifest.json", Where(str(tileset.source)), "game", "the manifest")
    return [folder, *_pieces(tileset), *_sheets(tileset, options, folder), manifest]


def _name_problems(outputs: list[Output]) -> list[Problem]:
    """Unsafe names, and names that one case-insensitive folder would take as one."""
    problems: dict[tuple[str, str, str], Problem] = {}
    seen: dict[str, Output] = {}
    for output in outputs:
        why = unsafe(output.path.rsplit("/", 1)[-1])
        if why:
            problems.setdefault((output.field, output.name or output.path, "unsafe"), Problem(
                output.where, "this name cannot be a file name on every system", output.field,
                f"'{output.path}' for {output.source}: {why}", NAME_ALLOWED))
        first = seen.setdefault(fold(output.path), output)
        if first is not output:
            problems.setdefault((output.field, output.name or output.path, "shared"), Problem(
                output.where, "two outputs would share one file name", output.field,
                f"'{output.path}' for both {first.source} and {output.source}",
                SHARED_ALLOWED))
    return list(problems.values())


def check_names(tilesets: list[Tileset], options: BuildOptions,
                origins: list[Path] | None = None) -> None:
    """Refuse, before drawing, any game whose names make unsafe or shared file names.

    ``origins`` are the files the user named, one per tileset, so that a
    mix's folder name is blamed on the mix and not on the game it is based on.
    """
    blank: list[Path | None] = [None] * len(tilesets)
    named = list(zip(tilesets, origins or blank, strict=True))
    problems: list[Problem] = []
    for tileset, origin in named:
        problems += _name_problems(planned_outputs(tileset, options, origin))
    folders = [folder_output(tileset, origin) for tileset, origin in named]
    problems += [p for p in _name_problems(folders) if "share" in p.problem]
    if problems:
        raise InputError.of(problems)


def check_files(game: Tileset, paths: Iterable[str]) -> None:
    """Refuse the files a game's exporters really made if two share a name or one is unsafe.

    Every part of each path is checked, so a folder an exporter names is held
    to the same rules as a file.
    """
    where = Where(str(game.source))
    outputs = [Output(path, where, "game", f"the output '{path}'") for path in paths]
    problems = _name_problems(outputs)
    for output in outputs:
        for part in output.path.split("/")[:-1]:
            why = unsafe(part)
            if why:
                problems.append(Problem(where, "this folder name cannot be used on every "
                                        "system", "game", f"'{output.path}': {why}",
                                        NAME_ALLOWED))
    if problems:
        raise InputError.of(problems)
