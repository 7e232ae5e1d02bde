"""The rulebook as one output kind: a template typeset for each paper, and its booklet.

A tileset names its own template or uses the shipped one for its game. The
template is parsed when the build asks whether the output applies, in the
main process, so a broken template is reported before any work is spread
over workers (and before any progress is shown). The main process does
this while the workers are still warming up; a worker parses the template
again when it first typesets the game's book (see :func:`pnp.build.jobs.job_work`).
"""

from __future__ import annotations

import io
from pathlib import Path

import msgspec

from pnp.export.artifacts import Artifact
from pnp.export.designs import GameDesigns
from pnp.impose.layout import PAPERS
from pnp.model.options import BuildOptions
from pnp.model.tileset import Tileset
from pnp.rulebook.templates import template_path

# The Markdown parser, Platypus and pypdf take a third of a second to import,
# so they are imported when a rulebook is really wanted: `--no-rulebook`
# builds and games without a template never pay for them.


def rulebook_template(tileset: Tileset, options: BuildOptions) -> Path | None:
    """The template this build typesets, if any: the tileset's own or the shipped one."""
    if not options.rulebook:
        return None
    template = tileset.rulebook or template_path(tileset.rules_game)
    if not (tileset.rulebook or template.parent.is_dir()):
        return None
    return template


def page_count(pdf: bytes) -> int:
    """Pages in a finished PDF, for the manifest."""
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(pdf)).pages)


class Rulebooks(msgspec.Struct, frozen=True):
    """The rulebook PDF per paper, and with ``--booklet`` its saddle-stitch imposition."""

    name: str = "rulebook"
    per_paper: bool = True
    own_job: bool = True

    def applies(self, tileset: Tileset, options: BuildOptions) -> bool:
        template = rulebook_template(tileset, options)
        if template is None:
            return False
        from pnp.rulebook.source import parse

        parse(template, tileset)  # raises InputError now, before workers start
        return True

    def export(self, designs: GameDesigns, paper: str) -> list[Artifact]:
        tileset, options = designs.tileset, designs.options
        template = rulebook_template(tileset, options)
        assert template is not None
        from pnp.rulebook.source import parse
        from pnp.rulebook.typeset import Designs, booklet, typeset_rulebook

        source = parse(template, tileset)
        pdf, pages = typeset_rulebook(tileset, source, PAPERS[paper], Designs(tileset, designs))
        path = f"{tileset.game}-rulebook-{paper}.pdf"
        artifacts = [Artifact(path, pdf, {"kind": "rulebook", "paper": paper, "path": path,
                                          "pages": pages, "placements": []})]
        if options.booklet:
            imposed = booklet(pdf, PAPERS[paper])
            path = f"{tileset.game}-rulebook-booklet-{paper}.pdf"
            artifacts.append(Artifact(path, imposed, {
                "kind": "rulebook-booklet", "paper": paper, "path": path,
                "pages": page_count(imposed), "placements": []}))
        return artifacts
