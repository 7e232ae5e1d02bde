"""``pnp render``: one tile, card, token, back or the board, as SVG or PNG."""

from __future__ import annotations

from pathlib import Path

import click

from pnp.cli.common import NAMES_SHOWN, load, reports_input_errors
from pnp.errors import InputError, Where, did_you_mean


@click.command()
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
