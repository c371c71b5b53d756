"""builder_form.ts:gated with its `when` ported to Python (the full verdicts a static read cannot give)."""

from fuzzroute import Graph, js_regex, keywords

graph = (
    Graph("gated")
    .entry("billing", match=keywords("refund"), examples=["refund it"])
    .entry("concierge", when=lambda ctx: ctx.iteration > 1)
    .entry("orders", match=js_regex("order", "i"), examples=["order status"])
    .never_routes(["refund the rain", "hello"])
)
