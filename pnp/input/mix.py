"""Reading a mix file: a base game with changed counts and homebrew tile kinds.

A mix is declared like a tileset (:mod:`pnp.input.schema`), and read the same
way: every field checked, then the steps that need the base game, then all
problems raised together. The base is resolved as part of the reading, so a
wrong ``base`` is reported with the mix's line alongside the mix's other
mistakes; mistakes inside the base tileset itself are reported with that
file's lines.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from msgspec.structs import replace

from pnp.errors import InputError, did_you_mean
from pnp.input.catalog import SUFFIXES, resolve, shipped_games
from pnp.input.files import Outside, confine, plain_file_problem
from pnp.input.load import MAX_FILE_BYTES, Mapping, load_file
from pnp.input.reading import BROKEN, Reading
from pnp.input.schema import Anything, Exact, Field, Items, ListOf, MapOf, Node, Record, Ref, nodes
from pnp.input.tileset import (
    COUNT,
    MAX_KINDS,
    MAX_PIECES,
    NAME,
    TILE,
    check_icons,
    check_paths,
    check_reference,
    from_data,
    pieces_allowed,
)
from pnp.input.tileset_values import tile_kind
from pnp.model.icons import ICON_NAMES
from pnp.model.tileset import Tileset, Variant

BASE_ALLOWED = "a shipped game id or a tileset path"

MIX = Record("mix:top", (
    Field("format", Exact(1, "unsupported format version"), "the format's version",
          default=1),
    Field("base", Anything("a shipped game id (`pnp list` names them) or the relative path of "
                           "a `.yaml` tileset file inside this file's folder"),
          "not another mix; nothing outside the folder is read", required=True),
    Field("name", NAME, "the build writes to `output/<game>-<name>/`",
          default_doc="the file's name"),
    Field("counts", MapOf(Ref(""), COUNT, "expected tile names with counts",
                          "a mapping such as {elbow: 30}", "tile name to a count from 0 to 100000",
                          most=MAX_KINDS),
          "every name must be a tile of the base game", default_doc="the base game's counts"),
    Field("tiles", ListOf(TILE, "homebrew tile kinds", doc_as="list of tile kinds in the "
                          "tileset format ([tileset-format.md](tileset-format.md))",
                          most=MAX_KINDS),
          "names must be new", default_doc="none"),
))

RECORDS = (MIX,)


def load_mix(data: Any, path: Path) -> Tileset:
    """The mixed tileset a mix file describes, or every mistake in it at once.

    The mix keeps the base game's id, so the validator applies that game's
    rules; ``mix`` records the mix's own name for output folders.
    """
    reading = Reading(str(path), folder=path.parent)
    top = reading.read(MIX, data)
    base = _base(top, path) if isinstance(top, Node) else None
    if base is not None:
        _counts(top, base)
        _homebrew(top, base)
        _pieces(top, base)
    reading.done()
    assert base is not None  # done() raised if the base could not be read
    return _mixed(base, top, path)


def _base(top: Node, path: Path) -> Tileset | None:
    """The base tileset; None (with the problem reported) when it cannot be had.

    A base names a shipped game or a tileset file in the mix's folder, nothing
    else: a mix shared by a stranger must not make pnp read, or quote in an
    error, a file elsewhere on the machine. A file that is not a tileset is
    reported at the mix's line without its content.
    """
    target = top["base"]
    if not top.ok("base"):
        return None
    if not isinstance(target, str) or not target.strip():
        top.fail("base", "not a base game", target, BASE_ALLOWED)
        return None
    base_path = _base_file(top, path.parent, target)
    if base_path is None:
        return None
    try:
        base_data = load_file(base_path)
    except InputError as error:  # the base file's own syntax errors, with its own lines
        top.reading.take(error)
        return None
    if not isinstance(base_data, Mapping) or ("game" not in base_data
                                              and "base" not in base_data):
        top.fail("base", "the base file is not a tileset (it has no 'game' field)", target,
                 _base_allowed(path.parent))
        return None
    if "base" in base_data:
        top.fail("base", "a mix must be based on a game or a tileset, not another mix",
                 target, BASE_ALLOWED)
        return None
    try:
        return from_data(base_data, base_path)
    except InputError as error:  # the base file's own problems, with its own lines
        top.reading.take(error)
        return None


def _base_allowed(folder: Path) -> str:
    return (f"a shipped game ({', '.join(shipped_games())}) or a .yaml tileset file in the "
            f"mix's folder ({folder})")


def _base_file(top: Node, folder: Path, target: str) -> Path | None:
    """The file a base names: a shipped game, or a tileset file inside ``folder``."""
    games = shipped_games()
    allowed = _base_allowed(folder)
    if target in games:
        return resolve(target)
    if Path(target).suffix not in SUFFIXES and not re.search(r"[\\/]", target):
        top.fail("base", f"unknown game{did_you_mean(target, games)}", target, allowed)
        return None
    try:
        candidate = confine(folder, target, "a base tileset", "the mix's folder")
    except Outside as outside:
        top.fail("base", str(outside), target, allowed)
        return None
    problem = ("a base tileset file must be a .yaml or .yml file"
               if candidate.suffix not in SUFFIXES
               else plain_file_problem(candidate, "base tileset", MAX_FILE_BYTES))
    if problem:
        top.fail("base", problem, target, allowed)
        return None
    return candidate


def _counts(top: Node, base: Tileset) -> None:
    """Count changes name tiles of the base game."""
    counts = top["counts"]
    if not isinstance(counts, Items):
        return
    names = [tile.name for tile in base.tiles]
    for (name, _), spot in zip(counts, counts.spots, strict=True):
        if name not in names:
            spot.fail("the base game has no tile of this name"
                      f"{did_you_mean(str(name), names, many=True)}", str(name),
                      ", ".join(names))


def _pieces(top: Node, base: Tileset) -> None:
    """The mixed game, counts changed and homebrew added, stays within MAX_PIECES."""
    counts = {tile.name: tile.count for tile in base.tiles}
    changes = top["counts"]
    if isinstance(changes, Items):
        counts.update((name, count) for name, count in changes
                      if name in counts and count is not BROKEN)
    homebrew = sum(node["count"] for node in nodes(top["tiles"]) if node.ok("count"))
    total = sum(counts.values()) + homebrew + sum(piece.count for piece in base.components)
    if total > MAX_PIECES:
        top.fail("counts" if top.given("counts") else "tiles",
                 "this mix prints too many pieces", f"{total} pieces", pieces_allowed())


def _homebrew(top: Node, base: Tileset) -> None:
    """Homebrew tiles fit the base game: its backs, its shape, names of their own."""
    taken = {tile.name for tile in base.tiles} | {piece.name for piece in base.components}
    if base.board:
        taken.add(base.board.name)
    names = tuple(back.name for back in base.backs)
    check_icons(nodes(top["tiles"]), ICON_NAMES + tuple(base.own_icons))
    for tile in nodes(top["tiles"]):
        check_reference(tile, "back", names)
        check_paths(tile, base.shape)
        if not tile.ok("name"):
            continue
        if tile["name"] in taken:
            tile.fail("name", "a tile or piece of this name already exists; change a tile's "
                      "count under 'counts' instead", tile["name"], "a new kebab-case name")
        taken.add(tile["name"])


def _mixed(base: Tileset, top: Node, path: Path) -> Tileset:
    name = (top["name"] if top.given("name")
            else re.sub(r"[^a-z0-9]+", "-", path.stem.lower()).strip("-") or "mix")
    extra = tuple(replace(tile_kind(node, base.rotatable, base.default_back), file=str(path))
                  for node in top["tiles"] or ())
    counts = dict(top["counts"] or ())
    mixed = base.with_counts(counts)
    return replace(mixed, tiles=mixed.tiles + extra, mix=name,
                   variants=tuple(_moved(variant, base, counts) for variant in base.variants))


def _moved(variant: Variant, base: Tileset, counts: dict[str, int]) -> Variant:
    """A variant of the base game as it applies to this mix: a tile whose count the mix
    writes moves by as much as the variant moves the base game's (four-player adds an
    entrance to however many the mix has), never below none; the others take the
    variant's count. So a mix written out whole by ``pnp new --from`` still plays every
    variant, and a count the designer changed is kept."""
    before = {tile.name: tile.count for tile in base.tiles}
    moved = tuple((name, max(0, counts[name] + count - before[name]) if name in counts
                   else count) for name, count in variant.counts)
    return replace(variant, counts=moved)

