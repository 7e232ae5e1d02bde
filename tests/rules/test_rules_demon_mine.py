"""Demon Mine: placement, "fits over", movement, the validator and the simulator."""

from __future__ import annotations

import json

import msgspec.structs
import pytest
from click.testing import CliRunner
from support import ROOT

from pnp.cli import main
from pnp.input.tileset import load_tileset
from pnp.rules import Setup
from pnp.rules.demon_mine.check import check
from pnp.rules.demon_mine.model import Placed, can_burrow, fits_over, moves
from pnp.rules.demon_mine.simulate import simulate

TILESET = load_tileset(ROOT / "tilesets" / "demon-mine.yaml")


def tile(name: str, rotation: int = 0) -> Placed:
    return Placed(TILESET.tile(name), rotation)


def run(*args: str):
    return CliRunner().invoke(main, list(args))


def test_burrowing_needs_both_touching_edges_open():
    grid = {(0, 0): tile("mine-entrance")}
    assert can_burrow(grid, (0, 0), (1, 0), tile("straight", 1))  # E-W meets the open E side
    assert not can_burrow(grid, (0, 0), (1, 0), tile("straight"))  # N-S shows rock to the west
    assert can_burrow(grid, (0, 0), (1, 0), tile("elbow", 2))  # S-W elbow opens west
    assert not can_burrow(grid, (0, 0), (2, 0), tile("cross"))  # not next to the pawn
    grid[(1, 0)] = tile("straight", 1)
    grid[(1, 1)] = tile("straight")
    assert not can_burrow(grid, (1, 0), (1, 1), tile("cross"))  # the pawn's own tile is closed S


def test_fits_over_needs_every_old_opening():
    assert fits_over(tile("cross"), tile("elbow"))
    assert fits_over(tile("tee", 1), tile("elbow", 2))  # W-N-S over S-W
    assert not fits_over(tile("elbow"), tile("straight"))
    assert not fits_over(tile("straight"), tile("tee"))


def test_replacing_follows_the_rules():
    grid = {(0, 0): tile("mine-entrance"), (1, 0): tile("straight", 1),
            (2, 0): tile("elbow", 3)}  # W-N elbow at (2, 0)
    assert can_burrow(grid, (1, 0), (2, 0), tile("tee", 1))  # S-W-N fits over W-N
    assert not can_burrow(grid, (1, 0), (2, 0), tile("straight", 1))  # loses the N opening
    assert not can_burrow(grid, (1, 0), (0, 0), tile("cross"))  # bases are never replaced
    grid[(2, 0)] = tile("lodestone")
    assert can_burrow(grid, (1, 0), (2, 0), tile("elbow", 2))  # any tunnel over a lodestone


def test_moves_go_one_or_two_squares_through_open_touching_edges():
    grid = {(0, 0): tile("mine-entrance"), (1, 0): tile("straight", 1),
            (2, 0): tile("elbow", 2), (2, 1): tile("straight"), (0, 1): tile("straight", 1)}
    assert moves(grid, (0, 0)) == {(1, 0), (2, 0)}  # (0, 1) is E-W: its north side is rock
    assert moves(grid, (1, 0)) == {(0, 0), (2, 0), (2, 1)}  # round the elbow in two steps
    grid[(2, 0)] = tile("lodestone")
    assert moves(grid, (1, 0)) == {(0, 0)}  # nobody enters a lodestone's square


def test_shipped_mix_links_with_two_and_four_players():
    for players, tileset in ((2, TILESET), (4, TILESET.with_counts({"mine-entrance": 2,
                                                                    "beetle-hive": 2}))):
        findings = check(Setup(tileset, players))
        assert not [f for f in findings if f.severity == "error"]
        links = [f for f in findings if f.rule == "link"]
        assert len(links) == (1 if players == 2 else 4)
        assert all(f.severity == "info" for f in links)
    two = next(f for f in check(Setup(TILESET, 2)) if f.rule == "link")
    assert "13 tiles" in two.message


@pytest.mark.parametrize(("changes", "fragment"), [
    ({"elbow": 0, "tee": 0, "cross": 0}, "add at least 1 elbow, tee or cross"),
    ({"straight": 0, "tee": 0, "cross": 0, "elbow": 12}, "short"),
    ({"mine-entrance": 0}, "set mine-entrance to 1"),
])
def test_broken_mixes_are_reported_with_a_fix(changes, fragment):
    findings = check(Setup(TILESET.with_counts(changes), 2))
    errors = [f for f in findings if f.severity == "error"]
    assert errors and any(fragment in f.fix or fragment in f.message for f in errors)


def test_elbows_alone_can_still_link_the_corners():
    mix = TILESET.with_counts({"straight": 0, "tee": 0, "cross": 0, "elbow": 13})
    findings = check(Setup(mix, 2))
    assert not [f for f in findings if f.severity == "error"]


def test_validate_cli_exit_codes_json_and_sets():
    assert run("validate", "demon-mine").exit_code == 0
    result = run("validate", "demon-mine", "--set", "elbow=0", "--set", "tee=0", "--set",
                 "cross=0", "--json")
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["ok"] is False
    assert any(f["rule"] == "link" and f["severity"] == "error" for f in data["findings"])
    unknown = run("validate", "demon-mine", "--set", "elbw=3")
    assert unknown.exit_code == 2 and "did you mean elbow" in unknown.output
    assert run("validate", "demon-mine", "--set", "elbow=lots").exit_code == 2
    assert run("validate", "demon-mine", "--players", "4").exit_code == 1
    assert run("validate", "demon-mine", "--variant", "four-player").exit_code == 0


@pytest.mark.parametrize(("args", "offered"), [
    # four players on the shipped counts: the game's own variant, not loose count changes
    (("--players", "4"), "Playable with 4 players as the four-player variant: "
     "pnp validate demon-mine --players 4 --variant four-player"),
    # a variant tried with the user's own changes kept; then the errors' own counts
    (("--players", "4", "--variant", "four-player", "--set", "mine-entrance=1"),
     "Playable with 4 players with mine-entrance at 2: pnp validate demon-mine --players 4 "
     "--variant four-player --set mine-entrance=1 --set mine-entrance=2"),
])
def test_a_failing_verdict_offers_the_change_that_plays_as_an_exact_command(args, offered):
    """Tried before it is offered: the command printed is itself playable (exit 0)."""
    result = run("validate", "demon-mine", *args)
    assert result.exit_code == 1
    assert offered in result.output
    command = offered.split(": ", 1)[1].split()[2:]  # after "pnp validate"
    assert run("validate", *command).exit_code == 0


def test_a_verdict_with_nothing_that_plays_offers_nothing():
    result = run("validate", "demon-mine", "--set", "elbow=0", "--set", "tee=0", "--set",
                 "cross=0", "--json")
    assert result.exit_code == 1 and json.loads(result.output)["playable_with"] is None


def test_mix_files_change_counts_and_add_homebrew_tiles(tmp_path):
    mix = tmp_path / "winding.yaml"
    mix.write_text("base: demon-mine\ncounts:\n  straight: 0\n  tee: 0\n  cross: 0\n"
                   "  elbow: 12\ntiles:\n  - name: double-elbow\n    count: 2\n"
                   "    paths: [N-E, S-W]\n")
    result = run("validate", str(mix), "--json")
    assert result.exit_code == 0, result.output  # 12 elbows + 2 double elbows make 13 turns
    assert json.loads(result.output)["mix"] == "winding"
    mix.write_text(mix.read_text().replace("count: 2", "count: 0"))
    assert run("validate", str(mix)).exit_code == 1
    bad = tmp_path / "typo.yaml"
    bad.write_text("base: demon-mine\ncounts:\n  elbo: 3\n")
    result = run("validate", str(bad))
    assert result.exit_code == 2
    assert "line 3" in result.output and "did you mean elbow" in result.output


def test_mix_builds_into_its_own_folder(tmp_path):
    mix = tmp_path / "more-collapses.yaml"
    mix.write_text("base: demon-mine\ncounts: {tunnel-collapse: 8}\n")
    result = run("build", str(mix), "--paper", "letter", "--out", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "out" / "demon-mine-more-collapses" /
                           "manifest.json").read_text())
    assert {t["name"]: t["count"] for t in manifest["tiles"]}["tunnel-collapse"] == 8


def test_simulation_is_reproducible_and_reports_outcomes():
    setup = Setup(TILESET, 2)
    first = simulate(setup, 6, seed=5)
    assert first == simulate(setup, 6, seed=5)
    assert first != simulate(setup, 6, seed=6)
    assert first["games"] == 6 == first["ended"] + first["unfinished"]
    assert sum(first["wins"].values()) == first["ended"]


def test_simulate_command_prints_the_same_report_for_the_same_seed():
    one = run("simulate", "demon-mine", "--games", "4", "--seed", "9", "--json")
    two = run("simulate", "demon-mine", "--games", "4", "--seed", "9", "--json")
    assert one.exit_code == 0
    assert json.loads(one.stdout) == json.loads(two.stdout)


def test_the_validators_shortest_link_is_buildable_and_walkable_with_the_engine():
    """Lay the reported link tile by tile with the engine, then walk it end to end."""
    from pnp.rules.demon_mine.check import assign_tiles, supply_of
    from pnp.rules.demon_mine.links import best_link
    from pnp.rules.demon_mine.model import edge_towards

    for tileset in (TILESET, TILESET.with_counts({"straight": 0, "tee": 0, "cross": 0,
                                                  "elbow": 13})):
        supply, groups = supply_of(tileset)
        link = best_link((0, 0), (7, 7), supply)
        [names] = assign_tiles([link], tileset, groups)
        grid = {(0, 0): tile("mine-entrance"), (7, 7): tile("beetle-hive")}
        route = [(0, 0), *link.cells, (7, 7)]
        for index, (cell, name) in enumerate(zip(link.cells, names, strict=True)):
            before, after = route[index], route[index + 2]
            needed = {edge_towards(cell, before), edge_towards(cell, after)}
            placed = next(Placed(tileset.tile(name), turn) for turn in range(4)
                          if needed <= Placed(tileset.tile(name), turn).open_edges)
            assert can_burrow(grid, before, cell, placed), (cell, name)
            grid[cell] = placed
        reached, frontier = {(0, 0)}, [(0, 0)]
        while frontier:
            for nxt in moves(grid, frontier.pop()):
                if nxt not in reached:
                    reached.add(nxt)
                    frontier.append(nxt)
        assert (7, 7) in reached


def test_validate_simulate_warns_when_random_games_rarely_end():
    stalled = run("validate", "demon-mine", "--set", "straight=14", "--set", "elbow=1",
                  "--set", "tee=0", "--set", "cross=0", "--set", "miner=0", "--simulate", "6",
                  "--json")
    finding = next(f for f in json.loads(stalled.output)["findings"]
                   if f["rule"] == "simulation")
    assert finding["severity"] == "warning" and "0 of 6" in finding["message"]
    assert stalled.exit_code == 0  # a warning, not a broken rule
    shipped = run("validate", "demon-mine", "--simulate", "10", "--json")
    finding = next(f for f in json.loads(shipped.output)["findings"]
                   if f["rule"] == "simulation")
    assert finding["severity"] == "info"


FOUR = {"mine-entrance": 2, "beetle-hive": 2}


def link_errors(changes: dict[str, int], players: int) -> list[str]:
    mix = TILESET.with_counts(changes)
    return [f.message for f in check(Setup(mix, players))
            if f.rule == "link" and f.severity == "error"]


def test_four_players_dig_all_their_links_from_one_shared_mix():
    # Each side of the square takes 6 straights: 6 build one link, not four.
    no_turns = {"straight": 6, "elbow": 0, "tee": 0, "cross": 0}
    assert link_errors({**FOUR, **no_turns}, 4)
    assert link_errors({**FOUR, **no_turns, "straight": 23}, 4)
    assert not link_errors({**FOUR, **no_turns, "straight": 24}, 4)


def test_four_players_may_mix_short_and_winding_links():
    # 12 straights serve two sides; the other two must zigzag on 12 bends each. Adding the
    # shortest link of each side alone (24 straights) would wrongly call this unplayable.
    mix = {**FOUR, "straight": 12, "elbow": 24, "tee": 0, "cross": 0}
    assert not link_errors(mix, 4)
    assert link_errors({**mix, "elbow": 23}, 4)
    assert link_errors({**mix, "straight": 11}, 4)


def homebrew(tmp_path, tiles: str, counts: str = "straight: 0, elbow: 0, tee: 0, cross: 0"):
    mix = tmp_path / "homebrew.yaml"
    mix.write_text(f"base: demon-mine\ncounts: {{{counts}}}\ntiles:\n{tiles}")
    return run("validate", str(mix))


def test_a_tile_kept_upright_is_never_turned_to_run_east_west(tmp_path):
    tiles = ("  - {name: shaft, count: 12, rotatable: %s, paths: [N-S]}\n"
             "  - {name: bend, count: 1, paths: [N-E]}\n")
    assert homebrew(tmp_path, tiles % "true").exit_code == 0
    result = homebrew(tmp_path, tiles % "false")
    assert result.exit_code == 1 and "No tunnel can join" in result.output


@pytest.mark.parametrize(("bend", "corners"), [("S-W", "(0, 0)"), ("N-E", "(0, 0)"),
                                               ("E-S", "(7, 0)"), ("W-N", "(7, 0)")])
def test_a_bend_kept_as_printed_joins_the_diagonal_its_corner_turns(tmp_path, bend, corners):
    """The set-up lays the entrance and the hive on a diagonal line of the area, either
    one (seed rule). One bend that may not be turned and straights join the top-left to
    the bottom-right corner when it turns east-then-south or south-then-east (S-W,
    N-E), and the top-right to the bottom-left when it turns the other way (E-S, W-N):
    every bend gives a playable mix, each on its own diagonal (only the first was
    searched, so E-S and W-N mixes were called unplayable)."""
    tiles = f"  - {{name: bend, count: 1, rotatable: false, paths: [{bend}]}}\n"
    result = homebrew(tmp_path, tiles, "straight: 12, elbow: 0, tee: 0, cross: 0")
    assert result.exit_code == 0, result.output
    assert f"the entrance at {corners}" in result.output


def test_a_mix_that_joins_neither_diagonal_names_the_first(tmp_path):
    tiles = "  - {name: bend, count: 1, rotatable: false, paths: [N-S]}\n"
    result = homebrew(tmp_path, tiles, "straight: 0, elbow: 0, tee: 0, cross: 0")
    assert result.exit_code == 1 and "the entrance at (0, 0) and the hive at (7, 7)" in \
        result.output


def test_the_simulator_lays_tiles_kept_upright_only_as_printed():
    from pnp.rules.demon_mine.simulate import Game, _burrows

    shaft = TILESET.tile("straight")
    upright = msgspec.structs.replace(shaft, name="shaft", rotatable=False)
    game = Game(__import__("random").Random(1), {(0, 0): tile("mine-entrance")}, [])
    game.hands[0].extend([upright, shaft])
    options = _burrows(game, 0, (0, 0))
    assert {(target, index) for target, index, _ in options} == \
        {(cell, 1) for cell in ((1, 0), (-1, 0), (0, 1), (0, -1))} | {((0, 1), 0), ((0, -1), 0)}
    assert all(placed.rotation == 0 for _, index, placed in options if index == 0)


def test_a_two_step_move_stops_on_a_square_with_enemies():
    from pnp.rules.demon_mine.simulate import Game

    grid = {(0, 0): tile("mine-entrance"), (1, 0): tile("straight", 1),
            (2, 0): tile("straight", 1), (3, 0): tile("straight", 1)}
    game = Game(__import__("random").Random(3), grid, [])

    def reach(side):  # where a pawn of ``side`` on (1, 0) may move, as the simulator asks
        return moves(game.grid, (1, 0), game.enemy_squares(side))

    assert reach(0) == {(0, 0), (2, 0), (3, 0)}
    game.pawns[1].append((2, 0))
    assert reach(0) == {(0, 0), (2, 0)}  # into the enemy, not past it
    assert reach(1) == {(0, 0), (2, 0), (3, 0)}  # own pawns do not stop you


@pytest.mark.parametrize("seed", range(5))
def test_a_pawn_pushed_out_of_a_crowd_onto_enemies_fights_them(seed):
    from pnp.rules.demon_mine.simulate import Game, _overflow

    # Three miners crowd the middle of a corridor; a beetle waits on either side.
    grid = {(x, 0): tile("straight", 1) for x in (1, 2, 3)}
    game = Game(__import__("random").Random(seed), grid, [])
    game.pawns[0].extend([(2, 0)] * 3)
    game.pawns[1].extend([(1, 0), (3, 0)])
    _overflow(game)
    assert game.pawns[0].count((2, 0)) == 2  # one miner was pushed out
    assert len(game.pawns[0]) + len(game.pawns[1]) == 4  # and its fight cost someone a pawn
    assert not any(cell in game.pawns[1] for cell in game.pawns[0])


def test_four_players_are_four_sides_on_the_four_corners():
    from pnp.rules.demon_mine.simulate import new_game, play_turn

    mix = TILESET.with_counts(FOUR)
    game = new_game(Setup(mix, 4), __import__("random").Random(2))
    assert game.bases == ((0, 0), (7, 0), (7, 7), (0, 7))
    assert [game.grid[cell].kind.name for cell in game.bases] == \
        ["mine-entrance", "beetle-hive", "mine-entrance", "beetle-hive"]
    for side in range(4):
        play_turn(game, side)
    assert all(len(game.pawns[side]) + (4 - game.reserve[side]) >= 1 for side in range(4))
    assert game.reserve == [3, 3, 3, 3]
    assert game.enemies(0) == (1, 2, 3)  # rival crews fight each other too
    report = simulate(Setup(mix, 4), 2, seed=4)
    assert report["turn_cap"] == 800 and report == simulate(Setup(mix, 4), 2, seed=4)


def test_the_faster_simulator_plays_the_same_games_as_before():
    """The simulator was sped up (moves and burrows asked per square, turned tiles
    made once a game) without changing a single random draw: a seed's report is the
    one the earlier code gave, recorded here."""
    report = simulate(Setup(TILESET, 2), 30, 11)
    turns = report["turns"]
    assert (report["ended"], report["unfinished"], report["wins"]) == (
        25, 5, {"miners": 15, "beetles": 10})
    assert {key: turns[key] for key in ("mean", "median", "min", "max")} == \
        {"mean": 69.9, "median": 58, "min": 34, "max": 187}


def test_a_simulation_shows_progress_on_a_terminal_and_nothing_in_a_pipe():
    import io

    from pnp.cli.progress import GamesProgress

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    shown, piped = Terminal(), io.StringIO()
    for stream in (shown, piped):
        status = GamesProgress(stream, "simulating")
        simulate(Setup(TILESET, 2), 3, 1, status)
        status.done()
    assert "\rsimulating: 0 of 3 games" in shown.getvalue()
    assert shown.getvalue().endswith("\r\x1b[K")  # cleared before the report
    assert piped.getvalue() == ""
    result = run("simulate", "demon-mine", "--games", "3")
    assert "simulating:" not in result.output  # CliRunner's streams are not terminals


def test_a_link_needs_a_walkable_tunnel_from_an_entrance_to_a_hive():
    from pnp.rules.demon_mine.simulate import Game, linked

    row = {(0, 0): tile("mine-entrance"), (1, 0): tile("straight", 1),
           (2, 0): tile("straight", 1), (3, 0): tile("beetle-hive")}
    game = Game(__import__("random").Random(1), dict(row), [], bases=((0, 0), (3, 0)))
    assert linked(game)
    game.grid[(2, 0)] = tile("straight")  # turned across the row: a wall in the way
    assert not linked(game)
    game.grid[(2, 0)] = tile("lodestone")  # no pawn steps onto a lodestone
    assert not linked(game)
    del game.grid[(2, 0)]
    assert not linked(game)


def test_the_first_link_is_the_first_turn_after_which_a_pawn_could_walk_across():
    """Replaying the games turn by turn and looking after every turn finds the turns the
    report counts (the simulator looks only after a turn that laid a tile)."""
    import random

    from pnp.rules.demon_mine.simulate import linked, new_game, play_game, play_turn
    from pnp.rules.playing import game_seeds

    setup = Setup(TILESET, 2)
    found = []
    for seed in game_seeds(3, 6):
        played = play_game(setup, random.Random(seed))
        game = new_game(setup, random.Random(seed))
        first = None
        for turn in range(played.turns):
            if turn % 2 not in game.out:
                play_turn(game, turn % 2)
                first = first or (turn + 1 if linked(game) else None)
            if not (any(game.reserve) or game.pawns[turn % 2]):
                game.out.add(turn % 2)
        assert played.first_link == first
        found.append(first)
    assert any(found)
    report = simulate(setup, 6, 3)
    assert report["first_link"]["games"] == sum(1 for turn in found if turn)
    assert report["linked_share"]["share"] == round(100 * report["first_link"]["games"] / 6, 1)


def test_the_tiles_thrown_from_a_full_hand_are_the_ones_the_report_calls_stuck():
    import random

    from pnp.rules.demon_mine.simulate import play_game, seats
    from pnp.rules.playing import game_seeds

    setup = Setup(TILESET, 2)
    played = [play_game(setup, random.Random(seed), seats(setup)) for seed in game_seeds(8, 5)]
    report = simulate(setup, 5, 8)
    for name, kind in report["tile_kinds"].items():
        assert kind["stuck_per_game"] == round(sum(p.stuck.get(name, 0) for p in played) / 5, 2)
    assert any(p.stuck for p in played)


def test_a_mix_without_the_bases_the_setup_lays_plays_no_game():
    from pnp.rules import Unplayable

    bare = msgspec.structs.replace(TILESET, tiles=tuple(
        msgspec.structs.replace(tile, count=0) if tile.role == "base" else tile
        for tile in TILESET.tiles))
    with pytest.raises(Unplayable, match="need exactly 1 mine entrance tile, the mix has 0"):
        simulate(Setup(bare, 2), 2, 1)
    result = run("simulate", "demon-mine", "--set", "beetle-hive=0", "--games", "2")
    assert result.exit_code == 1 and "beetle hive" in result.output
