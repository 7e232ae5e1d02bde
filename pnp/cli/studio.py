"""``pnp studio``: design a tileset's tiles in the browser.

The command only opens the file and starts the server (:mod:`pnp.studio`);
everything the page can do lives there.
"""

from __future__ import annotations

from pathlib import Path

import click

from pnp.cli.common import reports_input_errors
from pnp.errors import InputError, Where


@click.command()
@click.argument("target", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--port", type=click.IntRange(0, 65535), default=0, show_default=True,
              help="Port on 127.0.0.1 (0: any free port).")
@click.option("--no-browser", is_flag=True, help="Only print the address; open no browser.")
@reports_input_errors
def studio(target: Path, port: int, no_browser: bool) -> None:
    """Edit the tiles of TARGET (a tileset or mix file) in a page on this computer.

    Prints the page's address first, then serves it on 127.0.0.1 only until
    Ctrl-C. Saving writes TARGET in place, keeping its comments and order, and
    keeps the previous version as TARGET.bak.
    """
    from pnp.input.catalog import SUFFIXES, shipped_games
    from pnp.studio.server import StudioServer
    from pnp.studio.session import Session

    if target.suffix not in SUFFIXES:
        start = str(target) if str(target) in shipped_games() else "GAME"
        raise InputError(Where(str(target)), "the studio edits a tileset or mix file",
                         field="TARGET", found=repr(str(target)),
                         allowed="the path of a .yaml file; to change a shipped game, start a "
                         f"file of your own from it: `pnp new my-mine --from {start}`, then "
                         "`pnp studio my-mine.yaml`")
    session = Session(target)
    try:
        server = StudioServer(session, port)
    except OSError as error:
        raise InputError(Where("command line"), "the studio cannot listen on this port",
                         field="--port", found=f"{port} ({error.strerror or error})",
                         allowed="a free port, or 0 for any free port") from None
    click.echo(f"pnp studio: {server.url}")
    click.echo(f"editing {target}; press Ctrl-C to stop", err=True)
    for kept in session.earlier:
        click.echo(f"pnp studio: unsaved edits of an earlier run are kept in {kept}; open "
                   "it with pnp studio to take them up (this run never writes over it)",
                   err=True)
    if not no_browser:
        import webbrowser

        webbrowser.open(server.url)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        try:
            copy = session.keep_recovery()  # Ctrl-C with edits unsaved: never lose them
        except OSError as error:
            click.echo(f"pnp studio: stopped; the unsaved edits could not be kept beside "
                       f"{target} ({error.strerror or error})", err=True)
            return
        if copy is not None:
            click.echo(f"pnp studio: stopped; your unsaved edits are kept in {copy} "
                       f"({target.name} is as it was last saved)", err=True)
        else:
            click.echo("pnp studio: stopped", err=True)
    finally:
        server.server_close()
