"""Every legal turn of a Mattock position, with the miners each one removes.

A turn is the three steps of the rules done in order: a space to mine, an
optional walk of one miner, and the opponent miners that step 3 then removes.
Analysis tools (a solver, a player program) ask for these by the thousand, so
the listing reuses the bitset engine and shares work between turns: a mined
space is applied once for all the walks that follow it.

Order, stable and documented in docs/mattock-turns.md: by mined space in board
reading order (row r from the top, then q from the left); for each space, first
the turn without a walk, then the walks by starting space, then by end space,
both in reading order. Board indices are in reading order, so sorting them is
sorting cells that way.
"""

from __future__ import annotations

import msgspec

from pnp.rules.mattock.model import (
    Board,
    State,
    _mine,
    groups,
    indices,
    mining_spaces,
    spread,
)


class Turn(msgspec.Struct, frozen=True):
    """One legal turn: the mined space, the walk (or None) and the removed miners' bitset."""

    mine: int
    walk: tuple[int, int] | None
    removed: int


class Listing(msgspec.Struct, frozen=True):
    """Every legal turn of a position, and whether the game is over there."""

    turns: tuple[Turn, ...]
    terminal: bool
    winner: int | None  # RED or BLUE once terminal, else None


def list_turns(board: Board, state: State) -> Listing:
    """Every legal turn for the player to move, in the documented order.

    The player to move loses when there is no tile left to place or no space to
    mine; the listing is then empty, terminal, and names the other player.
    """
    spaces = mining_spaces(board, state) if state.supply > 0 else 0
    if not spaces:
        return Listing((), True, 1 - state.player)
    turns: list[Turn] = []
    base = _threats(board, state.tiles, state.miners[state.player],
                    state.miners[1 - state.player])
    for space in indices(spaces):
        mined = _mine(state, space)
        turns.append(Turn(space, None, removals_fast(board, mined)))
        placed = _after_mining(board, base, mined, space)
        for source, targets in walks(board, mined):
            removed = walk_removals(board, mined, placed, source, targets)
            turns.extend(Turn(space, (source, target), gone)
                         for target, gone in zip(targets, removed, strict=True))
    return Listing(tuple(turns), False, None)


def walks(board: Board, state: State) -> list[tuple[int, list[int]]]:
    """Each miner the player to move may walk, with every space it may walk to.

    Sorted by starting space, each list of ends sorted too (reading order).
    """
    own = state.miners[state.player]
    result: list[tuple[int, list[int]]] = []
    for members, region in groups(board, state, state.player):
        targets = list(indices(region & ~own))
        if targets:
            result.extend((source, targets) for source in indices(members))
    return sorted(result)


def _flood(board: Board, seeds: int, passable: int) -> int:
    """``engine.flood`` with the six shifts written out: the listing's inner loop.

    Same answer as the engine's (the tests compare whole listings with it).
    """
    step, slant = board.stride, board.stride - 1
    passable &= board.spaces
    region = edge = seeds
    while edge:
        edge = (edge << 1 | edge >> 1 | edge << step | edge >> step | edge << slant
                | edge >> slant) & passable & ~region
        region |= edge
    return region


# Why threats: the turns of one position differ only a little from one another
# (one more tile, one miner somewhere else), so what each opponent miner reaches
# is worked out once for the position and then patched for the mined space and
# for the walker leaving its space, instead of flooding again for every turn.


class _Threat(msgspec.Struct, frozen=True):
    """What one opponent miner reaches, for deciding whether a turn removes it."""

    bit: int  # the miner
    empty: int  # the empty tiles it reaches (its own space included)
    halo: int  # those and every space next to them: whose miners it touches
    reach: int  # what it reaches through tiles the mover does not stand on
    rim: int  # ``reach`` and every space next to it


def _threat(board: Board, bit: int, tiles: int, own: int, theirs: int) -> _Threat:
    """One opponent miner's reach, worked out from scratch."""
    empty = _flood(board, bit, tiles & ~own & ~theirs)
    reach = _flood(board, bit, tiles & ~own)
    return _Threat(bit, empty, spread(board, empty), reach, spread(board, reach))


def _threats(board: Board, tiles: int, own: int, theirs: int) -> list[_Threat]:
    return [_threat(board, 1 << index, tiles, own, theirs) for index in indices(theirs)]


def _opened(board: Board, threat: _Threat, cell: int, tiles: int, own: int,
            theirs: int) -> _Threat:
    """The threat once ``cell`` (a bit) is an empty tile: a new tile, or a miner gone.

    A region grows only when the opened space lies next to it, so most threats
    are kept as they are.
    """
    empty, halo, reach, rim = threat.empty, threat.halo, threat.reach, threat.rim
    if cell & halo:
        empty = _flood(board, empty | cell, tiles & ~own & ~theirs)
        halo = spread(board, empty)
    if cell & rim:
        reach = _flood(board, reach | cell, tiles & ~own)
        rim = spread(board, reach)
    return _Threat(threat.bit, empty, halo, reach, rim)


def _after_mining(board: Board, base: list[_Threat], mined: State, space: int) -> list[_Threat]:
    """The position's threats after mining ``space``.

    A returning miner on the new tile blocks it, which changes no opponent
    region (the space was not a tile before); otherwise the tile is open ground.
    """
    player = mined.player
    own, theirs = mined.miners[player], mined.miners[1 - player]
    cell = 1 << space
    if own & cell:
        return base
    return [_opened(board, threat, cell, mined.tiles, own, theirs) for threat in base]


def walk_removals(board: Board, mined: State, threats: list[_Threat], source: int,
                  targets: list[int]) -> list[int]:
    """The removals after walking the miner on ``source`` to each of ``targets``.

    Why not ask the engine once per walk: the walks of one miner differ only in
    where it ends. So each opponent miner is studied once with the walker lifted
    off the board, and a walk's end only matters where it touches or blocks that
    miner's tiles; the floods are repeated only when the end lies inside them.
    The answers equal ``engine.removals`` (the tests compare them).
    """
    player = mined.player
    theirs = mined.miners[1 - player]
    lifted = 1 << source
    rest = mined.miners[player] & ~lifted
    tiles = mined.tiles
    live = []
    empty = tiles & ~rest & ~theirs
    ends = 0
    for target in targets:
        ends |= 1 << target
    for threat in threats:
        opened = threat
        if lifted & (threat.halo | threat.rim):
            opened = _opened(board, threat, lifted, tiles, rest, theirs)
        touching = (opened.halo & rest).bit_count()
        if not touching:
            continue
        bit = opened.bit
        alone = opened.reach & theirs == bit
        # Paths are only needed where some walk could end on them.
        touch = _path(board, bit, empty, opened.empty & spread(board, rest)) \
            if ends & opened.empty else 0
        link = _path(board, bit, tiles & ~rest, theirs & ~bit) \
            if not alone and ends & opened.reach else 0
        live.append(_Live(opened, touching, alone, touch, link))
    if not live:
        return [0] * len(targets)
    return [_doomed(board, tiles, rest, theirs, live, 1 << target) for target in targets]


class _Live(msgspec.Struct, frozen=True):
    """An opponent miner that a walk may remove, with one path behind each answer.

    ``touch`` is a shortest path through empty tiles from the miner to a space
    next to one of the mover's other miners; ``link`` one through unoccupied or
    opponent tiles to another miner of its colour (0 when it has none, it is
    alone). A walk that ends off a path leaves that path, and so its answer,
    as it was: only ends on it need a new flood. A path no walk can end on is
    not searched for (left 0).
    """

    threat: _Threat
    touching: int  # how many of the mover's other miners its empty tiles touch
    alone: bool
    touch: int
    link: int


def _path(board: Board, seed: int, passable: int, goal: int) -> int:
    """The spaces of one shortest path from ``seed`` to a space of ``goal`` (0: none).

    A breadth-first search kept as one bitset per ring, then walked back from
    where it met the goal, one neighbour per ring.
    """
    if seed & goal:
        return seed
    step, slant = board.stride, board.stride - 1
    passable &= board.spaces
    rings = [seed]
    seen = seed
    while True:
        edge = rings[-1]
        ring = (edge << 1 | edge >> 1 | edge << step | edge >> step | edge << slant
                | edge >> slant) & passable & ~seen
        if not ring:
            return 0
        met = ring & goal
        if met:
            break
        seen |= ring
        rings.append(ring)
    cell = met & -met
    path = cell
    for ring in reversed(rings):
        back = spread(board, cell) & ring
        cell = back & -back
        path |= cell
    return path


def _doomed(board: Board, tiles: int, rest: int, theirs: int, live: list[_Live],
            end: int) -> int:
    """The removals once the walker stands on ``end`` (a bit), from the prepared threats.

    Blocking a space can only shrink a region, so a miner already alone stays
    alone. A walk that ends on the miner's empty tiles always touches them (the
    way in is next to it), so one more of ours is enough, and the touch path
    gives it unless the walk ends on that path.
    """
    own = rest | end
    doomed = 0
    for entry in live:
        threat = entry.threat
        if end & threat.empty:
            if end & entry.touch:  # the walker may cut it off from our miners: ask again
                halo = spread(board, _flood(board, threat.bit, tiles & ~own & ~theirs)) & own
                if halo & (halo - 1) == 0:
                    continue
        elif entry.touching + (1 if end & threat.halo else 0) < 2:
            continue
        if entry.alone or (end & entry.link and
                              _flood(board, threat.bit, tiles & ~own) & theirs == threat.bit):
            doomed |= threat.bit
    return doomed


def removals_fast(board: Board, state: State) -> int:
    """The opponent miners step 3 removes: the engine's ``removals``, with early exits.

    A miner is removed when it reaches no other miner of its colour and its
    empty tiles touch two or more of the mover's miners. Each opponent miner is
    tested alone, and the flood that answers the first question is skipped when
    the second already fails, since it is the dearer one to ask last.
    """
    me = state.player
    own, theirs = state.miners[me], state.miners[1 - me]
    if own.bit_count() < 2 or not theirs:
        return 0
    empty = state.tiles & ~own & ~theirs
    passable = state.tiles & ~own
    doomed = 0
    for index in indices(theirs):
        bit = 1 << index
        reach = _flood(board, bit, empty)
        touching = spread(board, reach) & own
        if touching & (touching - 1) == 0:
            continue  # fewer than two of the mover's miners
        if _flood(board, bit, passable) & theirs == bit:
            doomed |= bit
    return doomed
