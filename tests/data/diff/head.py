"""The new version of `base.py`: see its docstring."""

import re

from fuzzroute import Graph, keywords

graph = (
    Graph("helpdesk")
    .entry("documents", match=keywords("fax", "scan"), examples=["scan my letter"])
    .entry("greet", match=keywords("hello", "hey"), examples=["hello there"])
    .entry("password-expiry", match=keywords("password expired"))
    .entry(
        "password", match=keywords("password", "locked out"),
        examples=["I forgot my password", "hi, I forgot my password"],
    )
    .entry("order-status", match=re.compile(r"\border\b", re.IGNORECASE), examples=["where is my order"])
    .entry("refund", when=lambda ctx: "refund" in ctx.user_message, examples=["refund my order"])
    .entry("support", match=keywords("help", "support"), examples=["I need support"])
    .entry("faq", match=keywords("help"), examples=["help me"])
    .never_routes(["what is the weather", "help with the weather"])
)
