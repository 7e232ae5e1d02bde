"""Each player's pieces are told apart by shape as well as by colour: in greyscale and
under simulated protanopia, deuteranopia and tritanopia.

The measure is the share of a piece's area where two players' pieces differ
strongly (more than 48 grey levels) in every one of those views. A letter
alone, R against B, differed on 1.4% of a Mattock miner; a symbol of each
player's own (crossed picks, a helmet, a mattock, a headframe) on 2.4% of a
small Dynamine marker and 30% of a miner.
"""

from __future__ import annotations

from itertools import combinations

import pytest
from PIL import Image, ImageChops, ImageStat
from support import ROOT

from pnp.draw.components import design_component, design_reverse
from pnp.export.raster import render
from pnp.input.tileset import load_tileset

# Machado, Oliveira and Fernandes (2009), severity 1, as matrices on RGB
DEFICIENCIES = {
    "protanopia": (0.152286, 1.052583, -0.204868, 0.114503, 0.786281, 0.099216,
                   -0.003882, -0.048116, 1.051998),
    "deuteranopia": (0.367322, 0.860646, -0.227968, 0.280085, 0.672501, 0.047413,
                     -0.011820, 0.042940, 0.968881),
    "tritanopia": (1.255528, -0.076749, -0.178779, -0.078411, 0.930809, 0.147602,
                   0.004733, 0.691367, 0.303900),
}
DISTINCT_SHARE = 0.02


def views(image: Image.Image) -> list[Image.Image]:
    """The piece in greyscale as printed, and in grey as each deficiency sees it."""
    rgb = image.convert("RGB")
    seen = [rgb]
    for m in DEFICIENCIES.values():
        seen.append(rgb.convert("RGB", (m[0], m[1], m[2], 0, m[3], m[4], m[5], 0,
                                        m[6], m[7], m[8], 0)))
    return [view.convert("L") for view in seen]


def distinct_share(first: Image.Image, second: Image.Image) -> float:
    """The least share of the area, over every view, where the two differ strongly."""
    return min(ImageStat.Stat(ImageChops.difference(a, b).point(
        lambda value: 255 if value > 48 else 0)).mean[0] / 255
        for a, b in zip(views(first), views(second), strict=True))


def pictures(game: str, names: list[str]) -> dict[str, Image.Image]:
    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    pieces = {c.name: c for c in tileset.components}
    return {name: render(design_component(tileset, pieces[name]), (100, 100))
            for name in names}


@pytest.mark.parametrize(("game", "sides"), [
    ("mattock", [["red-miner", "blue-miner"]]),
    ("dynamine", [[f"depth-{colour}-{level}" for colour in ("red", "blue", "green", "yellow")]
                  for level in (1, 3, 5)]),
])
def test_players_pieces_differ_by_shape_in_grey_and_to_colour_blind_eyes(game, sides):
    for names in sides:
        shown = pictures(game, names)
        for first, second in combinations(names, 2):
            assert distinct_share(shown[first], shown[second]) >= DISTINCT_SHARE, \
                (first, second)


def test_a_letter_alone_is_not_enough():
    """Two discs of the same grey told apart by R and B only fall under the bar."""
    red = Image.new("RGB", (100, 100), "#b3261e")
    blue = Image.new("RGB", (100, 100), "#1f4e9c")
    from PIL import ImageDraw

    for image, letter in ((red, "R"), (blue, "B")):
        ImageDraw.Draw(image).text((44, 42), letter, fill="white")
    assert distinct_share(red, blue) < DISTINCT_SHARE


@pytest.mark.parametrize("pawn", ["black-pawn", "red-pawn", "blue-pawn"])
def test_a_picture_on_a_dark_pawn_stands_on_a_parchment_disc(pawn):
    """Demon Mine's miner, drawn in dark ink, vanished into its black pawn in greyscale:
    on a dark face a picture sits on a parchment disc, inside a ring of the pawn's colour."""
    tileset = load_tileset(ROOT / "tilesets" / "demon-mine.yaml")
    piece = next(c for c in tileset.components if c.name == pawn)
    image = render(design_component(tileset, piece), (200, 200)).convert("L")
    ring, disc = image.getpixel((100, 8)), image.getpixel((100 - 66, 100))
    assert ring < 130 < 200 < disc, (ring, disc)  # the red crew's vermilion greys to 115


def test_an_othello_pawn_is_told_from_a_plain_pawn_of_its_face():
    """The Othello discs (a miner on one face, a beetle on the other) had faces drawn as
    the plain black and white pawns', so once mixed in a box the variant's 16 passed for
    miners and beetles; each face now shows the other side's symbol small and its colour
    in a wedge at the foot of the rim."""
    tileset = load_tileset(ROOT / "tilesets" / "demon-mine.yaml")
    pieces = {c.name: c for c in tileset.components}
    othello = pieces["othello-pawn"]
    assert othello.reverse is not None
    faces = (design_component(tileset, othello), design_reverse(tileset, othello))
    for face, plain in zip(faces, ("black-pawn", "white-pawn"), strict=True):
        shown = render(face, (100, 100))
        other = render(design_component(tileset, pieces[plain]), (100, 100))
        # the other side's colour in a wedge of its rim: 6% of the disc or
        # more in every view, where the small symbol alone had made 2-3%
        assert distinct_share(shown, other) >= 0.06, plain


def test_every_round_gold_mine_token_has_a_rim_of_its_own_to_cut_by():
    """Cream discs on white card had shown only a grey hairline to cut by: each kind now
    has a dark rim of its own colour, and no two kinds share one in greyscale."""
    tileset = load_tileset(ROOT / "tilesets" / "gold-mine.yaml")
    greys = []
    for piece in tileset.components:
        if piece.kind != "token" or piece.count < 2:
            continue
        face = render(design_component(tileset, piece), (100, 100)).convert("L")
        rim = [face.getpixel((50 + round(44 * dx), 50 + round(44 * dy)))
               for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
        assert max(rim) < 150, (piece.name, rim)  # dark, where cream measured over 230
        greys.append(sum(rim) / 4)
    assert len(greys) == 3
    assert min(abs(a - b) for a, b in combinations(greys, 2)) >= 8, greys


def test_gold_mines_three_token_kinds_have_rims_apart_in_greyscale():
    """Nuggets, gold challenges and bat challenges share a back and lie in piles side by
    side: their rims had printed at 64, 78 and 96 grey, one grey to a greyscale print."""
    from support import hex_rgb, luminance

    gold = load_tileset(ROOT / "tilesets" / "gold-mine.yaml")
    rims = {piece.name: luminance(hex_rgb(piece.colour)) for piece in gold.components
            if piece.back == "token-back"}
    assert len(rims) == 3
    assert all(abs(a - b) > 35 for a, b in combinations(rims.values(), 2)), rims


def test_the_white_pawn_wears_the_same_disc_as_the_other_pawns_edged_by_a_hairline():
    """The white pawn was a flat stone disc with its beetle on the stone, beside pawns
    that all carry a parchment disc in a ring of their colour: it looked like a piece
    from another game. It wears the disc too, edged by a darker hairline (its rim is
    near the parchment), measured on a line from its edge to its centre."""
    tileset = load_tileset(ROOT / "tilesets" / "demon-mine.yaml")
    piece = next(c for c in tileset.components if c.name == "white-pawn")
    image = render(design_component(tileset, piece), (200, 200)).convert("L")
    ring, disc = image.getpixel((100, 8)), image.getpixel((100 - 66, 100))
    assert disc > ring + 10, (ring, disc)  # parchment, lighter than the stone rim
    line = [image.getpixel((x, 100)) for x in range(10, 40)]
    assert min(line) < ring - 60  # the hairline between rim and disc


@pytest.mark.parametrize("game", ["demon-mine", "dynamine", "gold-mine", "mattock"])
def test_a_round_backs_title_stays_a_safe_way_inside_its_cut(game):
    """Gold Mine's 0.75 in token backs set their title with its corners 0.9 mm inside
    the cut circle, where an off-centre punch clips them. Every word on a round back
    keeps 2 mm inside the cut; a back too small for that shows its motif alone."""
    import math

    from pnp.draw.art import ROUND_SAFE
    from pnp.draw.cards import text_extent
    from pnp.draw.scene import Text

    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    checked = 0
    for piece in tileset.components:
        if piece.shape != "round" or piece.reverse is not None or not piece.count:
            continue
        back = design_reverse(tileset, piece)
        radius = min(back.width, back.height) / 2
        lines = [item for clip in back.items for item in getattr(clip, "children", ())
                 if isinstance(item, Text)]
        for line in lines:
            box = text_extent(line)
            corners = [(box.x, box.y), (box.x + box.width, box.y),
                       (box.x, box.y + box.height), (box.x + box.width, box.y + box.height)]
            far = max(math.dist(corner, (back.width / 2, back.height / 2))
                      for corner in corners)
            assert far <= radius - ROUND_SAFE + 0.5, (game, piece.name, line.text)
        checked += 1
    assert checked or game in ("demon-mine", "mattock")  # their tokens have no backs
