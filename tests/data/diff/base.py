"""The old version of a small help desk, for the pinned `fuzzroute diff base.py head.py` document.

Together with `head.py` it makes every part of a diff appear: a rule that can
now start turns, a total and a partial move, a pair the automata cannot decide
(a `when` rule) with sampled moves, a new proven error, an added never-route
row, and rules added, removed, renamed and changed.
"""

import re

from fuzzroute import Graph, keywords

graph = (
    Graph("helpdesk")
    .entry("greet", match=keywords("hello", "hi"), examples=["hello there"])
    .entry(
        "password", match=keywords("password", "locked out"),
        examples=["I forgot my password", "hi, I forgot my password"],
    )
    .entry("password-expiry", match=keywords("password expired"))
    .entry("refund", when=lambda ctx: "refund" in ctx.user_message, examples=["refund my order"])
    .entry("orders", match=re.compile(r"\border\b", re.IGNORECASE), examples=["where is my order"])
    .entry("legacy", match=keywords("fax"), examples=["send a fax"])
    .entry("faq", match=keywords("help"), examples=["help me"])
    .never_routes(["what is the weather"])
)
