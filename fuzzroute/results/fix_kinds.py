"""Which findings `fuzzroute fix` has an edit for: the one table every output that points to it reads.

`check`'s lines, the pytest plugin's failure text and JUnit name `fuzzroute
fix` for a finding only when its kind has a fix kind here; they do not
prove the fix (only `fix` does, on the graph before and after), so `check`
stays fast and a line never promises a fix that `fix` would not look for.

Light on purpose: `check` and the pytest plugin import it on every run.
"""

from __future__ import annotations

from typing import Final, Literal

#: The near-miss variant kinds (a person's way of typing a word the rule's example spells otherwise).
VariantKind = Literal["case", "apostrophe", "contraction", "us-uk", "compound", "function-word", "inflection"]
VARIANT_KINDS: Final[tuple[VariantKind, ...]] = (
    "case", "apostrophe", "contraction", "us-uk", "compound", "function-word", "inflection",
)

#: Finding codes with a fix kind, and what the fix does, in the words the listings use.
FIX_KINDS: Final[dict[str, str]] = {
    "decided-overlap": "narrow the earlier rule, or move this rule above it",
    "decided-never-wins": "move this rule above the rules that take its messages, or narrow the one that does",
    "decided-case-range": "write the range's two letters (`[M-m]` becomes `[Mm]`)",
    "near-miss-unclaimed": "widen the rule to the variant (a keyword, a flag or a small regex edit)",
    "near-miss-claimed-elsewhere": "widen the rule to the variant, when no earlier rule takes it",
}
FIXABLE_CODES: Final[tuple[str, ...]] = tuple(FIX_KINDS)

#: How many of the first decided findings the report lists get their proposed edit on their row (each is proved).
FIX_CARDS: Final = 3

#: The hint a finding line carries when its kind has a fix kind.
FIX_HINT: Final = "try `fuzzroute fix`"


def has_fix(code: str, *, shared_in: str | None = None) -> bool:
    """Whether `fix` looks for an edit for a finding of this code (an overlap only in the later rule's fixed words)."""
    if code == "decided-overlap":
        return shared_in == "fixed-words"
    return code in FIX_KINDS
