"""``pnp calibrate`` and ``pnp profile``: measure a printer's duplex offset once, then reuse it."""

from __future__ import annotations

from pathlib import Path

import click

from pnp.cli.common import PaperOption, reports_input_errors
from pnp.model.paper import FLIPS, SIZE_FORM, duplex_mode, paper_named


@click.command()
@click.option("--paper", type=PaperOption(), default="letter",
              show_default=True, help=f"Paper size of the test sheet: {SIZE_FORM}.")
@click.option("--duplex", type=click.Choice(FLIPS), default="long",
              show_default=True, help="How your printer flips the sheet for backs.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              default=Path("output"), show_default=True, help="Output folder.")
@reports_input_errors
def calibrate(paper: str, duplex: str, out_dir: Path) -> None:
    """Write a duplex test sheet: OUT/calibration-<paper>-<duplex>.pdf.

    Print it double-sided at 100%, hold it against a light and read the two
    numbers where the strokes line up; save them with `pnp profile set`.
    """
    from pnp.assemble.places import check_output_file
    from pnp.export.calibrate import render_calibration
    from pnp.export.output import write_atomic

    target = out_dir / f"calibration-{paper}-{duplex}.pdf"
    check_output_file(target, [])
    write_atomic(target, render_calibration(paper_named(paper), duplex_mode(duplex)))
    click.echo(f"wrote {target}: print both pages on one sheet, flipping on the {duplex} "
               "edge, at 100% scale")


@click.group()
def profile() -> None:
    """Printer profiles: the duplex offset read off `pnp calibrate`'s sheet, by name."""


@profile.command(name="set")
@click.argument("name")
@click.option("--offset", required=True, metavar="Xmm,Ymm",
              help="The two numbers read off the calibration sheet, e.g. 1.5mm,-0.8mm.")
@reports_input_errors
def set_profile(name: str, offset: str) -> None:
    """Save (or replace) the printer profile NAME."""
    from pnp.export.output import write_atomic
    from pnp.input.profiles import parse_offset, profile_path, profile_text
    from pnp.units import mm

    path = profile_path(name)
    right, up = parse_offset(offset)
    write_atomic(path, profile_text((round(right / mm(1), 2), round(up / mm(1), 2))).encode())
    click.echo(f"saved printer profile '{name}' in {path}: backs move {right / mm(1):g} mm right "
               f"and {up / mm(1):g} mm up, as seen from the fronts")


@profile.command(name="show")
@click.argument("name")
@reports_input_errors
def show_profile(name: str) -> None:
    """Print the offset saved in profile NAME."""
    from pnp.input.profiles import load_profile
    from pnp.units import mm

    right, up = load_profile(name)
    click.echo(f"{name}: --offset {right / mm(1):g}mm,{up / mm(1):g}mm")


@profile.command(name="list")
@reports_input_errors
def list_profiles() -> None:
    """List the saved printer profiles."""
    from pnp.input.profiles import config_folder, profile_names

    names = profile_names()
    for name in names:
        click.echo(name)
    if not names:
        click.echo(f"no printer profiles yet (they live in {config_folder() / 'printers'})")


@profile.command(name="remove")
@click.argument("name")
@reports_input_errors
def remove_profile(name: str) -> None:
    """Delete the printer profile NAME."""
    from pnp.errors import InputError, Where
    from pnp.input.profiles import profile_names, profile_path

    path = profile_path(name)
    if not path.is_file():
        raise InputError(Where("command line"), "no printer profile of that name", field="NAME",
                         found=repr(name), allowed=", ".join(profile_names()) or "none saved")
    path.unlink()
    click.echo(f"removed printer profile '{name}'")
