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
from pnp.model.ground import stops_at_a_wall
from pnp.model.tileset import Component, TileKind, Tunnel, Variant

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
    """What the tunnels of a tile look like, in one noun; a blocked stub beside one path
    is named by :func:`carried` and the path by its own shape."""
    if not tile.paths:
        return "rock tile"
    if any(path.style == "cavern" for path in tile.paths):
        return "cavern"
    shared = len(tile.paths) > 1
    mains = [path for path in tile.paths if not stops_at_a_wall(path, shared)]
    if len(mains) == 1:
        return _path_noun(mains[0], shape)
    nouns = sorted(_path_noun(path, shape) for path in mains)
    if nouns == ["straight tunnel", "straight tunnel"]:
        return "crossover"  # two straight tunnels across each other, one on a bridge
    if nouns == ["elbow", "elbow"]:
        return "double curve"  # two curves back to back, walled apart
    return {2: "double tunnel", 3: "triple tunnel"}.get(len(mains), "tile of many tunnels")


def _path_noun(path: Tunnel, shape: Shape) -> str:
    """One tunnel in the words every book teaches tiles by."""
    ports = path.ports
    if len(ports) == 1:
        return "dead end"
    if len(ports) == 2:
        return "straight tunnel" if shape.opposite(ports[0]) == ports[1] else "elbow"
    return {3: "tee", 4: "cross"}.get(len(ports), "junction")


def layout_key(tile: TileKind, shape: Shape, mirrored: bool = False) -> tuple[object, ...]:
    """The tile's paths as they lie, the same for every turn of the tile (the least of its
    turns), or of its mirror image: two kinds with one key are one shape to a player, who
    can turn a tile but not flip it."""
    def edge(port: str, steps: int) -> int:
        index = shape.index(shape.rotate(port, steps))
        return (shape.sides - index) % shape.sides if mirrored else index

    return min(tuple(sorted((tuple(sorted(edge(port, steps) for port in path.ports)),
                             path.junction, path.style) for path in tile.paths))
               for steps in range(shape.sides))


def and_list(words: Sequence[str]) -> str:
    """Words as a sentence lists them: "a", "a and b", "a, b and c"."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def carried(tile: TileKind) -> str:
    """The blocked stubs and icons a tile carries, as "with a blocked stub and two veins"
    ("" for none). A stub is named here, not as a path of its own: Gold Mine's book had
    listed a straight with a stub as a "three-way double tunnel" while its guide to the
    shapes, and its summary, called the same tile's stub a blocked stub."""
    shared = len(tile.paths) > 1
    stubs = sum(stops_at_a_wall(path, shared) for path in tile.paths)
    things = Counter(ICON_WORDS.get(str(f.value), humanise(str(f.value)))
                     for f in tile.features if f.kind == "icon")
    parts = [_how_many("blocked stub", stubs)] if stubs else []
    parts += [_how_many(name, n) for name, n in sorted(things.items())]
    return f" with {and_list(parts)}" if parts else ""


def _how_many(name: str, count: int) -> str:
    """"a vein", "two veins", "12 veins"."""
    many = article(name) if count == 1 else NUMBER_WORDS[count] if count <= 6 else str(count)
    return f"{many} {plural(name, count)}"


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
    return tunnel_noun(tile, shape) + marked + carried(tile) + suffix


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
