"""A small customer-support graph: the README's quick-start example.

It has declared examples and never-route rows, and a few deliberate defects
so `fuzzroute check` and `fuzzroute report` have something to show.
"""

import re

from fuzzroute import Graph, all_of, keywords

graph = (
    Graph("support")
    .entry(
        "order-status",
        match=re.compile(r"\border\b", re.IGNORECASE),
        examples=["where is my order", "order status please"],
    )
    .entry(
        "tracking",
        match=re.compile(r"where is my (order|package)", re.IGNORECASE),
        examples=["where is my package", "where is my order"],
    )
    .entry(
        "billing",
        match=keywords("refund", "charge", "invoice"),
        examples=["refund my order", "I was charged twice"],
    )
    .entry(
        "cancel",
        match=all_of(keywords("cancel"), re.compile(r"\b(subscription|plan)\b")),
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
