"""`pnp export png` and `pnp export tts`, each read the way its consumer reads it.

The PNGs are measured as an image editor sees them (pixel size, the pHYs
resolution, the colours under a probe); the Tabletop Simulator saved object is
parsed and followed as TTS follows it: from each card's id to its deck sheet,
its cell, and the picture at the end of each address. Expected sizes and counts
come from the tileset model, never from the manifest under test.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from click.testing import CliRunner
from PIL import Image
from support import ROOT, close_to, tileset_from_text

from pnp.cli import main
from pnp.export import png as png_module
from pnp.export.designs import designs_by_name
from pnp.input.catalog import resolve, shipped_games
from pnp.input.tileset import load_tileset
from pnp.model.pieces import piece_box
from pnp.model.tileset import Tileset
from pnp.rulebook.names import tile_name

# every game exported as pictures and for a table simulator (about 12 s of CPU): the
# slow set, which CI runs, holds these; test_export_cut and the shop tests stay quick
pytestmark = pytest.mark.slow

GAMES = tuple(shipped_games())


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def tileset(game: str) -> Tileset:
    return load_tileset(resolve(game))


def tree(folder: Path) -> dict[str, bytes]:
    real = folder.resolve()  # the link's target: the version the export swapped in
    return {str(p.relative_to(real)): p.read_bytes() for p in sorted(real.rglob("*"))
            if p.is_file()}


@pytest.fixture(scope="module", params=[150, pytest.param(300, marks=pytest.mark.slow)])
def pngs(request, tmp_path_factory) -> tuple[int, Path]:
    """Every game exported at 150 dpi, and (in the slow run) at 300."""
    out = tmp_path_factory.mktemp(f"png{request.param}")
    result = run("export", "png", "--dpi", str(request.param), "--out", str(out))
    assert result.exit_code == 0, result.output
    return request.param, out


def expected_inches(game: Tileset) -> dict[str, tuple[float, float]]:
    """Every file the PNG export should write, with its trim size in inches, from the model."""
    tile = tuple(v / 72 for v in game.shape.box(game.size))
    sizes: dict[str, tuple[float, float]] = {}
    for kind in game.tiles:
        if kind.count:
            sizes[f"tiles/{kind.name}.png"] = tile
            sizes[f"backs/{kind.back}.png"] = tile
    for component in game.components:
        if component.count:
            box = tuple(v / 72 for v in piece_box(game, component))
            folder = f"{component.kind}s"
            sizes[f"{folder}/{component.name}.png"] = box
            if component.reverse is not None:
                sizes[f"{folder}/{component.name}-reverse.png"] = box
    if game.board is not None:
        board = designs_by_name(game)[game.board.name]()
        sizes[f"board/{game.board.name}.png"] = (board.width / 72, board.height / 72)
    return sizes


@pytest.mark.parametrize("game", GAMES)
def test_every_design_is_its_physical_size_in_pixels(pngs, game):
    dpi, out = pngs
    folder = out / f"{game}-png"
    model = tileset(game)
    expected = expected_inches(model)
    manifest = json.loads((folder / "manifest.json").read_text())
    listed = {row["file"]: row for row in manifest["pieces"]}
    shared_backs = {name for name in listed if name.startswith("backs/") and "pt" in name}
    assert set(listed) - shared_backs == set(expected)
    for name, (width, height) in expected.items():
        with Image.open(folder / name) as image:
            assert image.size == (round(width * dpi), round(height * dpi)), name
            # pHYs counts dots per metre in whole numbers: within half a dot of dpi / 0.0254
            assert image.info["dpi"] == pytest.approx((dpi, dpi), abs=0.0127), name
            # its colours said to be sRGB, with the gamma and primaries older readers use
            assert image.info["srgb"] == 0 and image.info["gamma"] == 0.45455, name
            assert image.info["chromaticity"][:2] == (0.3127, 0.329), name
        assert listed[name]["pixels"] == [round(width * dpi), round(height * dpi)]
        assert listed[name]["inches"] == pytest.approx([width, height], abs=1e-4)
    for name in shared_backs:  # a card or token family's back: the size of its pieces
        with Image.open(folder / name) as image:
            assert image.size == tuple(listed[name]["pixels"])
    counts = {row["piece"]: row["count"] for row in manifest["pieces"]}
    assert {t.name: t.count for t in model.tiles if t.count}.items() <= counts.items()


def test_a_tile_shows_its_art_and_nothing_outside_its_hex(pngs):
    _, out = pngs
    straight = Image.open(out / "demon-mine-png" / "tiles" / "straight.png").convert("RGBA")
    middle = straight.getpixel((straight.width // 2, straight.height // 2))
    floor = tileset("demon-mine").colour("floor")
    assert close_to(middle, floor, 12) and middle[3] == 255
    edge = straight.getpixel((2, straight.height // 2))  # beside the tunnel: rock, not floor
    assert not close_to(edge, floor, 40) and edge[3] == 255
    hexagon = Image.open(out / "mattock-png" / "tiles" / "tile.png").convert("RGBA")
    assert hexagon.getpixel((1, 1))[3] == 0  # outside a pointy hex: nothing drawn
    assert hexagon.getpixel((hexagon.width // 2, hexagon.height // 2))[3] == 255


@pytest.mark.parametrize("game", GAMES)
def test_the_contact_sheet_has_one_cell_per_design(pngs, game):
    _, out = pngs
    folder = out / f"{game}-png"
    designs = len(json.loads((folder / "manifest.json").read_text())["pieces"])
    sheet = Image.open(folder / f"{game}-contact.png").convert("RGB")
    zoom = png_module.CONTACT_DPI / 72
    pitch = (png_module.CELL + png_module.GAP, png_module.CELL + 4 * png_module.LINE
             + png_module.GAP)
    rows = math.ceil(designs / png_module.COLUMNS)
    assert sheet.height == round((30 + rows * pitch[1] + png_module.GAP) * zoom)

    def blank(index: int) -> bool:
        x = png_module.GAP + (index % png_module.COLUMNS) * pitch[0]
        y = 30 + (index // png_module.COLUMNS) * pitch[1]
        box = [round(v * zoom) for v in (x, y, x + png_module.CELL, y + png_module.CELL)]
        return sheet.crop(box).getextrema() == ((255, 255),) * 3

    assert not any(blank(index) for index in range(designs))
    if designs % png_module.COLUMNS:
        assert blank(designs)  # nothing after the last design


def test_a_second_export_is_byte_identical(pngs, tmp_path):
    dpi, out = pngs
    if dpi != 150:
        pytest.skip("one resolution is enough")
    assert run("export", "png", "gold-mine", "mattock", "--dpi", "150",
               "--out", str(tmp_path)).exit_code == 0
    for game in ("gold-mine", "mattock"):
        again, first = tree(tmp_path / f"{game}-png"), tree(out / f"{game}-png")
        assert len(first) > 5 and again == first


def test_a_resolution_past_the_pixel_budget_is_refused_before_drawing(tmp_path):
    result = run("export", "png", "mattock", "--dpi", "1200", "--out", str(tmp_path))
    assert result.exit_code == 2
    assert "--dpi" in result.output and "or less" in result.output
    assert not (tmp_path / "mattock-png").exists()


def test_exports_follow_the_builds_rules_for_output_folders(tmp_path):
    result = run("export", "png", "demon-mine", "--out", str(ROOT / "tilesets" / "out"))
    assert result.exit_code == 2 and "--out" in result.output
    mine = tmp_path / "demon-mine-tts"
    mine.mkdir()
    (mine / "notes.txt").write_text("mine")
    result = run("export", "tts", "demon-mine", "--out", str(tmp_path))
    assert result.exit_code == 2 and "did not write" in result.output
    assert (mine / "notes.txt").read_text() == "mine"


# ---------------------------------------------------------------------------
# Tabletop Simulator


@pytest.fixture(scope="module")
def tts(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("tts")
    result = run("export", "tts", "--out", str(out))
    assert result.exit_code == 0, result.output
    return out


def saved_object(out: Path, game: str) -> list[dict]:
    return json.loads((out / f"{game}-tts" / f"{game}.json").read_text())["ObjectStates"]


def local(url: str) -> Path:
    """The file a file:// address names, as TTS opens it."""
    parsed = urlparse(url)
    assert parsed.scheme == "file", url
    return Path(unquote(parsed.path))


def cards_of(item: dict) -> list[dict]:
    """The cards a deck holds (a lone card is its own deck of one)."""
    return item["ContainedObjects"] if item["Name"] == "Deck" else [item]


def decks(out: Path, game: str) -> list[dict]:
    """Every deck and lone card but the board (a locked card tagged "board")."""
    return [item for item in saved_object(out, game)
            if item["Name"] in ("Deck", "Card") and "board" not in item.get("Tags", ())]


@pytest.mark.parametrize("game", GAMES)
def test_every_card_id_points_at_a_face_cell_of_its_sheet(tts, game):
    for deck in decks(tts, game):
        sheets = deck["CustomDeck"]
        cards = cards_of(deck)
        if deck["Name"] == "Deck":
            assert deck["DeckIDs"] == [card["CardID"] for card in cards]
        for card in cards:
            number, index = divmod(card["CardID"], 100)
            sheet = sheets[str(number)]
            assert card["CustomDeck"][str(number)] == sheet
            assert 1 <= sheet["NumWidth"] <= 10 and 1 <= sheet["NumHeight"] <= 7
            assert sheet["BackIsHidden"] is False  # the last cell is the hidden face
            assert index < sheet["NumWidth"] * sheet["NumHeight"] - 1


@pytest.mark.parametrize("game", GAMES)
def test_decks_hold_every_piece_as_often_as_the_game_has_it(tts, game):
    model = tileset(game)
    found = Counter(card["Description"] for deck in decks(tts, game) for card in cards_of(deck))
    wanted = Counter({t.name: t.count for t in model.tiles if t.count})
    wanted.update({c.name: c.count for c in model.components if c.count})
    assert found == wanted


@pytest.mark.parametrize("game", GAMES)
def test_cards_are_named_after_their_pieces_in_words(tts, game):
    model = tileset(game)
    tiles = {t.name for t in model.tiles}
    for deck in decks(tts, game):
        for card in cards_of(deck):
            nickname, piece = card["Nickname"], card["Description"]
            assert nickname[0].isupper() and nickname != piece
            if piece in tiles:
                words = tile_name(model.tile(piece), model.shape)
                assert nickname == words[0].upper() + words[1:]
            else:
                assert nickname.lower() == piece.replace("-", " ")


def cell(image: Image.Image, sheet: dict, index: int) -> Image.Image:
    width, height = image.width // sheet["NumWidth"], image.height // sheet["NumHeight"]
    x, y = index % sheet["NumWidth"] * width, index // sheet["NumWidth"] * height
    return image.crop((x, y, x + width, y + height))


@pytest.mark.parametrize("game", GAMES)
def test_sheets_are_whole_cells_within_the_texture_limit(tts, game):
    model = tileset(game)
    sizes = {t.name: model.shape.box(model.size) for t in model.tiles}
    sizes.update({c.name: piece_box(model, c) for c in model.components})
    for deck in decks(tts, game):
        card = cards_of(deck)[0]
        for sheet in deck["CustomDeck"].values():
            with Image.open(local(sheet["FaceURL"])) as faces:
                assert faces.width <= 4096 and faces.height <= 4096
                assert faces.width % sheet["NumWidth"] == 0
                assert faces.height % sheet["NumHeight"] == 0
                face = (faces.width // sheet["NumWidth"], faces.height // sheet["NumHeight"])
            width, height = sizes[card["Description"]]
            assert face[0] / face[1] == pytest.approx(width / height, rel=0.01)
            with Image.open(local(sheet["BackURL"])) as back:
                expected = faces.size if sheet["UniqueBack"] else face
                assert back.size == expected


@pytest.mark.parametrize("game", GAMES)
def test_the_hidden_face_is_the_decks_back_in_the_last_cell(tts, game):
    for deck in decks(tts, game):
        for sheet in deck["CustomDeck"].values():
            faces = Image.open(local(sheet["FaceURL"])).convert("RGBA")
            last = sheet["NumWidth"] * sheet["NumHeight"] - 1
            hidden = cell(faces, sheet, last)
            back = Image.open(local(sheet["BackURL"])).convert("RGBA")
            if sheet["UniqueBack"]:
                back = cell(back, sheet, last)
            assert hidden.tobytes() == back.tobytes()
            middle = hidden.getpixel((hidden.width // 2, hidden.height // 2))
            assert middle[3] == 255  # drawn, not an empty cell
            first = cell(faces, sheet, 0)
            assert first.tobytes() != hidden.tobytes()


@pytest.mark.parametrize("game", GAMES)
def test_every_address_in_the_saved_object_is_an_exported_file(tts, game):
    folder = (tts / f"{game}-tts").resolve()
    addresses = [url for item in saved_object(tts, game)
                 for url in [*(value for sheet in item.get("CustomDeck", {}).values()
                               for key, value in sheet.items() if key.endswith("URL")),
                             item.get("CustomImage", {}).get("ImageURL", "")] if url]
    assert addresses
    for url in addresses:
        path = local(url)
        assert path.parent.resolve() == folder and path.is_file(), url


def _boards(out: Path, game: str) -> list[dict]:
    return [item for item in saved_object(out, game)
            if item["Name"] == "Card" and "board" in item.get("Tags", ())]


def test_mattocks_board_is_a_locked_card_of_the_whole_board(tts):
    boards = _boards(tts, "mattock")
    assert len(boards) == 1 and boards[0]["Locked"] and not boards[0]["Hands"]
    model = tileset("mattock")
    drawing = designs_by_name(model)[model.board.name]()
    [sheet] = boards[0]["CustomDeck"].values()
    assert (sheet["NumWidth"], sheet["NumHeight"]) == (1, 1)
    with Image.open(local(sheet["FaceURL"])) as image:
        assert max(image.size) <= 4096 and min(image.size) > 1000
        assert image.width / image.height == pytest.approx(drawing.width / drawing.height,
                                                           rel=0.005)
    numbers = [n for item in [*decks(tts, "mattock"), *boards] for n in item["CustomDeck"]]
    assert len(numbers) == len(set(numbers))  # its deck number is its own
    assert not any(_boards(tts, game) for game in GAMES if game != "mattock")


def _cell_pixels(item: dict) -> tuple[float, float]:
    """A card's picture in pixels: its sheet's size over the grid TTS cuts it into."""
    sheet = next(iter(item["CustomDeck"].values()))
    with Image.open(local(sheet["FaceURL"])) as image:
        return image.width / sheet["NumWidth"], image.height / sheet["NumHeight"]


def test_a_mattock_tile_spawns_the_size_of_a_board_space_pointing_the_same_way(tts):
    """Sizes from the saved object's own numbers. A TTS card's height is its scale times
    one length (the same for every card, whatever TTS's unit is) and its width follows
    its picture's shape (a saved game's landscape cards at scale 1 are as tall as its
    poker cards, and wider); its picture fills it, so a picture's pixel is that height
    over the picture's height. Mattock's board is wider than tall: scaled by its width,
    as a portrait card is by its long side, it spawned 12% too large for its tiles."""
    model = tileset("mattock")
    [board] = _boards(tts, "mattock")
    [tiles] = [item for item in decks(tts, "mattock") if "tiles" in item["Nickname"]]
    tile_px = _cell_pixels(tiles)
    board_px = _cell_pixels(board)
    # per unit of TTS length, with the unknown card length taken as 1
    tile_across = tiles["Transform"]["scaleZ"] * tile_px[0] / tile_px[1]
    board_unit = board["Transform"]["scaleZ"] / board_px[1]  # one board pixel
    assert board_px[0] > board_px[1]  # landscape: the case the rule is about
    drawing = designs_by_name(model)[model.board.name]()
    space_px = model.size * board_px[0] / drawing.width  # across flats, in board pixels
    assert tile_across == pytest.approx(space_px * board_unit, rel=0.005)
    # pointy-topped: a tile's picture and a board space are taller than wide, by 2/sqrt(3)
    assert tile_px[1] / tile_px[0] == pytest.approx(2 / 3 ** 0.5, rel=0.01)
    assert model.shape.name == "hex-pointy"
    assert tiles["Transform"]["rotY"] == board["Transform"]["rotY"]
    assert tiles["Transform"]["scaleX"] == tiles["Transform"]["scaleZ"]
    assert board["Transform"]["scaleX"] == board["Transform"]["scaleZ"]


def test_a_base_url_points_every_picture_at_the_web_folder(tmp_path):
    result = run("export", "tts", "demon-mine", "--out", str(tmp_path),
                 "--base-url", "https://example.org/mine")
    assert result.exit_code == 0, result.output
    folder = tmp_path / "demon-mine-tts"
    for deck in decks(tmp_path, "demon-mine"):
        for sheet in deck["CustomDeck"].values():
            for key in ("FaceURL", "BackURL"):
                assert sheet[key].startswith("https://example.org/mine/")
                assert (folder / sheet[key].rsplit("/", 1)[1]).is_file()
    assert run("export", "tts", "demon-mine", "--out", str(tmp_path),
               "--base-url", "example.org").exit_code == 2


@pytest.mark.parametrize("game", GAMES)
def test_the_saved_object_has_its_picture_beside_it(tts, game):
    with Image.open(tts / f"{game}-tts" / f"{game}.png") as picture:
        assert picture.size == (256, 256)
        middle = picture.convert("RGBA").getpixel((128, 128))
    assert middle[3] == 255


def test_a_deck_of_more_than_69_designs_spreads_over_two_full_width_sheets(tts):
    printed = sum(1 for tile in tileset("dynamine").tiles if tile.count)
    assert printed > 69
    (deck,) = [d for d in decks(tts, "dynamine") if d["Nickname"] == "Dynamine tiles"]
    first, second = deck["CustomDeck"].items()
    assert (first[1]["NumWidth"], first[1]["NumHeight"]) == (10, 7)
    used = Counter(card_id // 100 for card_id in set(deck["DeckIDs"]))
    assert used == {int(first[0]): 69, int(second[0]): printed - 69}


def test_an_export_replaces_its_own_earlier_folder_even_when_it_is_no_link(tmp_path):
    """Where links cannot be made (Windows) the folder is a real one, and only its
    manifest shows that pnp wrote it: an export's names the folder, not a game."""
    import shutil

    assert run("export", "tts", "demon-mine", "--out", str(tmp_path / "a")).exit_code == 0
    real = tmp_path / "b" / "demon-mine-tts"
    shutil.copytree((tmp_path / "a" / "demon-mine-tts").resolve(), real)
    result = run("export", "tts", "demon-mine", "--out", str(tmp_path / "b"))
    assert result.exit_code == 0, result.output
    assert (real / "demon-mine.json").is_file()


POKER = """\
game: poker
title: Poker
size: 1.5in
tiles:
  - {name: bend, count: 2, paths: [N-E]}
components:
  - {name: hand, kind: card, count: 3, size: 2.5inx3.5in, features: [{label: HAND}]}
"""


@pytest.mark.parametrize(("option", "bleed_in"), [(("--bleed",), 0.125),
                                                (("--bleed", "3mm"), 3 / 25.4)])
def test_a_png_with_bleed_is_its_trim_plus_the_bleed_and_the_trim_is_the_same_art(
        tmp_path, option, bleed_in):
    """Shops that take images ask for the bleed in the picture: a 2.5 x 3.5 in card with
    1/8 in at 300 dpi is 825 x 1125 pixels. Inside the bleed the picture is the trim-size
    export's art; the bleed itself is art too, not an empty border."""
    from PIL import Image, ImageChops

    game = tmp_path / "poker.yaml"
    game.write_text(POKER, encoding="utf-8")
    for name, args in (("plain", ()), ("bled", option)):
        assert run("export", "png", str(game), *args, "--out", str(tmp_path / name)) \
            .exit_code == 0
    plain, bled = (tmp_path / name / "poker-png" for name in ("plain", "bled"))
    manifest = json.loads((bled / "manifest.json").read_text())
    card = next(row for row in manifest["pieces"] if row["piece"] == "hand")
    expected = (round((2.5 + 2 * bleed_in) * 300), round((3.5 + 2 * bleed_in) * 300))
    assert tuple(card["pixels"]) == expected
    if option == ("--bleed",):
        assert expected == (825, 1125) and card["bleed_pixels"] == 37.5
    assert card["inches"] == [2.5, 3.5]  # the trim, what the card measures once cut
    for stem in ("cards/hand", "tiles/bend"):
        with Image.open(bled / f"{stem}.png") as picture, Image.open(plain / f"{stem}.png") as trim:
            side = round(bleed_in * 300)
            assert abs(picture.size[0] - trim.size[0] - 2 * bleed_in * 300) <= 1
            assert round(picture.info["dpi"][0]) == 300
            inner = picture.crop((side, side, side + trim.size[0], side + trim.size[1]))
            difference = ImageChops.difference(inner.convert("RGB"), trim.convert("RGB"))
            changed = sum(difference.convert("L").histogram()[60:])
            assert changed < 0.03 * trim.size[0] * trim.size[1], changed
            assert picture.getpixel((2, picture.size[1] // 2))[3] == 255  # art in the bleed


def test_every_address_is_a_valid_url_whatever_the_output_folder_is_called(tmp_path):
    """Path.as_uri had been trusted untested: a folder with spaces, '#', '%' and accents
    must still give addresses that parse back to the very files."""
    game = tmp_path / "poker.yaml"
    game.write_text(POKER, encoding="utf-8")
    out = tmp_path / "my games #1 100% é"
    assert run("export", "tts", str(game), "--out", str(out)).exit_code == 0
    objects = saved_object(out, "poker")
    addresses = [value for item in objects for deck in [item.get("CustomDeck", {})]
                 for sheet in deck.values() for key, value in sheet.items() if key.endswith("URL")]
    assert addresses
    for url in addresses:
        assert url.isascii() and " " not in url and "#" not in url, url
        path = local(url)
        assert path.is_file() and path.parent.parent == out.resolve(), url
    refused = run("export", "tts", str(game), "--out", str(out),
                  "--base-url", "https://example.org/my games")
    assert refused.exit_code == 2 and "%20" in refused.output


@pytest.mark.parametrize("size", ["63mm x 88mm", "2.5in x 3.5in", "41mm x 63mm"])
def test_a_card_picture_with_bleed_is_opaque_to_its_last_pixel(size):
    """A 63 mm card's outermost columns had alpha 232 of 255 (its pixel sizes are rounded
    one axis at a time and the art was kept in proportion): a faint line once a shop
    flattens the picture. Stretched to the exact pixels, every pixel is opaque."""
    from pnp.draw.components import design_component
    from pnp.export.raster import pixels, render

    game = tileset_from_text(
        "game: cards\ntitle: Cards\nsize: 1.5in\ntiles:\n  - {name: t, count: 1, paths: "
        f"[N-S]}}\ncomponents:\n  - {{name: c, kind: card, count: 1, size: {size}, "
        "features: [{label: HELLO}]}\n")
    drawing = design_component(game, game.components[0], bleed=9.0)
    inches = ((drawing.width + 18) / 72, (drawing.height + 18) / 72)
    image = render(drawing, pixels(inches, 300))
    assert image.getchannel("A").getextrema() == (255, 255)
