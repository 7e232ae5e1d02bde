"""``pnp build``: every PDF of one or more games, on every paper asked for, built at once.

The command reads and checks every tileset before any drawing starts (a
mistake in the third game stops the build before the first is drawn), hands
the workers forked by :mod:`pnp.launch` what to build, and writes a depfile
for ``make`` when asked, so a Makefile rebuilds a game only when one of the
files it read changes.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pnp.cli.common import (
    PAPER_HELP,
    SET_HELP,
    PapersOption,
    ShopOption,
    choose_players,
    load,
    parse_bleed,
    reports_input_errors,
)
from pnp.errors import InputError, Where
from pnp.model.paper import DUPLEX_MODES, duplex_mode
from pnp.model.shops import SHOP_KEYS, Shop

if TYPE_CHECKING:
    from pnp.assemble.jobs import JobWorkers
    from pnp.assemble.places import Input
    from pnp.model.options import BuildOptions
    from pnp.model.tileset import Tileset
    from pnp.rules import Finding, Setup

@click.command()
@click.argument("games", nargs=-1)
@click.option("--paper", "papers", type=PapersOption(), default="letter,a4",
              show_default=True, help=f"Paper size of the sheets: {PAPER_HELP}.")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              default=Path("output"), show_default=True, help="Output folder.")
@click.option("--bleed/--no-bleed", default=False, show_default=True,
              help="Print art beyond each cut line (1/8 in unless --bleed-size).")
@click.option("--bleed-size", default=None, metavar="LENGTH", help="Bleed, e.g. 3mm.")
@click.option("--duplex", type=click.Choice(DUPLEX_MODES),
              default="long", show_default=True,
              help="How your printer flips the sheet for backs; 'none' prints no backs; "
              "'gutterfold' prints each back beside its front, to fold and glue.")
@click.option("--ink-saver", is_flag=True,
              help="Light rock and backs, tunnels drawn by their walls: far less ink.")
@click.option("--print-shop", type=ShopOption(), is_flag=False,
              flag_value="generic", default=None,
              help="For a print shop (generic when named alone; also "
              f"{', '.join(SHOP_KEYS[1:])}): bleed on every sheet and OUT/<game>/"
              "print-shop-SHOP/, each product as the shop takes it (PDF/X-4 or PNGs, "
              "sized to its range) with ORDER.txt saying what to upload and order.")
@click.option("--profile", "printer", default=None, metavar="NAME",
              help="Move every back by this printer's saved duplex offset "
                   "(see pnp calibrate and pnp profile).")
@click.option("--variant", default=None, help="Build a variant's tile mix.")
@click.option("--set", "sets", multiple=True, metavar="TILE=COUNT",
              help=f"{SET_HELP} The sheets go to OUT/<game>-changed/.")
@click.option("--booklet", is_flag=True,
              help="Also impose each rulebook two-up for saddle-stitch printing.")
@click.option("--rulebook/--no-rulebook", default=True, show_default=True,
              help="Also typeset each game's rulebook.")
@click.option("--jobs", type=click.IntRange(0, 64), default=0, show_default=True,
              help="Worker processes (0: one per core). Output is the same either way.")
@click.option("-q", "--quiet", is_flag=True,
              help="No progress and no per-game summary on stderr.")
@click.option("--depfile", type=click.Path(path_type=Path), default=None,
              metavar="FILE.d", help="Also write a make rule: target FILE, every file the "
              "build read as its prerequisites (the Makefile uses it).")
@reports_input_errors
def build(games: tuple[str, ...], papers: tuple[str, ...], out_dir: Path, bleed: bool,
          bleed_size: str | None, duplex: str, ink_saver: bool, print_shop: str | None,
          printer: str | None,
          variant: str | None, sets: tuple[str, ...],
          booklet: bool, rulebook: bool, jobs: int, quiet: bool,
          depfile: Path | None) -> None:
    """Build tile SVGs, sheet PDFs and a manifest for GAMES (default: every game).

    Writes OUT/<game>/<game>-tiles-<paper>.pdf (and cards, tokens, board, aids and
    the rulebook where the game has them), OUT/<game>/tiles/<tile>.svg and
    OUT/<game>/manifest.json. Fronts come first, then their backs on the next page,
    mirrored for the chosen duplex flip. Progress and a line per game (PDFs,
    pages, pieces, seconds) go to stderr; the last line on stdout sums it up. A mix
    the game's rules say cannot be played is built all the same, with a warning on
    stderr naming what is wrong (`pnp validate` says what would fix it).
    """
    from pnp.input.catalog import resolve, shipped_games
    from pnp.model.options import STANDARD_BLEED, options_for

    targets = list(games) or list(shipped_games())
    check_targets(targets, variant, depfile, sets)
    size = parse_bleed(bleed_size) if bleed_size else \
        (STANDARD_BLEED if bleed or print_shop else 0.0)
    options = options_for(papers, print_shop or "", bleed=size, duplex=duplex_mode(duplex),
                          rulebook=rulebook, booklet=booklet,
                          back_offset=back_offset(printer), printer=printer or "",
                          ink_saver=ink_saver)
    with early_workers(options, jobs) as workers:
        tilesets = checked_tilesets(targets, variant, sets, options)
        read = build_inputs(targets, tilesets) if depfile is not None else []
        if depfile is not None:
            check_depfile_place_for(depfile, out_dir, tilesets, read)
        written = build_with_progress(tilesets, out_dir, options,
                                      [resolve(t) for t in targets], quiet, workers, jobs)
    if depfile is not None:
        write_inputs(depfile, read)
    pdfs = sum(1 for path in written if path.suffix == ".pdf")
    click.echo(f"built {len(tilesets)} game(s): {pdfs} PDF(s), {len(written)} files in "
               f"{out_dir}")


def checked_tilesets(targets: list[str], variant: str | None, sets: tuple[str, ...],
                     options: BuildOptions) -> list[Tileset]:
    """The tilesets to build, under their output folders' names, each checked to fit its
    papers and to have a folder of its own; a mix that cannot be played, and pieces no
    product of a print shop fits, are said on stderr."""
    from pnp.impose.fit import check_fit
    from pnp.input.targets import output_tileset

    loaded = [load(target, variant, sets) for target in targets]
    tilesets = [output_tileset(tileset, variant, bool(sets)) for tileset in loaded]
    for tileset in tilesets:
        check_fit(tileset, options.papers, options.bleed)
    check_distinct(targets, tilesets)
    if options.print_shop is not None:
        check_shop_copies(tilesets)
    warn_unplayable(targets, loaded, variant, sets)
    warn_print_shop(tilesets, options.print_shop)
    return tilesets


def check_shop_copies(tilesets: list[Tileset]) -> None:
    """Refuse, before drawing, a print-shop build with more copies of one product than a
    shop's order takes (:data:`pnp.model.shops.MOST_COPIES`)."""
    from pnp.impose.shop_plan import product_counts
    from pnp.model.shops import MOST_COPIES

    for tileset in tilesets:
        for what, count in product_counts(tileset):
            if count > MOST_COPIES:
                raise InputError(
                    Where(str(tileset.source)), f"a print shop's order of {what} this large "
                    "is several orders", field="--print-shop", found=f"{count:,} {what}",
                    allowed=f"at most {MOST_COPIES:,} copies of one product: build the print "
                    "shop's files for a mix with fewer, and order it more than once")


def warn_print_shop(tilesets: list[Tileset], shop: Shop | None) -> None:
    """Say on stderr which pieces no product of the shop fits (ORDER.txt says it too);
    nothing when the build is not for a print shop."""
    if shop is None:
        return
    from pnp.impose.shop_plan import shop_warnings

    for tileset in tilesets:
        for warning in shop_warnings(tileset, shop):
            click.echo(f"pnp: warning: {tileset.game}: {warning}", err=True)


@contextlib.contextmanager
def early_workers(options: BuildOptions, processes: int) -> Iterator[JobWorkers | None]:
    """The build's workers, which :mod:`pnp.launch` forked before click was imported,
    told now what to build; they warm up while this process reads the tilesets.

    None when there are none (the command was called in this process, not
    as ``pnp``), or when the build may use one core only or asks for more
    workers than were forked: the jobs then run here, or on workers started
    once they are planned.
    """
    from pnp.workers import Workers, worker_count

    forked = click.get_current_context().obj
    if not isinstance(forked, Workers):
        yield None
        return
    count = worker_count(processes)
    if not 1 < count <= forked.slots:
        forked.stop()
        yield None
        return
    forked.begin(count, options)
    started: JobWorkers = forked
    with started as workers:
        yield workers


def build_with_progress(tilesets: list[Tileset], out_dir: Path, options: BuildOptions,
                        origins: list[Path], quiet: bool,
                        workers: JobWorkers | None = None, processes: int = 0) -> list[Path]:
    """Build, showing progress on stderr, and sum up each game once done."""
    from pnp.assemble import build as run_build
    from pnp.cli.progress import BuildProgress

    progress = BuildProgress(sys.stderr, sys.stderr.isatty(), quiet)
    try:
        written = run_build(tilesets, out_dir, options, origins=origins, progress=progress,
                            workers=workers, processes=processes)
    except BaseException:
        progress.clear()  # an error or Ctrl-C is then printed on a line of its own
        raise
    progress.summary(tilesets)
    return written


def check_distinct(targets: list[str], tilesets: list[Tileset]) -> None:
    """Refuse two targets that would write one output folder, before drawing either."""
    seen: dict[str, str] = {}
    for target, tileset in zip(targets, tilesets, strict=True):
        if tileset.game.casefold() in seen:
            raise InputError(Where(str(tileset.source)), "two targets would write the same "
                             "output folder", field="game", found=f"'{tileset.game}' from "
                             f"{seen[tileset.game.casefold()]!r} and {target!r}",
                             allowed="each game once; give a copied tileset its own 'game' id")
        seen[tileset.game.casefold()] = target


def check_targets(targets: list[str], variant: str | None, depfile: Path | None,
                  sets: tuple[str, ...] = ()) -> None:
    """Refuse options that cannot apply to these targets, before anything is read."""
    if depfile is not None:
        check_depfile(depfile)
    for option, given in (("--variant", bool(variant)), ("--set", bool(sets))):
        if given and len(targets) != 1:
            raise InputError(Where("command line"), f"{option} needs exactly one game",
                             field=option, found=f"{len(targets)} games",
                             allowed="one game id, tileset or mix file")


def warn_unplayable(targets: list[str], tilesets: list[Tileset], variant: str | None,
                    sets: tuple[str, ...]) -> None:
    """Say on stderr, for each mix the game's rules cannot play, what is wrong, as
    ``pnp validate`` would: the build goes on (a designer may print a broken mix to look
    at it), but never in silence. A shipped game as shipped is tested playable, so it
    is not checked again."""
    import shlex

    from pnp.input.catalog import shipped_games
    from pnp.rules import Setup

    for target, tileset in zip(targets, tilesets, strict=True):
        if target in shipped_games() and not variant and not sets:
            continue
        players = choose_players(tileset, variant, None)
        findings = [finding for finding in mix_findings_of(Setup(tileset, players, variant))
                    if finding.severity == "error"]
        for finding in findings:
            click.echo(f"pnp: warning: {target}: not playable with {players} players: "
                       f"{finding.message}", err=True)
        if findings:
            words = ["pnp", "validate", target, *(["--variant", variant] if variant else []),
                     *(part for change in sets for part in ("--set", change))]
            click.echo(f"pnp: warning: {target}: built anyway; {shlex.join(words)} says what "
                       "would fix it", err=True)


def mix_findings_of(setup: Setup) -> list[Finding]:
    """The rules' and general checks' findings (no drawing needed: the build has its own)."""
    from pnp.impose.verdict import mix_findings

    return mix_findings(setup)


def back_offset(printer: str | None) -> tuple[float, float]:
    """The backs' correction of ``--profile`` (an empty name is a mistake, not no profile)."""
    from pnp.input.profiles import load_profile

    return load_profile(printer, "--profile") if printer is not None else (0.0, 0.0)


def check_depfile(depfile: Path) -> None:
    """Refuse a ``--depfile`` whose rule's target make could not read, before building."""
    from pnp.assemble.depfile import depfile_target, spelled

    if spelled(depfile_target(depfile)) is None:
        raise InputError(Where("command line"), "make cannot read a rule for this file",
                         field="--depfile", found=repr(str(depfile)),
                         allowed="a path without ; = % | control characters, or a backslash "
                                 "before a special character or at the end")


def build_inputs(targets: list[str], tilesets: list[Tileset]) -> list[Input]:
    """Every file building ``tilesets`` reads: what ``--depfile`` may not replace, and
    what its rule then lists."""
    from pnp.assemble.places import game_inputs
    from pnp.input.catalog import resolve

    return [item for tileset, target in zip(tilesets, targets, strict=True)
            for item in game_inputs(tileset, resolve(target))]


def check_depfile_place_for(depfile: Path, out_dir: Path, tilesets: list[Tileset],
                            read: list[Input]) -> None:
    """Refuse a ``--depfile`` that would write over an input or be lost, before drawing."""
    from pnp.assemble.places import check_depfile_place

    check_depfile_place(depfile, out_dir, [tileset.game for tileset in tilesets], read)


def write_inputs(depfile: Path, read: list[Input]) -> None:
    """The make rule of ``--depfile``: every file the build read.

    A file make cannot name is left out of the rule, which then makes the
    game rebuild every time; the user is told which file and why.
    """
    from pnp.assemble.depfile import write_depfile

    unnamed = write_depfile(depfile, [item.path for item in read])
    for name in unnamed:
        click.echo(f"pnp: warning: make cannot name {name!r} in a rule (it holds ; = % | "
                   "or a control character, or a backslash make would read as an escape), "
                   f"so the rule in {str(depfile)!r} rebuilds this game every time; "
                   "rename the file to rebuild only when it changes", err=True)
