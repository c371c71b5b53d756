"""Overlaps an author has accepted as intended: "rule B's phrases may go to earlier rule A, on purpose".

First-match routing makes some overlaps deliberate: a broad `billing` rule
declared before a narrow `refund-status` rule on purpose, say.  An author who
has looked at such a finding can accept it, with a reason, and it stops being
reported as a finding: it is listed as accepted instead.  An acceptance names
the two rules by id (the earlier one, which takes the phrases, and the later
one, which loses them).  It never changes a proven verdict: declared examples
and never-route rows are judged exactly as before.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from fuzzroute.engine.errors import DeclarationError
from fuzzroute.engine.source_location import SourceLocation
from fuzzroute.engine.text import is_blank, render_value


@dataclass(frozen=True)
class Acceptance:
    """An overlap or shadowing of `later` by `earlier` the author intends, and why."""

    earlier: str
    later: str
    reason: str
    #: Where it is declared (the graph file, or the file of acceptances beside it); None if unknown.
    location: SourceLocation | None = field(default=None, compare=False)

    def to_json(self) -> dict[str, str]:
        return {"earlier": self.earlier, "later": self.later, "reason": self.reason}


def validated_acceptance(earlier: object, later: object, reason: object, where: str) -> tuple[str, str, str]:
    """Refuse an acceptance that does not name two rules and say why; `where` names the declaration."""
    for name, value in (("earlier", earlier), ("later", later)):
        if not isinstance(value, str) or is_blank(value):
            raise DeclarationError(
                f"{where}: `{name}` is {render_value(value)}; an acceptance names two rules by id, the earlier "
                "rule that takes the phrases and the later rule that loses them, e.g. "
                "accept_overlap('billing', 'refund-status', reason='billing owns every refund question')."
            )
    if earlier == later:
        raise DeclarationError(
            f"{where}: `earlier` and `later` are both {earlier!r}. An acceptance is about two rules meeting; "
            "name the rule that takes the phrases and the one that loses them."
        )
    if not isinstance(reason, str) or is_blank(reason):
        raise DeclarationError(
            f"{where}: the acceptance of {earlier!r} over {later!r} gives no reason ({render_value(reason)}). Say "
            "why the overlap is intended, so the next reader (and the stale check) knows what was accepted."
        )
    return str(earlier), str(later), str(reason)
