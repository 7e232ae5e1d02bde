"""Random games of Dynamine: every build and move is legal by the model's own rules, the
quick search for spaces finds exactly the cells the rules allow, and the report's
figures are the games' own."""

from __future__ import annotations

import msgspec
import pytest
from support import ROOT, run_pnp

from pnp.input.tileset import load_tileset
from pnp.rules import Setup, Unplayable
from pnp.rules.dynamine.model import Mine, can_move, can_place, plus_one_bonus, tile_facts
from pnp.rules.dynamine.simulate import (
    builds,
    final_score,
    moves,
    play,
    simulate,
    spaces,
    table_of,
)
from pnp.rules.playing import game_seeds

TILESET = load_tileset(ROOT / "tilesets" / "dynamine.yaml")


def replayed(table, seed):
    """Replay a game's log through the model's rules, asserting each step is legal and
    affordable; the mines it ends with."""
    game = play(table, seed)
    mines = [Mine.start(table.entrance) for _ in range(table.players)]
    kinds = {tile.name: tile for tile in TILESET.tiles}
    for seat, what, detail in game.log:
        mine = mines[seat]
        if what == "turn":
            continue
        if what == "build":
            name, cell, points = detail
            kind = kinds[name]
            assert can_place(mine, cell, kind), (seed, name, cell)
            assert tile_facts(kind).cost <= points
            mines[seat] = mine.with_tile(cell, kind)
        else:
            start, end = detail
            assert can_move(mine, start, end), (seed, start, end)
            mines[seat] = mine.without(start).with_tile(end, mine.tiles[start])
    return game, mines


@pytest.mark.parametrize("players", [2, 4])
def test_every_build_and_move_of_a_game_is_legal_by_the_model(players):
    table = table_of(Setup(TILESET, players))
    built = moved = 0
    for seed in range(6):
        game, mines = replayed(table, seed)
        assert [player.mine for player in game.players] == mines
        built += sum(1 for _, what, _ in game.log if what == "build")
        moved += sum(1 for _, what, _ in game.log if what == "move")
    assert built > 50 * players and moved > 0  # the games did build, and did move tiles


def test_the_quick_search_finds_exactly_the_cells_the_rules_allow():
    """For mines from real games, every tunnel kind at every cell near the mine: the
    spaces the simulator lists fit exactly where :func:`can_place` says yes."""
    table = table_of(Setup(TILESET, 2))
    tunnels = [tile for tile in TILESET.tiles if tile.role == "tunnel"]
    checked = 0
    for seed in range(3):
        for player in play(table, seed).players:
            mine = player.mine
            listed = {cell: (known, wanted) for cell, known, wanted in
                      spaces(mine, player.reach)}
            xs = [x for x, _ in mine.tiles]
            levels = [level for _, level in mine.tiles]
            for x in range(min(xs) - 1, max(xs) + 2):
                for level in range(min(levels) - 1, max(levels) + 2):
                    for kind in tunnels:
                        bits = sum({"N": 1, "E": 2, "S": 4, "W": 8}[e] for e in kind.ports)
                        fits = (x, level) in listed and \
                            bits & listed[(x, level)][0] == listed[(x, level)][1]
                        assert fits == can_place(mine, (x, level), kind), (x, level, kind.name)
                        checked += fits
    assert checked > 100


def test_the_builds_on_offer_are_the_affordable_pile_tops_that_fit():
    table = table_of(Setup(TILESET, 2))
    game = play(table, 3)
    player = game.players[0]
    for points in (0, 1, 3, 6):
        offered = builds(game, player, points)
        for index, cell in offered:
            top = game.piles[index][-1]
            assert tile_facts(top).cost <= points and can_place(player.mine, cell, top)
        if points == 0:
            assert not offered  # every tile costs at least 1
    assert set(builds(game, player, 99)) > set(builds(game, player, 3))
    for start, end in moves(player.mine)[:10]:
        assert can_move(player.mine, start, end)


def test_a_plus_one_end_pays_the_tile_that_joins_it():
    """The bonus the simulator adds is the model's: the marked shaft's bottom mouth."""
    kinds = {tile.name: tile for tile in TILESET.tiles}
    mine = Mine.start(kinds["mine-entrance"]).with_tile((0, 2), kinds["c2-vertical-plus-s"])
    assert plus_one_bonus(mine, (0, 3), kinds["c1-vertical"]) == 1


def test_the_report_counts_what_the_games_did():
    setup = Setup(TILESET, 3)
    table = table_of(setup)
    report = simulate(setup, 12, 5)
    games = [play(table, seed) for seed in game_seeds(5, 12)]
    scores = [final_score(table, game) for game in games]
    totals = [player["total"] for scored in scores for player in scored["players"]]
    assert report["score"]["games"] == 36 and report["score"]["max"] == max(totals)
    assert report["score"]["mean"] == round(sum(totals) / 36, 1)
    outright = sum(1 for scored in scores if scored["winner"] is not None)
    assert sum(report["wins"].values()) == 12
    assert report["wins"]["shared"] == 12 - outright
    for seat in ("seat 1", "seat 2", "seat 3"):
        assert report["wins"][seat] == sum(1 for s in scores if s["winner"] == seat)
    built = sum(player.built for game in games for player in game.players)
    laid = sum(kind["laid_per_game"] for kind in report["tile_kinds"].values())
    assert laid == pytest.approx(built / 12, abs=0.01 * len(report["tile_kinds"]))
    depths = [player.mine.depth for game in games for player in game.players]
    assert report["depth"]["max"] == max(depths) and report["rounds"] == 10
    assert report["ended"] == 12 and report["ended_share"]["share"] == 100.0
    assert "VP at the median" in report["verdict"]


@pytest.mark.slow  # 200 four-player games: about 4 s
def test_every_seat_wins_about_as_often_in_the_shipped_game():
    """A check of the seat measure, not of balance: the shipped mix's four seats each win
    a share whose interval holds a quarter."""
    report = simulate(Setup(TILESET, 4), 200, 2, None, 2)
    for seat in ("seat 1", "seat 2", "seat 3", "seat 4"):
        share = report["win_share"][seat]
        assert share["low"] <= 25.0 <= share["high"], (seat, share)


def test_a_mix_with_no_round_tokens_cannot_be_played():
    pieces = tuple(piece for piece in TILESET.components if not piece.name.startswith("round"))
    bare = msgspec.structs.replace(TILESET, components=pieces)
    with pytest.raises(Unplayable, match="no round tokens"):
        simulate(Setup(bare, 2), 3, 1)
    with pytest.raises(Unplayable, match="mine entrance"):
        table_of(Setup(msgspec.structs.replace(TILESET, tiles=tuple(
            tile for tile in TILESET.tiles if tile.role != "base")), 2))


def test_the_command_plays_dynamine_and_says_who_wins_in_capitals_where_due():
    result = run_pnp("simulate", "dynamine", "--games", "3", "--players", "3")
    assert result.exit_code == 0, result.output
    first = result.stdout.splitlines()[0]
    assert first.startswith("Every game ends after its 10 rounds") and " VP " in first
    checked = run_pnp("validate", "dynamine", "--simulate", "3")
    assert checked.exit_code == 0
    assert "[simulation] Every game ends after its 10 rounds" in checked.output


def test_a_game_plays_the_same_from_the_same_seed():
    table = table_of(Setup(TILESET, 2))
    assert play(table, 9).log == play(table, 9).log != play(table, 10).log


def test_an_extra_move_comes_before_building_as_well_as_after():
    """The round token's move, a roll of 1's and the Mine Plan's may each come before or
    after building: in some turns a tile moves and then tiles are built."""
    table = table_of(Setup(TILESET, 2))
    before = after = 0
    for seed in range(10):
        turn: list[str] = []
        for _, what, _ in [*play(table, seed).log, (0, "turn", ())]:
            if what == "turn":
                moved = [i for i, step in enumerate(turn) if step == "move"]
                built = [i for i, step in enumerate(turn) if step == "build"]
                before += bool(moved and built and moved[0] < built[0])
                after += bool(moved and built and moved[-1] > built[-1])
                turn = []
            else:
                turn.append(what)
    assert before and after


def test_the_sentence_names_a_seat_only_when_its_interval_leaves_out_an_even_share():
    from pnp.rules.dynamine.simulate import _verdict
    from pnp.rules.measures import lengths, shares

    winning = lengths([40] * 10)  # every game won with 40 VP
    even = _verdict(shares({"seat 1": 5, "seat 2": 5, "shared": 0}, 10), 10, winning)
    assert "every seat's share of the wins is within chance of an even 50%" in even
    lopsided = _verdict(shares({"seat 1": 90, "seat 2": 10, "shared": 0}, 100), 10, winning)
    assert "the player in seat 1 won 90% (82.6-94.5%) of them" in lopsided
    assert lopsided.endswith("a winner scored 40 VP at the median")


def _with_round_text(text):
    """The shipped tileset with its first round token printing ``text``."""
    pieces = []
    for piece in TILESET.components:
        if piece.name == "round-2":
            features = tuple(msgspec.structs.replace(feature, value=text)
                             if feature.kind == "text" else feature
                             for feature in piece.features)
            piece = msgspec.structs.replace(piece, features=features)
        pieces.append(piece)
    return msgspec.structs.replace(TILESET, components=tuple(pieces))


@pytest.mark.parametrize("text", ["-5", "abc", "99999999999999999999", "13", "2.5"])
def test_a_round_token_that_prints_no_whole_gift_is_an_error_and_plays_no_game(text):
    from pnp.rules.dynamine.check import check

    mix = _with_round_text(text)
    errors = [f for f in check(Setup(mix, 2)) if f.rule == "round-tokens"]
    assert len(errors) == 1 and errors[0].severity == "error" and repr(text) in errors[0].message
    with pytest.raises(Unplayable, match="round token does not print"):
        table_of(Setup(mix, 2))
    assert not [f for f in check(Setup(_with_round_text("12"), 2)) if f.rule == "round-tokens"]


def test_more_round_tokens_than_a_game_may_have_is_an_error_and_plays_no_game():
    from pnp.rules.dynamine.check import MOST_ROUNDS, check

    pieces = tuple(msgspec.structs.replace(piece, count=MOST_ROUNDS)
                   if piece.name == "round-3" else piece for piece in TILESET.components)
    mix = msgspec.structs.replace(TILESET, components=pieces)
    assert [f.rule for f in check(Setup(mix, 2)) if f.severity == "error"] == ["round-tokens"]
    with pytest.raises(Unplayable, match="more rounds than the 40"):
        simulate(Setup(mix, 2), 1, 1)


def test_a_card_the_rules_do_not_know_is_said_to_be_left_out():
    from pnp.rules.dynamine.check import check

    pieces = tuple(msgspec.structs.replace(piece, name="mission-dragon-egg")
                   if piece.name == "mission-deep-halls" else piece
                   for piece in TILESET.components)
    found = [f for f in check(Setup(msgspec.structs.replace(TILESET, components=pieces), 2))
             if f.rule == "cards"]
    assert [(f.severity, f.tiles) for f in found] == [("warning", ("mission-dragon-egg",))]
    assert not [f for f in check(Setup(TILESET, 2)) if f.rule == "cards"]


def test_a_tunnel_tile_without_one_die_plays_no_game():
    tiles = tuple(msgspec.structs.replace(tile, features=tuple(
        f for f in tile.features if f.kind != "die")) if tile.name == "c1-vertical" else tile
        for tile in TILESET.tiles)
    with pytest.raises(Unplayable, match="exactly one die"):
        table_of(Setup(msgspec.structs.replace(TILESET, tiles=tiles), 2))
