"""Load-time refusals of text no output can carry: lone surrogates in a graph's names and phrases.

Python strings may hold a lone surrogate (JSON's `"\\ud800"` without its
pair, or `"\\ud800"` in a Python literal); no UTF-8 file or terminal can.
Accepted, such a keyword would crash the first JSON, SARIF or HTML write
long after loading.  So a graph is checked once, right after it is loaded,
and refused with the entry and field named (the character itself shown
escaped, since it cannot be printed).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import assert_never

from fuzzroute.engine.errors import InputError
from fuzzroute.engine.graph import Graph
from fuzzroute.engine.matchers import AllOf, Intent, Keywords, Matcher, Regex


def _matcher_texts(matcher: Matcher | None, where: str) -> Iterator[tuple[str, str]]:
    match matcher:
        case None:
            pass
        case Regex():
            yield f"{where} regex", matcher.source
        case Keywords():
            for position, word in enumerate(matcher.keywords):
                yield f"{where} keyword {position}", word
        case AllOf():
            for position, part in enumerate(matcher.parts, 1):
                yield from _matcher_texts(part, f"{where} `all` member {position}:")
        case Intent():
            yield f"{where} intent sentence", matcher.intent
            for position, example in enumerate(matcher.examples):
                yield f"{where} intent example {position}", example
        case _:
            assert_never(matcher)


def graph_texts(graph: Graph) -> Iterator[tuple[str, str]]:
    """Every text a graph declares, each with where it is declared."""
    yield "the graph name", graph.name
    for entry in graph.entries:
        where = f"entry #{entry.index + 1} {entry.id!r}"
        yield f"{where}: its id", entry.id
        yield from _matcher_texts(entry.match, f"{where}:")
        for position, example in enumerate(entry.examples or ()):
            yield f"{where}: example {position}", example
    for position, phrase in enumerate(graph.never_route_phrases):
        yield f"never-route row {position}", phrase
    for acceptance in graph.acceptances:
        yield f"the acceptance of {acceptance.earlier!r} over {acceptance.later!r}: its reason", acceptance.reason


def refuse_unencodable_text(graph: Graph, path: Path | str) -> None:
    """Raise InputError naming the first text of `graph` that UTF-8 cannot encode."""
    for where, text in graph_texts(graph):
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as exc:
            char = text[exc.start]
            raise InputError(
                f"{path}: {where} holds the lone surrogate U+{ord(char):04X} at character {exc.start + 1} "
                f"({text!r}), which no UTF-8 file or terminal can hold; it usually comes from a "
                "\\uD800-\\uDFFF escape without its pair. Write the character that was meant (both halves "
                "of the pair, or the character itself), or remove it."
            ) from None
