# `(a+)+$` and a never-route row that makes re try every way of splitting the a's.
import re

from fuzzroute import Graph

graph = (
    Graph("pumped")
    .entry("pumped", match=re.compile(r"(a+)+$"))
    .never_routes(["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab"])
)
