"""The cutting machines ``pnp export cut`` writes for, named once for the command line and
the exporter alike (a plain module: ``pnp --help`` reads it)."""

from __future__ import annotations

from typing import Literal, get_args

# Silhouette: Print & Cut pages with type 1 registration marks, on a paper of ours;
# Cricut: Print Then Cut pictures at the size Design Space takes.
Cutter = Literal["silhouette", "cricut"]
CUTTERS: tuple[Cutter, ...] = get_args(Cutter)


def cutter_named(text: str) -> Cutter:
    """``text`` as a cutter (the command line's choices are checked already)."""
    for cutter in CUTTERS:
        if cutter == text:
            return cutter
    raise ValueError(f"not a cutter: {text!r}")
