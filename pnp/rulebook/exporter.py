"""The rulebook as one output kind: a template typeset once, an edition per paper, and
with ``--booklet`` each edition imposed for saddle stitching.

A tileset names its own template or uses the shipped one for its game. The
template is parsed when the build asks whether the output applies, in the
main process, so a broken template is reported before any work is spread
over workers (and before any progress is shown). The main process does
this while the workers are still warming up; a worker parses the template
again when it typesets the game's book (see :func:`pnp.assemble.jobs.job_work`).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import msgspec

from pnp.export.artifacts import Artifact
from pnp.model.options import BuildOptions
from pnp.model.outputs import pdf_file
from pnp.model.paper import Paper
from pnp.model.tileset import Tileset
from pnp.rulebook.templates import template_path

if TYPE_CHECKING:
    from pnp.export.designs import GameDesigns

# The Markdown parser, Platypus and pypdf are slow to import, so they are
# imported when a rulebook is really wanted: `--no-rulebook`
# builds and games without a template never pay for them.


def rulebook_template(tileset: Tileset, options: BuildOptions) -> Path | None:
    """The template this build typesets, if any: the tileset's own or the shipped one."""
    if not options.rulebook:
        return None
    template = tileset.rulebook or template_path(tileset.rules_game)
    if not (tileset.rulebook or template.parent.is_dir()):
        return None
    return template


class Rulebooks(msgspec.Struct, frozen=True):
    """The rulebook's edition for each paper of the build, and with ``--booklet`` their
    saddle-stitch impositions.

    Not ``per_paper``: one typesetting makes every paper's edition (see
    :mod:`pnp.rulebook.editions`), so the book is one job, whatever the papers.
    """

    name: str = "rulebook"
    per_paper: bool = False
    own_job: bool = True
    slow: bool = True

    def applies(self, tileset: Tileset, options: BuildOptions) -> bool:
        template = rulebook_template(tileset, options)
        if template is None:
            return False
        from pnp.rulebook.source import parse

        parse(template, tileset)  # raises InputError now, before workers start
        return True

    def export(self, designs: GameDesigns, paper: Paper | None) -> list[Artifact]:
        tileset, options = designs.tileset, designs.options
        template = rulebook_template(tileset, options)
        assert template is not None
        from pnp.rulebook.designs import Designs
        from pnp.rulebook.source import parse
        from pnp.rulebook.typeset import typeset_rulebook

        source = parse(template, tileset)
        editions, pages = typeset_rulebook(tileset, source, Designs(tileset, designs))
        artifacts = []
        for edition in options.papers:
            path = pdf_file(tileset.game, "rulebook", edition)
            artifacts.append(Artifact(path, editions[edition.name], {
                "kind": "rulebook", "paper": edition.name, "path": path, "pages": pages,
                "placements": []}))
            if options.booklet:  # pypdf imposes the booklets, imported only for them
                from pnp.impose.booklet import booklet, booklet_sheets

                imposed = booklet(editions[edition.name], edition)
                path = pdf_file(tileset.game, "rulebook-booklet", edition)
                artifacts.append(Artifact(path, imposed, {
                    "kind": "rulebook-booklet", "paper": edition.name, "path": path,
                    "pages": booklet_sheets(pages), "placements": []}))
        return artifacts
