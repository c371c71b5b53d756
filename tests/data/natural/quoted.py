"""The rules behind phrases quoted as unnatural in bug reports, rebuilt so the naturalness gate can be judged on them.

Each rule declares the sentence the quoted phrase was made from; `labelled.tsv`
lists the quoted phrase (unnatural) beside the sentence a person would type.
"""

import re

from fuzzroute import Graph, keywords

graph = (
    Graph("quoted")
    .entry("vpn", match=keywords("globalprotect", "vpn"), examples=["can't connect to globalprotect from home"])
    .entry("printer", match=keywords("printer", "jammed"), examples=["the printer on floor 3 is jammed"])
    .entry("thermostat", match=keywords("warmer", "colder", "temperature"), examples=["make it warmer in here"])
    .entry("human", match=keywords("real person", "human", "agent"), examples=["I want to talk to a real person"])
    .entry("flight-status", match=keywords("gate number", "flight status"),
           examples=["what's the gate number for BA117"])
    .entry("on-call", match=keywords("on call", "pager rotation"),
           examples=["who is on call this week", "who is on pager rotation this week"])
    .entry("cards", match=keywords("card", "debit", "credit"), examples=["my debit card is blocked"])
    .entry("billing", match=re.compile(r"\bcharged?\b", re.I), examples=["why was I charged twice"])
    .entry("metrics", match=keywords("p99", "latency", "memory"), examples=["what is the p99 latency of search"])
    .entry("wifi", match=keywords("eduroam", "wifi"), examples=["can't connect to eduroam"])
    .entry("groceries", match=keywords("dairy", "milk"), examples=["I want to order dairy"])
    .entry("helpdesk")
)
