"""--print-shop SHOP: each product as the shop takes it, PDF/X-4 read back, pictures at the
shop's pixel size, sizes fitted to the shop's range, and an order that counts (issue 28)."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import shutil
import uuid
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageCms
from pypdf import PdfReader
from support import pdf_page_image, tileset_from_text

from pnp.cli import main
from pnp.export.designs import GameDesigns
from pnp.export.press import Press, profile_bytes
from pnp.export.printshop import PrintShopPages
from pnp.input.catalog import resolve
from pnp.input.tileset import load_tileset
from pnp.model.options import STANDARD_BLEED, options_for
from pnp.model.shops import GAME_CRAFTER, SHOPS, fit_piece, shop_named

MM = 72.0 / 25.4


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("shop")
    result = CliRunner().invoke(main, ["build", "dynamine", "--print-shop", "--no-rulebook",
                                       "-q", "--paper", "letter", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out / "dynamine"


def products(folder: Path) -> list[dict]:
    manifest = json.loads((folder / "manifest.json").read_text())
    return [s for s in manifest["sheets"] if s["kind"] == "print-shop"]


def test_every_sheet_has_bleed(built):
    manifest = json.loads((built / "manifest.json").read_text())
    sheets = [s for s in manifest["sheets"] if s["kind"] in ("tiles", "cards", "tokens")]
    assert sheets and all(s["bleed"] == STANDARD_BLEED for s in sheets)


def test_one_pdf_per_product_with_a_page_for_each_side_of_every_copy(built):
    tileset = load_tileset(resolve("dynamine"))
    listed = products(built)
    assert sorted(Path(p["path"]).name for p in listed) == [
        "dynamine-cards-2.48x3.465in.pdf", "dynamine-tiles-1.5in.pdf",
        "dynamine-tokens-round-1in.pdf"]
    for product in listed:
        reader = PdfReader(built / product["path"])
        copies = sum(copy["count"] for copy in product["copies"])
        assert len(reader.pages) == product["pages"] == 2 * copies
        # each copy is its front's form, then its back's: count the forms page by page
        shown = [re.findall(r"/([\w.]+) Do", page.get_contents().get_data().decode("latin-1"))
                 for page in reader.pages]
        assert all(len(names) == 1 for names in shown)
        fronts = Counter(names[0] for names in shown[0::2])
        backs = {names[0] for names in shown[1::2]}
        assert not set(fronts) & backs
        assert sorted(fronts.values()) == sorted(c["count"] for c in product["copies"])
    tiles = next(p for p in listed if p["path"].endswith("tiles-1.5in.pdf"))
    assert Counter({c["name"]: c["count"] for c in tiles["copies"]}) == Counter(
        {t.name: t.count for t in tileset.tiles if t.count})


def test_every_page_has_its_trim_inside_its_bleed_inside_its_media(built):
    for product in products(built):
        bleed = product["bleed"]
        assert bleed == 9.0
        for page in PdfReader(built / product["path"]).pages:
            media = [float(v) for v in page.mediabox]
            trim = [float(v) for v in page.trimbox]
            box = [float(v) for v in page.bleedbox]
            assert media[:2] == [0, 0] and box == media
            assert trim == pytest.approx([bleed, bleed, bleed + product["w"],
                                          bleed + product["h"]], abs=0.001)


def _xmp(reader: PdfReader) -> dict[str, str]:
    packet = reader.trailer["/Root"]["/Metadata"].get_object()
    assert "/Filter" not in packet  # left readable
    root = ET.fromstring(packet.get_data())
    return {element.tag.split("}")[1]: "".join(element.itertext()).strip()
            for element in root.iter() if "}" in element.tag}


def test_each_pdf_is_pdf_x4_with_the_fogra39_intent_and_its_profile(built):
    for product in products(built):
        reader = PdfReader(built / product["path"])
        assert reader.pdf_header == "%PDF-1.6"
        intents = reader.trailer["/Root"]["/OutputIntents"]
        assert len(intents) == 1
        intent = intents[0].get_object()
        assert intent["/S"] == "/GTS_PDFX" and intent["/OutputConditionIdentifier"] == "FOGRA39"
        profile = intent["/DestOutputProfile"].get_object()
        assert profile["/N"] == 4 and profile.get_data() == profile_bytes()
        data = profile.get_data()
        assert data[12:16] == b"prtr" and data[16:20] == b"CMYK"  # an output profile, CMYK
        info = reader.trailer["/Info"].get_object()
        assert info["/GTS_PDFXVersion"] == "PDF/X-4" and info["/Trapped"] == "/False"
        xmp = _xmp(reader)
        assert xmp["GTS_PDFXVersion"] == "PDF/X-4" and xmp["Trapped"] == "False"
        assert xmp["title"] == info["/Title"]
        date = info["/CreationDate"]  # D:YYYYMMDDHHmmSS...
        assert xmp["CreateDate"].startswith(
            f"{date[2:6]}-{date[6:8]}-{date[8:10]}T{date[10:12]}:{date[12:14]}:{date[14:16]}")
        assert xmp["DocumentID"].startswith("uuid:")
        assert xmp["Keywords"] == info["/Keywords"] and info["/Keywords"]  # in sync


@pytest.fixture(scope="module")
def drivethrucards(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("dtc")
    result = CliRunner().invoke(main, ["build", "dynamine", "--print-shop", "drivethrucards",
                                       "--no-rulebook", "-q", "--paper", "letter", "--out",
                                       str(out)])
    assert result.exit_code == 0, result.output
    return out / "dynamine"


def test_two_files_never_share_an_id_and_a_rebuild_keeps_its_own(built, drivethrucards):
    """The DocumentID came from the title alone, so the generic and the DriveThruCards
    files of one product (different bytes) had the same one. Now the XMP ids and the
    trailer's /ID come from the file's bytes: distinct for different files, the same
    for a byte-identical rebuild."""
    seen: list[tuple[bytes, str, bytes]] = []
    for folder in (built, drivethrucards):
        for product in products(folder):
            path = folder / product["path"]
            reader = PdfReader(path)
            xmp = _xmp(reader)
            first = reader.trailer["/ID"][0]
            trailer = first.original_bytes if hasattr(first, "original_bytes") else bytes(first)
            assert xmp["DocumentID"] != xmp["InstanceID"]
            assert xmp["DocumentID"] == f"uuid:{uuid.UUID(bytes=trailer, version=5)}"
            seen.append((path.read_bytes(), xmp["DocumentID"], trailer))
    assert len(seen) > 2 and len({raw for raw, _, _ in seen}) == len(seen)
    assert len({document for _, document, _ in seen}) == len(seen)


def test_no_rgb_anywhere_and_every_font_embedded(built):
    for product in products(built):
        raw = (built / product["path"]).read_bytes()
        reader = PdfReader(built / product["path"])
        assert b"DeviceRGB" not in raw and b"/CalRGB" not in raw
        fonts = 0
        for page in reader.pages[:2]:
            for form in page["/Resources"]["/XObject"].values():
                form = form.get_object()
                code = form.get_data().decode("latin-1")
                assert re.search(r"\b(k|K)\b", code), "no CMYK colour drawn"
                assert not re.search(r"\b(rg|RG|sc|SC|scn|SCN)\b", code)
                for font in form.get("/Resources", {}).get("/Font", {}).values():
                    font = font.get_object()
                    descriptor = font.get("/FontDescriptor") or \
                        font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
                    assert "/FontFile2" in descriptor.get_object()
                    fonts += 1
        if "cards" in product["path"]:
            assert fonts  # card text is there, embedded


def test_round_and_hex_pages_carry_a_die_line_on_the_cut(built):
    """A shop that cuts shapes reads a hairline in the spot colour CutContour, set to
    overprint; a square or rectangular piece is cut to its trim box and has none."""
    for product in products(built):
        reader = PdfReader(built / product["path"])
        page = reader.pages[0]
        code = page.get_contents().get_data().decode("latin-1")
        shaped = "tokens" in product["path"]  # Dynamine's round tokens; tiles and cards
        assert ("/CutContour CS" in code) == shaped, product["path"]
        if shaped:
            space = page["/Resources"]["/ColorSpace"]["/CutContour"].get_object()
            assert space[0] == "/Separation" and space[1] == "/CutContour"
            assert space[2] == "/DeviceCMYK"
            states = [state.get_object() for state in page["/Resources"]["/ExtGState"].values()]
            assert any(bool(state.get("/OP")) for state in states)
            # the line is the 1 in circle of the cut, centred in the trim box
            image = pdf_page_image(built / product["path"], 0, 144).convert("RGB")
            row = [x for x in range(image.width) if _magenta(image.getpixel(
                (x, image.height // 2)))]
            assert row and (row[-1] - row[0]) == pytest.approx(144, abs=3)


def _magenta(pixel: tuple[int, int, int]) -> bool:
    red, green, blue = pixel
    return red > 170 and green < 130 and blue > 90


def test_the_art_runs_through_the_bleed(built):
    cards = next(p for p in products(built) if "cards" in p["path"])
    dpi = 144
    image = pdf_page_image(built / cards["path"], 0, dpi).convert("L")
    width, height = image.size
    inside_bleed = round(STANDARD_BLEED / 2 * dpi / 72)  # halfway between the page edge and the cut
    for x, y in ((inside_bleed, height // 2), (width - inside_bleed, height // 2),
                 (width // 2, inside_bleed), (width // 2, height - inside_bleed)):
        assert image.getpixel((x, y)) < 250, (x, y)


def test_the_order_names_every_file_and_count(built):
    order = (built / "print-shop-generic" / "ORDER.txt").read_text()
    for product in products(built):
        copies = sum(c["count"] for c in product["copies"])
        assert f"== {copies} " in order and product["path"] in order
        assert f"{2 * copies} pages" in order


def test_colours_go_through_the_fogra39_profile_and_greys_print_in_black_alone():
    press = Press()
    assert press.cmyk(0, 0, 0) == (0.0, 0.0, 0.0, 1.0)
    assert press.cmyk(255, 255, 255) == (0.0, 0.0, 0.0, 0.0)
    assert press.cmyk(128, 128, 128) == (0.0, 0.0, 0.0, pytest.approx(0.498, abs=0.001))
    # the warm near-black that sets text and outlines: black ink alone, not four inks
    assert press.cmyk(0x1F, 0x1A, 0x16)[:3] == (0.0, 0.0, 0.0)
    # a red within the press's gamut comes back (through the profile) as the red it was
    import io

    output = ImageCms.ImageCmsProfile(io.BytesIO(profile_bytes()))
    lab = ImageCms.createProfile("LAB")
    back = ImageCms.buildTransform(output, lab, "CMYK", "LAB",
                                   renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
    forward = ImageCms.buildTransform(ImageCms.createProfile("sRGB"), lab, "RGB", "LAB",
                                      renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
    red = (179, 38, 30)
    inks = tuple(round(part * 255) for part in press.cmyk(*red))
    printed = ImageCms.applyTransform(Image.new("CMYK", (1, 1), inks), back).getpixel((0, 0))
    wanted = ImageCms.applyTransform(Image.new("RGB", (1, 1), red), forward).getpixel((0, 0))
    lightness = abs(printed[0] - wanted[0]) * 100 / 255
    assert lightness < 6 and abs(printed[1] - wanted[1]) < 12 and abs(printed[2] - wanted[2]) < 12
    assert inks[1] > 200 and inks[0] < 40  # magenta and yellow, hardly any cyan


def test_a_tilesets_own_picture_goes_in_as_cmyk_with_its_transparency(tmp_path):
    picture = Image.new("RGBA", (8, 8), (200, 30, 30, 255))
    picture.putpixel((0, 0), (0, 0, 0, 0))
    picture.save(tmp_path / "red.png")
    tileset = tileset_from_text("game: art\ntitle: Art\nsize: 1.5in\ntiles:\n"
                                "  - name: painted\n    count: 2\n    paths: [N-S]\n"
                                "    art: red.png\n", tmp_path)
    designs = GameDesigns(tileset, options_for(print_shop="generic"))
    [pdf, _] = PrintShopPages().export(designs, None)
    assert b"DeviceRGB" not in pdf.data
    (tmp_path / "out.pdf").write_bytes(pdf.data)
    images = [obj for page in PdfReader(tmp_path / "out.pdf").pages[:1]
              for form in page["/Resources"]["/XObject"].values()
              for obj in form.get_object()["/Resources"]["/XObject"].values()]
    assert images and all(image.get_object()["/ColorSpace"] == "/DeviceCMYK" and
                          "/SMask" in image.get_object() for image in images)


def test_the_same_build_writes_the_same_bytes():
    tileset = load_tileset(resolve("mattock"))
    options = options_for(print_shop="generic")
    first = PrintShopPages().export(GameDesigns(tileset, options), None)
    again = PrintShopPages().export(GameDesigns(tileset, options), None)
    assert [a.data for a in first] == [a.data for a in again]


# --- fitting pieces to a shop's range


def test_a_63_by_88_mm_card_is_the_shops_poker_card():
    fit = fit_piece(shop_named("drivethrucards"), "card", "rect", 63 * MM, 88 * MM, True)
    assert fit.product is not None and fit.product.identity == "poker"
    assert (fit.width, fit.height) == (2.5 * 72, 3.5 * 72)
    assert "2.5 x 3.5 in" in fit.note and not fit.warning


def test_a_tile_grows_to_the_shops_next_tile_only_when_no_board_fixes_it():
    grown = fit_piece(GAME_CRAFTER, "tile", "rect", 108.0, 108.0, resizable=True)
    assert grown.product is not None and grown.product.identity == "SmallSquareTile"
    assert grown.width == 144.0 and "33% larger" in grown.note
    fixed = fit_piece(GAME_CRAFTER, "tile", "rect", 108.0, 108.0, resizable=False)
    assert fixed.product is None and fixed.width == 108.0
    assert "board's spaces" in fixed.warning


def test_a_piece_never_shrinks_and_never_doubles():
    # 1.1 in round tokens: the 1 in chit would shrink them, the 1.25 in tile is 14% larger
    fit = fit_piece(GAME_CRAFTER, "token", "round", 1.1 * 72, 1.1 * 72, True)
    assert fit.product is not None and fit.product.identity == "MiniCircleTile"
    far = fit_piece(GAME_CRAFTER, "token", "round", 2.0 * 72, 2.0 * 72, True)
    assert far.product is None and "none is within 40%" in far.warning


def test_the_game_crafters_sizes_are_its_templates_pixels():
    pixels = {p.identity: (round((p.width + 0.25) * 300), round((p.height + 0.25) * 300))
              for p in GAME_CRAFTER.products}
    assert pixels["PokerDeck"] == (825, 1125) and pixels["LargeCircleChit"] == (375, 375)
    assert pixels["SmallHexTile"] == (675, 600) and pixels["MiniSquareTile"] == (450, 450)


def test_every_shop_has_a_distinct_key_and_sensible_rules():
    assert len({shop.key for shop in SHOPS}) == len(SHOPS)
    assert SHOPS[0].key == "generic" and not SHOPS[0].products
    for shop in SHOPS:
        assert 0.1 <= shop.bleed <= 0.13 and shop.dpi == 300 and shop.upload_steps


@pytest.mark.slow
def test_the_game_crafter_gets_one_picture_per_face_at_its_pixel_size(tmp_path):
    result = CliRunner().invoke(main, ["build", "dynamine", "mattock", "--print-shop",
                                       "thegamecrafter", "--no-rulebook", "-q", "--paper",
                                       "letter", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "mattock: The Game Crafter: no product for the 0.941 x 1.087 in pointy-topped hex" \
        in result.output and "and the board's spaces fix the tiles' size" in result.output
    sizes = {"SmallSquareTile": (675, 675), "PokerDeck": (825, 1125),
             "LargeCircleChit": (375, 375)}
    for product in products(tmp_path / "dynamine"):
        folder = tmp_path / "dynamine" / product["path"]
        names = {c["name"] for c in product["copies"]} | {c["back"] for c in product["copies"]}
        assert {p.stem for p in folder.glob("*.png")} == names
        for picture in folder.glob("*.png"):
            with Image.open(picture) as image:
                assert image.size == sizes[product["product"]]
                assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
                assert image.info["srgb"] == 0  # perceptual
    order = (tmp_path / "dynamine" / "print-shop-thegamecrafter" / "ORDER.txt").read_text()
    assert "   4 x plus-one.png  (back: back-token-back.png)" in order
    assert "Small Square Tile (SmallSquareTile)" in order
    # Mattock's board fixes its hexes: their pictures keep the game's 23.9 mm across flats
    mattock = products(tmp_path / "mattock")
    tiles = next(p for p in mattock if not p["product"])
    assert tiles["warning"] and Path(tiles["path"]).name == "tiles-hex-0.941x1.087in"
    with Image.open(next((tmp_path / "mattock" / tiles["path"]).glob("*.png"))) as image:
        flats = 23.9 / 25.4  # inches
        assert image.size == (round((flats + 0.25) * 300),
                              round((flats * 2 / 3 ** 0.5 + 0.25) * 300))


def test_the_xmp_packet_keeps_a_title_with_markup_characters_as_text():
    from pnp.export.pdfx import xmp

    packet = xmp("Caves <&> Co", "a subject", "2000-01-01T00:00:00+00:00", "caves")
    root = ET.fromstring(packet.split(b"?>", 1)[1].rsplit(b"<?xpacket", 1)[0])
    titles = [e.text for e in root.iter("{http://www.w3.org/1999/02/22-rdf-syntax-ns#}li")]
    assert "Caves <&> Co" in titles
    assert b"pdfxid:GTS_PDFXVersion>PDF/X-4<" in packet


def test_a_game_taken_for_the_shops_name_says_where_the_option_goes(tmp_path):
    result = CliRunner().invoke(main, ["build", "--print-shop", "mattock", "--out",
                                       str(tmp_path)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "'mattock' is not a print shop" in result.output
    assert "pnp build mattock --print-shop" in result.output
    assert not any(tmp_path.iterdir())


# --- what a review of the change found


MIXED = """game: mixed
title: Mixed
size: 1in
tiles:
  - {name: a, count: 2, paths: [N-S]}
components:
  - {name: big, kind: card, count: 2, size: 70mm x 120mm}
  - {name: small, kind: card, count: 3, size: 63mm x 88mm}
  - {name: coin, kind: token, count: 4, size: 1in, shape: round}
  - {name: chip, kind: token, count: 5, size: 0.5in, shape: round}
  - {name: tab, kind: token, count: 6, size: 1in}
"""


@pytest.mark.parametrize("shop", ["generic", "thegamecrafter"])
def test_every_piece_of_every_size_and_outline_is_ordered_once(tmp_path, shop):
    tileset = tileset_from_text(MIXED, tmp_path)
    artifacts = PrintShopPages().export(GameDesigns(tileset, options_for(print_shop=shop)), None)
    listed = [a.listing for a in artifacts if a.listing is not None]
    ordered = Counter()
    for product in listed:
        ordered.update({c["name"]: c["count"] for c in product["copies"]})
    assert ordered == Counter({"a": 2, "big": 2, "small": 3, "coin": 4, "chip": 5, "tab": 6})
    paths = [a.path for a in artifacts]
    assert len(paths) == len(set(paths))  # no two products share a file
    if shop == "thegamecrafter":  # 1 in square tiles and tokens: two Large Square Chit sets
        assert {p["path"].rsplit("/", 1)[1] for p in listed} >= {"LargeSquareChit",
                                                                 "LargeSquareChit-2"}


def test_a_palette_picture_with_a_transparent_colour_prints_in_cmyk_with_its_mask(tmp_path):
    picture = Image.new("P", (8, 8), 1)
    picture.putpalette([0, 0, 0, 200, 30, 30] + [0] * 762)
    picture.putpixel((0, 0), 0)
    picture.save(tmp_path / "pal.png", transparency=0)
    tileset = tileset_from_text("game: art\ntitle: Art\nsize: 1.5in\ntiles:\n"
                                "  - name: painted\n    count: 1\n    paths: [N-S]\n"
                                "    art: pal.png\n", tmp_path)
    [pdf, _] = PrintShopPages().export(GameDesigns(tileset, options_for(print_shop="generic")),
                                       None)
    assert b"/SMask" in pdf.data and b"DeviceRGB" not in pdf.data


def test_a_tile_a_board_fixes_takes_no_product_even_one_percent_off():
    fit = fit_piece(GAME_CRAFTER, "tile", "rect", 1.01 * 72, 1.01 * 72, resizable=False)
    assert fit.product is None and fit.width == 1.01 * 72
    assert fit_piece(GAME_CRAFTER, "tile", "rect", 1.01 * 72, 1.01 * 72,
                     resizable=True).product is not None


def test_a_hex_grows_to_fit_inside_the_shops_die_not_past_it(tmp_path):
    from pnp.export.shop_products import shop_products

    tileset = tileset_from_text("game: hexes\ntitle: H\nshape: hex-flat\nsize: 1.75in\n"
                                "tiles:\n  - {name: a, count: 1, paths: [N-S]}\n", tmp_path)
    [tiles] = shop_products(tileset, GAME_CRAFTER)
    assert tiles.fit.product is not None and tiles.fit.product.identity == "SmallHexTile"
    width, height = tileset.shape.box(tileset.size)
    assert width * tiles.scale <= tiles.fit.width + 1e-9
    assert height * tiles.scale <= tiles.fit.height + 1e-9


TWO_BACKS = """\
game: backs
title: Two Backs
size: 1.5in
backs:
  - {name: plain, motif: headframe}
  - {name: item, motif: chest}
tiles:
  - {name: t, count: 2, paths: [N-S]}
components:
  - {name: a, kind: card, count: 2, size: 2.5in x 3.5in, back: plain, features: [{label: A}]}
  - {name: b, kind: card, count: 1, size: 2.5in x 3.5in, back: item, features: [{label: B}]}
"""


def test_the_order_names_every_back_and_speaks_of_each_products_own_shape(tmp_path):
    """MakePlayingCards' order said "the back" for Dynamine's deck of seven backs, and a
    square tile's warning spoke of round and hex die lines."""
    game = tmp_path / "backs.yaml"
    game.write_text(TWO_BACKS, encoding="utf-8")
    for shop in ("makeplayingcards", "drivethrucards"):
        done = CliRunner().invoke(main, ["build", str(game), "--print-shop", shop,
                                         "--no-rulebook", "-q", "--paper", "letter",
                                         "--out", str(tmp_path / shop)])
        assert done.exit_code == 0, done.output
    cards = tmp_path / "makeplayingcards" / "backs" / "print-shop-makeplayingcards" / "ORDER.txt"
    assert "2 different backs (back-item, back-plain): choose" in cards.read_text()
    tiles = tmp_path / "drivethrucards" / "backs" / "print-shop-drivethrucards" / "ORDER.txt"
    assert "WARNING" in tiles.read_text() and "die line" not in tiles.read_text()


@pytest.mark.parametrize("title", ["Sep\u2028Mine", "Sep\u2029Mine", "Sep\u0085Mine",
                                   "Sep\nMine"])
def test_a_title_that_would_break_a_line_in_order_txt_is_refused_at_its_line(tmp_path, title):
    path = tmp_path / "sep.yaml"
    path.write_text(f"game: sep\ntitle: {json.dumps(title)}\nsize: 1.5in\ntiles:\n"
                    "  - {name: t, count: 1, paths: [N-S]}\n", encoding="utf-8")
    done = CliRunner().invoke(main, ["validate", str(path)])
    assert done.exit_code == 2 and "sep.yaml, line 2: field 'title'" in done.stderr


def _inks_drawn(reader: PdfReader) -> list[float]:
    """The total ink of every CMYK colour set in the pages and the forms they draw."""
    totals, seen = [], set()

    def read(code: str) -> None:
        for found in re.finditer(r"([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) (k|K)\b", code):
            totals.append(sum(float(v) for v in found.groups()[:4]))

    def forms(objects) -> None:
        for ref in objects.values():
            if ref.idnum in seen:
                continue
            seen.add(ref.idnum)
            form = ref.get_object()
            if form.get("/Subtype") == "/Form":
                read(form.get_data().decode("latin-1"))
                forms(form.get("/Resources", {}).get("/XObject", {}))

    for page in reader.pages:
        read(page.get_contents().get_data().decode("latin-1"))
        forms(page["/Resources"].get("/XObject", {}))
    return totals


def test_drivethrucards_gets_pdf_x1a_for_swop_within_240_percent_ink(drivethrucards):
    """Its help asks for PDF/X-1a:2003 with US Web Coated SWOP and 240% total ink; the
    preset wrote PDF/X-4 for FOGRA39 with dark colours at 268%."""
    assert products(drivethrucards)
    for product in products(drivethrucards):
        path = drivethrucards / product["path"]
        reader, raw = PdfReader(path), path.read_bytes()
        assert reader.pdf_header == "%PDF-1.4"
        info = reader.trailer["/Info"].get_object()
        assert info["/GTS_PDFXVersion"] == "PDF/X-1a:2003" and info["/Trapped"] == "/False"
        assert _xmp(reader)["GTS_PDFXVersion"] == "PDF/X-1a:2003"
        intent = reader.trailer["/Root"]["/OutputIntents"][0].get_object()
        assert intent["/OutputConditionIdentifier"] == "CGATS TR 001"
        assert intent["/RegistryName"] == "http://www.color.org"
        assert "/DestOutputProfile" not in intent  # a registered condition: no profile needed
        # no transparency of any kind, no RGB
        for banned in (b"/SMask", b"/Transparency", b"DeviceRGB", b"/CalRGB", b"/ICCBased"):
            assert banned not in raw, banned
        inks = _inks_drawn(reader)
        assert inks and max(inks) <= 2.4 + 1e-6
        assert max(inks) > 2.3  # the dark walls are built up to the limit, not washed out


def test_ink_is_held_to_the_limit_by_moving_grey_to_black_first():
    from pnp.export.press import Press, within_ink

    assert within_ink((0.2, 0.3, 0.4, 0.1), 2.4) == (0.2, 0.3, 0.4, 0.1)  # under: kept
    dark = (0.7, 0.75, 0.8, 0.4)  # 265%, about the walls' colour
    limited = within_ink(dark, 2.4)
    assert sum(limited) == pytest.approx(2.4, abs=1e-3)
    assert limited[3] > dark[3]  # the shared grey went to black
    assert limited[0] < limited[1] < limited[2]  # the hue's order is kept
    walls = Press(2.4).cmyk(0x2E, 0x24, 0x1C)
    assert sum(walls) <= 2.4 + 1e-6 and sum(Press().cmyk(0x2E, 0x24, 0x1C)) > 2.4
    from PIL import Image

    ghost = Image.new("RGBA", (4, 4), (200, 30, 30, 100))
    inks, alpha = Press(2.4, transparency=False).picture(ghost)
    assert alpha is None and inks.mode == "CMYK"  # flattened onto the paper
    assert Press().picture(ghost)[1] is not None


def test_a_print_shop_order_past_its_most_copies_is_refused_before_drawing(tmp_path):
    """100,000 copies of a tile took 135 s and 1.4 GB as 200,000 PDF pages; such an order
    is several orders. Refused at once, exit 2, naming the count and the most."""
    from pnp.model.shops import MOST_COPIES

    done = CliRunner().invoke(main, ["build", "demon-mine", "--set",
                                     f"straight={MOST_COPIES + 1}", "--print-shop",
                                     "--out", str(tmp_path)])
    assert done.exit_code == 2 and "Traceback" not in done.output
    assert f"at most {MOST_COPIES:,} copies of one product" in done.stderr
    assert not any(tmp_path.iterdir())  # nothing drawn, nothing written


def _preflight():
    """scripts/preflight.py, which a shop's user runs by hand (make preflight)."""
    spec = importlib.util.spec_from_file_location(
        "preflight", Path(__file__).parents[2] / "scripts" / "preflight.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def ghostscript() -> None:
    """The preflight separates inks with Ghostscript; CI installs it, so there a missing
    gs fails rather than skips."""
    if shutil.which("gs") is None:
        if os.environ.get("CI"):
            pytest.fail("Ghostscript (gs) is missing under CI")
        pytest.skip("Ghostscript (gs) is not installed")


@pytest.mark.slow  # Ghostscript separates every page of two shops' files: ten seconds
def test_both_pdf_presets_pass_the_preflight_a_second_engine_runs(built, drivethrucards,
                                                                   ghostscript, capsys):
    """Structure read back by pypdf and every pixel's total ink as Ghostscript separates
    it: PDF/X-4 within 300%, DriveThruCards' PDF/X-1a within its 240%."""
    preflight = _preflight()
    for folder in (built, drivethrucards):
        checked, failed = preflight.check(folder, 36)
        assert checked >= 3 and failed == 0, capsys.readouterr().out
    lines = capsys.readouterr().out.splitlines()
    x1a = [float(re.search(r"at most ([\d.]+)% ink", line)[1]) for line in lines
           if "PDF/X-1a" in line]
    assert x1a and max(x1a) <= 240.8 and max(x1a) > 230  # built up to the limit, not over


def test_the_preflight_refuses_too_much_ink_rgb_and_alpha(tmp_path, ghostscript, capsys):
    """A plain PDF (no output intent) with 100% cyan, magenta and yellow (300%) and a
    half-clear RGB fill, in a folder for DriveThruCards: every fault named, the file
    failed."""
    from reportlab.pdfgen.canvas import Canvas

    folder = tmp_path / "game" / "print-shop-drivethrucards"
    folder.mkdir(parents=True)
    canvas = Canvas(str(folder / "bad.pdf"), pagesize=(72, 72))
    canvas.setFillColorCMYK(1, 1, 1, 0)
    canvas.rect(0, 0, 72, 36, stroke=0, fill=1)
    canvas.setFillColorRGB(1, 0, 0, alpha=0.5)
    canvas.rect(0, 36, 72, 36, stroke=0, fill=1)
    canvas.save()
    checked, failed = _preflight().check(tmp_path, 36)
    out = capsys.readouterr().out
    assert (checked, failed) == (1, 1)
    for fault in ("300.0% total ink on page 1, over 240%", "GTS_PDFXVersion",
                  "no GTS_PDFX output intent", "RGB colour drawn", "constant alpha below 1"):
        assert fault in out, out
