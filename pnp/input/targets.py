"""Turn what a user typed (a game id, a tileset file, a mix file) into a tileset.

A mix file names a base game or tileset, changes counts and may add homebrew
tile kinds; it is recognised by its ``base`` field. Command-line ``--set``
changes and variants are applied here too, so every command sees one tileset.
"""

from __future__ import annotations

import re
from dataclasses import replace

from pnp.errors import InputError, Where, did_you_mean
from pnp.input.catalog import resolve
from pnp.input.load import Mapping, load_file
from pnp.input.tileset import MAX_COUNT, apply_mix, from_data
from pnp.model.tileset import Tileset


def load_target(target: str) -> Tileset:
    """The tileset for a game id, a tileset path or a mix path."""
    path = resolve(target)
    data = load_file(path)
    if isinstance(data, Mapping) and "base" in data and "game" not in data:
        base_target = data["base"]
        if not isinstance(base_target, str) or not base_target.strip():
            raise InputError(Where(str(path), data.line_of("base")), "not a base game",
                             field="base", found=repr(base_target),
                             allowed="a shipped game id or a tileset path")
        relative = path.parent / base_target
        base_path = relative if relative.suffix in (".yaml", ".yml") else resolve(base_target)
        base_data = load_file(base_path)
        if isinstance(base_data, Mapping) and "base" in base_data:
            raise InputError(Where(str(path), data.line_of("base")),
                             "a mix must be based on a game or a tileset, not another mix",
                             field="base", found=repr(base_target),
                             allowed="a shipped game id or a tileset path")
        return apply_mix(from_data(base_data, base_path), data, path)
    return from_data(data, path)


def apply_variant(tileset: Tileset, variant: str | None) -> Tileset:
    """The tileset with a variant's counts, or an error naming the variants there are."""
    if not variant:
        return tileset
    names = [v.name for v in tileset.variants]
    if variant not in names:
        hint = did_you_mean(variant, names)
        raise InputError(Where(str(tileset.source)), f"unknown variant{hint}", field="--variant",
                         found=repr(variant),
                         allowed=", ".join(names) or "none: this game has no variants")
    return tileset.with_counts(dict(tileset.variant(variant).counts))


def apply_sets(tileset: Tileset, changes: tuple[str, ...]) -> Tileset:
    """Apply ``TILE=COUNT`` changes from the command line."""
    if not changes:
        return tileset
    names = [tile.name for tile in tileset.tiles]
    counts: dict[str, int] = {}
    for change in changes:
        name, sep, value = change.partition("=")
        name = name.strip()
        if not sep:
            raise InputError(Where("command line"), "a --set change is TILE=COUNT",
                             field="--set", found=repr(change), allowed="for example elbow=30")
        if name not in names:
            hint = did_you_mean(name, names, many=True)
            raise InputError(Where("command line"), f"unknown tile{hint}", field="--set",
                             found=repr(name), allowed=", ".join(names))
        value = value.strip()
        if not re.fullmatch(r"[0-9]{1,6}", value) or int(value) > MAX_COUNT:
            raise InputError(Where("command line"), "a count must be a whole number",
                             field=f"--set {name}", found=repr(value),
                             allowed=f"a whole number from 0 to {MAX_COUNT}")
        counts[name] = int(value)
    return tileset.with_counts(counts)


def output_tileset(tileset: Tileset, variant: str | None) -> Tileset:
    """The same tileset under the folder name its outputs go to."""
    game = tileset.game
    if tileset.mix:
        game = f"{game}-{tileset.mix}"
    if variant:
        game = f"{game}-{variant}"
    if game == tileset.game:
        return tileset
    return replace(tileset, game=game, origin=tileset.rules_game)


