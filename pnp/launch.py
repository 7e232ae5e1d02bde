"""The ``pnp`` command's entry point: a build forks its workers' zygote before all else.

A build's workers need the drawing stack imported and the fonts read, which
takes longer than reading the tilesets. Forked here, before click or any of pnp's commands is
imported, the zygote does that on the second core while this process reads
the command line and the tilesets; :func:`pnp.cli.build.early_workers` then tells
it what to build. Every other command goes straight on to :mod:`pnp.cli`.
"""

from __future__ import annotations

import atexit
import gc
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pnp.workers import Workers

# What a build's workers do, named rather than imported: the zygote imports it.
BUILD_WORK = "pnp.assemble.jobs:job_work"


def main() -> None:
    """Run ``pnp`` with the command line's arguments (the console script)."""
    # What a command leaves alive when it ends (a build's files and the drawings
    # behind them) goes with the process: collecting it first, at exit, would
    # only make a build wait.
    atexit.register(gc.freeze)
    workers = zygote_for(sys.argv[1:2])
    try:
        from pnp.cli import main as command

        command(obj=workers)
    finally:
        if workers is not None:
            workers.stop()  # a build that used them has closed them already


def zygote_for(command: list[str]) -> Workers[object, object] | None:
    """Workers for ``pnp build`` on a machine with more than one core, forked now.

    Other commands do not import the worker module (nor multiprocessing) at all.
    """
    if command != ["build"]:
        return None
    from pnp.workers import Workers, worker_count

    slots = worker_count(0)
    return Workers(BUILD_WORK, slots) if slots > 1 else None
