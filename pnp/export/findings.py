"""Every finding of `pnp validate`, in one place for the command line and the studio.

The rules, the general checks and sheet capacity come from
:func:`pnp.impose.verdict.mix_findings`; what two features printed one over the
other needs the drawing's own sizes, which only a layer above both imposing and
drawing may ask for. Here is that layer: `pnp validate`, `pnp watch` and the
studio all call :func:`validate_findings` and print the same list.
"""

from __future__ import annotations

from pnp.draw.overlap import overlap_findings
from pnp.impose.verdict import mix_findings
from pnp.rules import Finding, Setup


def validate_findings(setup: Setup) -> list[Finding]:
    """What ``pnp validate`` reports for ``setup``, simulation aside."""
    return mix_findings(setup) + overlap_findings(setup.tileset)
