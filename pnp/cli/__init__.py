"""The ``pnp`` command: its table of commands, each in a module of this package.

Heavy libraries are imported inside the commands so ``pnp --help`` stays fast,
and a command's module only when that command runs (COMMAND_MODULES). Shared
helpers live in :mod:`pnp.cli.common`.
A user's mistake (an InputError) becomes one paragraph on stderr and exit
status 2; rule violations found by ``validate`` are exit status 1.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

import click

from pnp import __version__

# Every command and the module that holds it, imported only when the command is named (or
# listed by --help), so `pnp validate` does not load the code of `pnp watch`. A command
# is its module's function of the same name, or the one after a colon.
COMMAND_MODULES = {
    "build": "pnp.cli.build",
    "calibrate": "pnp.cli.printers",
    "export": "pnp.cli.export",
    "list": "pnp.cli.listing:list_games",
    "new": "pnp.cli.new",
    "profile": "pnp.cli.printers",
    "render": "pnp.cli.render",
    "score": "pnp.cli.play",
    "simulate": "pnp.cli.play",
    "studio": "pnp.cli.studio",
    "turns": "pnp.cli.play",
    "validate": "pnp.cli.validate",
    "watch": "pnp.cli.watch",
}


# click 8.2 shows the help for a bare ``pnp`` by raising a usage error; earlier ones exit
_HELP_INSTEAD: tuple[type[click.UsageError], ...] = tuple(
    getattr(click.exceptions, name) for name in ("NoArgsIsHelpError",)
    if hasattr(click.exceptions, name))


class _CommandsByModule(click.Group):
    """A click group that imports a command's module when the command is wanted, and
    says a mistake on the command line as every other mistake is said."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """click's main, except that an unknown option, a missing argument or a value out
        of range is one paragraph on stderr (the option, what was found, what is
        allowed, where to read more) and exit status 2, not click's usage block."""
        kwargs["standalone_mode"] = False
        try:
            result = super().main(*args, **kwargs)
        except _HELP_INSTEAD as error:  # bare ``pnp``: the help, as click shows it
            error.show()
            sys.exit(error.exit_code)
        except click.UsageError as error:
            where = f" See '{error.ctx.command_path} --help'." if error.ctx else ""
            click.echo(f"pnp: error: command line: {error.format_message()}{where}", err=True)
            sys.exit(2)
        except click.ClickException as error:
            error.show()
            sys.exit(error.exit_code)
        except click.Abort:
            click.echo("Aborted!", err=True)
            sys.exit(1)
        if isinstance(result, int) and result:  # click's Exit, handed back unraised
            sys.exit(result)
        return result

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *COMMAND_MODULES])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        where = COMMAND_MODULES.get(cmd_name)
        if where is None:
            return super().get_command(ctx, cmd_name)
        module, _, name = where.partition(":")
        command = getattr(importlib.import_module(module), name or cmd_name)
        assert isinstance(command, click.Command)
        return command


@click.group(cls=_CommandsByModule, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
def main() -> None:
    """Print-and-play tunnel tiles: exact, vector, duplex-ready PDF sheets.

    Games are shipped ids (see `pnp list`) or paths to tileset .yaml files.
    Start one of your own with `pnp new`; `pnp watch` rebuilds it on every save.
    """
