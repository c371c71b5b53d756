# One text of 10^8 characters: nothing may try to write it out.
import re

from fuzzroute import Graph

graph = Graph("huge").entry("huge", match=re.compile(r"((((a{100}){100}){100}){100})"))
