"""The JSON graph format's shapes, typed once, and the one encoder of a matcher.

`fuzzroute/schema/graph.schema.json` fixes these shapes (every object there
refuses unknown keys), so the reader (`graphfiles.jsonformat`, after the
schema has checked a document) and the writer share the types below instead
of untyped dicts: mypy then checks every key either side reads or writes.
They live in the engine, beside the matchers, because the
writer's input is the engine's own `Matcher` and `Graph`, and a hash or a
diff of a graph reads a matcher's JSON form too.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict, assert_never, final

from fuzzroute.engine.matchers import AllOf, Intent, Keywords, Matcher, Regex, RegexDialect


@final  # final, so a key test (`"regex" in data`) tells mypy which form it is
class RegexJson(TypedDict):
    """`{"regex": source, "flags": letters}`; no `flags` key when there are none."""

    regex: str
    flags: NotRequired[str]


@final  # final, so a key test (`"regex" in data`) tells mypy which form it is
class KeywordsJson(TypedDict):
    keywords: list[str]


@final  # final, so a key test (`"regex" in data`) tells mypy which form it is
class AllOfJson(TypedDict):
    """Every member must match; the schema allows any matcher as a member, the engine flattens them."""

    all: list[MatcherJson]


@final  # final, so a key test (`"regex" in data`) tells mypy which form it is
class IntentJson(TypedDict):
    intent: str
    examples: list[str]


MatcherJson = RegexJson | KeywordsJson | AllOfJson | IntentJson

__all__ = [
    "AcceptedJson", "AllOfJson", "EntryJson", "GraphDocument", "IntentJson", "KeywordsJson", "MatcherJson",
    "RegexDialect", "RegexJson", "matcher_json",
]


class EntryJson(TypedDict):
    """One start rule: an id, at most one matcher, and its declared examples."""

    id: str
    match: NotRequired[MatcherJson]
    examples: NotRequired[list[str]]


class AcceptedJson(TypedDict):
    earlier: str
    later: str
    reason: str


class GraphDocument(TypedDict):
    """A whole graph document, as the schema allows it (optional keys are left out when at their default)."""

    name: str
    mount: NotRequired[str]
    regex_dialect: NotRequired[RegexDialect]
    entries: list[EntryJson]
    never_routes: NotRequired[list[str]]
    accepted: NotRequired[list[AcceptedJson]]

def matcher_json(matcher: Matcher) -> MatcherJson:
    """The JSON form of a matcher, as the graph format writes it (the inverse of `jsonformat.matcher_from_json`)."""
    match matcher:
        case Regex():
            regex: RegexJson = {"regex": matcher.source}
            if matcher.flags:
                regex["flags"] = matcher.flags
            return regex
        case Keywords():
            return {"keywords": list(matcher.keywords)}
        case AllOf():
            return {"all": [matcher_json(part) for part in matcher.parts]}
        case Intent():
            return {"intent": matcher.intent, "examples": list(matcher.examples)}
        case _:
            assert_never(matcher)

