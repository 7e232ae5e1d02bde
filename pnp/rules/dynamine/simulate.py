"""Random games of Dynamine, to see how a mix plays: how deep the mines go, how the
scores spread, whether the seat a player starts in matters, and which tiles are
ever built.

A game is played as the rulebook sets it out, our marked readings included:
the tunnel tiles are dealt into up to 36 market piles, each player gets a
mission, three cards lie on display, and every round turns a round token whose
points (and action, if it shows one) every player gets that round. The same
player starts every round. A turn rolls the die, adds what the token gives,
buys tiles from the tops of the piles and builds each where it lines up with
every tile it touches and joins the entrance's tunnels; "+1" ends pay at once,
a +1-token symbol takes a token while the supply has one, a move symbol lets a
peripheral tile move, and a roll of 1 offers a move or a card from the
display. After the last round the mines are scored by :mod:`scoring`.

The players are simple, and say so. Each choice is made at random among the
legal ones: a player builds while anything it can afford fits, picking
uniformly among every (pile, space) pair it could use; an optional move is
made or not as a uniform pick among "no move" and every legal move; a roll of 1
picks "nothing", "move" or "card" at random among those on offer; a one-use
item, a re-roll and each spare +1 token are used on a coin toss (tokens: a
random number of them); a called roll names a random face. Each extra action
(the token's move, a roll of 1's, the Mine Plan) comes before or after building
on a coin toss. A real player builds towards veins and missions, so the
scores here are a floor; what the games show is how a mix behaves when
nobody steers it: seats, depth, and which tiles get built. Random buyers
favour cheap tiles with many copies, so the tiles' figures are given per copy
as well, and say more about the market than about a tile's worth.

Legal spaces are found from the tunnel ends joined to the entrance, which is
far quicker than asking :func:`model.can_place` of every cell; a test
replays every game's builds and moves through the model's own rules.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, Literal, NamedTuple

import msgspec

from pnp.geometry.shapes import SQUARE
from pnp.model.tileset import Component, TileKind, Tileset
from pnp.rules import Progress, Setup, Unplayable
from pnp.rules.dynamine.check import MOST_ROUNDS, pieces, round_points
from pnp.rules.dynamine.model import (
    Cell,
    Mine,
    peripheral_tiles,
    plus_one_bonus,
    reachable_ports,
    tile_facts,
)
from pnp.rules.dynamine.scoring import ITEMS, MISSIONS, Layout, PlayerLayout, score_layout
from pnp.rules.measures import certain, lengths, share_words, shares, tile_kinds
from pnp.rules.playing import game_seeds, play_all

MARKET_PILES = 36  # six rows by six columns
DISPLAY = 3  # cards face up beside the deck
# seats in turn order, named so that they sort in that order, before SHARED
SEATS = ("seat 1", "seat 2", "seat 3", "seat 4")
SHARED = "shared"  # a game the tie-break leaves level: nobody wins it alone
BIT = MappingProxyType({"N": 1, "E": 2, "S": 4, "W": 8})
Action = Literal["move", "reroll", "guess"]
# a round token's picture and the action it offers; an hourglass offers none
TOKEN_ACTIONS: MappingProxyType[str, Action] = MappingProxyType(
    {"move-tile": "move", "reroll": "reroll", "predict": "guess"})
Move = tuple[Cell, Cell]  # a tile's cell and where it goes


class RoundToken(NamedTuple):
    """One round token: the building points it gives everyone, and its action."""

    points: int
    action: Action | None


class Table(msgspec.Struct, frozen=True):
    """What every game of a mix starts from, read from the tileset once."""

    tileset: Tileset
    players: int
    entrance: TileKind
    tunnels: tuple[TileKind, ...]  # one entry for each copy, in the tileset's order
    tokens: tuple[RoundToken, ...]  # one entry for each copy
    missions: tuple[str, ...]
    items: tuple[str, ...]
    plus_one_tokens: int


class Player(msgspec.Struct):
    """One player's mine and what they hold, changed as the game goes on."""

    mine: Mine
    reach: frozenset[tuple[Cell, str]]
    cards: list[str]
    tokens: int = 0
    built: int = 0


class Game(msgspec.Struct):
    """Everything shared at the table during one game."""

    rng: random.Random
    piles: list[list[TileKind]]  # each pile's top is its last tile
    deck: list[str]
    display: list[str]
    supply: int  # +1 tokens not held by anyone
    players: list[Player]
    laid: Counter[str]
    # what each seat did, for the tests to replay: "turn" (a turn begins), "build" (tile,
    # cell, points before paying) or "move" (from, to)
    log: list[tuple[int, str, tuple[object, ...]]]


class Outcome(NamedTuple):
    """One game, as the report counts it."""

    totals: tuple[int, ...]  # by seat
    winners: tuple[int, ...]  # seats; more than one when the tie-break leaves them level
    built: tuple[int, ...]  # tiles each seat built (moves not counted)
    depths: tuple[int, ...]
    laid: tuple[tuple[str, int], ...]  # tiles built in the game, by kind


# ---------------------------------------------------------------------------
# The table, read from the mix.


def table_of(setup: Setup) -> Table:
    """The pieces a game is played with; :class:`Unplayable` when the mix lacks one the
    setup needs or prints one the rules cannot read (the validator reports the same)."""
    tileset = setup.tileset
    tunnels = tuple(tile for tile in tileset.tiles if tile.role == "tunnel" and tile.count)
    tokens = pieces(tileset, "round")
    missions = _cards(tileset, "mission", MISSIONS)
    rounds = sum(piece.count for piece in tokens)
    lacking = [words for missing, words in (
        (not tokens, "there are no round tokens, so no round can begin"),
        (rounds > MOST_ROUNDS, f"the {rounds} round tokens make more rounds than the "
                               f"{MOST_ROUNDS} a game may have"),
        (any(round_points(piece) is None for piece in tokens),
         "a round token does not print its building points as one whole number"),
        (not tunnels, "there are no tunnel tiles to buy"),
        (any(tile_facts(tile).cost is None for tile in tunnels),
         "a tunnel tile does not show exactly one die, so it has no cost"),
        (len(missions) < setup.players,
         f"the setup deals a mission card to each of the {setup.players} players"))
        if missing]
    if lacking:
        raise Unplayable("; ".join(lacking))
    return Table(tileset, setup.players, _entrance(setup),
                 tuple(tile for tile in tunnels for _ in range(tile.count)),
                 tuple(_round_token(piece) for piece in tokens for _ in range(piece.count)),
                 missions, _cards(tileset, "item", ITEMS),
                 sum(piece.count for piece in pieces(tileset, "plus-one")))


def _entrance(setup: Setup) -> TileKind:
    """The mine entrance every player starts from; one copy each is needed."""
    entrances = [tile for tile in setup.tileset.tiles if tile.role == "base" and tile.count]
    if sum(tile.count for tile in entrances) < setup.players:
        raise Unplayable(f"each of the {setup.players} players needs a mine entrance")
    return entrances[0]


def _round_token(piece: Component) -> RoundToken:
    """A round token's points (its printed number, read by :func:`check.round_points`)
    and the action its picture offers."""
    actions = [TOKEN_ACTIONS[str(feature.value)] for feature in piece.features
               if feature.kind == "icon" and str(feature.value) in TOKEN_ACTIONS]
    return RoundToken(round_points(piece) or 0, actions[0] if actions else None)


def _cards(tileset: Tileset, prefix: str, known: Mapping[str, object]) -> tuple[str, ...]:
    """The cards of one sort whose effect the rules know, one entry for each copy."""
    return tuple(piece.name[len(prefix) + 1:] for piece in pieces(tileset, prefix)
                 for _ in range(piece.count) if piece.name[len(prefix) + 1:] in known)


# ---------------------------------------------------------------------------
# Where a tile may go: the spaces next to tunnel ends joined to the entrance.


def spaces(mine: Mine, reach: frozenset[tuple[Cell, str]]) -> list[tuple[Cell, int, int]]:
    """Every empty cell a tile could be built on, with which of its edges touch a tile
    (``known``) and which of those meet an open tunnel (``wanted``), as bits of
    :data:`BIT`: a tile fits exactly when its own open edges among ``known`` are
    ``wanted``. Only cells beside a tunnel end joined to the entrance are listed, and
    none above the entrance's level, so every fit joins the mine."""
    found: dict[Cell, tuple[int, int]] = {}
    for cell, edge in reach:
        there = SQUARE.neighbour(cell, edge)
        if there in mine.tiles or there[1] < mine.entrance[1] or there in found:
            continue
        known = wanted = 0
        for side in SQUARE.edges:
            kind = mine.tiles.get(SQUARE.neighbour(there, side))
            if kind is not None:
                known |= BIT[side]
                if SQUARE.opposite(side) in kind.ports:
                    wanted |= BIT[side]
        found[there] = (known, wanted)
    return [(cell, *found[cell]) for cell in sorted(found)]


def port_bits(kind: TileKind) -> int:
    return sum(BIT[edge] for edge in kind.ports)


def builds(game: Game, player: Player, points: int) -> list[tuple[int, Cell]]:
    """Every (pile, cell) a player can afford and build on, in a fixed order."""
    open_spaces = spaces(player.mine, player.reach)
    found = []
    for index, pile in enumerate(game.piles):
        if not pile:
            continue
        top = pile[-1]
        cost = tile_facts(top).cost
        if cost is None or cost > points:
            continue
        bits = port_bits(top)
        found += [(index, cell) for cell, known, wanted in open_spaces
                  if bits & known == wanted]
    return found


def moves(mine: Mine) -> list[Move]:
    """Every legal move of a peripheral tile to another space where it fits."""
    found = []
    for cell in peripheral_tiles(mine):
        rest = mine.without(cell)
        bits = port_bits(mine.tiles[cell])
        found += [(cell, there) for there, known, wanted in spaces(rest, reachable_ports(rest))
                  if there != cell and bits & known == wanted]
    return found


# ---------------------------------------------------------------------------
# Playing.


def new_game(table: Table, seed: int) -> Game:
    """The table after setup: piles dealt, missions dealt, three cards on display."""
    rng = random.Random(seed)
    tiles = list(table.tunnels)
    rng.shuffle(tiles)
    count = min(MARKET_PILES, len(tiles))
    piles = [tiles[index::count] for index in range(count)]
    missions = list(table.missions)
    rng.shuffle(missions)
    deck = list(table.items) + missions[table.players:]
    rng.shuffle(deck)
    start = Mine.start(table.entrance)
    players = [Player(start, reachable_ports(start), [missions[seat]])
               for seat in range(table.players)]
    return Game(rng, piles, deck[DISPLAY:], deck[:DISPLAY], table.plus_one_tokens, players,
                Counter(), [])


def play(table: Table, seed: int) -> Game:
    """One whole game from its seed: every round, every player's turn."""
    game = new_game(table, seed)
    order = list(table.tokens)
    game.rng.shuffle(order)
    for token in order:
        for seat in range(table.players):
            _turn(game, seat, token)
    return game


def _turn(game: Game, seat: int, token: RoundToken) -> None:
    rng, player = game.rng, game.players[seat]
    game.log.append((seat, "turn", ()))
    called = rng.randint(1, 6) if token.action == "guess" else None
    roll = rng.randint(1, 6)
    bonus = 1 if called == roll else 0
    if token.action == "reroll" and rng.random() < 0.5:
        roll, bonus = rng.randint(1, 6), 1  # the new roll, plus one, replaces the first
    points = token.points + roll + bonus
    if "cave-raven" in player.cards and rng.random() < 0.5:
        player.cards.remove("cave-raven")
        points += rng.randint(1, 6)
    spent = rng.randint(0, player.tokens)
    player.tokens -= spent
    game.supply += spent
    extras = _extras(game, seat, token, roll)
    later = [extra for extra in extras if rng.random() < 0.5]  # each before or after building
    for extra in extras:
        if extra not in later:
            _extra(game, seat, extra)
    _build(game, seat, points + spent)
    for extra in later:
        _extra(game, seat, extra)


Extra = Literal["token move", "a one", "mine plan"]


def _extras(game: Game, seat: int, token: RoundToken, roll: int) -> list[Extra]:
    """The extra actions open to a player this turn, each taken before or after building:
    the round token's move, a roll of 1's move or card, the Mine Plan on a coin toss."""
    extras: list[Extra] = []
    if token.action == "move":
        extras.append("token move")
    if roll == 1:
        extras.append("a one")
    if "mine-plan" in game.players[seat].cards and game.rng.random() < 0.5:
        extras.append("mine plan")
    return extras


def _extra(game: Game, seat: int, extra: Extra) -> None:
    if extra == "token move":
        _maybe_move(game, seat)
    elif extra == "a one":
        _on_a_one(game, seat)
    else:
        game.players[seat].cards.remove("mine-plan")
        for _ in range(game.rng.randint(1, 2)):
            _maybe_move(game, seat, optional=False)


def _build(game: Game, seat: int, points: int) -> None:
    """Buy and build tiles while anything affordable fits."""
    player = game.players[seat]
    while options := builds(game, player, points):
        index, cell = game.rng.choice(options)
        kind = game.piles[index].pop()
        facts = tile_facts(kind)
        assert facts.cost is not None
        game.log.append((seat, "build", (kind.name, cell, points)))
        points += plus_one_bonus(player.mine, cell, kind) - facts.cost
        _place(player, player.mine.with_tile(cell, kind))
        player.built += 1
        game.laid[kind.name] += 1
        if facts.plus_one_token and game.supply > 0:
            game.supply -= 1
            player.tokens += 1
        if facts.move_tile:
            _maybe_move(game, seat)


def _place(player: Player, mine: Mine) -> None:
    player.mine = mine
    player.reach = reachable_ports(mine)


def _maybe_move(game: Game, seat: int, optional: bool = True) -> None:
    """A move the player may make: none, or one of the legal ones, uniformly."""
    player = game.players[seat]
    options = moves(player.mine)
    pick = game.rng.randrange(len(options) + optional) - optional if options else -1
    if pick < 0:
        return
    from_cell, to_cell = options[pick]
    mine = player.mine
    _place(player, mine.without(from_cell).with_tile(to_cell, mine.tiles[from_cell]))
    game.log.append((seat, "move", options[pick]))


def _on_a_one(game: Game, seat: int) -> None:
    """A roll of 1: nothing, a move or a card from the display, picked at random."""
    offers = ["nothing", "move"] + (["card"] if game.display else [])
    choice = game.rng.choice(offers)
    if choice == "move":
        _maybe_move(game, seat, optional=False)
    elif choice == "card":
        card = game.display.pop(game.rng.randrange(len(game.display)))
        game.players[seat].cards.append(card)
        if game.deck:
            game.display.append(game.deck.pop())


def final_score(table: Table, game: Game) -> dict[str, Any]:
    """The rulebook's final count of a played game (:func:`scoring.score_layout`)."""
    layout = Layout(tuple(
        PlayerLayout(SEATS[seat], player.mine,
                     tuple(card for card in player.cards if card in ITEMS),
                     tuple(card for card in player.cards if card in MISSIONS))
        for seat, player in enumerate(game.players)))
    return score_layout(table.tileset, layout)


def _one_game(table: Table, seed: int) -> Outcome:
    game = play(table, seed)
    scored = final_score(table, game)
    totals = tuple(int(player["total"]) for player in scored["players"])
    winners = tuple(SEATS.index(name) for name in scored["winners"])
    return Outcome(totals, winners, tuple(player.built for player in game.players),
                   tuple(player.mine.depth for player in game.players),
                   tuple(sorted(game.laid.items())))


# ---------------------------------------------------------------------------
# The report.


def simulate(setup: Setup, games: int, seed: int, progress: Progress | None = None,
             processes: int = 1) -> dict[str, object]:
    """Play ``games`` random games of ``setup`` on ``processes`` processes (0: one per
    core) and report what a designer reads off them; the same seed gives the same
    report however many processes play it."""
    if games < 1:
        raise ValueError("simulate needs at least one game")
    table = table_of(setup)
    outcomes = play_all(_one_game, table, game_seeds(seed, games), processes, progress)
    seats = SEATS[:table.players]
    wins = {seat: 0 for seat in seats} | {SHARED: 0}
    for outcome in outcomes:
        wins[seats[outcome.winners[0]] if len(outcome.winners) == 1 else SHARED] += 1
    win_share = shares(wins, games)
    winning = lengths([max(outcome.totals) for outcome in outcomes])
    return {
        "games": games,
        "seed": seed,
        "players": table.players,
        "rounds": len(table.tokens),
        "ended": games,  # a game always ends with its last round token
        "unfinished": 0,
        "wins": wins,
        "ended_share": certain(100.0),  # by the rules, not measured
        "win_share": win_share,
        "score": lengths(_every(outcome.totals for outcome in outcomes)),
        "winning_score": winning,
        "margin": lengths([_margin(outcome.totals) for outcome in outcomes]),
        "depth": lengths(_every(outcome.depths for outcome in outcomes)),
        "tiles_built": lengths(_every(outcome.built for outcome in outcomes)),
        "tile_kinds": tile_kinds([dict(outcome.laid) for outcome in outcomes], dict(sorted(
            Counter(kind.name for kind in table.tunnels).items()))),
        "verdict": _verdict(win_share, len(table.tokens), winning),
    }


def _every(values: Iterable[tuple[int, ...]]) -> list[int]:
    return [value for group in values for value in group]


def _margin(totals: Sequence[int]) -> int:
    """How far the winner's total is ahead of the next best (0 for a level finish)."""
    ordered = sorted(totals, reverse=True)
    return ordered[0] - ordered[1] if len(ordered) > 1 else 0


def _verdict(win_share: Mapping[str, Mapping[str, Any]], rounds: int,
             winning: Mapping[str, Any]) -> str:
    """The report in a sentence, from its own figures: a seat that wins more often than
    an even share (its interval leaving out one game in as many as there are seats),
    or that none does, and the winners' scores."""
    seats = [seat for seat in win_share if seat != SHARED]
    even = 100 / len(seats)
    standing = [seat for seat in seats if not _holds(win_share[seat], even)]
    if standing:
        leader = max(standing, key=lambda seat: win_share[seat]["games"])
        seat_words = f"the player in {leader} won {share_words(win_share[leader])} of them"
    else:
        seat_words = f"every seat's share of the wins is within chance of an even {even:.3g}%"
    return (f"every game ends after its {rounds} rounds; {seat_words}, and a winner "
            f"scored {winning['median']:g} VP at the median")


def _holds(share: Mapping[str, Any], value: float) -> bool:
    """Whether a share's 95% interval holds ``value`` (percent)."""
    return bool(share["low"] <= value <= share["high"])
