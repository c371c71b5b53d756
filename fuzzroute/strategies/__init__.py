"""Phrase generators for start rules, usable on their own as hypothesis strategies.

Installed as `fuzzroute.strategies` (the folder is mapped in pyproject.toml).
Every generator is written against a `Chooser`, so it is both a seeded
sampler (`RandomChooser(random.Random(seed))`, what exploration uses in bulk)
and a composable, shrinking hypothesis strategy (`.strategy()`):

    from hypothesis import given
    from fuzzroute.strategies import RegexPhrases, vocabulary

    phrases = RegexPhrases(re.compile(r"where is my (order|package)"), vocabulary().words)

    @given(phrases.strategy())
    def test_tracking_claims(phrase): ...

Modules: `regex_tree` (parse, rewrite, write back), `regex_phrases` (exrex
enumeration, seeded walker, `from_regex`), `keyword_phrases`,
`all_of_phrases`, `mutations` (edits of declared examples), `variants` (the
near-miss variants people type, one change at a time: `phrase_variants`),
`contexts` (routing contexts from a JSON Schema via hypothesis-jsonschema),
`adversarial` (pumped phrases for slow-regex checks), `vocabulary` (the
bundled words and frames, and each rule's own tokens).  Data files live in
`data/`.
"""

from __future__ import annotations

from fuzzroute.strategies.all_of_phrases import AllOfPhrases
from fuzzroute.strategies.choosers import Chooser, DrawChooser, RandomChooser, as_strategy, pick, seeded
from fuzzroute.strategies.contexts import context_schema, routing_contexts, to_routing_context
from fuzzroute.strategies.keyword_phrases import KeywordPhrases, inflections
from fuzzroute.strategies.keyword_phrases import variants as keyword_variants
from fuzzroute.strategies.mutations import keeps_content, mutation_strategy, mutations
from fuzzroute.strategies.regex_phrases import RegexPhrases
from fuzzroute.strategies.vocabulary import TokenPool, rule_tokens, vocabulary

__all__ = [
    "AllOfPhrases",
    "Chooser",
    "DrawChooser",
    "KeywordPhrases",
    "RandomChooser",
    "RegexPhrases",
    "TokenPool",
    "as_strategy",
    "context_schema",
    "inflections",
    "keeps_content",
    "keyword_variants",
    "mutation_strategy",
    "mutations",
    "pick",
    "routing_contexts",
    "rule_tokens",
    "seeded",
    "to_routing_context",
    "vocabulary",
]
