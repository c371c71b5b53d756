"""A support graph with routing defects planted on purpose, and no declared examples.

`fuzzroute check` has nothing to prove here (no examples, no never-route
rows), yet `fuzzroute explore` finds every defect from the rules alone:

* "orders" (`\\border\\b`) is declared before "tracking" and steals
  "where is my order" (generated-shadowed-by-earlier);
* the default "concierge" is declared before "billing", so "invoice" starts
  "concierge" on a cold walk and "billing" under the cascade
  (generated-laws-disagree);
* "status" fills its `\\w+` with "host", which "infra" also matches
  (rules-overlap);
* "follow-up" only claims once there is a conversation (when-claims-warm).

`near_miss_graph()` builds the second example: a keyword rule whose example
"track my refund" is one inflection away from falling through: "track my
refunds" is what a user types, and the keyword `refund` misses the plural
(near-miss-unclaimed).  It is a function so this module declares exactly one
module-level graph for the CLI.
"""

from __future__ import annotations

import re

from fuzzroute import Graph, RoutingContext, keywords


def is_follow_up(ctx: RoutingContext) -> bool:
    """Claims "again ..." messages, but only once the conversation has started."""
    return bool(ctx.history) and "again" in ctx.user_message.lower()


graph = (
    Graph("planted-defects")
    .entry("orders", match=re.compile(r"\border\b"))
    .entry("tracking", match=re.compile(r"where is my (order|package)"))
    .entry("status", match=re.compile(r"(?i)what's running on \w+"))
    .entry("infra", match=re.compile(r"(array|host)\w*"))
    .entry("follow-up", when=is_follow_up)
    .entry("concierge")
    .entry("billing", match=keywords("invoice", "receipt"))
)


def near_miss_graph() -> Graph:
    """A keyword rule with one example; its plural "where are my refunds" falls through."""
    return (
        Graph("near-miss")
        .entry("refunds", match=keywords("refund"), examples=["where is my refund"])
        .entry("greeting", match=keywords("hello", "hi"))
    )
