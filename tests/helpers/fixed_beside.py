"""What `suggest --with-gaps` says it fixed beside the gap examples (its listing, as `fuzzroute fix` lists)."""

from __future__ import annotations

import re

_FINDING = re.compile(r"^  \S.*? \[(?P<rule>[^\]]+)\]")


def fixed_rules(listing: str) -> set[str]:
    """The rules a safe rule fix was written for: a finding line `[rule]` followed by its `safe:` line."""
    found: set[str] = set()
    rule: str | None = None
    for line in listing.splitlines():
        finding = _FINDING.match(line)
        if finding is not None:
            rule = finding.group("rule")
        elif rule is not None and line.startswith("    safe:"):
            found.add(rule)
    return found
