"""Which findings `fuzzroute fix` has an edit for, read from the catalogue of kinds (`finding_kinds`).

`check`'s lines, the pytest plugin's failure text and JUnit name `fuzzroute
fix` for a finding only when its kind's catalogue row has a fix kind; they
do not prove the fix (only `fix` does, on the graph before and after), so
`check` stays fast and a line never promises a fix that `fix` would not
look for.  Light on purpose: `check` and the pytest plugin import it.
"""

from __future__ import annotations

from typing import Final, Literal

from fuzzroute.results.finding_kinds import DECIDED, SUGGESTIONS

#: The near-miss variant kinds (a person's way of typing a word the rule's example spells otherwise).
VariantKind = Literal["case", "apostrophe", "contraction", "us-uk", "compound", "function-word", "inflection"]
VARIANT_KINDS: Final[tuple[VariantKind, ...]] = (
    "case", "apostrophe", "contraction", "us-uk", "compound", "function-word", "inflection",
)

#: Finding codes with a fix kind, in the catalogue's order (decided kinds, then suggestion kinds).
FIXABLE_CODES: Final[tuple[str, ...]] = (
    *(kind for kind, row in DECIDED.items() if row.fix is not None),
    *(kind for kind, row in SUGGESTIONS.items() if row.fix is not None),
)

#: How many of the first findings the report lists get their proposed edit on their row (each is proved).
FIX_CARDS: Final = 3

#: The hint a finding line carries when its kind has a fix kind.
FIX_HINT: Final = "try `fuzzroute fix`"


def has_fix(code: str, *, shared_in: str | None = None) -> bool:
    """Whether `fix` looks for an edit for a finding of this code (an overlap only in the later rule's fixed words)."""
    decided = DECIDED.get(code)  # type: ignore[call-overload]
    if decided is not None:
        return decided.fix is not None and (decided.fix_for == "always" or shared_in == "fixed-words")
    suggestion = SUGGESTIONS.get(code)  # type: ignore[call-overload]
    return suggestion is not None and suggestion.fix is not None
