"""Pieces named as a player would say them: "16 straight tunnels", not "straight".

A rulebook's components section is read by people who have never seen the
tileset file, so ids such as ``c3-vein-elbow-ne`` never appear in it. A tile
is named from what it shows: the label printed on it if it has one, else the
shape of its tunnel (from the tile's own geometry: two ports facing each
other make a straight) and the icons on it. Kinds that come out with the same
name share one line and one count.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from pnp.geometry.shapes import Shape
from pnp.model.tileset import Component, TileKind, Variant

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six")
# Icons whose id does not read as a noun in a sentence; the rest read as they are.
ICON_WORDS = {
    "chamber-gold": "gold chamber", "gold-challenge": "gold challenge", "mud": "mud puddle",
    "move-tile": "move-tile arrow", "plus-one-token": "+1 token",
    "well-altar": "altar well", "well-dragon": "dragon well",
    "mattock": "mattock mark", "pickaxes": "pickaxes mark",
}


def plural(noun: str, count: int) -> str:
    """``noun`` for ``count`` of them; English plurals of the words we make."""
    if count == 1:
        return noun
    head, _, last = noun.rpartition(" ")
    if last.endswith(("s", "x", "ch", "sh")):
        last += "es"
    elif last.endswith("y") and last[-2:-1] not in "aeiou":
        last = last[:-1] + "ies"
    else:
        last += "s"
    return f"{head} {last}" if head else last


def article(noun: str) -> str:
    """"a" or "an", by the sound of the first letter (good enough for our nouns)."""
    return "an" if noun[:1] in "aeiou" else "a"


def humanise(word: str) -> str:
    """An id or a printed label as words in running text: ``plus-one`` -> ``plus one``."""
    return word.replace("-", " ").replace("_", " ").strip().lower()


def tunnel_noun(tile: TileKind, shape: Shape) -> str:
    """What the tunnels of a tile look like, in one noun."""
    if not tile.paths:
        return "rock tile"
    if any(path.style == "cavern" for path in tile.paths):
        return "cavern"
    if len(tile.paths) == 2 and all(len(path.ports) == 2 and
                                    shape.opposite(path.ports[0]) == path.ports[1]
                                    for path in tile.paths):
        return "crossover"  # two straight tunnels across each other, one on a bridge
    if len(tile.paths) > 1:
        return {2: "double tunnel", 3: "triple tunnel"}.get(len(tile.paths),
                                                             "tile of many tunnels")
    ports = tile.paths[0].ports
    if len(ports) == 1:
        return "dead end"
    if len(ports) == 2:  # the words every book teaches the tiles by
        return "straight tunnel" if shape.opposite(ports[0]) == ports[1] else "elbow"
    return {3: "tee", 4: "cross"}.get(len(ports), "junction")


def and_list(words: Sequence[str]) -> str:
    """Words as a sentence lists them: "a", "a and b", "a, b and c"."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def extras(tile: TileKind) -> str:
    """The icons a tile carries, as "with a vein and two tokens" ("" for none)."""
    icons = Counter(ICON_WORDS.get(str(f.value), humanise(str(f.value)))
                    for f in tile.features if f.kind == "icon")
    if not icons:
        return ""
    parts = [f"{article(name) if n == 1 else NUMBER_WORDS[n] if n <= 6 else n} "
             f"{plural(name, n)}" for name, n in sorted(icons.items())]
    return f" with {and_list(parts)}"


def tile_name(tile: TileKind, shape: Shape) -> str:
    """A singular name for one copy of ``tile``: what the tileset says players call it,
    its label, or its tunnel and icons.

    A label of words names the tile ("mine entrance"); a label of signs ("+1")
    only marks it, so the tunnel still gives the name.
    """
    if tile.called:
        return tile.called
    labels = [str(f.value) for f in tile.features if f.kind == "label"]
    if labels and any(c.isalpha() for c in labels[0]):
        return humanise(labels[0])
    marked = f" marked {labels[0]}" if labels else ""
    cost = [f.value for f in tile.features if f.kind == "die"]
    suffix = f" (cost {cost[0]})" if cost else ""
    return tunnel_noun(tile, shape) + marked + extras(tile) + suffix


def counted(name: str, count: int) -> str:
    """``16 straight tunnels``: the count, then the name made plural where it ends in a noun.

    A name that goes on after its noun ("bend with a vein (cost 3)") is made
    plural at the noun: "3 bends with a vein (cost 3)".
    """
    for joint in (" marked ", " with ", " (cost "):
        if joint in name:
            noun, rest = name.split(joint, 1)
            return f"{count} {plural(noun, count)}{joint}{rest}"
    first, _, rest = name.partition(" ")
    if rest and first[:1] in "+-\u2212" and first[1:].isdigit():
        # a name led by a signed number is quoted: "4 +1 tokens" read as a sum
        return f"{count} \u201c{first}\u201d {plural(rest, count)}"
    return f"{count} {plural(name, count)}"


def tile_groups(tiles: tuple[TileKind, ...], shape: Shape) -> list[tuple[str, list[TileKind]]]:
    """Printed tile kinds grouped under one human name each, in the tileset's order."""
    groups: dict[str, list[TileKind]] = {}
    for tile in tiles:
        if tile.count:
            groups.setdefault(tile_name(tile, shape), []).append(tile)
    return list(groups.items())


def component_name(group: list[Component]) -> str:
    """A family of cards or tokens ("depth" markers), or one piece, as a singular name."""
    first = group[0]
    if first.called:
        return first.called
    base = first.family if len(group) > 1 else first.name
    return f"{humanise(base)} {first.kind}"


def variant_words(variant: Variant) -> str:
    """A variant as a player names it: "for four players", "the short game variant"."""
    players = variant.players
    if players:
        count = NUMBER_WORDS[players] if players < len(NUMBER_WORDS) else str(players)
        return f"for {count} players"
    return f"the {humanise(variant.name)} variant"
