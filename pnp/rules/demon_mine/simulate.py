"""Random games of Demon Mine, played by the rules, to see whether a mix plays out.

Two sides (miners from the entrance, ghost beetles from the hive), or with
four players two mining crews and two beetle strains from the four corners,
take turns: a new pawn enters while any are in reserve, a tile is drawn,
each pawn burrows (lays a tile from the hand and moves into it), moves one or
two squares, or stays; a MINER event brings a set-aside pawn onto a new tile,
a LODESTONE event blocks a square; crowded squares overflow, hands are cut
to three, and pawns of different players sharing a square fight with dice.
A pawn that walks into an enemy's square stops there and fights, and so does
a pawn pushed out of a crowded square onto enemies. A player whose turn ends
with no pawns on the grid, once every starting pawn has entered, is out; the
miners win when no beetle player is left, the beetles when no miner is.

Our readings where the rules are silent: with four players turns go round
the corners, miners and beetles alternating; a pawn meeting pawns of two
other players fights them one player at a time.

Tunnel collapses are drawn and held but never played, and lodestones do
not hand the orientation of nearby tiles to the opponent: both only reshape
play, and leaving them out keeps every game a legal one. The players are
simple: each action is chosen at random among the legal ones, leaning towards
the nearest enemy so that games resolve the way people trying to win would
make them. Everything flows from one seeded random generator, so a seed
always gives the same report.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import NamedTuple

import msgspec

from pnp.geometry.cells import SquareCell as Cell
from pnp.geometry.cells import square_distance
from pnp.model.tileset import TileKind
from pnp.rules import Progress, Setup, Unplayable, rotations
from pnp.rules.demon_mine.check import base_findings, chosen_layout, supply_of
from pnp.rules.demon_mine.model import (
    EDGE_OF_STEP,
    ENTRANCE,
    HIVE,
    LODESTONE,
    Placed,
    fits_over,
    moves,
    step_ok,
    steps_from,
)
from pnp.rules.measures import lengths as length_measures
from pnp.rules.measures import shares, tile_kinds, verdict, wilson
from pnp.rules.playing import game_seeds, play_all

SPECIES = ("miners", "beetles")
HAND_LIMIT = 3
RESERVE = 4
ROUND_CAP = 200  # rounds of turns before a game counts as unfinished
STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))


class Game(msgspec.Struct):
    """One game in progress (mutable on purpose: it lives inside one simulation).

    Players are numbered in turn order; ``bases`` gives each its square and
    ``species`` whether it plays miners (0) or beetles (1).
    """

    rng: random.Random
    grid: dict[Cell, Placed]
    draw: list[TileKind]
    bases: tuple[Cell, ...] = ((0, 0), (7, 7))
    species: tuple[int, ...] = (0, 1)
    pit: list[TileKind] = msgspec.field(default_factory=list)
    hands: list[list[TileKind]] = msgspec.field(default_factory=list)
    pawns: list[list[Cell]] = msgspec.field(default_factory=list)
    reserve: list[int] = msgspec.field(default_factory=list)
    aside: list[int] = msgspec.field(default_factory=list)
    out: set[int] = msgspec.field(default_factory=set)
    placements: dict[str, tuple[Placed, ...]] = msgspec.field(default_factory=dict)
    laid: dict[str, int] = msgspec.field(default_factory=dict)  # tiles burrowed, by kind
    # tiles thrown from a full hand into the pit, by kind: held, and never of use
    stuck: dict[str, int] = msgspec.field(default_factory=dict)
    # every other player, for each player: asked for in every fight and every move
    rivals: tuple[tuple[int, ...], ...] = ()

    def __post_init__(self) -> None:
        players = len(self.bases)
        self.hands = self.hands or [[] for _ in range(players)]
        self.pawns = self.pawns or [[] for _ in range(players)]
        self.reserve = self.reserve or [RESERVE] * players
        self.aside = self.aside or [RESERVE] * players
        self.rivals = tuple(tuple(other for other in range(players) if other != side)
                            for side in range(players))

    def turned(self, kind: TileKind) -> tuple[Placed, ...]:
        """The tiles ``kind`` may be laid as (each turn the rules allow), made once a game."""
        made = self.placements.get(kind.name)
        if made is None:
            made = self.placements[kind.name] = tuple(
                Placed(kind, rotation) for rotation in rotations(kind, 4))
        return made

    def take(self, side: int) -> None:
        """Draw one tile into a hand, from the pile or else from the pit."""
        source = self.draw or self.pit
        if source:
            self.hands[side].append(source.pop(self.rng.randrange(len(source)) if
                                               source is self.pit else -1))

    def enemies(self, side: int) -> tuple[int, ...]:
        """Every other player: with four, rivals of one's own species fight too."""
        return self.rivals[side]

    def enemies_at(self, side: int, cell: Cell) -> bool:
        return any(cell in self.pawns[other] for other in self.enemies(side))

    def enemy_squares(self, side: int) -> frozenset[Cell]:
        return frozenset(cell for other in self.enemies(side) for cell in self.pawns[other])


def _target(game: Game, side: int, cell: Cell, foes: frozenset[Cell]) -> Cell:
    """Where a pawn wants to go: the nearest enemy pawn (``foes``: the squares holding
    one), else the nearest enemy base."""
    x, y = cell  # the distance is square_distance's, written out: it is asked most of all
    enemies = sorted(foes)
    if enemies:
        return min(enemies, key=lambda other: abs(other[0] - x) + abs(other[1] - y))
    return min((game.bases[other] for other in game.enemies(side)),
               key=lambda base: abs(base[0] - x) + abs(base[1] - y))


def _combat(game: Game, side: int, cell: Cell) -> None:
    """Pawns sharing a square with another player's pawns fight, one player at a time."""
    for other in game.enemies(side):
        _fight(game, side, other, cell)


def _fight(game: Game, side: int, other: int, cell: Cell) -> None:
    """Two players' pawns on one square roll until one loses a pawn and the rest leave."""
    for _ in range(20):
        mine = game.pawns[side].count(cell)
        theirs = game.pawns[other].count(cell)
        if not mine or not theirs:
            return
        best_mine = max(game.rng.randint(1, 6) for _ in range(mine))
        best_theirs = max(game.rng.randint(1, 6) for _ in range(theirs))
        if best_mine == best_theirs:
            continue
        loser = other if best_mine > best_theirs else side
        game.pawns[loser].remove(cell)
        for _ in range(game.pawns[loser].count(cell)):
            exits = [c for c in moves(game.grid, cell)
                     if square_distance(c, cell) == 1 and not game.enemies_at(loser, c)]
            if not exits:
                break
            game.pawns[loser].remove(cell)
            game.pawns[loser].append(game.rng.choice(exits))
        return


def _burrows(game: Game, side: int, cell: Cell) -> list[tuple[Cell, int, Placed]]:
    """Every legal burrow from ``cell`` with a tile from the hand: (target, hand index, tile).

    The rules are :func:`can_burrow`'s; what depends only on the square (the
    pawn's tile open towards it, no base there) is asked once per square rather
    than once per tile and turn, and each kind's turned tiles are made once a
    game. The options come in the same order as asking can_burrow of every
    tile, square and turn, so a seed plays the same game.
    """
    here = game.grid.get(cell)
    if here is None:
        return []
    squares = []
    for dx, dy in STEPS:
        target = (cell[0] + dx, cell[1] + dy)
        old = game.grid.get(target)
        if EDGE_OF_STEP[(dx, dy)] in here.open_edges and \
                (old is None or old.kind.role != "base"):
            squares.append((target, EDGE_OF_STEP[(-dx, -dy)], old))
    options = []
    for index, kind in enumerate(game.hands[side]):
        if kind.role != "tunnel":
            continue
        turned = game.turned(kind)
        for target, back, old in squares:
            for placed in turned:
                if back in placed.open_edges and (
                        old is None or old.kind.name == LODESTONE or fits_over(placed, old)):
                    options.append((target, index, placed))
    return options


def _act(game: Game, side: int, pawn: int, created: list[Cell]) -> bool:
    """One pawn's action; returns True when it burrowed or moved."""
    cell = game.pawns[side][pawn]
    foes = game.enemy_squares(side)  # nobody moves before this pawn does
    gx, gy = _target(game, side, cell, foes)
    burrows = _burrows(game, side, cell)
    fresh = [option for option in burrows if option[0] not in game.grid]
    # Re-laying a square costs a tile and gains ground only when it opens new edges;
    # players dig new ground first and re-lay only to break out of a dead end.
    burrows = fresh or [option for option in burrows
                        if option[2].open_edges > game.grid[option[0]].open_edges]
    steps = sorted(moves(game.grid, cell, foes))
    roll = game.rng.random()
    if burrows and (roll < (0.55 if fresh else 0.2) or not steps):
        burrows.sort(key=lambda option: abs(option[0][0] - gx) + abs(option[0][1] - gy))
        target, index, placed = burrows[0] if game.rng.random() < 0.7 else \
            game.rng.choice(burrows)
        game.grid[target] = placed  # a replaced tile or lodestone leaves play
        game.laid[placed.kind.name] = game.laid.get(placed.kind.name, 0) + 1
        game.hands[side].pop(index)
        game.pawns[side][pawn] = target
        created.append(target)
        game.take(side)
        _combat(game, side, target)
        return True
    if steps and roll < 0.9:
        steps.sort(key=lambda c: abs(c[0] - gx) + abs(c[1] - gy))
        target = steps[0] if game.rng.random() < 0.7 else game.rng.choice(steps)
        game.pawns[side][pawn] = target
        _combat(game, side, target)
        return True
    return False


def _events(game: Game, side: int, created: list[Cell]) -> None:
    """Play at most one event: rouse a miner onto a new tile, or drop a lodestone."""
    hand = game.hands[side]
    miners = [i for i, kind in enumerate(hand) if kind.name == "miner"]
    if miners and game.aside[side] and created:
        hand.pop(miners[0])
        game.aside[side] -= 1
        cell = game.rng.choice(created)
        game.pawns[side].append(cell)
        _combat(game, side, cell)
        return
    stones = [i for i, kind in enumerate(hand) if kind.name == LODESTONE]
    if stones and game.rng.random() < 0.5:
        empty = sorted({(x + dx, y + dy) for x, y in game.grid for dx, dy in STEPS
                        if (x + dx, y + dy) not in game.grid})
        if empty:
            kind = hand.pop(stones[0])
            game.grid[game.rng.choice(empty)] = Placed(kind, 0)


def _overflow(game: Game) -> None:
    """More than two pawns on a square: the extras step out one at a time, and fight.

    A pushed pawn follows the normal movement rules for one step and may land
    on its own pawns, a crowded square or enemies; landing on enemies starts
    a fight as any meeting does.
    """
    if max(Counter(cell for pawns in game.pawns for cell in pawns).values(), default=0) <= 2:
        return  # no square is crowded (most turns), so nobody is pushed
    for owner in range(len(game.bases)):
        for cell in sorted(set(game.pawns[owner])):
            crowd = sum(pawns.count(cell) for pawns in game.pawns)
            while crowd > 2 and cell in game.pawns[owner]:
                exits = [c for c in moves(game.grid, cell) if square_distance(c, cell) == 1]
                if not exits:
                    break
                landing = game.rng.choice(exits)
                game.pawns[owner].remove(cell)
                game.pawns[owner].append(landing)
                _combat(game, owner, landing)
                crowd = sum(pawns.count(cell) for pawns in game.pawns)


def _adjacent_fight(game: Game, side: int) -> None:
    """Sometimes attack an enemy next door through an open tunnel."""
    for other in game.enemies(side):
        for cell in list(game.pawns[side]):
            for enemy in list(game.pawns[other]):
                if abs(cell[0] - enemy[0]) + abs(cell[1] - enemy[1]) == 1 and \
                        cell in game.pawns[side] and enemy in game.pawns[other] and \
                        step_ok(game.grid, cell, enemy, None) and game.rng.random() < 0.5:
                    _strike(game, side, other, cell, enemy)


def _strike(game: Game, side: int, other: int, cell: Cell, enemy: Cell) -> None:
    """One fight across a tunnel mouth: the loser gives up a pawn."""
    mine = max(game.rng.randint(1, 6) for _ in range(game.pawns[side].count(cell)))
    theirs = max(game.rng.randint(1, 6) for _ in range(game.pawns[other].count(enemy)))
    if mine > theirs:
        game.pawns[other].remove(enemy)
    elif theirs > mine:
        game.pawns[side].remove(cell)


def play_turn(game: Game, side: int) -> None:
    """One whole turn for ``side``, in the rulebook's order of phases."""
    if game.reserve[side]:
        game.reserve[side] -= 1
        game.pawns[side].append(game.bases[side])
        _combat(game, side, game.bases[side])
    game.take(side)
    created: list[Cell] = []
    idle = False
    order = list(range(len(game.pawns[side])))
    game.rng.shuffle(order)
    for pawn in order:
        if pawn < len(game.pawns[side]) and not _act(game, side, pawn, created):
            idle = True
    if idle:
        game.take(side)
    _events(game, side, created)
    _adjacent_fight(game, side)
    _overflow(game)
    hand = game.hands[side]
    while len(hand) > HAND_LIMIT:
        thrown = hand.pop(game.rng.randrange(len(hand)))
        game.pit.append(thrown)
        game.stuck[thrown.name] = game.stuck.get(thrown.name, 0) + 1


Seats = tuple[tuple[Cell, ...], tuple[int, ...]]  # each player's base, and its species


def _check_bases(setup: Setup) -> None:
    """:class:`Unplayable` unless the mix holds the bases the set-up lays: without them
    there is nothing to play from (the validator's setup-bases error says the same)."""
    wrong = base_findings(setup)
    if wrong:
        raise Unplayable("; ".join(finding.message.rstrip(".") for finding in wrong))


def seats(setup: Setup) -> Seats:
    """Where the players' bases lie and which species each plays.

    With four players the two entrances take (0, 0) and (7, 7) and the hives
    the other corners, and turns go round the corners (our reading), so
    miners and beetles alternate. With fewer, the bases take the diagonal
    whose link the mix can dig (either, by the set-up's rule): a search over
    the mix, made once for a whole run rather than once a game.
    """
    if setup.players == 4:
        return ((0, 0), (7, 0), (7, 7), (0, 7)), (0, 1, 0, 1)
    layout = chosen_layout(supply_of(setup.tileset)[0], setup.players)
    return (layout.entrances[0], layout.hives[0]), (0, 1)


def new_game(setup: Setup, rng: random.Random, seated: Seats | None = None) -> Game:
    """The opening position: bases on their corners (``seated``, else :func:`seats`),
    the other tiles shuffled face down."""
    tileset = setup.tileset
    entrance, hive = tileset.tile(ENTRANCE), tileset.tile(HIVE)
    pile = [tile for tile in tileset.tiles if tile.role != "base"
            for _ in range(tile.count)]
    rng.shuffle(pile)
    bases, species = seated or seats(setup)
    grid = {cell: Placed(entrance if kind == 0 else hive)
            for cell, kind in zip(bases, species, strict=True)}
    return Game(rng, grid, pile, bases, species)


def winner(game: Game) -> int | None:
    """The species left when the other has no player in the game, else None."""
    standing = {game.species[side] for side in range(len(game.bases)) if side not in game.out}
    return next(iter(standing)) if len(standing) == 1 else None


class Played(NamedTuple):
    """One game as the report counts it."""

    winner: int | None  # the winning species, None when the cap stopped the game
    turns: int
    laid: dict[str, int]  # tiles burrowed, by kind
    first_link: int | None  # the turn after which tunnels first joined an entrance to a
    # hive, None if they never did
    stuck: dict[str, int]  # tiles thrown from a full hand, by kind


def play_game(setup: Setup, rng: random.Random, seated: Seats | None = None) -> Played:
    """Play one game: who won, the turns played, the tiles burrowed and when the first
    entrance-hive link opened. Looking for the link draws nothing at random, so a seed
    plays the same game with or without it."""
    game = new_game(setup, rng, seated)
    players = len(game.bases)
    first_link = None
    looked = (-1, -1)  # tiles burrowed and squares filled when the link was last looked for
    for turn in range(ROUND_CAP * players):
        side = turn % players
        if side in game.out:
            continue
        play_turn(game, side)
        grown = (sum(game.laid.values()), len(game.grid))  # only a new tile opens a link
        if first_link is None and grown != looked:
            looked = grown
            if linked(game):
                first_link = turn + 1
        if any(game.reserve) or game.pawns[side]:
            continue
        game.out.add(side)  # its own turn ended with no pawn on the grid
        won = winner(game)
        if won is not None:
            return Played(won, turn + 1, game.laid, first_link, game.stuck)
    return Played(None, ROUND_CAP * players, game.laid, first_link, game.stuck)


def linked(game: Game) -> bool:
    """Whether a pawn could walk from an entrance to a hive through the tunnels laid:
    each step through facing open edges onto a tile a pawn may enter, and on through a
    tile only where its tunnel joins the edge it came in by to the edge it leaves by
    (:func:`steps_from`)."""
    hives = {base for base, species in zip(game.bases, game.species, strict=True) if species}
    starts: list[tuple[Cell, str | None]] = [
        (base, None) for base, species in zip(game.bases, game.species, strict=True)
        if not species]
    seen = set(starts)
    frontier = list(starts)
    while frontier:
        for there, into in steps_from(game.grid, *frontier.pop()):
            if there in hives:
                return True
            if (there, into) not in seen:
                seen.add((there, into))
                frontier.append((there, into))
    return False


def _one_game(table: tuple[Setup, Seats], seed: int) -> Played:
    """One game from its own seed."""
    setup, seated = table
    return play_game(setup, random.Random(seed), seated)


def simulate(setup: Setup, games: int, seed: int, progress: Progress | None = None,
             processes: int = 1) -> dict[str, object]:
    """Play ``games`` random games, on ``processes`` processes (0 for one per core); the
    report depends only on the mix and the seed. ``progress`` hears how many games have
    been played."""
    _check_bases(setup)
    lengths: list[int] = []
    wins = {"miners": 0, "beetles": 0}
    unfinished = 0
    laid: list[dict[str, int]] = []
    links: list[int] = []
    stuck: list[dict[str, int]] = []
    for won, turns, kinds, first_link, thrown in play_all(
            _one_game, (setup, seats(setup)), game_seeds(seed, games), processes, progress):
        laid.append(kinds)
        stuck.append(thrown)
        if first_link is not None:
            links.append(first_link)
        if won is None:
            unfinished += 1
        else:
            wins[SPECIES[won]] += 1
            lengths.append(turns)
    return {
        "game": "demon-mine", "games": games, "seed": seed, "ended": len(lengths),
        "unfinished": unfinished, "wins": wins,
        "ended_share": wilson(len(lengths), games),
        "win_share": shares(wins, len(lengths)),
        "turns": length_measures(lengths),  # of the games that ended
        # the turn the first entrance-hive link opened, in the games where one did
        "first_link": length_measures(links),
        "linked_share": wilson(len(links), games),
        "tile_kinds": tile_kinds(laid, {tile.name: tile.count for tile in setup.tileset.tiles
                                        if tile.role == "tunnel" and tile.count}, stuck),
        "turn_cap": ROUND_CAP * (4 if setup.players == 4 else 2),
        "verdict": verdict(len(lengths), games, wins),
    }
