# A realistic rule that backtracks exponentially in Python's re on a long phrase that ends badly.
import re

from fuzzroute import Graph

graph = Graph("words").entry(
    "names",
    match=re.compile(r"^(\w+\s?)*$"),
    examples=["this is a long declared example that goes on and on with many words to read!"],
)
