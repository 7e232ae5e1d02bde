"""Rulebook diagrams: pawns stand on paths of their tiles, verdict badges sit beside the board."""

from __future__ import annotations

import math

import msgspec
import pytest
from click.testing import CliRunner
from support import ROOT

from pnp.cli import main
from pnp.draw import art
from pnp.errors import InputError
from pnp.geometry.shapes import SQUARE
from pnp.input.tileset import load_tileset
from pnp.model import ground as floors
from pnp.model.ground import ground
from pnp.model.tileset import TileKind, Tunnel
from pnp.rulebook.diagram import DiagramPlan, plan_diagram
from pnp.rulebook.page import MEASURE
from pnp.rulebook.source import Diagram, parse
from pnp.units import inches

GAMES = ("demon-mine", "dynamine", "gold-mine", "mattock")


def kind(*paths: Tunnel, role: str = "tunnel") -> TileKind:
    return TileKind("t", 1, paths, (), True, "back", role)


def shipped_diagrams(game: str) -> list[tuple[Diagram, DiagramPlan]]:
    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    source = parse(ROOT / "templates" / game / "rulebook.md", tileset)
    return [(block.diagram, plan_diagram(block.diagram, tileset.shape, MEASURE))
            for block in source.blocks if block.diagram is not None]


def test_the_floor_ratios_are_the_ones_the_tile_art_draws():
    assert (floors.FLOOR_RATIO, floors.WALL_RATIO) == (art.FLOOR_RATIO, art.WALL_RATIO)


def test_an_elbow_floor_follows_its_quarter_circle_and_leaves_the_corners_as_rock():
    elbow = ground(SQUARE, kind(Tunnel(("N", "E"))))
    # the arc is centred on the north-east corner (0.5, -0.5) with radius 0.5
    middle = (0.5 - 0.5 * math.cos(math.pi / 4), -0.5 + 0.5 * math.sin(math.pi / 4))
    assert elbow.allows(middle) and elbow.covers(middle)
    assert not elbow.covers((0.0, 0.0))  # the centre is 0.207 from the arc: rock
    assert not elbow.covers((-0.4, 0.4))  # the far corner
    assert elbow.covers((0.5 - 0.5 * math.cos(0.3) + 0.1, -0.5 + 0.5 * math.sin(0.3)))
    turned = ground(SQUARE, kind(Tunnel(("N", "E"))), rotation=2)  # now south-west
    assert turned.allows((-middle[0], -middle[1])) and not turned.covers(middle)


def test_two_curves_back_to_back_leave_their_middle_as_wall_and_a_pawn_snaps_to_a_curve():
    two = ground(SQUARE, kind(Tunnel(("N", "E")), Tunnel(("S", "W"))))
    assert not two.covers((0.0, 0.0))
    spot = two.spot()
    assert spot is not None and two.allows(spot)
    # on the N-E curve, which hugs its corner a little closer than the arc it would be alone
    assert two.floors[0].distance(spot) <= 0.0
    assert 0.44 < math.dist(spot, (0.5, -0.5)) < 0.5


def test_a_pawn_near_a_wall_is_refused_though_its_centre_touches_the_floor():
    straight = ground(SQUARE, kind(Tunnel(("N", "S"))))
    assert straight.allows((0.04, 0.3)) and not straight.allows((0.12, 0.3))
    assert straight.covers((0.12, 0.3)) and not straight.covers((0.2, 0.3))


def test_a_dead_end_beside_another_path_stops_short_of_the_centre():
    stub = ground(SQUARE, kind(Tunnel(("E",)), Tunnel(("N", "S"))))
    assert stub.floors[0].distance((0.3, 0.0)) <= 0
    assert stub.floors[0].distance((-0.1, 0.0)) > 0  # the other side of the straight's wall


def test_chambers_caverns_and_tiles_without_tunnels():
    chamber = ground(SQUARE, kind(Tunnel(("S",), junction=True)))
    assert chamber.allows((0.15, -0.1))  # inside the round chamber, off the spoke
    cavern = ground(SQUARE, kind(Tunnel(("N", "S"), style="cavern")))
    assert cavern.allows((0.18, 0.1)) and not cavern.covers((0.45, 0.45))
    mine = ground(SQUARE, kind())  # Mattock's tiles are all mine
    assert mine.allows((0.3, 0.0)) and not mine.allows((0.45, 0.0))
    event = ground(SQUARE, kind(role="event"))
    assert not event.allows((0.0, 0.0)) and event.spot() is None


def tile_under(plan: DiagramPlan, x: float, y: float):
    """The placed tile whose space holds the point (x, y) of the plan, and the point
    in that tile's own terms: tile sizes from its centre, y down."""
    placed = min(plan.diagram.tiles, key=lambda t: math.dist(plan.centre(t.cell), (x, y)))
    cx, cy = plan.centre(placed.cell)
    return placed, ((x - cx) / plan.cell, -(y - cy) / plan.cell)


@pytest.mark.parametrize("game", GAMES)
def test_every_drawn_pawn_of_every_shipped_diagram_has_its_centre_on_a_tunnel_floor(game):
    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    checked = 0
    for _, plan in shipped_diagrams(game):
        for x, y, _ in plan.pawns():
            placed, offset = tile_under(plan, x, y)
            assert math.hypot(*offset) < 0.5 + 1e-6, "a pawn off its tile"
            tile = tileset.tile(placed.kind)
            floor = ground(tileset.shape, tile, placed.rotation)
            assert floor.covers(offset) and floor.allows(offset), \
                (game, plan.diagram.line, placed)
            checked += 1
    assert checked >= (0 if game == "dynamine" else 3)


def boxes_overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize("game", GAMES)
def test_every_verdict_badge_sits_beside_the_board_clear_of_every_tile(game):
    badges = 0
    for diagram, plan in shipped_diagrams(game):
        badge = plan.badge()
        if badge is None:
            continue
        x, y, r = badge
        disc = (x - r, y - r, x + r, y + r)
        assert disc[2] <= plan.width and disc[1] >= 0 and disc[3] <= plan.height
        for placed in plan.diagram.tiles:
            corners = plan.outline(placed.cell)
            xs, ys = [c[0] for c in corners], [c[1] for c in corners]
            assert not boxes_overlap(disc, (min(xs), min(ys), max(xs), max(ys))), \
                (game, diagram.line, placed)
        badges += 1
    assert badges >= 1


def test_a_pawn_given_only_a_square_stands_on_its_tiles_path(tmp_path):
    tileset = load_tileset(ROOT / "tilesets" / "gold-mine.yaml")
    template = tmp_path / "rules.md"
    template.write_text("# A\n\n```pnp diagram\ntiles:\n  - [0, 0, two-elbows]\n"
                        "pawns:\n  - {at: [0, 0]}\n```\n")
    diagram = next(b.diagram for b in parse(template, tileset).blocks if b.diagram)
    (where, _, _), = diagram.pawns
    assert where != (0, 0)
    assert ground(tileset.shape, tileset.tile("two-elbows")).allows(where)


@pytest.mark.parametrize(("pawns", "line", "fragment"), [
    ("  - {at: [0.3, 0.3]}", 8, "a pawn must stand on a path of its tile"),
    ("  - {at: [0.18, 0]}", 8, "rock or wall of 'straight' (turn 0)"),  # centre in the wall
    ("  - {at: [1, 0]}", 8, "a pawn stands on a tile, and this square has none"),
    ("  - {at: [0, 0]}\n  - {at: [0, 0.02]}", 9, "two pawns on one spot hide each other"),
])
def test_a_pawn_off_a_path_fails_the_build_naming_the_template_line(tmp_path, pawns, line,
                                                                     fragment):
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "rules.md").write_text(
        f"# A\n\n```pnp diagram\ncolumns: 2\ntiles:\n  - [0, 0, straight]\npawns:\n{pawns}\n```\n")
    (folder / "mini.yaml").write_text(
        "game: mini\ntitle: Mini\nsize: 1.5in\nrulebook: rules.md\n"
        "tiles:\n  - {name: straight, count: 4, paths: [N-S]}\n")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", str(folder / "mini.yaml"), "--paper", "letter",
                                       "--out", str(out)])
    assert result.exit_code == 2
    assert f"rules.md, line {line}: field 'diagram.pawns[" in result.output
    assert fragment in result.output and "Traceback" not in result.output
    assert not out.exists()


def test_a_miner_on_the_walls_between_two_curves_is_refused(tmp_path):
    tileset = load_tileset(ROOT / "tilesets" / "gold-mine.yaml")
    template = tmp_path / "rules.md"
    template.write_text("# A\n\n```pnp diagram\ntiles:\n  - {at: [1, 0], tile: two-elbows, "
                        "turn: 1}\npawns:\n  - {at: [0.95, -0.05], colour: red}\n```\n")
    with pytest.raises(InputError, match=r"line 7: .*rock or wall of 'two-elbows' \(turn 1\)"):
        parse(template, tileset)


# --- one diagram style ----------------------------------------------------------


def test_every_label_of_every_shipped_diagram_is_in_one_colour():
    """Level numbers, row letters and panel names: the ink of the book, never a player's
    colour that changes from page to page."""
    colours = {colour for game in GAMES for diagram, _ in shipped_diagrams(game)
               for _, _, colour in diagram.labels}
    assert colours == {"black"}


def test_numbered_arrows_carry_their_steps_beside_them():
    from pnp.draw.diagram import DiagramArt, diagram_scenes
    from pnp.draw.scene import Text

    arrows = (((10.0, 10.0), (90.0, 10.0)), ((90.0, 10.0), (90.0, 90.0)))
    art_ = DiagramArt(100.0, 100.0, 60.0, (), (), arrows, (), (), (), numbered=True)
    palette = dict(load_tileset(ROOT / "tilesets" / "gold-mine.yaml").palette)
    _, over = diagram_scenes(art_, palette)
    numbers = [item for item in over.items if isinstance(item, Text)]
    assert [item.text for item in numbers] == ["1", "2"]
    for item, (start, end) in zip(numbers, arrows, strict=True):
        y = 100.0 - item.y  # back to the diagram's own y-up coordinates
        middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
        assert 6.0 < math.dist((item.x, y), middle) < 20.0  # beside the arrow, not on it
    plain = diagram_scenes(art_._replace(numbered=False), palette)[1]
    assert not [item for item in plain.items if isinstance(item, Text)]


def test_a_step_number_moves_off_a_pawn_that_stands_where_it_would_go():
    """A step's disc goes on the arrow's left; with a pawn there it takes the other side
    (a number touching a pawn reads as part of it), and it stays beside its arrow."""
    from pnp.draw.diagram import DiagramArt, Pawn, diagram_scenes
    from pnp.draw.scene import Circle, Text

    arrow = ((10.0, 50.0), (90.0, 50.0))
    palette = dict(load_tileset(ROOT / "tilesets" / "gold-mine.yaml").palette)

    def disc(pawns):
        art_ = DiagramArt(100.0, 100.0, 60.0, (), (), (arrow,), pawns, (), (), numbered=True)
        over = diagram_scenes(art_, palette)[1].items
        number = next(item for item in over if isinstance(item, Text) and item.text == "1")
        ring = next(item for item in over if isinstance(item, Circle)
                    and math.isclose(item.cx, number.x) and item.r < 10)
        return (ring.cx, 100.0 - ring.cy), ring.r

    (x, y), radius = disc(())
    assert y > 50.0  # on the left as the arrow points east: above it, y up
    pawn = Pawn((x, y), 7.0, "red", "R")
    (x2, y2), _ = disc((pawn,))
    assert y2 < 50.0 and 6.0 < math.dist((x2, y2), (50.0, 50.0)) < 20.0
    assert math.dist((x2, y2), pawn.centre) >= pawn.radius + radius


def test_an_arrow_hops_over_a_piece_its_straight_line_would_strike_out():
    """Mattock's move past a friend drew its arrow through the friend's triangle, and from
    inside the moving miner: the arrow now leaves the mover's disc, arches over every
    piece it passes (pieces drawn as the kit prints them too) and lands on its end; an
    arrow that passes nothing stays straight."""
    from pnp.draw.diagram import PAWN_GAP, DiagramArt, Pawn, diagram_scenes
    from pnp.draw.scene import Outline

    palette = dict(load_tileset(ROOT / "tilesets" / "mattock.yaml").palette)
    mover, friend = Pawn((10.0, 40.0), 14.0, "red", "R"), Pawn((45.0, 40.0), 14.0, "red", "R")
    arrow = ((10.0, 40.0), (115.0, 40.0))

    def shaft(stood):
        art_ = DiagramArt(130.0, 100.0, 35.0, (), (), (arrow,), (), (), (), stood=stood)
        lines = [item for item in diagram_scenes(art_, palette)[1].items
                 if isinstance(item, Outline) and item.style.stroke == palette["accent"]]
        assert len(lines) == 1
        return lines[0].commands

    straight = shaft((mover,))
    assert [command[0] for command in straight] == ["M", "L"]
    assert math.dist(straight[0][1:], (10.0, 60.0)) >= mover.radius + PAWN_GAP - 1e-6
    (_, *start), (letter, *numbers) = shaft((mover, friend))
    assert letter == "C"
    corners = [tuple(start), *zip(numbers[::2], numbers[1::2], strict=True)]
    for k in range(41):
        t = k / 40
        point = [sum(weight * corner[axis] for weight, corner in zip(
            ((1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3), corners,
            strict=True)) for axis in (0, 1)]
        centre = (friend.centre[0], 100.0 - friend.centre[1])  # the scene's y runs down
        assert math.dist(point, centre) >= friend.radius + PAWN_GAP
        assert 0.0 <= point[1] <= 100.0  # inside the diagram's box
    assert corners[1][1] < 60.0  # it leaves upward (the scene's y runs down)


def test_the_phantoms_three_steps_are_numbered_as_its_caption_tells_them():
    steps = [diagram for diagram, _ in shipped_diagrams("gold-mine") if diagram.numbered]
    assert len(steps) == 1 and len(steps[0].arrows) == 3
    assert all(f"Step {n}" in steps[0].caption for n in (1, 2, 3))


def test_a_label_above_the_board_names_its_panel_inside_the_diagrams_box():
    diagram, plan = next((diagram, plan) for diagram, plan in shipped_diagrams("demon-mine")
                         if any(text == "Before" for _, text, _ in diagram.labels))
    board = plan.cell * diagram.rows
    assert plan.height > board + 0.3 * plan.cell  # room above the tiles for the words
    for where, _, _ in diagram.labels:
        x, y = plan.centre(where)
        assert 0 < x < plan.width and 0.15 * plan.cell < y < plan.height - 0.15 * plan.cell
        assert y > board  # above the tiles (y up)


def test_a_diagram_shows_the_games_own_pieces_on_bare_tiles():
    from pnp.rulebook.designs import Designs

    mattock = Designs(load_tileset(ROOT / "tilesets" / "mattock.yaml"))
    red = mattock.piece_of("red")
    assert red is not None and red[0].endswith(":red-miner")
    key, drawing = mattock.bare("tile")

    def count(items):
        return sum(1 + count(getattr(item, "children", ())) for item in items)

    assert key.endswith(":bare") and count(drawing.items) < count(mattock.tile("tile").items)
    demon = load_tileset(ROOT / "tilesets" / "demon-mine.yaml")
    black = Designs(demon).piece_of("black")
    assert black is not None and black[0].endswith(":black-pawn")  # its printed pawn
    # a game that prints no pawn of that colour draws a pawn's disc
    assert Designs(msgspec.structs.replace(demon, components=())).piece_of("black") is None


def test_a_piece_taken_off_is_the_piece_itself_faded_towards_the_paper():
    """Every colour of the miner moves towards the paper; nothing is dashed (a dashed
    outline is a target) and nothing is made transparent (PDF/X-1a refuses it)."""
    from pnp.draw.diagram import faded
    from pnp.draw.ink import mix
    from pnp.rulebook.designs import Designs

    tileset = load_tileset(ROOT / "tilesets" / "mattock.yaml")
    paper = dict(tileset.palette)["paper"]
    piece = Designs(tileset).piece_of("blue")
    assert piece is not None
    _, drawing = piece
    pale = faded(drawing, paper)

    def styles(items):
        for item in items:
            yield from styles(getattr(item, "children", ()))
            if hasattr(item, "style"):
                yield item.style

    pairs = list(zip(styles(drawing.items), styles(pale.items), strict=True))
    assert pairs and any(before.fill for before, _ in pairs)
    for before, after in pairs:
        assert after.fill == (before.fill and mix(before.fill, paper, 0.62))
        assert after.opacity == 1.0 and after.dash == before.dash


def test_the_set_up_shows_the_table_beside_the_board_without_board_squares():
    """Demon Mine's draw pile and pit lie past a gap column: no faint squares there, so
    nobody reads the side of the table as more places to build; the pit is one tray."""
    from pnp.rulebook.designs import Designs
    from pnp.rulebook.figures import DiagramFlowable

    tileset = load_tileset(ROOT / "tilesets" / "demon-mine.yaml")
    set_up = next(diagram for diagram, _ in shipped_diagrams("demon-mine")
                  if diagram.title == "Setup")
    flowable = DiagramFlowable(Designs(tileset), set_up, MEASURE)
    assert {column for column, _ in flowable.ground()} == set(range(8))
    tray = flowable.art().area
    assert len(tray) == 4  # one rectangle around the pit's four squares
    width = max(x for x, _ in tray) - min(x for x, _ in tray)
    assert width == pytest.approx(2 * flowable.cell - 4.0)  # 2 pt inside each edge


def test_a_piece_set_aside_on_the_table_stands_on_no_board_square():
    """Gold Mine's Phantom waits beside the mine until a cavern is laid: the set-up drew
    a board square round it, as if it stood in the mine. A square holding a tile keeps
    its square."""
    from pnp.rulebook.designs import Designs
    from pnp.rulebook.figures import DiagramFlowable

    tileset = load_tileset(ROOT / "tilesets" / "gold-mine.yaml")
    set_up = next(diagram for diagram, _ in shipped_diagrams("gold-mine")
                  if diagram.title == "Setup")
    flowable = DiagramFlowable(Designs(tileset), set_up, MEASURE)
    (phantom, _, _), = set_up.pieces
    ground = set(flowable.ground())
    assert (round(phantom[0]), round(phantom[1])) not in ground
    assert {placed.cell for placed in set_up.tiles} <= ground


def test_a_before_and_after_pair_keeps_its_board_on_both_sides_of_the_gap():
    """A gap column parts two panels; past it a panel with tiles in play is board too."""
    from pnp.rulebook.designs import Designs
    from pnp.rulebook.figures import DiagramFlowable

    tileset = load_tileset(ROOT / "tilesets" / "demon-mine.yaml")
    for diagram, _ in shipped_diagrams("demon-mine"):
        flowable = DiagramFlowable(Designs(tileset), diagram, MEASURE)
        gaps = flowable._gap_columns()
        if gaps and diagram.title != "Setup":
            shown = {column for column, _ in flowable.ground()}
            assert shown == set(range(diagram.columns)) - gaps
            return
    pytest.fail("no shipped Demon Mine diagram has two moments on one board")


def test_a_moments_name_over_the_board_sits_one_step_under_the_panels_title():
    """Demon Mine's "Before" and "After" once printed in 12 pt bold over a "LEGAL" of
    8.5 pt: the moment's name now takes the title's size, unbolded; words on the ground
    keep their own size."""
    from pnp.draw.diagram import TITLE_SIZE, DiagramArt, Word, diagram_scenes
    from pnp.draw.scene import Text

    palette = dict(load_tileset(ROOT / "tilesets" / "demon-mine.yaml").palette)
    words = (Word((50.0, 95.0), "Before", "black", names_a_moment=True),
             Word((50.0, 40.0), "Pit", "black"))
    art_ = DiagramArt(100.0, 100.0, 60.0, (), (), (), (), words, (),
                      title=((50.0, 99.0), "Legal"))
    texts = {item.text: item for item in diagram_scenes(art_, palette)[1].items
             if isinstance(item, Text)}
    assert texts["BEFORE"].size == texts["LEGAL"].size == TITLE_SIZE
    assert texts["BEFORE"].font == "regular" and texts["LEGAL"].font == "bold"
    assert texts["Pit"].size > TITLE_SIZE and texts["Pit"].font == "bold"


def test_the_kits_pieces_stand_on_the_tiles_at_their_printed_size():
    """Mattock's 0.75 in miners on its 23.9 mm hexes, as wide against a tile in every
    diagram as on the table, and three quarters of a 1 in space on the whole board (they
    were a third of a space there)."""
    from pnp.draw.board import space_size
    from pnp.rulebook.designs import Designs
    from pnp.rulebook.figures import DiagramFlowable

    tileset = load_tileset(ROOT / "tilesets" / "mattock.yaml")
    designs = Designs(tileset)
    for diagram, _ in shipped_diagrams("mattock"):
        flowable = DiagramFlowable(designs, diagram, MEASURE)
        for pawn in flowable.art().pawns:
            piece = designs.piece_of(pawn.colour)
            assert piece is not None
            across = flowable._piece_across(pawn, piece[1])
            cell = space_size(tileset.size) if diagram.board else tileset.size
            assert across == pytest.approx(inches(0.75) / cell * flowable.cell)
            assert diagram.board or across / flowable.cell == pytest.approx(19.05 / 23.9)


def test_a_pile_shows_the_edges_of_the_tiles_under_its_top_one():
    """Each tile under the top one shows as a sliver down and to the right, deepest first,
    inside the pile's own square so neighbouring piles stay apart."""
    from pnp.draw.diagram import PILE_EDGES, PILE_STEP, DiagramArt, diagram_scenes
    from pnp.draw.scene import Outline

    palette = dict(load_tileset(ROOT / "tilesets" / "dynamine.yaml").palette)
    top = ((10.0, 10.0), (50.0, 10.0), (50.0, 50.0), (10.0, 50.0))
    art_ = DiagramArt(100.0, 100.0, 60.0, (), (), (), (), (), (), piles=(top,))
    edges = [item for item in diagram_scenes(art_, palette)[0].items
             if isinstance(item, Outline)]
    assert len(edges) == PILE_EDGES
    step = 60.0 * PILE_STEP
    deepest = edges[0].commands[0]  # the scene's y runs down: a sliver below is larger y
    assert deepest[1:] == pytest.approx((10.0 + PILE_EDGES * step, 100 - 10.0 + PILE_EDGES * step))


def test_the_market_piles_stand_apart_with_paper_between_them(tmp_path):
    """Dynamine's set-up draws its 36 market piles smaller than their squares: the line
    between two piles' squares is paper, not the rock of two tiles laid edge to edge."""
    import pypdfium2
    from reportlab.pdfgen.canvas import Canvas

    from pnp.draw.diagram import PILE_SHARE
    from pnp.rulebook.designs import Designs
    from pnp.rulebook.figures import DiagramFlowable

    tileset = load_tileset(ROOT / "tilesets" / "dynamine.yaml")
    set_up = next(diagram for diagram, _ in shipped_diagrams("dynamine")
                  if diagram.title == "Setup")
    assert len(set_up.piles) == 36 and set(set_up.piles) <= {t.cell for t in set_up.tiles}
    flowable = DiagramFlowable(Designs(tileset), set_up, MEASURE)
    width, height = flowable.wrap(MEASURE, 1000)
    path = tmp_path / "set-up.pdf"
    canvas = Canvas(str(path), pagesize=(width, height))
    flowable.drawOn(canvas, 0, 0)
    canvas.save()
    zoom = 4
    picture = pypdfium2.PdfDocument(str(path))[0].render(scale=zoom).to_pil().convert("L")
    paper, rock = 0, 0
    for column in range(1, 6):
        for row in range(1, 7):
            (left, y), (right, _) = flowable.centre((column, row)), flowable.centre(
                (column + 1, row))
            between = (left + right) / 2
            # just right of the joint: past the left pile's slivers, short of the next
            # pile's top tile
            x = between + flowable.cell * (1 - PILE_SHARE) / 4
            shade = picture.getpixel((round(x * zoom), round((height - y) * zoom)))
            paper, rock = paper + (shade > 225), rock + (shade < 160)
    assert paper >= 28 and rock == 0, (paper, rock)


def test_a_pile_on_a_square_without_a_tile_is_refused_naming_the_line(tmp_path):
    tileset = load_tileset(ROOT / "tilesets" / "gold-mine.yaml")
    template = tmp_path / "rules.md"
    template.write_text("# A\n\n```pnp diagram\ntiles:\n  - [0, 0, two-elbows]\n"
                        "piles: [[0, 0], [1, 0]]\n```\n")
    with pytest.raises(InputError) as caught:
        parse(template, tileset)
    message = str(caught.value)
    assert "field 'diagram.piles'" in message and "[[1, 0]]" in message
    assert "line 6" in message


@pytest.mark.parametrize("game", GAMES)
def test_a_tick_or_cross_on_a_tile_lies_well_inside_it_on_rock(game):
    """A mark on a tile reads as that tile's: its disc keeps a tenth of a tile inside the
    tile's edges, and on a tile with tunnels it lies on rock, clear of every wall (a
    cross over a wall, Dynamine's crossing had one, reads as a broken wall)."""
    from pnp.model.ground import WALL_RATIO
    from pnp.model.ground import ground as tile_ground
    from pnp.rulebook.designs import Designs
    from pnp.rulebook.figures import DiagramFlowable

    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    designs = Designs(tileset)
    seen = 0
    for diagram, _ in shipped_diagrams(game):
        flowable = DiagramFlowable(designs, diagram, MEASURE)
        tiles = {placed.cell: placed for placed in diagram.tiles}
        for where, mark in diagram.marks:
            if mark == "closed" or where not in tiles or any(
                    pawn == where for pawn, _, _ in diagram.pawns):
                continue
            (x, y), radius = flowable._mark_spot(where)
            cx, cy = flowable.centre(where)
            offset = ((x - cx) / flowable.cell, (cy - y) / flowable.cell)  # y down
            reach = math.hypot(*offset) + radius / flowable.cell
            assert reach <= 0.5 - 0.1 + 1e-9 if tileset.shape.axial else \
                max(abs(offset[0]), abs(offset[1])) + radius / flowable.cell <= 0.4 + 1e-9
            placed = tiles[where]
            kind = tileset.tile(placed.kind)
            if kind.paths:
                floor = tile_ground(tileset.shape, kind, placed.rotation)
                assert not floor.covers(offset)
                assert all(path.distance(offset) >= WALL_RATIO + radius / flowable.cell - 1e-9
                           for path in floor.floors), (diagram.caption[:40], where)
            seen += 1
    assert seen or game != "dynamine"


def test_a_tile_shown_small_keeps_its_name_legible_and_its_plus_one_sign():
    """Dynamine's +1 diagram shows a shaft at 0.6 of its size: the "+1" at its mouth (9 pt
    printed, 5.5 pt there) is the point of the picture and stays, set at 6 pt. A name (a
    homebrew's: no shipped tile prints one) stays readable on one line at 6 pt where its
    grown plaque fits the tile, and goes where not, never re-set on two lines (a book's
    tile then read as another design) nor as a blank plaque (an empty label). A cover,
    a picture, leaves names out."""
    from support import named_demon_mine

    from pnp.draw.scene import Outline, Text, flat, without_small_text
    from pnp.rulebook.designs import Designs

    def shown(designs: Designs, name: str, scale: float, names: bool = True) -> tuple:
        _, drawing = designs.shown(name, scale, names)
        return tuple(flat(without_small_text(drawing, scale, designs.text_floor).items))

    dynamine = Designs(load_tileset(ROOT / "tilesets" / "dynamine.yaml"))
    assert [item.text for item in shown(dynamine, "c2-vertical-plus-s", 0.6)
            if isinstance(item, Text)] == ["+1"]
    named = Designs(named_demon_mine())
    hive = [item for item in shown(named, "beetle-hive", 0.8) if isinstance(item, Text)]
    assert [item.text for item in hive] == ["BEETLE HIVE"]  # one line, as it prints
    assert min(item.size * 0.8 for item in hive) >= 6.0 - 1e-9
    small = shown(named, "mine-entrance", 0.4)
    assert not [item for item in small if isinstance(item, Text)]
    assert not any(isinstance(item, Outline) and item.plaque for item in small)
    cover = shown(named, "beetle-hive", 0.8, names=False)
    assert not any(isinstance(item, Outline) and item.plaque for item in cover)


def test_every_laid_tile_of_a_diagram_is_edged_where_it_meets_its_neighbours():
    """Tiles laid edge to edge read as one map unless their cut edges show: each tile but
    a pile's top one gets a thin seam along its outline, over the art."""
    from pnp.draw.diagram import diagram_scenes
    from pnp.draw.scene import Outline
    from pnp.rulebook.designs import Designs
    from pnp.rulebook.figures import DiagramFlowable

    for game in GAMES:
        tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
        designs = Designs(tileset)
        for diagram, _ in shipped_diagrams(game):
            flowable = DiagramFlowable(designs, diagram, MEASURE)
            art_ = flowable.art()
            laid = [placed for placed in diagram.tiles if placed.cell not in diagram.piles]
            assert art_.seams == tuple(flowable.plan.outline(placed.cell) for placed in laid)
            over = diagram_scenes(art_, dict(tileset.palette))[1].items
            assert sum(isinstance(item, Outline) and item.style.width == 0.5 and
                       item.style.fill is None for item in over) >= len(laid)


def test_a_tick_goes_to_the_corner_of_its_tile_that_fewest_neighbours_meet():
    """Dynamine's vein tile had its tick in the lower left, where the crossing beside it
    and the tee below it meet: a reader could not tell whose tick it was."""
    from pnp.model.placement import TilePlacement
    from pnp.rulebook.figures import MARK_CORNER, _rock_corner

    demon = load_tileset(ROOT / "tilesets" / "demon-mine.yaml")
    straight = TilePlacement("straight", (1, 1), 0)  # rock in all four corners
    (across, down), _ = _rock_corner(demon, straight)
    assert across < 0 < down  # alone: lower left
    beside_and_below = frozenset({(0, 1), (0, 2), (1, 2)})
    (across, down), _ = _rock_corner(demon, straight, beside_and_below)
    assert down < 0 < across  # the upper right, met by none
    assert MARK_CORNER <= abs(across) == abs(down)


@pytest.mark.parametrize("game", ["demon-mine", "dynamine", "gold-mine", "mattock"])
def test_a_reach_tint_reads_in_greyscale(game):
    """Demon Mine's lodestone reach was tinted a fifth of the accent: 13% grey, lost on
    a greyscale print. The tint is at least 20% grey in every game's palette."""
    from pnp.draw.diagram import DiagramArt, diagram_scenes
    from pnp.draw.scene import Outline

    palette = dict(load_tileset(ROOT / "tilesets" / f"{game}.yaml").palette)
    square = ((0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0))
    art = DiagramArt(20.0, 20.0, 10.0, (), (), (), (), (), (), reach=(square,))
    under, _ = diagram_scenes(art, palette)
    [tint] = [item for item in under.items if isinstance(item, Outline) and item.style.fill]
    red, green, blue = (int(tint.style.fill[i:i + 2], 16) for i in (1, 3, 5))
    assert 0.299 * red + 0.587 * green + 0.114 * blue < 255 * 0.8


def test_numbered_steps_run_on_through_a_dot_where_each_ends():
    """Gold Mine's three-step Phantom move drew three loose arrows, each stopping short
    of the spot it reached: step 2 seemed to start from nothing. Where one step ends and
    the next begins there is now an accent dot, and both arrows reach it."""
    from pnp.draw.diagram import STOP_CLEARANCE, diagram_scenes
    from pnp.draw.scene import Circle, flat
    from pnp.rulebook.designs import Designs
    from pnp.rulebook.figures import DiagramFlowable

    tileset = load_tileset(ROOT / "tilesets" / "gold-mine.yaml")
    move = next(diagram for diagram, _ in shipped_diagrams("gold-mine") if diagram.numbered)
    flowable = DiagramFlowable(Designs(tileset), move, MEASURE)
    art = flowable.art()
    _, over = diagram_scenes(art, dict(tileset.palette))
    accent = dict(tileset.palette)["accent"]
    dots = [(item.cx, art.height - item.cy) for item in flat(over.items)
            if isinstance(item, Circle) and item.style.fill == accent]
    joints = [first[1] for first, second in zip(art.arrows, art.arrows[1:], strict=False)]
    assert len(joints) == 2 and len(dots) == 2
    for joint in joints:
        assert min(math.dist(joint, dot) for dot in dots) < 1e-6
    assert STOP_CLEARANCE < 0.18  # the arrows come nearer a dot than a space's centre


def test_a_new_tiles_frame_runs_inside_it_clear_of_the_edge_being_judged():
    """Demon Mine's burrow figures framed the new tile on its edge: the thick accent line
    hid the very edge whose opening decides the burrow (and read as a wall in grey). The
    frame, stroke included, now runs inside the tile."""
    from pnp.rulebook.designs import Designs
    from pnp.rulebook.figures import DiagramFlowable

    tileset = load_tileset(ROOT / "tilesets" / "demon-mine.yaml")
    designs = Designs(tileset)
    checked = 0
    for diagram, _ in shipped_diagrams("demon-mine"):
        if not diagram.new:
            continue
        flowable = DiagramFlowable(designs, diagram, MEASURE)
        art = flowable.art()
        for cell, frame in zip(diagram.new, art.frames, strict=True):
            tile = flowable.plan.outline(cell)
            xs, ys = [x for x, _ in tile], [y for _, y in tile]
            for x, y in frame:
                room = min(x - min(xs), max(xs) - x, y - min(ys), max(ys) - y)
                assert room >= 2.4 / 2, (diagram.caption[:30], room)
            checked += 1
    assert checked >= 3


@pytest.mark.parametrize("game", GAMES)
def test_no_caption_ends_on_a_line_of_one_word(game):
    """A centred caption of several lines never leaves its last word alone ("sides.",
    "one." under a block of four lines read as a slip): its last two words are bound."""
    from pnp.export import markup
    from pnp.model.typography import curly_quotes, last_words_together
    from pnp.rulebook.paragraphs import Paragraph, styles

    style = styles()["caption"]
    checked = 0
    for diagram, _ in shipped_diagrams(game):
        if len(diagram.caption.split()) < 4:
            continue
        text = last_words_together(curly_quotes(diagram.caption))
        for width in (MEASURE, MEASURE / 2 - 12):  # alone, or half of a pair
            paragraph = Paragraph(markup.text(text), style)
            paragraph.wrap(width, 1000)
            last = paragraph.blPara.lines[-1]
            words = last[1] if isinstance(last, tuple) else last.words
            shown = sum(len(str(word).split("\u00a0")) for word in words)  # as a reader counts
            assert shown >= 2, (game, diagram.caption[-40:])
            checked += 1
    assert checked > 4
    bound = last_words_together("Tied? Neither player scores.")
    assert bound == "Tied? Neither player\u00a0scores."
    assert last_words_together("Two words") == "Two words"


def test_a_market_of_piles_lies_on_the_table_with_no_board_squares_round_it():
    """Dynamine's set-up market is stacks on the table: faint squares round it (an empty
    one in the corner its letter and dice tokens leave) read as a board. A set-up with a
    pile beside laid tiles (Gold Mine's) keeps its ground."""
    from pnp.rulebook.designs import Designs
    from pnp.rulebook.figures import DiagramFlowable

    for game, empty in (("dynamine", True), ("gold-mine", False)):
        tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
        set_up = next(diagram for diagram, _ in shipped_diagrams(game)
                      if diagram.title == "Setup")
        assert set_up.piles
        ground = DiagramFlowable(Designs(tileset), set_up, MEASURE).ground()
        assert (ground == []) == empty, game


@pytest.mark.parametrize("game", GAMES)
def test_every_arrow_of_every_shipped_diagram_stays_in_its_box_clear_of_the_pieces(game):
    """What the hop above promises, on the books' own diagrams, pieces at the size the
    kit prints them: no arrow's shaft runs through a piece it does not start or end at,
    and none leaves its diagram's box (a hop over a row rises above it)."""
    from pnp.draw.diagram import PAWN_GAP, diagram_scenes
    from pnp.draw.scene import Outline
    from pnp.rulebook.designs import Designs
    from pnp.rulebook.figures import DiagramFlowable

    tileset = load_tileset(ROOT / "tilesets" / f"{game}.yaml")
    designs, palette = Designs(tileset), dict(tileset.palette)
    source = parse(ROOT / "templates" / game / "rulebook.md", tileset)
    checked = 0
    for block in source.blocks:
        if block.diagram is None or not block.diagram.arrows:
            continue
        figure = DiagramFlowable(designs, block.diagram, MEASURE)
        art_ = figure.stood_art()
        for item in diagram_scenes(art_, palette)[1].items:
            if not (isinstance(item, Outline) and item.style.stroke == palette["accent"]
                    and item.style.cap == "round" and len(item.commands) == 2):
                continue  # an arrow's shaft: a line or one curve (a new tile's brackets
                # share its colour)
            checked += 1
            corners = [(x, art_.height - y) for command in item.commands
                       for x, y in zip(command[1::2], command[2::2], strict=True)]
            if len(corners) == 2:  # a straight shaft: its ends and no handles
                corners = [corners[0], corners[0], corners[1], corners[1]]
            shaft = [tuple(sum(w * p[axis] for w, p in zip(
                ((1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3), corners,
                strict=True)) for axis in (0, 1)) for t in (k / 40 for k in range(41))]
            for x, y in shaft:
                assert -0.5 <= x <= art_.width + 0.5 and -0.5 <= y <= art_.height + 0.5
            for pawn in (*art_.pawns, *art_.stood):
                if min(math.dist(pawn.centre, end) for end in (shaft[0], shaft[-1])) < \
                        pawn.radius * 2.2:
                    continue  # the piece the arrow starts or ends at
                assert min(math.dist(point, pawn.centre) for point in shaft) >= \
                    pawn.radius + PAWN_GAP - 0.5, (block.diagram.caption[:40], pawn)
    if game == "mattock":
        assert checked >= 2


def test_a_word_beside_the_board_widens_the_box_and_stays_off_every_square():
    """Demon Mine's four bases were named on the grid's own squares, where words read as
    marked spaces: they stand beside the area now, and the box holds them whole."""
    from pnp.draw.diagram import GROUND_WORDS
    from pnp.input.faces import string_width

    diagram, plan = next((diagram, plan) for diagram, plan in shipped_diagrams("demon-mine")
                         if any(text == "Black crew" for _, text, _ in diagram.labels))
    assert len(diagram.labels) == 4
    size = max(GROUND_WORDS, plan.cell * 0.26)
    board_left, _ = plan.centre((-0.5, 0))
    board_right, _ = plan.centre((diagram.columns - 0.5, 0))
    for where, text, _ in diagram.labels:
        x, _ = plan.centre(where)
        half = string_width(text, "bold", size) / 2
        assert x + half < board_left or x - half > board_right, text  # off the squares
        assert x - half >= 0 and x + half <= plan.width, text  # inside the box


def test_a_new_tiles_brackets_leave_the_middle_of_every_side_open():
    """A whole frame ran across the tunnel mouth a burrow figure teaches, and printed as
    heavy as a wall in greyscale: the new tile is marked at its corners only, and no
    bracket reaches the middle third of any side, where the mouths are."""
    from pnp.draw.diagram import diagram_scenes
    from pnp.draw.scene import Outline
    from pnp.rulebook.designs import Designs
    from pnp.rulebook.figures import DiagramFlowable

    tileset = load_tileset(ROOT / "tilesets" / "demon-mine.yaml")
    designs, palette = Designs(tileset), dict(tileset.palette)
    checked = 0
    for diagram, _ in shipped_diagrams("demon-mine"):
        if not diagram.new:
            continue
        art_ = DiagramFlowable(designs, diagram, MEASURE).stood_art()
        brackets = [item for item in diagram_scenes(art_, palette)[1].items
                    if isinstance(item, Outline) and item.style.stroke == palette["accent"]
                    and len(item.commands) > 2]
        assert len(brackets) == len(art_.frames)
        for outline, corners in zip(brackets, art_.frames, strict=True):
            segments, last = [], (0.0, 0.0)
            for letter, x, y in outline.commands:  # each bracket: a move, then two lines
                point = (x, art_.height - y)
                if letter == "L":
                    segments.append((last, point))
                last = point
            for a, b in zip(corners, [*corners[1:], corners[0]], strict=True):
                middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                reach = math.dist(a, b) / 6  # the middle third of the side
                for p, q in segments:
                    length = math.dist(p, q)
                    t = max(0.0, min(1.0, ((middle[0] - p[0]) * (q[0] - p[0]) +
                                           (middle[1] - p[1]) * (q[1] - p[1])) / length ** 2))
                    nearest = (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)
                    assert math.dist(nearest, middle) > reach, diagram.caption[:30]
            checked += 1
    assert checked >= 3


def test_four_panels_too_wide_for_one_row_go_two_by_two():
    """Mattock's legal and illegal mining examples, then its legal and illegal
    connections, are one figure of four panels: too wide for four across, they had stood
    one under another down a whole page. Two fit across, so they set two by two, each
    pair beside itself, the figure's height two rows'; five or three never split 2 + 1."""
    from reportlab.platypus import Spacer

    from pnp.export import markup
    from pnp.rulebook.figures import CAPTION_GAP, PANEL_GAP, Figure
    from pnp.rulebook.paragraphs import Paragraph, styles

    style = styles()["caption"]

    def figure(widths: list[float], height: float = 60.0) -> Figure:
        return Figure(lambda factor: [(Spacer(width * factor, height * factor),
                                       Paragraph(markup.text("A caption."), style))
                                      for width in widths])

    width = 348.0
    four = figure([150.0] * 4)
    _, tall = four.wrap(width, 1000)
    line = style.leading
    assert four.per_row == 2
    assert tall == pytest.approx(2 * (60 + CAPTION_GAP + line) + PANEL_GAP, abs=0.5)
    too_wide = figure([200.0] * 4)
    too_wide.wrap(width, 1000)
    assert too_wide.per_row == 1  # each alone in its row, as before
    three = figure([150.0] * 3)
    three.wrap(width, 1000)
    assert three.per_row == 1  # 2 + 1 would leave one panel of a set alone


@pytest.mark.parametrize(("heights", "level"), [((60.0, 80.0), True), ((60.0, 140.0), False)])
def test_captions_of_a_row_start_level_where_their_boards_differ_a_little(heights, level):
    """Mattock's legal and illegal mining boards differ by a row of hexes: each caption
    right under its own board, the two had started 10 mm apart. Boards this close set
    their captions level under the taller; boards an inch apart keep each caption under
    its own, where level captions had left an inch of paper under the shorter board."""
    import io

    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Spacer

    from pnp.export import markup
    from pnp.rulebook.figures import CAPTION_GAP, Figure
    from pnp.rulebook.paragraphs import Paragraph, styles

    style = styles()["caption"]
    panels = [(Spacer(150.0, height), Paragraph(markup.text("A caption."), style))
              for height in heights]
    figure = Figure(lambda factor: panels)
    _, tall = figure.wrap(348.0, 1000)
    tops = []
    for _, caption in panels:
        caption.drawOn = lambda canvas, x, y, caption=caption: tops.append(
            y + caption.height)
    figure.canv = Canvas(io.BytesIO())
    figure.draw()
    under = [max(heights) if level else height for height in heights]
    assert tops == pytest.approx([tall - board - CAPTION_GAP for board in under])
