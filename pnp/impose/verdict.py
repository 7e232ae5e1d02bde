"""What the validator finds in a tile mix: the general checks, sheet capacity, the game's rules.

``pnp validate``, ``pnp watch`` and the studio all ask this one question and
must print the same findings for the same file. It lives here, in the lowest
layer that sees both the rules and the sheets (capacity is a question of
imposition), so the command line and the studio share it without importing
each other.
"""

from __future__ import annotations

from pnp.impose.capacity import capacity
from pnp.rules import Finding, Setup, rules_for
from pnp.rules import general as general_rules


def mix_findings(setup: Setup) -> list[Finding]:
    """Every finding of ``pnp validate`` for ``setup``, simulation aside."""
    tileset = setup.tileset
    findings = general_rules.check(setup) + capacity(tileset)
    rules = rules_for(tileset.rules_game)
    if rules is None:
        findings.append(Finding("warning", "no-rules", f"No rules are known for "
                                f"'{tileset.game}'; only the general checks ran."))
    else:
        findings.extend(rules.check(setup))
    return findings
