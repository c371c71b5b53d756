"""The JSON graph format's shapes, typed once, and the one encoder of a matcher.

These TypedDicts are the format: `fuzzroute/schema/graph.schema.json` is
generated from them (`fuzzroute.graphfiles.graph_schema`, run by
`scripts/make_graph_validator.py`, which also compiles the validator
loading uses), with every object refusing unknown keys and each field's
`Annotated` `JsonSchema` adding its constraints (a minimum length, a
pattern, a default, a description).  So the reader (`graphfiles.jsonformat`,
after the schema has checked a document), the writer and the schema share
the types below instead of untyped dicts: mypy checks every key either side
reads or writes, and a test fails while the shipped schema differs from
what these types generate.  They live in the engine, beside the matchers,
because the writer's input is the engine's own `Matcher` and `Graph`, and a
hash or a diff of a graph reads a matcher's JSON form too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal, NotRequired, TypedDict, assert_never, final

from fuzzroute.engine.matchers import AllOf, Intent, Keywords, Matcher, Regex, RegexDialect


@dataclass(frozen=True)
class JsonSchema:
    """JSON Schema keywords a field adds to what its type says, in the order the schema writes them."""

    keywords: tuple[tuple[str, object], ...]


def schema(**keywords: object) -> JsonSchema:
    """`Annotated[str, schema(minLength=1)]`: the field's constraints in the generated schema."""
    return JsonSchema(tuple(keywords.items()))


#: A name a person reads: never empty.
Name = Annotated[str, schema(minLength=1)]
#: How a graph is mounted (`engine.graph.MOUNTS`).
Mount = Literal["rules", "classifier", "scorer", "read"]
#: Every regex flag letter either dialect knows (each dialect's own letters are checked by the schema's dialect
#: rule, see `graphfiles.graph_schema`).
FLAG_LETTERS_PATTERN = "^[adgimsuvxy]*$"


@final  # final, so a key test (`"regex" in data`) tells mypy which form it is
class RegexJson(TypedDict):
    """`{"regex": source, "flags": letters}`; no `flags` key when there are none."""

    regex: str
    flags: NotRequired[Annotated[str, schema(pattern=FLAG_LETTERS_PATTERN)]]


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
    "AcceptedJson", "AllOfJson", "EntryJson", "GraphDocument", "IntentJson", "JsonSchema", "KeywordsJson",
    "MatcherJson", "Mount", "RegexDialect", "RegexJson", "matcher_json", "schema",
]


class EntryJson(TypedDict):
    """One start rule: an id, at most one matcher, and its declared examples."""

    id: Name
    match: NotRequired[MatcherJson]
    examples: NotRequired[list[str]]


class AcceptedJson(TypedDict):
    earlier: Name
    later: Name
    reason: Name


class GraphDocument(TypedDict):
    """A whole graph document, as the schema allows it (optional keys are left out when at their default)."""

    name: Name
    mount: NotRequired[Annotated[Mount, schema(default="rules")]]
    regex_dialect: NotRequired[Annotated[RegexDialect, schema(default="python")]]
    entries: list[EntryJson]
    never_routes: NotRequired[list[str]]
    accepted: NotRequired[Annotated[
        list[AcceptedJson],
        schema(description=(
            "Overlaps the author accepts as intended: phrases of rule `later` taken by earlier rule `earlier`, "
            "with the reason. They are listed as accepted, not as findings; the proven checks do not change."
        )),
    ]]

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

