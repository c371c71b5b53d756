# A `when` predicate that never returns; it writes a marker file first when FUZZROUTE_TEST_MARKER is set.
import os
import pathlib

from fuzzroute import Graph


def endless(ctx: object) -> bool:
    marker = os.environ.get("FUZZROUTE_TEST_MARKER")
    if marker:
        pathlib.Path(marker).write_text("called")
    while True:
        pass


graph = Graph("endless").entry("endless", when=endless, examples=["hello there"])
