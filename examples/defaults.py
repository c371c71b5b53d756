"""Defaults before and after rules, and a `when` predicate that raises.

Three graphs; pick one with `defaults.py:NAME`.
"""

import re

from fuzzroute import Graph, keywords


def broken_predicate(ctx):
    """Raises on every message: a `threw` verdict, never a claim."""
    raise RuntimeError("history service unavailable")


# A default declared before the rules: it swallows every phrase on the cold walk.
default_first = (
    Graph("default-first")
    .entry("concierge")
    .entry("billing", match=re.compile(r"\brefund\b", re.I), examples=["refund my order"])
    .entry("shipping", match=re.compile(r"\bparcels?\b", re.I), examples=["track my parcels"])
    .never_routes(["what is the weather"])
)

# The same default declared last: the rules win what they match.
default_last = (
    Graph("default-last")
    .entry("billing", match=re.compile(r"\brefund\b", re.I), examples=["refund my order"])
    .entry("shipping", match=re.compile(r"\bparcels?\b", re.I), examples=["track my parcels"])
    .entry("concierge")
    .never_routes(["what is the weather"])
)

# A predicate that raises, before a keyword rule.
raising_when = (
    Graph("raising-when")
    .entry("follow-up", when=broken_predicate, examples=["again please"])
    .entry("billing", match=keywords("refund"), examples=["refund please"])
    .never_routes(["again and again"])
)
