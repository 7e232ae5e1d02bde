"""What would make a failing mix playable at its player count, tried before it is said.

A verdict that only says "not playable with 4 players" leaves the designer to
guess; one that says "set mine-entrance to 2" sends them past the variant the
game already has for four. So a failing verdict asks, in order: does one of the
game's variants for this player count play? Do the count changes the errors
name, made together, play? Only a change that really gives a playable verdict
is offered, written as the options that make it (``--variant four-player``,
``--set mine-entrance=2``), so `pnp validate` can print the exact command.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from pnp.impose.verdict import mix_findings
from pnp.model.tileset import Tileset
from pnp.rules import Finding, Setup


class Remedy(msgspec.Struct, frozen=True):
    """A change that makes a mix playable: a variant to play, or counts to set."""

    variant: str | None = None
    counts: tuple[tuple[str, int], ...] = ()

    def options(self) -> list[str]:
        """The command-line options that make this change."""
        if self.variant is not None:
            return ["--variant", self.variant]
        return [part for name, count in self.counts for part in ("--set", f"{name}={count}")]

    def words(self) -> str:
        """The change in a few words, for a sentence."""
        if self.variant is not None:
            return f"as the {self.variant} variant"
        return "with " + ", ".join(f"{name} at {count}" for name, count in self.counts)


def remedy(setup: Setup, findings: list[Finding],
           under: Callable[[str], Tileset]) -> Remedy | None:
    """The first change (a variant for this player count, then the errors' own count
    changes together) under which the mix is playable; None when it plays already or
    nothing tried makes it play. ``under`` gives the mix as a variant would make it
    (with whatever else the user changed on top, as the command would)."""
    if not _errors(findings):
        return None
    tileset = setup.tileset
    if setup.variant is None:
        for variant in tileset.variants:
            if variant.players not in (None, setup.players):
                continue
            trial = Setup(under(variant.name), setup.players, variant.name)
            if not _errors(mix_findings(trial)):
                return Remedy(variant=variant.name)
    counts = dict(pair for finding in _errors(findings) for pair in finding.counts)
    if counts:
        trial = Setup(tileset.with_counts(counts), setup.players, setup.variant)
        if not _errors(mix_findings(trial)):
            return Remedy(counts=tuple(counts.items()))
    return None


def _errors(findings: list[Finding]) -> list[Finding]:
    return [finding for finding in findings if finding.severity == "error"]
