"""config_form.ts:gated with its `when` ported to Python (the full verdicts a static read cannot give)."""

from fuzzroute import Graph, js_regex, keywords

graph = (
    Graph("gated")
    .entry("billing", match=js_regex("refund", "i"), examples=["refund please", "invoice please"])
    .entry("concierge", when=lambda ctx: len(ctx.history) > 0, examples=["hello again"])
    .entry("orders", match=keywords("order"), examples=["order status", "refund my order"])
    .never_routes(["refund the weather", "book a flight"])
)
