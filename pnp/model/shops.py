"""The print shops ``--print-shop`` knows: what each takes, at what size, for which piece.

Each shop is one value: whether its uploader takes a PDF per product or a
picture per face, its resolution, bleed and safe zone, and the products it
sells that a game's pieces can become. A piece is matched to the product of
the same outline whose trim is nearest (:func:`fit_piece`); when the game lets
the piece change size, it is drawn at the product's size, and when nothing
fits, the piece keeps its own size and the order says so.

Plain named tuples, as the papers are: ``pnp --help`` lists the shops' keys
without loading the model's value-type library.

The product sizes are the shops' own, as their templates gave them when this
was written (The Game Crafter's in pixels at 300 dpi, bleed included). Shops
change their ranges; ``docs/print-shops.md`` says where to check.
"""

from __future__ import annotations

import math
from typing import Literal, NamedTuple

Uploads = Literal["pdf", "png"]
Outline = Literal["rect", "round", "hex-flat", "hex-pointy"]
Family = Literal["card", "tile", "token"]

# Copies of one product a print-shop build writes: each is a page per side in a PDF (or
# a count in the order), and shops sell decks and tile sets in the hundreds; past this an
# order is several orders, and a build of 100,000 copies took 135 s and 1.4 GB
MOST_COPIES = 5_000
SNAP_EXACT = 0.02  # a product this close (2%) is the piece's own size, made by the shop
SNAP_SHRINK = 0.98  # pieces never shrink more than this: text stays at the size it was set
SNAP_GROW = 1.4  # nor grow past this, which would be a different game on the table


class Product(NamedTuple):
    """One thing a shop makes, by its trim size in inches (a hex's is its bounding box)."""

    identity: str  # the shop's own name for it, as its product list spells it
    title: str
    outline: Outline
    width: float
    height: float
    families: tuple[Family, ...] = ("tile", "token")


class Standard(NamedTuple):
    """The PDF a shop asks for: the PDF/X standard and its PDF version, the printing
    condition the colours are made for (a name in the ICC's registry), whether its ICC
    profile is embedded, whether transparency is allowed, and the total ink a colour may
    use (C + M + Y + K, 4.0 being 400%)."""

    name: str  # as GTS_PDFXVersion spells it
    pdf_version: tuple[int, int]
    condition: str  # the OutputConditionIdentifier
    condition_info: str
    embeds_profile: bool  # the FOGRA39 profile pnp ships; a registered condition may go without
    transparency: bool
    ink_limit: float


REGISTRY = "http://www.color.org"
# ISO 15930-7: the exchange standard most shops name, with the profile embedded
PDF_X4 = Standard("PDF/X-4", (1, 6), "FOGRA39",
                  "Coated FOGRA39 (ISO 12647-2:2004, paper types 1 and 2, offset)", True,
                  True, 3.0)
# ISO 15930-4 as DriveThruCards asks for it: PDF 1.4, no transparency, CMYK only, US
# Web Coated SWOP (CGATS TR 001, registered, so its profile may be left out) and 240%
# total ink, the limit of its card printing
PDF_X1A = Standard("PDF/X-1a:2003", (1, 4), "CGATS TR 001",
                   "U.S. Web Coated (SWOP) v2, CGATS TR 001", False, False, 2.4)


class Shop(NamedTuple):
    """A print shop's upload rules and its products."""

    key: str
    title: str
    uploads: Uploads
    bleed: float  # inches past the trim on every side
    safe: float  # inches inside the trim that text should keep clear of
    dpi: int
    products: tuple[Product, ...]
    upload_steps: str  # where in the shop's site the files go, in a sentence
    standard: Standard = PDF_X4  # what its PDFs are (a shop that takes pictures: unused)


class Fit(NamedTuple):
    """How a piece becomes a shop's product: the product (None: none fits), the trim it is
    drawn at in points, and a sentence for the order when the size changed or nothing fits."""

    product: Product | None
    width: float
    height: float
    note: str = ""
    warning: str = ""


def _cards(*sizes: tuple[str, str, float, float]) -> tuple[Product, ...]:
    return tuple(Product(identity, title, "rect", width, height, ("card",))
                 for identity, title, width, height in sizes)


def _game_crafter_px(identity: str, title: str, outline: Outline, across: int, down: int,
                     families: tuple[Family, ...] = ("tile", "token")) -> Product:
    """A Game Crafter product from its template's pixels: 300 dpi with 1/8 in bleed."""
    return Product(identity, title, outline, across / 300 - 0.25, down / 300 - 0.25, families)


POKER = ("poker", "Poker card", 2.5, 3.5)
BRIDGE = ("bridge", "Bridge card", 2.25, 3.5)
TAROT = ("tarot", "Tarot card", 2.75, 4.75)

GAME_CRAFTER = Shop(
    "thegamecrafter", "The Game Crafter", "png", 0.125, 0.125, 300,
    (_game_crafter_px("PokerDeck", "Poker Deck", "rect", 825, 1125, ("card",)),
     _game_crafter_px("BridgeDeck", "Bridge Deck", "rect", 750, 1125, ("card",)),
     _game_crafter_px("MiniDeck", "Mini Deck", "rect", 600, 825, ("card",)),
     _game_crafter_px("MicroDeck", "Micro Deck", "rect", 450, 600, ("card",)),
     _game_crafter_px("SmallSquareChit", "Small Square Chit", "rect", 225, 225),
     _game_crafter_px("MediumSquareChit", "Medium Square Chit", "rect", 300, 300),
     _game_crafter_px("LargeSquareChit", "Large Square Chit", "rect", 375, 375),
     _game_crafter_px("MiniSquareTile", "Mini Square Tile", "rect", 450, 450),
     _game_crafter_px("SmallSquareTile", "Small Square Tile", "rect", 675, 675),
     _game_crafter_px("MediumSquareTile", "Medium Square Tile", "rect", 825, 825),
     _game_crafter_px("LargeSquareTile", "Large Square Tile", "rect", 1125, 1125),
     _game_crafter_px("SmallCircleChit", "Small Circle Chit", "round", 225, 225),
     _game_crafter_px("MediumCircleChit", "Medium Circle Chit", "round", 300, 300),
     _game_crafter_px("LargeCircleChit", "Large Circle Chit", "round", 375, 375),
     _game_crafter_px("MiniCircleTile", "Mini Circle Tile", "round", 450, 450),
     _game_crafter_px("SmallHexTile", "Small Hex Tile", "hex-flat", 675, 600),
     _game_crafter_px("MediumHexTile", "Medium Hex Tile", "hex-flat", 825, 750),
     _game_crafter_px("LargeHexTile", "Large Hex Tile", "hex-flat", 1200, 1050)),
    "In your game's workshop, add each product by its name, then upload each face "
    "and back picture into it and set each face's quantity.")

SHOPS: tuple[Shop, ...] = (
    Shop("generic", "Any print shop", "pdf", 0.125, 0.125, 300, (),
         "Send each PDF as one product; every page is one side of one piece, "
         "each front followed by its back."),
    GAME_CRAFTER,
    Shop("drivethrucards", "DriveThruCards", "pdf", 0.125, 0.125, 300,
         _cards(POKER, BRIDGE, TAROT),
         "Create a card title of the matching size and upload the PDF as its print file; "
         "the pages are front, back, front, back, one card each.", PDF_X1A),
    Shop("makeplayingcards", "MakePlayingCards", "png", 0.12, 0.12, 300,
         _cards(POKER, BRIDGE, TAROT, ("mini", "Mini card", 1.75, 2.5),
                ("square", "Square card", 2.5, 2.5)),
         "Choose the card size and the quantity, upload the faces into the front images "
         "and the back into the back image, and give each face its count."),
    Shop("printerstudio", "PrinterStudio", "png", 0.12, 0.12, 300,
         _cards(POKER, BRIDGE, TAROT),
         "Choose custom playing cards of the matching size, upload the faces and the "
         "back, and give each face its count."),
)

SHOP_KEYS: tuple[str, ...] = tuple(shop.key for shop in SHOPS)


def shop_named(key: str) -> Shop:
    """The shop whose key is ``key`` (the command line checks the choice first)."""
    for shop in SHOPS:
        if shop.key == key:
            return shop
    raise ValueError(f"no print shop called {key!r}; there are {', '.join(SHOP_KEYS)}")


def _scale(product: Product, width: float, height: float) -> float | None:
    """How much a piece ``width`` x ``height`` inches grows to become ``product``; None when
    its proportions differ (more than 2%)."""
    across, down = product.width / width, product.height / height
    if abs(across / down - 1.0) > SNAP_EXACT:
        return None
    return (across + down) / 2


_SHAPE_WORDS = {"rect": "rectangular", "round": "round", "hex-flat": "flat-topped hex",
                "hex-pointy": "pointy-topped hex"}


def inch_words(width: float, height: float) -> str:
    """A size in inches as the orders and file names write it, to a thousandth: ``1 in``
    for a square or a circle, ``1 x 1.155 in`` otherwise."""
    across, down = round(width, 3), round(height, 3)
    return f"{across:g} in" if across == down else f"{across:g} x {down:g} in"


def fit_piece(shop: Shop, family: Family, outline: Outline, width: float, height: float,
              resizable: bool) -> Fit:
    """The product a piece of ``width`` x ``height`` points becomes at ``shop``.

    A product within 2% is the piece's own size. Otherwise, when the game
    lets the piece change size (``resizable``), the smallest product at
    least 98% and at most 140% of its size; the order says by how much.
    When none fits, the piece keeps its size and the order warns.
    """
    if not shop.products:
        return Fit(None, width, height)
    inches = (width / 72.0, height / 72.0)
    scored = _of_its_kind(shop, family, outline, inches)
    own = inch_words(*inches)
    # a piece the game lets change size may take a product within 2%; one a board fixes
    # must be the product's size to a thousandth, or a row of them drifts off the spaces
    tolerance = SNAP_EXACT if resizable else 0.001
    exact = [pair for pair in scored if abs(pair[0] - 1.0) <= tolerance]
    if exact:
        scale, product = min(exact, key=lambda pair: abs(math.log(pair[0])))
        return Fit(product, product.width * 72.0, product.height * 72.0,
                   note="" if abs(scale - 1.0) < 1e-9 else
                   f"drawn at the shop's {inch_words(product.width, product.height)} "
                   f"(the game's is {own})")
    grown = sorted((pair for pair in scored if SNAP_SHRINK <= pair[0] <= SNAP_GROW),
                   key=lambda pair: pair[0])
    if resizable and grown:
        scale, product = grown[0]
        return Fit(product, product.width * 72.0, product.height * 72.0,
                   note=f"drawn {round((scale - 1) * 100)}% larger than the game's {own}, "
                        f"at the shop's {inch_words(product.width, product.height)}")
    return Fit(None, width, height, warning=_no_fit(shop, family, outline, own,
                                                    bool(scored), resizable))


def _of_its_kind(shop: Shop, family: Family, outline: Outline,
                 inches: tuple[float, float]) -> list[tuple[float, Product]]:
    """The shop's products a piece could be (its family and outline, its proportions),
    each with how much the piece would grow to become it."""
    return [(scale, product) for product in shop.products
            if family in product.families and product.outline == outline
            and (scale := _scale(product, *inches)) is not None]


def _no_fit(shop: Shop, family: Family, outline: Outline, own: str, any_of_shape: bool,
            resizable: bool) -> str:
    """The order's warning for a piece no product fits, saying why."""
    square = outline == "rect" and " x " not in own
    shape = "square" if square else _SHAPE_WORDS[outline]
    reasons = []
    if not any_of_shape:
        reasons.append(f"it makes no {shape} {family}s that we know of")
    if family == "tile" and not resizable:
        reasons.append("the board's spaces fix the tiles' size")
    if not reasons:
        reasons.append(f"none is within {round((SNAP_GROW - 1) * 100)}% of it")
    why = ", and ".join(reasons)
    return (f"{shop.title}: no product for the {own} {shape} {family}s, as {why}. Their "
            f"files keep the game's size, for a custom-cut order.")
