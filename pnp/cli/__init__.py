"""The ``pnp`` command: build sheets, render one tile, validate a mix, list games.

Heavy libraries are imported inside the commands so ``pnp --help`` stays fast.
Shared helpers live in :mod:`pnp.cli.common`; a command that needs more than a
screen of code lives in a module of its own in this package, named in
COMMAND_MODULES and imported only when that command runs.
A user's mistake (an InputError) becomes one paragraph on stderr and exit
status 2; rule violations found by ``validate`` are exit status 1.
"""

from __future__ import annotations

import importlib
import io
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pnp import __version__
from pnp.cli.common import (
    NAMES_SHOWN,
    SET_HELP,
    check_mix,
    choose_players,
    load,
    reports_input_errors,
    verdict_line,
)
from pnp.errors import InputError, Where, did_you_mean

if TYPE_CHECKING:
    from pnp.model.tileset import Tileset
    from pnp.rules import Finding, GameRules, Setup


# Commands with a module of their own, imported only when named (or listed by
# --help), so `pnp validate` does not load the code of `pnp watch`.
COMMAND_MODULES = {"build": "pnp.cli.build", "export": "pnp.cli.export", "new": "pnp.cli.new",
                   "calibrate": "pnp.cli.printers", "profile": "pnp.cli.printers",
                   "studio": "pnp.cli.studio", "watch": "pnp.cli.watch"}


class _CommandsByModule(click.Group):
    """A click group that imports a command's module when the command is wanted."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *COMMAND_MODULES])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        module = COMMAND_MODULES.get(cmd_name)
        if module is None:
            return super().get_command(ctx, cmd_name)
        command = getattr(importlib.import_module(module), cmd_name)
        assert isinstance(command, click.Command)
        return command


@click.group(cls=_CommandsByModule, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
def main() -> None:
    """Print-and-play tunnel tiles: exact, vector, duplex-ready PDF sheets.

    Games are shipped ids (see `pnp list`) or paths to tileset .yaml files.
    Start one of your own with `pnp new`; `pnp watch` rebuilds it on every save.
    """


@main.command()
@click.argument("game")
@click.argument("tile")
@click.option("-o", "--output", "output", type=click.Path(dir_okay=False, path_type=Path),
              required=True, help="FILE.svg or FILE.png.")
@click.option("--dpi", default=300, show_default=True, type=click.IntRange(36, 1200),
              help="Resolution of a PNG.")
@reports_input_errors
def render(game: str, tile: str, output: Path, dpi: int) -> None:
    """Render one TILE of GAME to SVG or PNG.

    TILE may also name a card or token (NAME:reverse for its other side), the
    board, or a back as back:NAME.
    """
    from pnp.assemble.places import check_output_file, game_inputs
    from pnp.export.designs import designs_by_name
    from pnp.export.output import write_atomic
    from pnp.export.raster import to_png
    from pnp.export.svg import to_svg
    from pnp.input.catalog import resolve

    tileset = load(game)
    suffix = output.suffix.lower()
    if suffix not in (".svg", ".png"):
        raise InputError(Where("command line"), "unsupported output type", field="--output",
                         found=repr(str(output)), allowed="a file name ending in .svg or .png")
    drawings = designs_by_name(tileset)
    if tile not in drawings:
        names = list(drawings)
        hint = did_you_mean(tile, names, many=True)
        shown = ", ".join(names[:NAMES_SHOWN])
        more = f" and {len(names) - NAMES_SHOWN} more" if len(names) > NAMES_SHOWN else ""
        raise InputError(Where("command line"), f"unknown tile or piece{hint}",
                         field="TILE", found=repr(tile),
                         allowed=f"a name from {tileset.source.name}: {shown}{more} (its "
                         "tiles, cards and tokens, NAME:reverse for a reverse, back:NAME "
                         "for a back)")
    check_output_file(output, game_inputs(tileset, resolve(game)))
    drawing = drawings[tile]()
    data = to_svg(drawing).encode("utf-8") if suffix == ".svg" else to_png(drawing, dpi)
    try:
        write_atomic(output, data)
    except OSError as error:
        raise InputError(Where(str(output)), "the output file cannot be written",
                         field="--output", found=error.strerror or type(error).__name__,
                         allowed="a file in a folder you may write to") from None
    click.echo(f"wrote {output}")


@main.command()
@click.argument("target")
@click.option("--players", type=click.IntRange(1, 12), default=None,
              help="Player count (default: the variant's, else the game's smallest).")
@click.option("--variant", default=None, help="Check a variant's mix.")
@click.option("--set", "sets", multiple=True, metavar="TILE=COUNT", help=SET_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print findings as JSON.")
@click.option("--simulate", "games", type=click.IntRange(1, 100_000), default=None,
              is_flag=False, flag_value=200,
              metavar="[GAMES]", help="Also play random games (default 200) and warn when "
              "fewer than half of them end.")
@reports_input_errors
def validate(target: str, players: int | None, variant: str | None, sets: tuple[str, ...],
             as_json: bool, games: int | None) -> None:
    """Check a tile mix against the game's rules.

    TARGET is a shipped game id, a tileset file or a mix file (a base game plus
    count changes and homebrew tiles; see docs/mix-format.md). Exit 0 when the mix
    is legal and playable (warnings allowed), 1 when a rule is broken or the game
    cannot be played, 2 when the input itself is unusable.
    """
    from pnp.impose.fit import check_fits_some_paper
    from pnp.rules import Setup, rules_for

    tileset = load(target, variant, sets)
    check_fits_some_paper(tileset)
    check_own_template(tileset)
    players = choose_players(tileset, variant, players)
    setup = Setup(tileset, players, variant)
    findings = check_mix(setup)
    rules = rules_for(tileset.rules_game)
    if rules is not None and games is not None:
        findings.extend(simulation_findings(rules, setup, games))
    errors = [f for f in findings if f.severity == "error"]
    fixed = remedy_command(setup, findings, (target, sets)) if errors else None
    if as_json:
        import json  # only here: most runs print lines, and json costs start-up

        click.echo(json.dumps({"game": tileset.game, "mix": tileset.mix or None,
                               "players": players, "variant": variant, "ok": not errors,
                               "findings": [f.as_dict() for f in findings],
                               "playable_with": fixed}, indent=1))
    else:
        for finding in findings:
            click.echo(finding.line())
        click.echo(verdict_line(setup, findings))
        if fixed is not None:
            click.echo(f"Playable with {players} players {fixed['change']}: {fixed['command']}")
    sys.exit(1 if errors else 0)


def check_own_template(tileset: Tileset) -> None:
    """Read the tileset's own rulebook template as ``build`` reads it, so validate refuses
    what build would (an emoji, a line the book cannot draw, a diagram naming no tile),
    every mistake at once, exit 2. A shipped game's template is tested with its game and
    reads with any mix of it, so only a template the tileset names is read here."""
    if tileset.rulebook is None:
        return
    from pnp.rulebook.source import parse

    parse(tileset.rulebook, tileset)


def remedy_command(setup: Setup, findings: list[Finding],
                   asked: tuple[str, tuple[str, ...]]) -> dict[str, str] | None:
    """The change that makes a failing mix playable, tried first, as the exact command
    that shows it (the target and --set options as given, then the change)."""
    import shlex

    from pnp.impose.remedy import remedy

    target, sets = asked
    found = remedy(setup, findings, lambda name: load(target, name, sets))
    if found is None:
        return None
    words = ["pnp", "validate", target, "--players", str(setup.players)]
    if setup.variant is not None:
        words += ["--variant", setup.variant]
    words += [part for change in sets for part in ("--set", change)] + found.options()
    return {"change": found.words(), "command": shlex.join(words)}


def simulation_findings(rules: GameRules, setup: Setup, games: int) -> list[Finding]:
    """A warning when random games of this mix rarely end."""
    from pnp.rules import Finding, Severity

    if rules.simulate is None:
        return [Finding("info", "simulation", f"No simulator for '{setup.tileset.game}'.")]
    from pnp.cli.progress import GamesProgress

    status = GamesProgress(sys.stderr, "simulating")
    report = rules.simulate(setup, max(1, games), 1, status)
    status.done()
    share = report["ended"] / report["games"]
    severity: Severity = "warning" if share < 0.5 else "info"
    median = report["turns"]["median"]
    length = f"median length {median} turns" if median is not None else "none ended"
    return [Finding(severity, "simulation",
                    f"{report['ended']} of {report['games']} random games ended "
                    f"({share:.0%}); {length}.",
                    fix="a mix whose games rarely end usually has too few tunnel tiles to "
                        "bring the two sides together" if severity == "warning" else "")]


@main.command()
@click.argument("game")
@click.option("--games", type=click.IntRange(1, 100_000), default=100, show_default=True,
              help="How many complete games to play.")
@click.option("--seed", type=int, default=1, show_default=True,
              help="Random seed: the same seed prints the same report.")
@click.option("--players", type=click.IntRange(1, 12), default=None, help="Player count.")
@click.option("--variant", default=None, help="Play a variant's mix.")
@click.option("--set", "sets", multiple=True, metavar="TILE=COUNT", help=SET_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@reports_input_errors
def simulate(game: str, games: int, seed: int, players: int | None, variant: str | None,
             sets: tuple[str, ...], as_json: bool) -> None:
    """Play random legal games and report how long they last and who wins.

    Timings go to stderr so that the report itself is the same for the same seed.
    """
    import time

    from pnp.rules import Setup, games_offering, rules_for

    tileset = load(game, variant, sets)
    players = choose_players(tileset, variant, players)
    rules = rules_for(tileset.rules_game)
    if rules is None or rules.simulate is None:
        raise InputError(Where("command line"), "there is no simulator for this game",
                         field="GAME", found=repr(tileset.game),
                         allowed=f"{' or '.join(games_offering('simulate'))} (or a mix "
                         "based on one)")
    start = time.perf_counter()
    from pnp.cli.progress import GamesProgress

    status = GamesProgress(sys.stderr, "simulating")
    report = rules.simulate(Setup(tileset, players, variant), games, seed, status)
    status.done()
    elapsed = time.perf_counter() - start
    import json

    if as_json:
        click.echo(json.dumps(report, indent=1, sort_keys=True))
    else:  # the sentence first, then the figures; the histogram is for --json and charts
        click.echo(str(report.get("verdict", "")).capitalize() + ".")
        for key, value in report.items():
            if key == "verdict":
                continue
            if isinstance(value, dict) and "histogram" in value:
                value = {name: part for name, part in value.items() if name != "histogram"}
            click.echo(f"{key}: {json.dumps(value, sort_keys=True)}")
    click.echo(f"simulated {games} games in {elapsed:.2f} s", err=True)


@main.command()
@click.argument("game")
@click.argument("layout", type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the scores as JSON.")
@reports_input_errors
def score(game: str, layout: Path, as_json: bool) -> None:
    """Score a finished game from a LAYOUT file (Dynamine; see docs/dynamine-layout.md)."""
    from pnp.rules import games_offering, rules_for

    tileset = load(game)
    rules = rules_for(tileset.rules_game)
    if rules is None or rules.score is None:
        raise InputError(Where("command line"), "there is no scorer for this game",
                         field="GAME", found=repr(tileset.game),
                         allowed=", ".join(games_offering("score")))
    report = rules.score(tileset, layout)
    if as_json:
        import json

        click.echo(json.dumps(report, indent=1, sort_keys=True))
        return
    for player in report["players"]:
        parts = ", ".join(f"{key} {value}" for key, value in player["breakdown"].items())
        click.echo(f"{player['name']}: {player['total']} VP ({parts})")
    if report["winner"] is not None:
        click.echo(f"winner: {report['winner']}")
    else:
        click.echo(f"tie: {', '.join(report['winners'])} share the win")


@main.command()
@click.argument("game")
@click.argument("file")
@reports_input_errors
def turns(game: str, file: str) -> None:
    """List every legal turn of each position in FILE, one JSON line each (Mattock).

    FILE holds one JSON position per line ('-' reads stdin); the format, the
    coordinates and the order of turns are in docs/mattock-turns.md. Nothing is
    printed unless every line is a valid position.
    """
    from pnp.rules import games_offering, rules_for

    rules = rules_for(game)
    if rules is None or rules.turns is None:
        raise InputError(Where("command line"), "there is no turn listing for this game",
                         field="GAME", found=repr(game),
                         allowed=", ".join(games_offering("turns")))
    from pnp.input.positions import read_positions_text

    source = "<stdin>" if file == "-" else file
    text = read_positions_text(source, sys.stdin.buffer if file == "-" else Path(file))
    out = sys.stdout
    # Lines one at a time, as universal newlines end them (splitlines would also
    # break a JSON string at U+2028, and hold a list of every line at once).
    for line in rules.turns(io.StringIO(text, newline=None), source):
        out.write(line + "\n")


@main.command(name="list")
@reports_input_errors
def list_games() -> None:
    """List the shipped games with their variants and tile counts."""
    from pnp.input.catalog import resolve, shipped_games
    from pnp.input.tileset import load_tileset

    for game in shipped_games():
        tileset = load_tileset(resolve(game))
        kinds = sum(1 for tile in tileset.tiles if tile.count)
        designs = "design" if kinds == 1 else "designs"
        click.echo(f"{game}: {tileset.title} - {tileset.tile_count} tiles in {kinds} {designs}, "
                   f"{tileset.shape.name} {tileset.size / 72:.3g} in, "
                   f"{tileset.player_counts}")
        for kind in ("card", "token"):
            pieces = [c for c in tileset.components if c.kind == kind and c.count]
            if pieces:
                click.echo(f"  {kind}s: {sum(c.count for c in pieces)} in {len(pieces)} "
                           "designs")
        if tileset.board is not None:
            spaces = 3 * tileset.board.side ** 2 - 3 * tileset.board.side + 1
            click.echo(f"  board: side {tileset.board.side} ({spaces} spaces)")
        for aid in tileset.aids:
            click.echo(f"  aid {aid.name}: {aid.title}")
        for variant in tileset.variants:
            click.echo(f"  variant {variant.name}: {variant.description.strip()}")
