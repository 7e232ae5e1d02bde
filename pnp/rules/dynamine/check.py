"""Dynamine's rules for a tile mix: costs, orientation, entrances, a way down, and the
features scoring needs, as the validator's findings."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from types import MappingProxyType

from pnp.model.tileset import Component, TileKind, Tileset
from pnp.rules import Finding, Setup, Severity
from pnp.rules.dynamine.model import tile_facts
from pnp.rules.dynamine.scoring import ITEMS, MISSIONS

# ---------------------------------------------------------------------------
# Checking a tile mix.


def _tunnel_kinds(tileset: Tileset) -> list[TileKind]:
    return [kind for kind in tileset.tiles if kind.role == "tunnel" and kind.count]


def _cost_findings(tileset: Tileset) -> list[Finding]:
    findings = []
    for kind in _tunnel_kinds(tileset):
        dice = [f for f in kind.features if f.kind == "die"]
        if len(dice) != 1:
            findings.append(Finding(
                "error", "cost", f"'{kind.name}' shows {len(dice)} die faces; a tunnel tile "
                "needs exactly one, its cost from 1 to 6.", (kind.name,),
                "give it one {die: N, at: NE} feature"))
        elif dice[0].at != "NE":
            findings.append(Finding(
                "warning", "cost", f"'{kind.name}' has its die at {dice[0].at}; the die marks "
                "the top-right corner that tells players which way up the tile goes.",
                (kind.name,), "put the die at NE"))
    return findings


def _feature_findings(tileset: Tileset) -> list[Finding]:
    findings = []
    for kind in tileset.tiles:
        if not kind.count:
            continue
        facts = tile_facts(kind)
        if facts.veins > 2:
            findings.append(Finding("error", "veins", f"'{kind.name}' shows {facts.veins} "
                                    "veins; a tile carries at most 2.", (kind.name,),
                                    "remove veins down to 2"))
        if any(value not in (1, 4) for value in facts.altars):
            findings.append(Finding("error", "altar-value", f"'{kind.name}' has an altar "
                                    "without a value of 1 or 4.", (kind.name,),
                                    "give the altar icon badge: \"1\" or badge: \"4\""))
        if any(value not in (1, 2) for value in facts.fossils):
            findings.append(Finding("error", "fossil-value", f"'{kind.name}' has a dragon "
                                    "fossil without a value of 1 or 2.", (kind.name,),
                                    "give the fossil icon badge: \"1\" or badge: \"2\""))
        stray = [edge for edge in facts.plus_one_edges if edge not in kind.ports]
        if stray:
            findings.append(Finding("warning", "plus-one", f"'{kind.name}' has \"+1\" on "
                                    f"{', '.join(stray)}, where no tunnel ends.", (kind.name,),
                                    "place each \"+1\" label on an open edge"))
    return findings


def _orientation_findings(tileset: Tileset) -> list[Finding]:
    turning = [kind.name for kind in tileset.tiles if kind.count and kind.rotatable]
    if not turning:
        return []
    return [Finding("error", "fixed-orientation", f"{len(turning)} tile kinds may be rotated "
                    f"({', '.join(turning[:5])}{', ...' if len(turning) > 5 else ''}); "
                    "Dynamine tiles always keep the die in the top-right corner.",
                    tuple(turning), "set rotatable: false at the top of the tileset")]


def _entrance_findings(setup: Setup) -> list[Finding]:
    entrances = [kind for kind in setup.tileset.tiles if kind.role == "base" and kind.count]
    have = sum(kind.count for kind in entrances)
    findings = []
    if have < setup.players:
        findings.append(Finding("error", "entrances", f"{setup.players} players need "
                                f"{setup.players} mine entrances; the mix has {have}.",
                                tuple(k.name for k in entrances),
                                "add tiles with role: base (one per player)"))
    for kind in entrances:
        if not kind.ports - {"N"}:
            findings.append(Finding("error", "entrance-opening", f"'{kind.name}' opens "
                                    f"{'only upward' if kind.ports else 'nowhere'}; the mine "
                                    "is dug downward or sideways from the entrance.",
                                    (kind.name,), "open it to the S, E or W"))
    return findings


DEPTH_LEVELS = 5  # depth markers 1 to 5 for each player (the setup and rulebook's 3)
MOST_ROUND_POINTS = 12  # a round token's gift: the published ones give 1 to 4
MOST_ROUNDS = 40  # a game has a round for each token: the published game has 10


def pieces(tileset: Tileset, prefix: str) -> list[Component]:
    """The printed pieces of one sort, known by their names' first word (mission-...,
    depth-..., round-...) or by that word alone (plus-one), whether the tileset lists
    them or a card list brings them. The validator and the simulator read the set-up's
    pieces through this one function, so they always count the same ones."""
    return [piece for piece in tileset.components if piece.count and
            (piece.name == prefix or piece.name.startswith(f"{prefix}-"))]


def round_points(piece: Component) -> int | None:
    """A round token's building points: the one whole number it prints, from 0 to
    :data:`MOST_ROUND_POINTS`; None when it prints none, several, or another value (a
    sign, a fraction, a number too big to be a round's gift)."""
    texts = [str(feature.value).strip() for feature in piece.features if feature.kind == "text"]
    if len(texts) != 1 or not (texts[0].isascii() and texts[0].isdigit()):
        return None
    points = int(texts[0])
    return points if points <= MOST_ROUND_POINTS else None


def _round_findings(tileset: Tileset) -> list[Finding]:
    """Each round token must say what it gives, and the tokens, one a round, must make a
    game of a bounded length."""
    tokens = pieces(tileset, "round")
    findings = [Finding(
        "error", "round-tokens", f"The round token '{piece.name}' must print the building "
        f"points it gives as one whole number from 0 to {MOST_ROUND_POINTS}; it prints "
        f"{_printed(piece)}.", (piece.name,), "give it one {text: N} feature, N from 0 to "
        f"{MOST_ROUND_POINTS}") for piece in tokens if round_points(piece) is None]
    rounds = sum(piece.count for piece in tokens)
    if rounds > MOST_ROUNDS:
        findings.append(Finding(
            "error", "round-tokens", f"A game lasts one round for each round token; these "
            f"{rounds} tokens make a game of {rounds} rounds, more than the {MOST_ROUNDS} "
            "allowed (the published game has 10).", tuple(piece.name for piece in tokens),
            f"use at most {MOST_ROUNDS} round tokens"))
    return findings


def _printed(piece: Component) -> str:
    texts = [repr(str(feature.value)) for feature in piece.features if feature.kind == "text"]
    return " and ".join(texts) if texts else "no number"


def _card_findings(tileset: Tileset) -> list[Finding]:
    """A warning for each item or mission card whose name the rules do not know: scoring
    and simulated games leave its effect out, which its owner should hear of."""
    return [Finding(
        "warning", "cards", f"'{piece.name}' is not an item or mission the rules know, so "
        "pnp score and pnp simulate leave its effect out.", (piece.name,),
        "name it after a card of the rulebook (item-... or mission-...)")
        for prefix, known in (("item", ITEMS), ("mission", MISSIONS))
        for piece in pieces(tileset, prefix)
        if piece.name[len(prefix) + 1:] not in known]


def _piece_findings(setup: Setup) -> list[Finding]:
    """What the setup hands out, for this many players: a mission card each, five depth
    markers each in a colour of their own, and the round tokens that count the rounds."""
    tileset, players = setup.tileset, setup.players
    findings = []
    missions = pieces(tileset, "mission")
    have = sum(piece.count for piece in missions)
    if have < players:
        findings.append(Finding(
            "error", "missions", f"The setup deals one mission card to each of the "
            f"{players} players; the pieces hold {have}.",
            tuple(piece.name for piece in missions),
            "add mission cards (named mission-...) or raise their counts"))
    colours = Counter[str]()
    for piece in pieces(tileset, "depth"):
        colours[piece.colour] += piece.count
    full = sum(1 for count in colours.values() if count >= DEPTH_LEVELS)
    if full < players:
        findings.append(Finding(
            "error", "depth-markers", f"Each of the {players} players marks the levels of "
            f"their mine with {DEPTH_LEVELS} depth markers of a colour of their own; the "
            f"pieces hold a full set in {full} colour{'s' if full != 1 else ''}.",
            tuple(piece.name for piece in pieces(tileset, "depth")),
            f"add depth markers (named depth-...) {DEPTH_LEVELS} to a colour"))
    if not pieces(tileset, "round"):
        findings.append(Finding(
            "error", "round-tokens", "A round begins by turning a round token, which gives "
            "everyone their building points; the pieces hold none, so no round can start.",
            (), "add round tokens (named round-...)"))
    return findings


# Leaving a tile by one edge enters the next tile by the facing edge. Leaving by
# the top edge is left out: climbing back up never helps a mine get deeper.
_ENTERED_BY = MappingProxyType({"E": "W", "W": "E", "S": "N"})


def _exits(kinds: Iterable[TileKind], entered: str) -> set[str]:
    """Edges a tunnel entered by ``entered`` can leave by, on any of ``kinds`` as printed."""
    return {port for kind in kinds for path in kind.paths if entered in path.ports
            for port in path.ports if port != entered}


def reaches_down(kinds: Iterable[TileKind], exits: Iterable[str]) -> bool:
    """True when tunnels leaving by ``exits`` can lead to a bottom edge.

    The rules only ask that tunnels line up, so a mine steps down through any
    tile that joins an edge to its bottom edge: a shaft, but also a bend or a
    tee, reached sideways through tiles laid side by side on one level. Tiles
    keep their printed orientation, so only the paths as drawn are followed.
    """
    kinds = list(kinds)
    seen: set[str] = set()
    frontier = list(exits)
    while frontier:
        edge = frontier.pop()
        if edge == "S":
            return True
        entered = _ENTERED_BY.get(edge)
        if entered is None or entered in seen:
            continue
        seen.add(entered)
        frontier.extend(_exits(kinds, entered))
    return False


def _downward_findings(tileset: Tileset) -> list[Finding]:
    """Errors when mines can never leave the entrance's level, or never pass level 2.

    Scoring rewards depth (veins, the deepest-mine card, level-5 missions), so
    a mix in which no mine can go down is not the game.
    """
    kinds = _tunnel_kinds(tileset)
    findings = []
    if not reaches_down(kinds, _exits(kinds, "N")):
        findings.append(Finding("error", "downward", "No tunnel entered from a tile's top edge "
                                "leads on to a bottom edge, not even sideways through other "
                                "tiles, so no mine can go down more than a level.",
                                fix="add tiles joining N to S, or bends and tees that step down "
                                    "(N-E with W-S, or N-W with E-S)"))
    stuck = [k.name for k in tileset.tiles
             if k.role == "base" and k.count and k.ports - {"N"}
             and not reaches_down(kinds, k.ports)]
    if stuck:
        findings.append(Finding("error", "downward", "No tunnel from the entrance can reach a "
                                "bottom edge, so no mine gets below the entrance's level.",
                                tuple(stuck), "add bends or tees that turn down to the south"))
    return findings


def _sapphire_findings(tileset: Tileset) -> list[Finding]:
    have = sum(kind.count for kind in tileset.tiles if tile_facts(kind).sapphire)
    needed = any(f.kind == "icon" and f.value == "sapphire"
                 for c in tileset.components for f in c.features)
    if have == 1:
        return []
    severity: Severity = "error" if needed else "warning"
    why = "a mission card asks for the Blue Sapphire" if needed else \
        "the published game has one Blue Sapphire tile"
    return [Finding(severity, "sapphire", f"The mix has {have} sapphire tiles; {why}, "
                    "so there should be exactly one.", fix="keep one tile with the sapphire icon")]


def _summary(tileset: Tileset) -> list[Finding]:
    by_cost: Counter[int] = Counter()
    totals: Counter[str] = Counter()
    for kind in _tunnel_kinds(tileset):
        facts = tile_facts(kind)
        if facts.cost is not None:
            by_cost[facts.cost] += kind.count
        totals["veins"] += facts.veins * kind.count
        totals["altars"] += len(facts.altars) * kind.count
        totals["wells"] += len(facts.wells) * kind.count
        totals["fossils"] += len(facts.fossils) * kind.count
    costs = ", ".join(f"cost {c}: {by_cost[c]}" for c in range(1, 7))
    tiles = sum(kind.count for kind in _tunnel_kinds(tileset))
    return [Finding("info", "costs", f"{tiles} tunnel tiles by die value: {costs}."),
            Finding("info", "features", f"{totals['veins']} veins, {totals['altars']} altars, "
                    f"{totals['wells']} wells, {totals['fossils']} fossils.")]


def check(setup: Setup) -> list[Finding]:
    """Dynamine's rules for a tile mix: costs, orientation, entrances, scoring features."""
    tileset = setup.tileset
    return (_cost_findings(tileset) + _feature_findings(tileset) +
            _orientation_findings(tileset) + _entrance_findings(setup) +
            _piece_findings(setup) + _round_findings(tileset) + _card_findings(tileset) +
            _downward_findings(tileset) + _sapphire_findings(tileset) + _summary(tileset))
