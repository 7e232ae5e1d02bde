"""``pnp list``: the shipped games, with their pieces and variants."""

from __future__ import annotations

import click

from pnp.cli.common import reports_input_errors


@click.command(name="list")
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
