"""A movie bot written the way a third-party one was: `[M-m]` meant as `[Mm]`, `\\s*` between words."""

import re

from fuzzroute import Graph, keywords

graph = (
    Graph("movies")
    .entry("showtimes", match=re.compile(r"[M-m]ovie\s*today"), examples=["what movie today"])
    .entry("pathe", match=re.compile(r"[P-p]ath[eé]\s*cinema"), examples=["pathe cinema near me"])
    .entry("today-at-pathe", match=re.compile(r"[M-m]ovie\s*today\s*at\s*[P-p]ath[eé]"))
    .entry("tickets", match=keywords("ticket", "tickets"), examples=["buy tickets"])
    .entry("book", match=re.compile(r"book\s+tickets?"), examples=["can I book tickets for tonight"])
    .entry("refund", match=re.compile(r"[R-r]efund\s+my\s+tickets?"))
)
