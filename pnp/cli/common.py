"""What every ``pnp`` command shares: error reporting, loading a target, options' checks.

Each command module imports from here, never from :mod:`pnp.cli` itself, so
the package that registers the commands is imported by nobody below it.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import click

from pnp.errors import InputError, UntestedLibrary, Where
from pnp.model.paper import HOME_PAPERS, SIZE_FORM, NotAPaper, paper_named

if TYPE_CHECKING:
    from pnp.model.tileset import Tileset
    from pnp.rules import Finding, Setup



def _paper_id(value: str, param: click.Parameter | None, ctx: click.Context | None) -> str:
    """The id of the paper ``value`` names, or click's usage error (exit status 2)."""
    try:
        return paper_named(value).name
    except NotAPaper as error:
        raise click.BadParameter(str(error), ctx, param) from None


# click 8.5 made ParamType generic, earlier releases are not: no type arguments here
class PaperOption(click.ParamType):  # type: ignore[type-arg,unused-ignore]  # click < 8.5
    """``--paper`` for a command that prints on one paper: a named paper or a size,
    given back as the paper's id (a size in its canonical spelling)."""

    name = "paper"

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "PAPER"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> str:
        return _paper_id(str(value), param, ctx)


class PapersOption(click.ParamType):  # type: ignore[type-arg,unused-ignore]  # click < 8.5
    """``--paper`` for a build: one paper, several joined by commas, or ``all``, the
    papers a build writes unless told (Letter and A4)."""

    name = "papers"

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "PAPER[,PAPER...]"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> tuple[str, ...]:
        if isinstance(value, tuple):
            return value
        papers: list[str] = []
        for part in str(value).split(","):
            for paper in HOME_PAPERS if part.strip().lower() == "all" else (part,):
                name = _paper_id(paper, param, ctx)
                papers += [] if name in papers else [name]
        return tuple(papers)


class ShopOption(click.ParamType):  # type: ignore[type-arg,unused-ignore]  # click < 8.5
    """``--print-shop``: one of the shops, given alone for the generic one. A game written
    right after it was taken for the shop's name: the error says where the option goes."""

    name = "shop"

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "[SHOP]"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> str:
        from pnp.model.shops import SHOP_KEYS  # the shops load only for a shop named

        text = str(value)
        if text in SHOP_KEYS:
            return text
        hint = (f" If {text!r} is a game, put --print-shop after the games "
                f"(pnp build {text} --print-shop) or name the shop before it."
                if text.endswith((".yaml", ".yml")) or text.replace("-", "").isalnum() else "")
        self.fail(f"{text!r} is not a print shop: choose {', '.join(SHOP_KEYS)}.{hint}",
                  param, ctx)


PAPER_HELP = f"{SIZE_FORM}; all is letter,a4"
# --jobs of the commands that play random games (simulate, validate --simulate): one
# process unless asked, since a short run gains nothing from starting more
GAME_JOBS = click.option(
    "--jobs", type=click.IntRange(0, 64), default=1, show_default=True,
    help="Processes that play the games (0: one per core); the report is the same.")
SET_HELP = "Change one tile count for this run, as TILE=COUNT (repeatable)."


def reports_input_errors(command: Callable[..., Any]) -> Callable[..., Any]:
    """Turn an InputError into a one-paragraph message and exit status 2."""
    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return command(*args, **kwargs)
        except InputError as error:
            click.echo(f"pnp: error: {error.paragraph()}", err=True)
            sys.exit(2)
        except UntestedLibrary as error:
            click.echo(f"pnp: error: {error}", err=True)
            sys.exit(2)

    return wrapper


NAMES_SHOWN = 12  # an error lists this many names, then says how many more there are


def load(target: str, variant: str | None = None, sets: tuple[str, ...] = ()) -> Tileset:
    """Resolve a game id, tileset or mix file; apply a variant and ``--set`` changes."""
    from pnp.input.targets import apply_sets, apply_variant, load_target

    return apply_sets(apply_variant(load_target(target), variant), sets)


def choose_players(tileset: Tileset, variant: str | None, players: int | None) -> int:
    """The player count to check: given, else the variant's, else the game's smallest."""
    if players is None:
        chosen = tileset.variant(variant).players if variant else None
        players = chosen or tileset.players[0]
    if players not in tileset.players:
        raise InputError(Where("command line"), f"{tileset.title} is not played by "
                         f"{players} player{'s' if players != 1 else ''}", field="--players",
                         found=str(players),
                         allowed=", ".join(str(n) for n in tileset.players))
    return players


def parse_bleed(text: str | None, option: str = "--bleed-size") -> float:
    """Points of bleed from a length such as 0.125in or 3mm."""
    from pnp.units import LENGTH_FORMS, parse_length

    if text is None:
        return 0.0
    value = parse_length(text)
    if value is None or value > 36:
        raise InputError(Where("command line"), "not a usable bleed", field=option,
                         found=repr(text), allowed=LENGTH_FORMS + ", at most 0.5in")
    return value


def check_mix(setup: Setup) -> list[Finding]:
    """What ``pnp validate`` finds (general checks, sheet capacity, the game's rules, and
    features printed one over the other).

    ``pnp watch`` asks the same question after every save, so both print the
    same findings for the same file.
    """
    from pnp.export.findings import validate_findings

    return validate_findings(setup)


def verdict_line(setup: Setup, findings: list[Finding]) -> str:
    """The validator's last line: playable or not, with how many errors."""
    errors = sum(1 for finding in findings if finding.severity == "error")
    verdict = "not playable" if errors else "playable"
    return f"{setup.tileset.game}: {verdict} with {setup.players} players ({errors} error(s))."
