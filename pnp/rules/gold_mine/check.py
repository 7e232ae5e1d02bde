"""Gold Mine's rules for a tile mix: the box's split, the tokens, the development
stage's chance to shut the mine, and the Phantom variant's limits."""

from __future__ import annotations

from collections.abc import Mapping

import msgspec
from msgspec.structs import fields

from pnp.model.tileset import Tileset
from pnp.rules import Finding, Setup, Severity
from pnp.rules.gold_mine.model import category, has_icon

DEVELOPMENT_TILES = 20
PHANTOM = "phantom"
PHANTOM_MAX_PLAYERS = 5  # the white miner becomes the Phantom, leaving five pawns
# How likely a shuffle may be to shut the mine during development before we object.
CLOSE_ERROR = 0.05
CLOSE_WARNING = 0.01


class Split(msgspec.Struct, frozen=True):
    """How many tiles of each sort a mix holds, in the terms the box lists them."""

    entrance: int = 0
    chambers: int = 0
    chambers_with_secret_passage: int = 0
    tunnels: int = 0
    tunnels_with_secret_passage: int = 0
    tunnels_with_mud: int = 0
    caverns: int = 0
    total: int = 0


PUBLISHED = Split(entrance=1, chambers=28, chambers_with_secret_passage=4, tunnels=67,
                  tunnels_with_secret_passage=11, tunnels_with_mud=12, caverns=4, total=100)
SPLIT_FIELDS = {"entrance": "entrance", "chamber": "chambers", "tunnel": "tunnels",
                "cavern": "caverns"}  # a category and the Split field that counts it
PUBLISHED_TOKENS = {"gold-challenge": 18, "bat": 18}  # nuggets follow the chambers instead


def tally(tileset: Tileset) -> Split:
    """Count the mix by sort, secret passages and mud counted within their sort."""
    counts = {f.name: 0 for f in fields(Split)}
    for tile in tileset.tiles:
        sort = category(tile)
        counts["total"] += tile.count
        plural = SPLIT_FIELDS.get(sort)
        if plural is None:
            continue
        counts[plural] += tile.count
        if sort in ("chamber", "tunnel") and has_icon(tile, "secret-passage"):
            counts[f"{plural}_with_secret_passage"] += tile.count
        if sort == "tunnel" and has_icon(tile, "mud"):
            counts["tunnels_with_mud"] += tile.count
    return Split(**counts)


def token_count(tileset: Tileset, icon: str) -> int:
    """Copies of the tokens that show ``icon`` on either face."""
    total = 0
    for piece in tileset.components:
        faces = piece.features + (piece.reverse.features if piece.reverse else ())
        if piece.kind == "token" and any(f.kind == "icon" and f.value == icon for f in faces):
            total += piece.count
    return total


# ---------------------------------------------------------------------------
# Can the development stage always be extended?


def close_chance(entrance_openings: int, pool: Mapping[int, int], laid: int,
                 last: int | None = None) -> float:
    """The share of shuffles that shut the mine before ``laid`` tiles are down.

    ``pool`` maps a number of openings to how many tiles in the stack have
    it; ``last``, if given, is the openings of a tile kept back to be laid
    last (the Phantom's cavern), so ``laid - 1`` tiles come from the shuffle.

    Counting rule: call an open end an open edge of the mine that faces an
    empty cell. A tile with ``k`` openings that meets ``j`` open ends must
    match them all, and edges must line up exactly, so its other ``k - j``
    openings all face empty cells: the open ends change by exactly
    ``k - 2j``. Since ``j >= 1`` the change is at most ``k - 2``, reached by
    joining the tile through a single edge. So after any placements the mine
    has at most ``entrance + sum(k - 2)`` open ends. When that bound reaches
    zero with tiles still to lay, the mine is shut however well it was laid:
    the shuffle forced it. This counts exactly those shuffles, by walking the
    draws without replacement over how many tiles of each opening count have
    come out, which is fast (a few thousand states for 20 tiles) and exact.
    """
    kinds = sorted(k for k, count in pool.items() if count > 0)
    stock = [pool[k] for k in kinds]
    size = sum(stock)
    draws = min(laid - (1 if last is not None else 0), size)
    change = [k - 2 for k in kinds]  # what drawing each kind does to the open-end bound
    # each state of the draw (how many of each kind are out) with its chance and its bound
    layer: dict[tuple[int, ...], tuple[float, int]] = {
        tuple(0 for _ in kinds): (1.0, entrance_openings)}
    shut = 0.0
    for drawn in range(draws + 1):
        following: dict[tuple[int, ...], tuple[float, int]] = {}
        for state, (weight, ends) in layer.items():
            if ends <= 0 and (drawn < draws or last is not None):
                shut += weight
                continue
            if drawn == draws or ends > _most_drop(state, stock, change, draws - drawn):
                continue  # done, or so far open that no run of draws left can shut it
            _draw_one(following, state, (weight, ends), stock, change, size - drawn)
        layer = following
    return shut


def _draw_one(layer: dict[tuple[int, ...], tuple[float, int]], state: tuple[int, ...],
              chance_and_bound: tuple[float, int], stock: list[int], change: list[int],
              remaining: int) -> None:
    """Add to ``layer`` each state one draw after ``state``, with its chance and bound.

    ``remaining`` is how many tiles are still in the stack. Every way to a
    state draws the same tiles, so it has the same bound.
    """
    weight, ends = chance_and_bound
    for index, n in enumerate(state):
        left = stock[index] - n
        if left:
            after = state[:index] + (n + 1,) + state[index + 1 :]
            layer[after] = (layer.get(after, (0.0, 0))[0] + weight * left / remaining,
                            ends + change[index])


def _most_drop(state: tuple[int, ...], stock: list[int], change: list[int],
               draws: int) -> int:
    """The most the open-end bound can still fall in ``draws`` more draws.

    The worst case takes the tiles that close the most first (``change`` is
    sorted, so the most negative kinds come first). A state whose bound is
    higher than this can never shut, and dropping it loses no shuffle that
    counts: on the shipped stack that is almost every state.
    """
    drop = 0
    for index, step in enumerate(change):
        if step >= 0 or draws <= 0:
            break
        taken = min(stock[index] - state[index], draws)
        drop -= step * taken
        draws -= taken
    return drop


def extension_finding(tileset: Tileset, variant: str | None) -> Finding | None:
    """Judge whether the 20 development tiles can always be laid.

    The rule: a one-opening tile always costs the mine one open end, a tile
    with more openings never has to, so only a run of dead ends drawn early
    can force the mine shut (see :func:`close_chance`). A mix with at least as
    many one-opening tiles as the entrance has openings can never rule that
    out (the shipped file has eight against four), so we measure it: the
    share of shuffles in which the mine is forced shut before the development
    stage is complete. At least 5 % is an error (players
    would meet it every few games), at least 1 % a warning, less an info that
    states the worst case. The count is a floor: cramped laying can close a
    mine sooner, never later. With the Phantom variant the best cavern is
    held back to be laid last, and the mine must still be open for it.
    """
    stack = development_stack(tileset, variant)
    if stack is None:
        return None  # the entrance rule already reports it
    opening, pool, last = stack
    chance = close_chance(opening, pool, DEVELOPMENT_TILES, last)
    severity = close_severity(chance)
    fix = ("" if severity == "info" else
           "swap some one-opening tiles for tees or crosses, which each add open ends")
    singles = tuple(t.name for t in tileset.tiles if t.count and len(t.ports) == 1)
    return Finding(severity, "keeps-open", close_message(chance, opening, pool.get(1, 0)),
                   singles if severity != "info" else (), fix)


def development_stack(tileset: Tileset,
                      variant: str | None) -> tuple[int, dict[int, int], int | None] | None:
    """What :func:`close_chance` needs: entrance openings, the stack, the cavern held back.

    The stack maps a number of openings to how many tiles have it; tiles with
    no opening are left out, as they can never be laid (another rule says so).
    None when the mix has no entrance, since then there is no mine to keep open.
    """
    entrances = [t for t in tileset.tiles if category(t) == "entrance" and t.count]
    if not entrances:
        return None
    opening = len(entrances[0].ports)
    pool: dict[int, int] = {}
    for tile in tileset.tiles:
        if category(tile) != "entrance" and tile.ports and tile.count:
            pool[len(tile.ports)] = pool.get(len(tile.ports), 0) + tile.count
    last = held_back_cavern(tileset, variant)
    if last is not None:
        pool[last] -= 1
    return opening, pool, last


def stack_finding(tileset: Tileset, variant: str | None) -> Finding | None:
    """An error when the mix holds fewer tiles than the development stage deals.

    The set-up deals 20 development tiles beside the entrance, and the Phantom
    variant puts a cavern at the bottom of those 20 (seed rule): a mix of 19
    tiles besides the entrance cannot be set up at all, with or without it.
    """
    stock = sum(tile.count for tile in tileset.tiles if category(tile) != "entrance")
    if stock >= DEVELOPMENT_TILES:
        return None
    short = DEVELOPMENT_TILES - stock
    cavern = " (the Phantom's cavern among them, at the bottom)" if variant == PHANTOM else ""
    return Finding("error", "development-stack",
                   f"The set-up deals {DEVELOPMENT_TILES} development tiles{cavern}, but the "
                   f"mix has only {stock} tiles besides the entrance.",
                   fix=f"add at least {short} tile{'s' if short != 1 else ''}")


def held_back_cavern(tileset: Tileset, variant: str | None) -> int | None:
    """Openings of the cavern the Phantom variant lays last, or None without one.

    It comes off the shuffled stack, so the stack must not count it; with
    several cavern kinds we hold back the one with the most openings.
    """
    caverns = [len(t.ports) for t in tileset.tiles if category(t) == "cavern" and t.count]
    return max(caverns) if variant == PHANTOM and caverns else None


def close_severity(chance: float) -> Severity:
    """How loudly to report a chance of a forced shut (CLOSE_ERROR, CLOSE_WARNING)."""
    if chance >= CLOSE_ERROR:
        return "error"
    return "warning" if chance >= CLOSE_WARNING else "info"


def close_message(chance: float, opening: int, dead_ends: int) -> str:
    """The keeps-open sentence, naming the worst shuffle so the number can be checked."""
    worst = (f"the worst shuffle draws {opening} one-opening tiles first"
             if dead_ends >= opening else
             f"even the worst shuffle (all {dead_ends} one-opening tiles first) leaves it open")
    return (f"The mine is forced shut during the {DEVELOPMENT_TILES} development tiles in "
            f"{chance:.2%} of shuffles ({worst}; the entrance has {opening} openings).")


# ---------------------------------------------------------------------------
# The mix rules.


def split_findings(tileset: Tileset) -> list[Finding]:
    """Differences from the published split: warnings, except the single entrance."""
    have = tally(tileset)
    findings = []
    for item in fields(Split):
        got, want = getattr(have, item.name), getattr(PUBLISHED, item.name)
        if got == want:
            continue
        label = "tiles in all" if item.name == "total" else item.name.replace("_", " ")
        if item.name == "entrance":
            kinds = tuple(t.name for t in tileset.tiles if category(t) == "entrance")
            findings.append(Finding(
                "error", "one-entrance",
                f"Gold Mine needs exactly one mine entrance (a tile with role base); the mix "
                f"has {got}.", kinds, "set the entrance count to 1",
                ((kinds[0], 1),) if len(kinds) == 1 else ()))
        else:
            findings.append(Finding(
                "warning", "published-split",
                f"The box has {want} {label}; this mix has {got}. Fine if the change is meant."))
    for icon, want in PUBLISHED_TOKENS.items():
        got = token_count(tileset, icon)
        if got != want:
            findings.append(Finding(
                "warning", "published-split",
                f"The box has {want} tokens showing '{icon}'; this file has {got}."))
    return findings


def nugget_finding(tileset: Tileset) -> Finding | None:
    """A nugget for every gold chamber: each chamber is stocked when it is laid.

    Spare nuggets do no harm (they stay in the box), so only too few is an error.
    """
    chambers = tally(tileset).chambers
    nuggets = token_count(tileset, "nugget")
    if nuggets >= chambers:
        return None
    names = tuple(c.name for c in tileset.components
                  if any(f.kind == "icon" and f.value == "nugget" for f in c.features))
    return Finding("error", "nuggets",
                   f"Every gold chamber gets a nugget when it is laid: {chambers} chambers need "
                   f"at least {chambers} nugget tokens, the file has {nuggets}.", names,
                   f"make at least {chambers} nugget tokens (a token with the nugget icon)")


def phantom_findings(setup: Setup) -> list[Finding]:
    """The variant needs a cavern for the Phantom's lair and a free pawn for the Phantom."""
    if setup.variant != PHANTOM:
        return []
    findings = []
    if tally(setup.tileset).caverns < 1:
        findings.append(Finding(
            "error", "phantom-cavern",
            "The Phantom appears on the first cavern laid and hides its loot in caverns; the "
            "mix has none.", fix="add at least 1 cavern tile (a path with style: cavern)"))
    if setup.players > PHANTOM_MAX_PLAYERS:
        findings.append(Finding(
            "error", "phantom-players",
            f"The white miner becomes the Phantom, so at most {PHANTOM_MAX_PLAYERS} people play; "
            f"asked for {setup.players}.", fix=f"play with {PHANTOM_MAX_PLAYERS} or fewer"))
    return findings


def opening_findings(tileset: Tileset) -> list[Finding]:
    """A tile with no opening can never be joined to the mine, so it can never be laid."""
    return [Finding("error", "tile-openings",
                    f"'{tile.name}' has no open edge, so it can never join the mine.",
                    (tile.name,), "give it at least one path")
            for tile in tileset.tiles if tile.count and not tile.ports]


def multi_path_finding(tileset: Tileset) -> Finding:
    """How many tiles carry separate tunnels: worth knowing, since walls split positions."""
    kinds = [t for t in tileset.tiles if t.count and len(t.paths) > 1]
    total = sum(t.count for t in kinds)
    return Finding("info", "multi-path",
                   f"{total} of {tileset.tile_count} tiles ({len(kinds)} kinds) carry two or "
                   "more separate tunnels walled apart.", tuple(t.name for t in kinds))


def check(setup: Setup) -> list[Finding]:
    """The published split, nuggets, the Phantom's needs, openings and an open mine."""
    tileset = setup.tileset
    findings = split_findings(tileset)
    findings.extend(f for f in (nugget_finding(tileset),) if f)
    findings.extend(phantom_findings(setup))
    findings.extend(opening_findings(tileset))
    findings.extend(f for f in (stack_finding(tileset, setup.variant),) if f)
    extension = extension_finding(tileset, setup.variant)
    if extension:
        findings.append(extension)
    findings.append(multi_path_finding(tileset))
    return findings
