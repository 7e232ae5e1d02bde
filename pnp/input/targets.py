"""Turn what a user typed (a game id, a tileset file, a mix file) into a tileset.

A mix file names a base game or tileset, changes counts and may add homebrew
tile kinds; it is recognised by its ``base`` field. Command-line ``--set``
changes and variants are applied here too, so every command sees one tileset.
"""

from __future__ import annotations

import re
from pathlib import Path

from msgspec.structs import replace

from pnp.errors import InputError, Where, did_you_mean
from pnp.input.catalog import resolve
from pnp.input.load import Mapping, parse_yaml, read_text
from pnp.input.mix import load_mix
from pnp.input.names import check_names
from pnp.input.reading import Reading
from pnp.input.tileset import MAX_COUNT, MAX_PIECES, from_data, pieces_allowed
from pnp.model.options import BuildOptions
from pnp.model.tileset import Tileset


def load_target(target: str) -> Tileset:
    """The tileset for a game id, a tileset path or a mix path."""
    path = resolve(target)
    return from_text(read_text(path), path)


def from_text(text: str, path: Path) -> Tileset:
    """The tileset or mix that ``text`` would be if it were the file at ``path``.

    The studio checks an edit by reading its text here before anything is
    written, so an edit is refused with the very paragraph `pnp validate`
    would print for the same file.
    """
    data = parse_yaml(text, str(path))
    if isinstance(data, Mapping) and "base" in data and "game" not in data:
        tileset = load_mix(data, path)
    else:
        tileset = from_data(data, path)
    # The names become file names: one that a build would refuse is refused here,
    # so validate and the studio never pass what build then stops at.
    check_names([output_tileset(tileset, None)], BuildOptions(), [path])
    return tileset


def apply_variant(tileset: Tileset, variant: str | None) -> Tileset:
    """The tileset with a variant's counts, or an error naming the variants there are."""
    if not variant:
        return tileset
    names = [v.name for v in tileset.variants]
    if variant not in names:
        hint = did_you_mean(variant, names)
        raise InputError(Where("command line"), f"{tileset.title} has no variant of this name"
                         f"{hint}", field="--variant",
                         found=repr(variant),
                         allowed=", ".join(names) or "none: this game has no variants")
    # a mix's variants were moved by its own counts when it was read (pnp.input.mix)
    return tileset.with_counts(dict(tileset.variant(variant).counts))


def apply_sets(tileset: Tileset, changes: tuple[str, ...]) -> Tileset:
    """Apply ``TILE=COUNT`` changes from the command line, reporting every bad one at once."""
    if not changes:
        return tileset
    names = [tile.name for tile in tileset.tiles]
    reading = Reading("command line")
    counts: dict[str, int] = {}
    for change in changes:
        name, sep, value = change.partition("=")
        name, value = name.strip(), value.strip()
        if not sep:
            reading.report(0, "--set", "a --set change is TILE=COUNT", change,
                           "for example elbow=30")
            continue
        if name not in names:
            hint = did_you_mean(name, names, many=True)
            reading.report(0, "--set", f"unknown tile{hint}", name, ", ".join(names))
        digits = re.fullmatch(r"[0-9]+", value) is not None
        if not digits or len(value) > len(str(MAX_COUNT)) or int(value) > MAX_COUNT:
            # a number, but too big, is out of range; read only when it is short, as a
            # thousand digits would take Python itself past its limit
            problem = "this count is out of range" if digits else "a count must be a whole number"
            reading.report(0, f"--set {name}", problem,
                           value if len(value) <= 40 else f"{value[:40]}... ({len(value)} long)",
                           f"a whole number from 0 to {MAX_COUNT}")
        else:
            counts[name] = int(value)
    changed = tileset.with_counts(counts)
    total = changed.tile_count + sum(piece.count for piece in changed.components)
    if total > MAX_PIECES:
        reading.report(0, "--set", "with these changes the game prints too many pieces",
                       f"{total} pieces", pieces_allowed())
    reading.done()
    return changed


def output_tileset(tileset: Tileset, variant: str | None, changed: bool = False) -> Tileset:
    """The same tileset under the folder name its outputs go to: a mix's, a variant's and
    a build changed by ``--set`` each their own, so none replaces the game's own sheets."""
    game = tileset.game
    if tileset.mix:
        game = f"{game}-{tileset.mix}"
    if variant:
        game = f"{game}-{variant}"
    if changed:
        game = f"{game}-changed"
    if game == tileset.game:
        return tileset
    return replace(tileset, game=game, origin=tileset.rules_game)


