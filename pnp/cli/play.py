"""The commands that play a game's rules: ``pnp simulate`` (random games of a mix),
``pnp score`` (a finished Dynamine layout) and ``pnp turns`` (Mattock's legal turns)."""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from pnp.cli.common import GAME_JOBS, SET_HELP, choose_players, load, reports_input_errors
from pnp.errors import InputError, Where

if TYPE_CHECKING:
    from pnp.model.tileset import Tileset
    from pnp.rules import GameRules, Setup


@click.command()
@click.argument("game")
@click.option("--games", type=click.IntRange(1, 100_000), default=100, show_default=True,
              help="How many games to play (Gold Mine: development stages).")
@click.option("--seed", type=int, default=1, show_default=True,
              help="Random seed: the same seed prints the same report.")
@click.option("--players", type=click.IntRange(1, 12), default=None, help="Player count.")
@click.option("--variant", default=None, help="Play a variant's mix.")
@click.option("--set", "sets", multiple=True, metavar="TILE=COUNT", help=SET_HELP)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--report", "page", type=click.Path(dir_okay=False, path_type=Path),
              default=None, metavar="FILE.html",
              help="Also write the report as one page of charts, to open from the file.")
@GAME_JOBS
@click.option("--compare", "other", default=None, metavar="OTHER",
              help="Also play OTHER (a mix, tileset or game of the same game) with the same "
              "seed, and say which differences are beyond chance.")
@reports_input_errors
def simulate(game: str, games: int, seed: int, players: int | None, variant: str | None,
             sets: tuple[str, ...], as_json: bool, page: Path | None, jobs: int,
             other: str | None) -> None:
    """Play random legal games and report how long they last and who wins.

    Every shipped game has a simulator; Gold Mine's plays its development
    stage only (the production stage is the base game's).

    Timings go to stderr so that the report itself is the same for the same seed.
    With --report, the same figures are drawn as charts in one HTML page that
    needs nothing else to open. With --compare, OTHER plays as many games from
    the same seed, and each difference comes with its 95% interval.
    """
    import time

    from pnp.rules import Setup

    tileset = load(game, variant, sets)
    players = choose_players(tileset, variant, players)
    rules = _simulator(tileset)
    rival = _rival(other, tileset, variant, players) if other is not None else None
    if page is not None:
        _check_page(page, [(tileset, game)] + ([(rival, other)] if rival and other else []))
    start = time.perf_counter()
    report = _played(rules, Setup(tileset, players, variant), (games, seed, jobs))
    compared = None
    if rival is not None:
        from pnp.rules.comparison import differences, summary

        theirs = _played(rules, Setup(rival, players, variant), (games, seed, jobs),
                         f"{other} (the mix to compare with)")
        found = differences(report, theirs)
        names = _names(game, sets, other or "")
        compared = {"this": names[0], "other": names[1], "other_report": theirs,
                    "differences": found, "summary": summary(found, *names, games)}
    elapsed = time.perf_counter() - start
    if page is not None:
        _write_page(page, report, tileset, compared,
                    _setting(_names(game, sets, game)[0], players, variant))
    _say(report, compared, as_json)
    played = str(report.get("played", "games"))
    click.echo(f"simulated {games * (2 if rival else 1)} {played} in {elapsed:.2f} s", err=True)


def _simulator(tileset: Tileset) -> GameRules:
    """The game's rules, refused unless they can play it."""
    from pnp.rules import games_offering, rules_for

    rules = rules_for(tileset.rules_game)
    if rules is None or rules.simulate is None:
        raise InputError(Where("command line"), "there is no simulator for this game",
                         field="GAME", found=repr(tileset.game),
                         allowed=f"{' or '.join(games_offering('simulate'))} (or a mix "
                         "based on one)")
    return rules


def _rival(other: str, tileset: Tileset, variant: str | None, players: int) -> Tileset:
    """The mix to compare with: one of the same game, for the same player count."""
    try:
        rival = load(other, variant, ())
    except InputError as error:
        if error.where.file != other or len(error.problems) != 1:
            raise
        raise InputError(Where("command line"), f"{other}: {error.problem}", field="--compare",
                         found=error.found or repr(other),
                         allowed=error.allowed or "a mix or tileset file, or a game id") \
            from None
    if rival.rules_game != tileset.rules_game:
        raise InputError(Where("command line"), "the mix to compare with plays another game",
                         field="--compare", found=f"{other!r} ({rival.rules_game})",
                         allowed=f"a mix, tileset or game id of {tileset.rules_game}")
    choose_players(rival, variant, players)  # refuses a count the other mix cannot seat
    return rival


def _setting(name: str, players: int, variant: str | None) -> str:
    """What was played, in words: the mix as named, the players, the variant."""
    return f"{name}, {players} players" + (f", the {variant} variant" if variant else "")


def _names(game: str, sets: tuple[str, ...], other: str) -> tuple[str, str]:
    """The two mixes as the user named them: a file by its name, a changed count with
    its change ("demon-mine with straight=10")."""
    this = Path(game).name + (f" with {', '.join(sets)}" if sets else "")
    rival = Path(other).name
    return (this, rival if rival != this else f"{rival} again")


def _played(rules: GameRules, setup: Setup, run: tuple[int, int, int],
            named: str = "") -> dict[str, Any]:
    """A simulation's report (``run``: games, seed and processes), its progress counted on
    a terminal's stderr; a mix no game of which can be played is named as the user named
    it (``named``: the mix compared with), so it is plain which of two is at fault."""
    from pnp.cli.progress import GamesProgress
    from pnp.rules import Unplayable

    assert rules.simulate is not None
    games, seed, processes = run
    status = GamesProgress(sys.stderr, "simulating")
    try:
        report = dict(rules.simulate(setup, games, seed, status, processes))
    except Unplayable as error:
        status.done()
        click.echo(f"pnp: {named or setup.tileset.game}: no game can be played: {error} "
                   "(pnp validate says what to change).", err=True)
        sys.exit(1)
    status.done()
    return report


def _say(report: Mapping[str, Any], compared: Mapping[str, Any] | None, as_json: bool) -> None:
    """The report, and the comparison if asked for: as JSON, or as the sentence first,
    then the figures (the histograms are for --json and the page)."""
    import json

    from pnp.rules.measures import is_length

    if as_json:
        shown = report if compared is None else {
            "this": report, "other": compared["other_report"],
            "differences": compared["differences"], "summary": compared["summary"]}
        click.echo(json.dumps(shown, indent=1, sort_keys=True))
        return
    words = str(report.get("verdict", ""))
    click.echo(words[:1].upper() + words[1:] + ".")  # as written: "VP" stays in capitals
    for key, value in report.items():
        if key in ("verdict", "tile_kinds") or value == {}:
            continue  # said above, shown below as a table, or nothing to say
        if is_length(value):
            value = {name: part for name, part in value.items() if name != "histogram"}
        click.echo(f"{key}: {json.dumps(value, sort_keys=True)}")
    if isinstance(report.get("tile_kinds"), Mapping):
        _kinds_table(report["tile_kinds"])
    if compared is not None:
        click.echo(f"compared with {compared['other']}: {compared['summary']}.")
        for entry in compared["differences"]:
            click.echo(f"  {_difference_line(entry)}")


def _kinds_table(kinds: Mapping[str, Any]) -> None:
    """Each tile kind on a line of its own: its copies, the tiles of it laid in a game
    (in all and per copy), and the share of games in which none was."""
    from pnp.rules.measures import figure_words, share_words

    width = max((len(name) for name in kinds), default=4)
    stuck = any("stuck_per_game" in kind for kind in kinds.values())
    click.echo("tile kinds: copies, laid in a game (per copy), "
               f"{'stuck in a game, ' if stuck else ''}games where none is laid")
    for name, kind in kinds.items():
        held = f"{figure_words(kind.get('stuck_per_game')):>5}  " if stuck else ""
        click.echo(f"  {name:<{width}}  {figure_words(kind.get('copies')):>3}  "
                   f"{figure_words(kind.get('laid_per_game')):>5} "
                   f"({figure_words(kind.get('laid_per_copy'))})  {held}"
                   f"{share_words(kind.get('never_laid') or {})}")


def _difference_line(entry: Mapping[str, Any]) -> str:
    """One difference in a line: the two values, the gap and its interval."""
    from pnp.rules.measures import figure_words

    name = f"{entry['measure']} {entry['name']}"
    if entry["difference"] is None:
        return (f"{name}: {figure_words(entry['this'])} against "
                f"{figure_words(entry['other'])} (too few games to compare)")
    verdict = "beyond chance" if entry["beyond_chance"] else "within chance"
    return (f"{name}: {entry['this']} against {entry['other']}, difference "
            f"{entry['difference']:+g} (95%: {entry['low']:g} to {entry['high']:g}), "
            f"{verdict}")


def _check_page(page: Path, mixes: list[tuple[Tileset, str]]) -> None:
    """Refuse a report file that is not .html, or would write over what either mix (the
    one played, the one compared with) reads, before a game is played."""
    from pnp.assemble.places import check_output_file, game_inputs
    from pnp.input.catalog import resolve

    if page.suffix.lower() not in (".html", ".htm"):
        raise InputError(Where("command line"), "unsupported report type", field="--report",
                         found=repr(str(page)), allowed="a file name ending in .html")
    folder = page.parent
    if not folder.is_dir() or not os.access(folder, os.W_OK | os.X_OK):
        raise InputError(Where("command line"), "the report's folder cannot be written",
                         field="--report", found=str(folder),
                         allowed="a file in a folder that exists and you may write to")
    check_output_file(page, [item for tileset, named in mixes
                             for item in game_inputs(tileset, resolve(named))], "--report")


def _write_page(page: Path, report: Mapping[str, object], tileset: Tileset,
                compared: Mapping[str, Any] | None, setting: str) -> None:
    from pnp.export.output import write_atomic
    from pnp.export.sim_report import report_page

    title = tileset.title + (f" ({tileset.mix})" if tileset.mix else "")
    try:
        write_atomic(page, report_page(report, title, compared, setting).encode("utf-8"))
    except OSError as error:
        raise InputError(Where(str(page)), "the report cannot be written", field="--report",
                         found=error.strerror or type(error).__name__,
                         allowed="a file in a folder you may write to") from None
    click.echo(f"wrote {page}", err=True)


@click.command()
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


@click.command()
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
