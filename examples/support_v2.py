"""The next version of `support.py`, for `fuzzroute diff examples/support.py examples/support_v2.py`.

Three edits of the kind that move messages silently:

* "tracking" is moved above "order-status", so "where is my order" now
  starts "tracking" (and "order-status"'s own example of it is shadowed);
* "billing" gains the keyword "payment", which takes "hello payment" from
  "smalltalk" and "cancel plan payment" from "cancel";
* "cancel"'s regex is narrowed from `subscription|plan` to `subscription`,
  so "cancel my plan" now starts no rule at all.
"""

import re

from fuzzroute import Graph, all_of, keywords

graph = (
    Graph("support")
    .entry(
        "tracking",
        match=re.compile(r"where is my (order|package)", re.IGNORECASE),
        examples=["where is my package", "where is my order"],
    )
    .entry(
        "order-status",
        match=re.compile(r"\border\b", re.IGNORECASE),
        examples=["where is my order", "order status please"],
    )
    .entry(
        "billing",
        match=keywords("refund", "charge", "invoice", "payment"),
        examples=["refund my order", "I was charged twice"],
    )
    .entry(
        "cancel",
        match=all_of(keywords("cancel"), re.compile(r"\bsubscription\b")),
        examples=["cancel my subscription"],
    )
    .entry(
        "follow-up",
        when=lambda ctx: len(ctx.history) > 0 and "again" in ctx.user_message,
        examples=["try that again"],
    )
    .entry("smalltalk", match=keywords("hello", "thanks"), examples=["hello there"])
    .never_routes(["what is the weather in Berlin", "tell me a joke about invoices"])
)
