"""The Mattock validator: tile supply, miners per colour and the setup spaces."""

from __future__ import annotations

from collections.abc import Iterable

from pnp.geometry.cells import axial_distance
from pnp.geometry.lattice import ring_distance
from pnp.model.board import BoardSpec
from pnp.rules import Finding, Setup
from pnp.rules.mattock.capacity import supply_floor
from pnp.rules.mattock.model import PLAYERS

FULL_MINERS = 6  # per colour in the full game
SHORT_MINERS = 3  # per colour in the short game
SHORT_VARIANT = "short"
TILE = "tile"  # the shipped tile kind
# Roles of tile kinds that are never laid on the board (an event is an action).
NOT_PLACED = frozenset({"event"})

def board_in_play(setup: Setup) -> tuple[int, str] | None:
    """The side of the board the setup plays on and its name, or None without a board."""
    spec = setup.tileset.board
    if spec is None:
        return None
    if setup.variant == SHORT_VARIANT:
        return (spec.inner, "inner") if spec.inner else None
    return spec.side, "full"


def setup_cells(spec: BoardSpec, short: bool) -> dict[str, list[tuple[int, int]]]:
    """Each colour's setup cells for the chosen game (other labels under their own name)."""
    result: dict[str, list[tuple[int, int]]] = {name: [] for name in PLAYERS}
    for mark in spec.marks:
        if short and not mark.short_game:
            continue
        result.setdefault(mark.label.strip().lower(), []).extend(mark.cells)
    return result


def check(setup: Setup) -> list[Finding]:
    """Rules for a Mattock mix: tile supply, miners per colour and the setup spaces."""
    played = board_in_play(setup)
    spec = setup.tileset.board
    short = setup.variant == SHORT_VARIANT
    if played is None or spec is None:
        if short:
            return [Finding("error", "board", "The short game is played on the inner board, "
                            "but the tileset's board has no inner part.",
                            fix="give the board an inner side (board.inner: 5)")]
        return [Finding("error", "board", "Mattock is played on a hexagonal board, but the "
                        "tileset declares none.", fix="add a board (board.side: 7)")]
    side, which = played
    cells = setup_cells(spec, short)
    findings = _supply_findings(setup, side, which, cells)
    findings += _miner_findings(setup, short, cells)
    findings += _space_findings(side, cells)
    findings.append(_summary(setup, side, which, cells))
    return findings


def placeable(setup: Setup) -> tuple[int, tuple[str, ...]]:
    """How many tiles the mix can mine with, and the names of those kinds.

    Every hex tile kind whose role lets it be laid on the board counts, not
    only the shipped ``tile``: a homebrew kind is mined like any other tile.
    """
    kinds = [kind for kind in setup.tileset.tiles if kind.role not in NOT_PLACED]
    return sum(kind.count for kind in kinds), tuple(kind.name for kind in kinds if kind.count)


def setup_set(cells: dict[str, list[tuple[int, int]]]) -> frozenset[tuple[int, int]]:
    """Every red and blue set-up cell: each starts with a tile on it."""
    return frozenset(cell for colour in PLAYERS for cell in cells.get(colour, []))


def _supply_findings(setup: Setup, side: int, which: str,
                     cells: dict[str, list[tuple[int, int]]]) -> list[Finding]:
    """An error when the box can run out of tiles before the board fills up.

    The figure is the most tiles a game from this set-up can ever have down
    (see capacity.setup_max_tiles for why that is the bound).
    """
    supply, names = placeable(setup)
    need, exact = supply_floor(side, setup_set(cells))
    if supply >= need:
        return []
    limit = "holds at most" if exact else "may hold up to"
    kinds = names or (TILE,)
    return [Finding(
        "error", "supply",
        f"The {which} board (side {side}) {limit} {need} tiles from this set-up, none "
        f"touching more than 3 others, but the mix has only {supply}: the box could run dry "
        "while a side can still mine, and an empty box rather than the play would then pick "
        "the loser.", kinds, f"raise the tile counts to at least {need} in all")]


def _miner_findings(setup: Setup, short: bool,
                    cells: dict[str, list[tuple[int, int]]]) -> list[Finding]:
    """Each colour needs its full crew of miner tokens, and a setup space for each."""
    need = SHORT_MINERS if short else FULL_MINERS
    counts = {component.name: component.count for component in setup.tileset.components}
    findings = []
    for colour in PLAYERS:
        name = f"{colour}-miner"
        have = counts.get(name, 0)
        if have < need:
            findings.append(Finding(
                "error", "miners",
                f"The {'short' if short else 'full'} game gives each side {need} miners, but "
                f"the components hold {have} {name} token{'s' if have != 1 else ''}.",
                (name,), f"set the count of '{name}' to {FULL_MINERS}"))
        elif have > FULL_MINERS:
            findings.append(Finding(
                "warning", "miners",
                f"{have} {name} tokens is more than any game uses ({FULL_MINERS}); the rest "
                "would only be cut and left in the box.",
                (name,), f"set the count of '{name}' to {FULL_MINERS}"))
        spaces = len(cells.get(colour, []))
        if spaces != need:
            findings.append(Finding(
                "error", "setup-spaces",
                f"Every {colour} miner starts on its own setup space, so the "
                f"{'short' if short else 'full'} game needs {need} {colour} spaces; the board "
                f"marks {spaces}.", (), f"mark exactly {need} {colour} setup spaces"))
    return findings


def _space_findings(side: int, cells: dict[str, list[tuple[int, int]]]) -> list[Finding]:
    """Setup spaces must be on the board in play, apart, and evenly spread."""
    findings = []
    everything = [cell for colour in cells for cell in cells[colour]]
    off = [cell for cell in everything if ring_distance(cell) >= side]
    if off:
        findings.append(Finding(
            "error", "setup-spaces",
            f"Setup spaces {_cells_text(off)} lie outside the side-{side} board in play.",
            fix=f"use cells fewer than {side} steps from [0, 0]"))
    findings += _touching_findings(everything)
    findings += _symmetry_findings(cells)
    unknown = sorted(colour for colour in cells if colour not in PLAYERS and cells[colour])
    if unknown:
        findings.append(Finding(
            "warning", "setup-spaces",
            f"Setup spaces labelled {', '.join(unknown)} belong to neither red nor blue and "
            "are ignored.", fix="label setup spaces Red or Blue"))
    return findings


def _touching_findings(everything: list[tuple[int, int]]) -> list[Finding]:
    """An error naming the setup spaces that touch or repeat: the opening tiles would lean
    on each other from the start."""
    touching = [(a, b) for number, a in enumerate(everything)
                for b in everything[number + 1:] if axial_distance(a, b) <= 1]
    if not touching:
        return []
    pairs = "; ".join(f"{_cells_text(pair)}" for pair in touching)
    return [Finding(
        "error", "setup-spaces",
        f"Setup spaces touch or repeat ({pairs}): the opening tiles would already lean "
        "on each other and the miners' territories would start merged.",
        fix="keep every setup space at least one empty space away from the others")]


def _turn_third(cell: tuple[int, int]) -> tuple[int, int]:
    """The cell a third of a turn round the centre."""
    q, r = cell
    return (-q - r, q)


def _symmetry_findings(cells: dict[str, list[tuple[int, int]]]) -> list[Finding]:
    """Warn when a colour's start, or blue against red, is lopsided."""
    findings = []
    for colour in PLAYERS:
        own = set(cells.get(colour, []))
        if own and {_turn_third(cell) for cell in own} != own:
            findings.append(Finding(
                "warning", "setup-symmetry",
                f"The {colour} setup spaces do not look the same after a third of a turn, so "
                f"{colour}'s miners start closer to some edges than others.",
                fix="place each colour's spaces in threes, a third of a turn apart"))
    red, blue = set(cells.get("red", [])), set(cells.get("blue", []))
    if red and blue and {(-q, -r) for q, r in red} != blue:
        findings.append(Finding(
            "warning", "setup-symmetry",
            "Blue's setup spaces are not red's turned half a turn, so one side may start "
            "with more room.", fix="mirror red's spaces through the centre for blue"))
    return findings


def _cells_text(cells: Iterable[tuple[int, int]]) -> str:
    """Cells written the way tileset files write them."""
    return ", ".join(f"[{q}, {r}]" for q, r in cells)


def _summary(setup: Setup, side: int, which: str,
             cells: dict[str, list[tuple[int, int]]]) -> Finding:
    """One line with the figures the other findings were judged against."""
    need, exact = supply_floor(side, setup_set(cells))
    spaces = 3 * side * (side - 1) + 1
    starts = sum(len(cells.get(colour, [])) for colour in PLAYERS)
    how = "exactly computed" if exact else "an upper bound, not exact for this board or set-up"
    return Finding(
        "info", "supply-summary",
        f"{which.capitalize()} board of side {side} ({spaces} spaces) holds at most {need} "
        f"tiles from this set-up ({how}); the mix has {placeable(setup)[0]}, of which "
        f"{starts} start on the setup spaces.")


