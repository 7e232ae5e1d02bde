"""Random games of Mattock from the fixed setup, to see that a mix plays out.

Red moves first: the rules name a first player only for the freestyle setup
(whoever placed last), so for the fixed setup the first player is our choice.
"""

from __future__ import annotations

import random

from pnp.rules import Progress, Setup, Unplayable
from pnp.rules.mattock.check import SHORT_VARIANT, board_in_play, placeable, setup_cells
from pnp.rules.mattock.model import (
    PLAYERS,
    RED,
    Board,
    State,
    _mine,
    _move,
    end_turn,
    groups,
    indices,
    make_board,
    mining_spaces,
    remove_miners,
    start,
)
from pnp.rules.measures import lengths as length_measures
from pnp.rules.measures import shares, verdict, wilson
from pnp.rules.playing import game_seeds, play_all


def starting_position(setup: Setup) -> tuple[Board, State]:
    """The board in play and the position after the fixed setup, from a tileset."""
    if setup.players != len(PLAYERS):
        raise Unplayable(f"Mattock is played by {len(PLAYERS)} players, red and blue, not "
                         f"{setup.players}")
    played = board_in_play(setup)
    spec = setup.tileset.board
    if played is None or spec is None:
        raise Unplayable("this tileset has no board to play Mattock on")
    side = played[0]
    cells = setup_cells(spec, setup.variant == SHORT_VARIANT)
    red, blue = cells["red"], cells["blue"]
    left = placeable(setup)[0] - len(red) - len(blue)
    if left < 0:
        raise Unplayable("the supply does not even cover the setup spaces")
    board = make_board(side)
    return board, start(board, red, blue, left)


def random_game(board: Board, state: State, rng: random.Random,
                turns: int | None = None) -> tuple[State, bool]:
    """Play random legal turns until someone cannot mine; False if the cap stopped it.

    Every turn adds a tile, so a game cannot outlast the board; the cap only guards
    against a bug turning that into an endless loop. Given ``turns``, play at most
    that many: the mid-game positions that tests and benchmarks list turns for.
    """
    for _ in range(board.size + 1 if turns is None else turns):
        if state.supply <= 0:
            return state, True
        spaces = mining_spaces(board, state)
        if not spaces:
            return state, True
        state = _mine(state, rng.choice(list(indices(spaces))))
        move = _random_move(board, state, rng)
        if move is not None:
            state = _move(state, *move)
        state = end_turn(remove_miners(board, state))
    return state, False


def _random_move(board: Board, state: State, rng: random.Random) -> tuple[int, int] | None:
    """A uniformly random choice among "stay put" and every legal miner move."""
    own = state.miners[state.player]
    options = []
    total = 1  # standing still is always allowed
    for members, region in groups(board, state, state.player):
        targets = region & ~own
        count = members.bit_count() * targets.bit_count()
        if count:
            options.append((members, targets, count))
            total += count
    pick = rng.randrange(total) - 1
    if pick < 0:
        return None
    for members, targets, count in options:
        if pick < count:
            which, where = divmod(pick, targets.bit_count())
            return _nth(members, which), _nth(targets, where)
        pick -= count
    return None


def _nth(mask: int, n: int) -> int:
    """The index of the n-th set bit of a bitset (0 for the lowest)."""
    for position, index in enumerate(indices(mask)):
        if position == n:
            return index
    raise IndexError(n)


def _one_game(start: tuple[Board, State],
              seed: int) -> tuple[int, int, int | None, bool, int]:
    """One game from its own seed: its turns, the tiles on the board at its end, the
    winner's index (None: the cap stopped it), whether the box ran out first, and how
    many miners were taken off the board."""
    final, finished = random_game(*start, random.Random(seed))
    winner = 1 - final.player if finished else None
    taken = sum(before.bit_count() - after.bit_count()
                for before, after in zip(start[1].miners, final.miners, strict=True))
    return final.turns, final.tiles.bit_count(), winner, finished and final.supply <= 0, taken


def simulate(setup: Setup, games: int, seed: int, progress: Progress | None = None,
             processes: int = 1) -> dict[str, object]:
    """Play ``games`` random legal games from the fixed setup, on ``processes`` processes
    (0 for one per core); report how they ended.

    The same seed always gives the same report, however many processes play it.
    ``ended`` counts games decided by a player unable to mine, ``supply_exhausted``
    those where the box ran out first, ``unfinished`` games stopped by the safety cap
    (there should be none). ``progress`` hears how many games have been played.
    """
    if games < 1:
        raise ValueError("simulate needs at least one game")
    board, opening = starting_position(setup)
    turns, placed, removed, wins = [], [], [], {name: 0 for name in PLAYERS}
    ended = unfinished = exhausted = 0
    for played_turns, tiles, winner, out_of_tiles, taken in play_all(
            _one_game, (board, opening), game_seeds(seed, games), processes, progress):
        turns.append(played_turns)
        placed.append(tiles)
        removed.append(taken)
        if winner is None:
            unfinished += 1
            continue
        ended += 1
        wins[PLAYERS[winner]] += 1
        exhausted += out_of_tiles
    return {
        "games": games,
        "seed": seed,
        "board_side": board.side,
        "first_player": PLAYERS[RED],
        "ended": ended,
        "unfinished": unfinished,
        "supply_exhausted": exhausted,
        "turns": length_measures(turns),
        "tiles_placed": length_measures(placed),  # the setup's twelve included
        "miners_removed": length_measures(removed),  # both players', in a game
        "wins": wins,
        "ended_share": wilson(ended, games),
        "win_share": shares(wins, ended),
        "verdict": verdict(ended, games, wins),
    }


