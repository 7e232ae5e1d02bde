"""Each game looks like itself: its backs and symbols are its own, a symbol stands for one
idea, and any two players' pieces differ at arm's length in greyscale and to a
colour-blind eye (docs: pnp/draw/emblem_icons.py)."""

from __future__ import annotations

import io
import itertools
from collections import defaultdict

import cairosvg
import pytest
from PIL import Image
from support import ROOT, SHIPPED_GAMES

from pnp.draw.components import design_component
from pnp.export.svg import to_svg
from pnp.input.tileset import load_tileset
from pnp.model.tileset import Tileset

PLAYER_MARKS = {"mark-triangle", "mark-square", "mark-cross", "mark-ring"}
# Icons two games may share because they mean the same thing in both: a mine's entrance,
# and the marks of a player's own pieces (red's triangle in every game).
SAME_IDEA = {"headframe", *PLAYER_MARKS}
# Kinds of card that score the same things and show them by the same symbols.
SCORING_CARDS = {"reward", "mission"}


PLAYER_COLOURS = {"red", "blue", "green", "yellow", "black", "white"}


def idea(component, variants: frozenset[str] = frozenset()) -> str:
    """The kind of piece a card or token is, whoever owns it and whichever variant it is
    for: a red and a blue pawn are both pawns, a red depth marker a depth marker, and
    Demon Mine's Othello pawn a pawn."""
    words = [word for word in component.name.split("-")
             if word not in PLAYER_COLOURS and word not in variants]
    return words[0] if words else component.family


def games() -> dict[str, Tileset]:
    return {game: load_tileset(ROOT / "tilesets" / f"{game}.yaml") for game in SHIPPED_GAMES}


def icon_uses(tileset: Tileset, key=lambda component: component.family) -> dict[str, set[str]]:
    """Where each icon appears: "tile", "back", or a component family ("depth", "round"),
    or with ``key`` :func:`idea`, a kind of piece ("pawn", "miner")."""
    uses: dict[str, set[str]] = defaultdict(set)
    for tile in tileset.tiles:
        for feature in tile.features:
            if feature.kind == "icon":
                uses[str(feature.value)].add("tile")
    for back in tileset.backs:
        uses[back.motif].add("back")
    for component in tileset.components:
        faces = [component.features] + ([component.reverse.features] if component.reverse
                                        else [])
        for feature in (feature for face in faces for feature in face):
            if feature.kind == "icon":
                uses[str(feature.value)].add(key(component))
    if tileset.board is not None:  # a start space carries its player's mark
        for mark in tileset.board.marks:
            if mark.icon:
                uses[mark.icon].add(mark.label.lower())
    return uses


def back_wearers(tileset: Tileset, motif: str) -> set[str]:
    """The kinds of piece (as icon_uses names them) whose back shows ``motif``."""
    backs = {back.name for back in tileset.backs if back.motif == motif}
    wearers = {"tile" for tile in tileset.tiles if tile.back in backs}
    return wearers | {c.family for c in tileset.components if c.back in backs}


def test_no_two_games_share_a_back_or_a_symbol():
    used = {game: icon_uses(tileset) for game, tileset in games().items()}
    for (one, ours), (other, theirs) in itertools.combinations(used.items(), 2):
        shared = (set(ours) & set(theirs)) - SAME_IDEA
        assert shared == set(), f"{one} and {other} both use {sorted(shared)}"
    motifs = [back.motif for tileset in games().values() for back in tileset.backs]
    for game, tileset in games().items():
        ours = {back.motif for back in tileset.backs}
        others = {motif for other, t in games().items() if other != game
                  for motif in (back.motif for back in t.backs)}
        assert not ours & others, f"{game} shares a back's picture"
    assert len(motifs) > 4


@pytest.mark.parametrize("game", SHIPPED_GAMES)
def test_a_symbol_stands_for_one_idea_in_a_game(game):
    """A back's picture is on no face; a player's mark only on that player's pieces; and an
    icon on two kinds of piece is one the tiles show (a reward card for most altars shows
    the altar)."""
    tileset = games()[game]
    variants = frozenset(variant.name for variant in tileset.variants)
    ideas = icon_uses(tileset, lambda component: idea(component, variants))
    for icon, places in icon_uses(tileset).items():
        if "back" in places:  # on a face only of the pieces that wear that back
            faces = places - {"back"}
            assert faces <= back_wearers(tileset, icon), \
                f"{game}: the back's picture {icon} is also on {faces}"
        elif icon in PLAYER_MARKS:
            assert len(places) == 1, f"{game}: the player's mark {icon} is on {places}"
        elif "tile" not in places:  # the same picture on a red and a blue pawn is one idea
            places = ideas[icon]
            kinds = places - SCORING_CARDS if places <= SCORING_CARDS | {"tile"} else places
            assert len(kinds) <= 1, f"{game}: {icon} means several things: {places}"


def test_the_symbol_checks_can_fail():
    """Crossed picks on a back, a depth marker and a round token, as the kit had them, are
    one symbol for three ideas."""
    tileset = games()["dynamine"]
    from msgspec.structs import replace

    from pnp.model.tileset import Feature

    picks = Feature("icon", "pickaxes")
    backs = tuple(replace(back, motif="pickaxes") for back in tileset.backs)
    components = tuple(replace(c, features=(picks,)) if c.family in ("depth", "round") else c
                       for c in tileset.components)
    uses = icon_uses(replace(tileset, backs=backs, components=components))
    assert uses["pickaxes"] == {"back", "depth", "round"}


# --- players' pieces tell apart without colour --------------------------------

MACHADO = {  # Machado, Oliveira and Fernandes (2009), full severity, on linear RGB
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
LEAST_DIFFERENCE = 0.06  # of a piece's area that must print clearly apart (grey levels)
CLEARLY = 40  # grey levels that count as clearly apart


def _linear(channel: float) -> float:
    value = channel / 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def _gamma(value: float) -> float:
    value = min(1.0, max(0.0, value))
    return 255 * (value * 12.92 if value <= 0.0031308 else 1.055 * value ** (1 / 2.4) - 0.055)


def grey_levels(image: Image.Image, vision: str) -> list[float]:
    """Each pixel's grey as a greyscale print shows it, after ``vision``'s colour loss."""
    table = [_linear(level) for level in range(256)]
    greys = []
    for red, green, blue in zip(*[iter(image.convert("RGB").tobytes())] * 3, strict=True):
        rgb = (table[red], table[green], table[blue])
        if vision in MACHADO:
            rgb = tuple(sum(m * c for m, c in zip(row, rgb, strict=True))
                        for row in MACHADO[vision])
        shown = [_gamma(value) for value in rgb]
        greys.append(0.299 * shown[0] + 0.587 * shown[1] + 0.114 * shown[2])
    return greys


def piece_image(tileset: Tileset, name: str, dpi: float = 72.0) -> Image.Image:
    component = next(c for c in tileset.components if c.name == name)
    png = cairosvg.svg2png(bytestring=to_svg(design_component(tileset, component)).encode(),
                           dpi=dpi)
    return Image.open(io.BytesIO(png)).convert("RGB")


def apart(first: Image.Image, second: Image.Image, vision: str) -> float:
    """The share of a round piece's face where two pieces print clearly different greys."""
    width, height = first.size
    radius = min(width, height) / 2 * 0.97
    inside = [(x - width / 2) ** 2 + (y - height / 2) ** 2 < radius ** 2
              for y in range(height) for x in range(width)]
    pairs = zip(grey_levels(first, vision), grey_levels(second, vision), inside, strict=True)
    differs = [abs(a - b) > CLEARLY for a, b, keep in pairs if keep]
    return sum(differs) / len(differs)


PLAYERS = [("dynamine", [f"depth-{colour}-3" for colour in ("red", "blue", "green", "yellow")]),
           ("mattock", ["red-miner", "blue-miner"]),
           # Demon Mine's four players: the two crews share a picture, as do the two strains
           ("demon-mine", ["black-pawn", "red-pawn"]), ("demon-mine", ["white-pawn", "blue-pawn"])]


@pytest.mark.parametrize(("game", "pieces"), PLAYERS,
                         ids=[f"{game}-{pieces[0]}" for game, pieces in PLAYERS])
@pytest.mark.parametrize("vision", ["greyscale", *MACHADO])
def test_any_two_players_pieces_differ_in_greyscale_and_to_colour_blind_eyes(game, pieces,
                                                                           vision):
    tileset = games()[game]
    images = {name: piece_image(tileset, name) for name in pieces}
    for one, other in itertools.combinations(pieces, 2):
        share = apart(images[one], images[other], vision)
        assert share >= LEAST_DIFFERENCE, f"{one} and {other}: {share:.1%} apart ({vision})"


def test_the_colour_check_finds_pieces_alike_but_for_colour():
    """Two pieces with the same symbol in red and green, at the same darkness, hardly differ
    to a deuteranope: the check above can fail."""
    from msgspec.structs import replace

    tileset = games()["dynamine"]
    red = next(c for c in tileset.components if c.name == "depth-red-3")
    green = replace(red, name="depth-green-like-red", colour="#4a7a1e")
    tileset = replace(tileset, components=(*tileset.components, green))
    share = apart(piece_image(tileset, red.name), piece_image(tileset, green.name),
                  "deuteranopia")
    assert share < LEAST_DIFFERENCE
