"""``pnp watch``: build and check a tileset again every time one of its files is saved.

A designer edits in one window and looks at the PDF in another; what they
need from the terminal is only what a save changed: a verdict that turned,
a new warning, the files that differ, or the mistake that stops the file
from being read (worded as every command words it, without ending the
watch). Everything else stays quiet.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from pnp.cli.common import (
    PAPER_HELP,
    PapersOption,
    check_mix,
    load,
    reports_input_errors,
    verdict_line,
)
from pnp.errors import InputError

if TYPE_CHECKING:
    from collections.abc import Callable

    from pnp.assemble.incremental import GameOutputs
    from pnp.cli.polling import Snapshot
    from pnp.model.options import BuildOptions
    from pnp.model.tileset import Tileset


@click.command(name="watch")
@click.argument("target")
@click.option("--out", "out_dir", type=click.Path(file_okay=False, path_type=Path),
              default=Path("output"), show_default=True, help="Output folder.")
@click.option("--paper", "papers", type=PapersOption(), default="letter,a4",
              show_default=True, help=f"Paper size of the sheets: {PAPER_HELP}.")
@click.option("--rulebook/--no-rulebook", default=True, show_default=True,
              help="Also typeset the rulebook (it follows the sheets after each save).")
@reports_input_errors
def watch(target: str, out_dir: Path, papers: tuple[str, ...], rulebook: bool) -> None:
    """Build TARGET, check it, then do both again whenever its files are saved.

    TARGET is a tileset or mix file (or a shipped game). pnp follows the file,
    its art, its rulebook template and a mix's base, and after each save
    prints only what changed: the validator's verdict and new warnings, and
    each output file that differs ("changed: NAME.pdf"). Only the outputs a
    change can affect are made again: a count change redoes the sheets first,
    then the rulebook. A mistake in the file is printed and the watch goes
    on. Stop with Ctrl-C.
    """
    from pnp.assemble.incremental import GameOutputs
    from pnp.input.catalog import resolve
    from pnp.input.load import read_text
    from pnp.model.options import options_for

    # an unknown game, a mistyped path or a file that is not there ends the command at
    # once (exit 2, as validate and studio do); later mistakes in the file are printed
    # and the watch goes on
    read_text(resolve(target))
    options = options_for(papers, rulebook=rulebook)
    session = Session(target, out_dir, options, GameOutputs(out_dir, options))
    try:
        session.run()
    except KeyboardInterrupt:
        click.echo("pnp watch: stopped", err=True)


class Session:
    """What one ``pnp watch`` knows between saves: the last good tileset and what it said.

    State that changes with every save, so a plain class, not a value type.
    """

    def __init__(self, target: str, out_dir: Path, options: BuildOptions,
                 outputs: GameOutputs) -> None:
        self.target, self.out_dir, self.options, self.outputs = target, out_dir, options, outputs
        self.tileset: Tileset | None = None
        self.template: bytes | None = None
        self.said: tuple[str, ...] = ()  # the validator's last verdict and warnings, or the error
        self.watched: list[Path] = []

    def run(self) -> None:
        """Build once, then after every save."""
        from pnp.cli.polling import snapshot, wait_for_change
        from pnp.input.catalog import resolve

        self.watched = [resolve(self.target).resolve()]
        seen = self.settle(snapshot)
        click.echo(f"watching {len(self.watched)} file(s) of {self.target}; Ctrl-C stops",
                   err=True)
        while True:
            wait_for_change(lambda: self.watched, seen)
            seen = self.settle(snapshot)

    def settle(self, snapshot: Callable[[list[Path]], Snapshot]) -> Snapshot:
        """Refresh until the files followed stay the same; their stamps from before reading.

        Stamps are taken before the files are read, so a save during a build
        is seen afterwards. A file that only the reading revealed (new art, a
        template) has no such stamp, so it is read once more with one.
        """
        while True:
            seen = snapshot(self.watched)
            self.refresh()
            if set(self.watched) <= set(seen):
                return seen

    def refresh(self) -> None:
        """Read the target again; check it, rebuild what changed, print the differences."""
        try:
            self._refresh()
        except InputError as error:
            self._say((f"pnp: error: {error.paragraph()}",), err=True)

    def _refresh(self) -> None:
        from pnp.assemble.incremental import GameOutputs, stale_outputs
        from pnp.assemble.places import game_inputs
        from pnp.impose.fit import check_fit
        from pnp.input.catalog import resolve
        from pnp.input.targets import output_tileset
        from pnp.rules import Setup

        origin = resolve(self.target)
        tileset = output_tileset(load(self.target), None)
        inputs = [item.path for item in game_inputs(tileset, origin)]
        self.watched = list(dict.fromkeys([origin.resolve(), *inputs]))
        template = read_template(inputs, tileset)
        check_fit(tileset, self.options.papers, self.options.bleed)
        setup = Setup(tileset, tileset.players[0])
        findings = check_mix(setup)
        self._say((verdict_line(setup, findings), *(f.line() for f in findings
                                                     if f.severity != "info")))
        if self.tileset is not None and self.tileset.game != tileset.game:
            self.tileset = None  # a new game id: a new folder, built from scratch
            self.outputs = GameOutputs(self.out_dir, self.options)
        stale = stale_outputs(self.tileset, tileset, template != self.template)
        self.outputs.check(tileset, origin)
        for slow in (False, True):
            show_changes(tileset.game, self.outputs.update(tileset, stale, slow))
        self.tileset, self.template = tileset, template

    def _say(self, lines: tuple[str, ...], err: bool = False) -> None:
        """Print the validator's lines (or an error) only when they differ from last time."""
        if lines == self.said:
            return
        old = set(self.said)
        for line in lines:
            if line not in old or line == lines[0]:
                click.echo(line, err=err)
        self.said = lines


def read_template(inputs: list[Path], tileset: Tileset) -> bytes | None:
    """The rulebook template's bytes, to tell whether only the template changed."""
    from pnp.rulebook.templates import template_path

    path = (tileset.rulebook or template_path(tileset.rules_game)).resolve()
    if path not in inputs:
        return None
    try:
        return path.read_bytes()
    except OSError:
        return None


def show_changes(game: str, changes: list[tuple[str, str]]) -> None:
    """One line per changed top-level file; files inside a folder are counted per folder."""
    folders: dict[tuple[str, str], int] = {}
    for status, path in changes:
        folder, _, name = path.rpartition("/")
        if folder:
            folders[(status, folder)] = folders.get((status, folder), 0) + 1
        else:
            click.echo(f"{status}: {name}")
    for (status, folder), count in folders.items():
        click.echo(f"{status}: {count} file(s) in {game}/{folder}/")
    sys.stdout.flush()
