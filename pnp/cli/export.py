"""``pnp export``: a game's pieces as files for other tools, one subcommand per tool.

Each subcommand makes one folder per game beside the game's build folder
(``OUT/<game>-png``, ``OUT/<game>-tts``) through :func:`run_export`, which
gives it the build's safety: the same ``--out`` rules, checked names, a
worker per game and a folder swapped in whole. A new kind of export is a
function decorated with ``@export.command()`` and ``@export_options`` that
builds its exporter and hands it to :func:`run_export`, here or in a module
of its own that is imported by :mod:`pnp.cli` after this one.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from pnp.cli.common import PaperOption, load, reports_input_errors
from pnp.errors import InputError, Where
from pnp.model.cutters import CUTTERS, cutter_named
from pnp.model.paper import SIZE_FORM

if TYPE_CHECKING:
    from pnp.assemble.exports import FolderExporter


@click.group(name="export")
def export() -> None:
    """Export games as files for other tools: PNG pictures, Tabletop Simulator decks,
    cutting machines.

    Each writes OUT/<game>-<kind>/ for every GAME (default: every shipped game),
    replaced whole on every export.
    """


def export_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The arguments every export takes: the games, --out and --jobs."""
    command = click.option("--jobs", type=click.IntRange(0, 64), default=0, show_default=True,
                           help="Worker processes (0: one per core). Output is the same "
                           "either way.")(command)
    command = click.option("--out", "out_dir", type=click.Path(file_okay=False,
                                                               path_type=Path),
                           default=Path("output"), show_default=True,
                           help="Output folder.")(command)
    return click.argument("games", nargs=-1)(command)


def run_export(games: tuple[str, ...], out_dir: Path, exporter: FolderExporter,
               jobs: int) -> list[Path]:
    """Load the games (all shipped ones when none is named) and export each."""
    from pnp.assemble.exports import export_games
    from pnp.input.catalog import resolve, shipped_games
    from pnp.input.targets import output_tileset

    targets = list(games) or list(shipped_games())
    tilesets = [output_tileset(load(target), None) for target in targets]
    written = export_games(tilesets, out_dir, exporter,
                           origins=[resolve(target) for target in targets], jobs=jobs)
    folders = sorted({exporter.folder(tileset) for tileset in tilesets})
    click.echo(f"exported {len(tilesets)} game(s): {len(written)} files in "
               f"{', '.join(str(out_dir / folder) for folder in folders)}")
    return written


@export.command()
@export_options
@click.option("--dpi", type=click.IntRange(36, 1200), default=300, show_default=True,
              help="Resolution: each picture is its trim size times this, in pixels.")
@click.option("--bleed", "bleed_size", is_flag=False, flag_value="0.125in", default=None,
              metavar="[SIZE]", help="Art beyond the trim on every side, as print shops ask "
              "for image uploads: 1/8 in when given alone, or a size such as 3mm.")
@reports_input_errors
def png(games: tuple[str, ...], out_dir: Path, jobs: int, dpi: int,
        bleed_size: str | None) -> None:
    """One PNG per design (tiles, backs, cards, tokens, reverses, board) at true size.

    Writes OUT/<game>-png/ with tiles/, backs/, cards/, tokens/ and board/ as the
    game has them, <game>-contact.png showing every design in a labelled grid,
    and manifest.json listing each picture with its piece, count and sizes. With
    --bleed each picture is its trim size plus the bleed on every side (a 2.5 x 3.5
    in card with 1/8 in at 300 dpi is 825 x 1125 pixels); the board stays at its
    trim size, since its pages are glued edge to edge.
    """
    from pnp.cli.common import parse_bleed
    from pnp.export.png import PngExport

    run_export(games, out_dir, PngExport(dpi, parse_bleed(bleed_size, "--bleed")), jobs)


@export.command()
@export_options
@click.option("--base-url", default="", metavar="URL",
              help="Web folder the pictures will be uploaded to; without it the saved "
              "object points at the exported files on this computer.")
@reports_input_errors
def tts(games: tuple[str, ...], out_dir: Path, jobs: int, base_url: str) -> None:
    """Tabletop Simulator deck sheets, backs, board and a saved object.

    Writes OUT/<game>-tts/ with the pictures and <game>.json: copy that file into
    Tabletop Simulator's "Saved Objects" folder and spawn it from Objects > Saved
    Objects. docs/exports.md says how, and how to host the pictures online.
    """
    from pnp.assemble.exports import piece_nickname
    from pnp.export.tts import TtsExport

    if base_url and not base_url.startswith(("https://", "http://", "file://")):
        raise InputError(Where("command line"), "not a web address", field="--base-url",
                         found=repr(base_url), allowed="an address starting https://, "
                         "http:// or file:// (a folder; a final / is added if missing)")
    if any(character.isspace() or ord(character) < 32 for character in base_url):
        raise InputError(Where("command line"), "a web address has no spaces",
                         field="--base-url", found=repr(base_url),
                         allowed="the folder's address with each space written %20")
    url = base_url if not base_url or base_url.endswith("/") else base_url + "/"
    run_export(games, out_dir, TtsExport(str(out_dir.resolve()), url, piece_nickname), jobs)


@export.command()
@export_options
@click.option("--cutter", type=click.Choice(CUTTERS), default="silhouette",
              show_default=True, help="The machine: Silhouette (Print & Cut, type 1 marks) "
              "or Cricut (Print Then Cut).")
@click.option("--paper", type=PaperOption(), default="letter",
              show_default=True, help=f"Paper for a Silhouette: {SIZE_FORM} (Cricut pictures "
              "are their own size).")
@reports_input_errors
def cut(games: tuple[str, ...], out_dir: Path, jobs: int, cutter: str, paper: str) -> None:
    """Pages for a cutting machine and cut files (SVG and DXF) for each page.

    For a Silhouette, OUT/<game>-cut-<paper>/ holds <game>-print-<paper>.pdf with
    type 1 registration marks (10 mm inset, 20 mm long, 0.5 mm thick) and
    <game>-cut-<paper>-<n>.svg and .dxf for page n (Studio's free edition opens the
    DXF); for a Cricut, OUT/<game>-cut-cricut/ holds <game>-print-then-cut-<n>.png
    and <game>-cut-cricut-<n>.svg and .dxf. Each cutter and
    paper has its own folder, so one export never replaces another's files.
    manifest.json pairs them. docs/exports.md says how to load them.
    """
    from pnp.export.cut import CutExport
    from pnp.model.paper import paper_named

    run_export(games, out_dir, CutExport(cutter_named(cutter), paper_named(paper)), jobs)
