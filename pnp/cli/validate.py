"""``pnp validate``: a mix against its game's rules, with the change that makes a failing
mix playable and, asked for, how often random games of it end."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from pnp.cli.common import (
    GAME_JOBS,
    SET_HELP,
    check_mix,
    choose_players,
    load,
    reports_input_errors,
    verdict_line,
)

if TYPE_CHECKING:
    from pnp.model.tileset import Tileset
    from pnp.rules import Finding, GameRules, Setup


@click.command()
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
@GAME_JOBS
@reports_input_errors
def validate(target: str, players: int | None, variant: str | None, sets: tuple[str, ...],
             as_json: bool, games: int | None, jobs: int) -> None:
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
        findings.extend(simulation_findings(rules, setup, games, jobs))
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


def simulation_findings(rules: GameRules, setup: Setup, games: int,
                        processes: int = 1) -> list[Finding]:
    """A warning when random games of this mix rarely end."""
    from pnp.rules import Finding, Severity

    if rules.simulate is None:
        return [Finding("info", "simulation", f"No simulator for '{setup.tileset.game}'.")]
    from pnp.cli.progress import GamesProgress
    from pnp.rules import Unplayable

    status = GamesProgress(sys.stderr, "simulating")
    try:
        report = rules.simulate(setup, max(1, games), 1, status, processes)
    except Unplayable as error:  # the checks above name the error that causes it
        status.done()
        return [Finding("info", "simulation", f"No game can be played: {error}.")]
    status.done()
    share = report["ended"] / report["games"]
    severity: Severity = "warning" if share < 0.5 else "info"
    if "turns" not in report:  # a game of fixed rounds, or a stage: its own sentence says it
        words = str(report.get("verdict", ""))
        return [Finding(severity, "simulation", f"{words[:1].upper()}{words[1:]}.")]
    median = report["turns"]["median"]
    length = f"median length {median} turns" if median is not None else "none ended"
    return [Finding(severity, "simulation",
                    f"{report['ended']} of {report['games']} random games ended "
                    f"({share:.0%}); {length}.",
                    fix="a mix whose games rarely end usually has too few tunnel tiles to "
                        "bring the two sides together" if severity == "warning" else "")]
