"""A graph the way an author keeps it: comments, a rule without examples, and
a shadowing nobody has declared yet.

`fuzzroute suggest examples/authoring.py` lists the examples worth adding to
each rule and why; `--diff` prints them as a patch and `--write` adds them
(see the README's author loop).
"""

import re

from fuzzroute import Graph, keywords

graph = (
    Graph("authoring")
    # Orders come first: any message that mentions an order.
    .entry(
        "orders",
        match=re.compile(r"\border\b", re.IGNORECASE),  # broad on purpose
        examples=[
            "show me my order",  # the common case
        ],
    )
    # Tracking is declared after orders, so "where is my order" never reaches it.
    .entry(
        "tracking",
        match=re.compile(r"where is my (order|parcel)", re.IGNORECASE),
        examples=["where is my parcel"],  # passes: "parcel" is no order
    )
    # Billing has no examples yet.
    .entry("billing", match=keywords("refund", "invoice", "receipt"))
    .entry(
        "greeting",
        match=keywords("hello", "good morning"),
        # examples to come
    )
)
