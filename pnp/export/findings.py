"""Every finding of `pnp validate`, in one place for the command line and the studio.

The rules, the general checks and sheet capacity come from
:func:`pnp.impose.verdict.mix_findings`; what two features printed one over the
other needs the drawing's own sizes, which only a layer above both imposing and
drawing may ask for. Here is that layer: `pnp validate`, `pnp watch` and the
studio all call :func:`validate_findings` and print the same list.
"""

from __future__ import annotations

from pnp.impose.verdict import mix_findings
from pnp.rules import Finding, Setup


def validate_findings(setup: Setup) -> list[Finding]:
    """What ``pnp validate`` reports for ``setup``, simulation aside.

    Measuring features needs the drawing stack (fonts for a label's width), which
    a mix whose tiles and pieces carry at most one feature a face never loads: two
    cannot meet.
    """
    findings = mix_findings(setup)
    tileset = setup.tileset
    faces = [tile.features for tile in tileset.tiles if tile.count] + \
        [component.features for component in tileset.components] + \
        [component.reverse.features for component in tileset.components
         if component.reverse is not None]
    if any(len(features) > 1 for features in faces):
        from pnp.draw.overlap import overlap_findings

        findings += overlap_findings(setup.tileset)
    return findings
