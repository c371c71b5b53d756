"""Data matchers: keyword boundaries and folding, regex semantics, all-of, intent, captions.

routing-semantics.md section 2 and section 8.  Where the reference library (JavaScript)
and routing-semantics.md disagree, routing-semantics.md wins: keyword case folding is Python's
`re.IGNORECASE`, so the long s and the Kelvin sign fold here although they do
not in the reference; the keyword word boundary stays ASCII either way.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fuzzroute import AllOf, DeclarationError, Graph, Intent, Keywords, Regex, all_of, intent, keywords
from fuzzroute.engine.graph_document import matcher_json
from fuzzroute.engine.matchers import compile_match

# -- keywords: boundaries (routing-semantics.md 2.2, 11.4, 11.8; section 10 case 110) ---------------

KEYWORD_CASES = [
    # keyword, message, matches
    ("refund", "refunds", False),
    ("refund", "REFUND!", True),
    ("refund", "my refund.", True),
    ("refund", "refundé", True),  # é is not an ASCII word character
    ("refund", "ärefund", True),
    ("refund", "naïverefund", False),  # the `e` before `r` is an ASCII word character
    ("refund", "_refund", False),
    ("refund", "refund_", False),
    ("refund", "re-refund", True),
    ("visa card", "my Visa card", True),
    ("visa card", "VISA CARD", True),
    ("visa card", "visa  card", False),  # inner whitespace is literal
    ("money  back", "money back", False),
    ("v2?", "v2?", True),
    ("v2?", "is v2? ok", True),  # no right edge: `?` is not a word character
    ("v2?", "xv2?y", False),  # the left edge still needs a boundary before `v`
    ("v2", "v2x", False),
    ("v2", "v2.0", True),
    ("caf", "café", True),
    ("café", "cafés", True),  # no right edge after é
    ("café", "CAFÉ", True),
    (" refund ", "refund me", False),  # used as written: the leading space is needed
    (" refund ", "a refund me", True),
    (" refund", "refund", False),
    ("$5", "pay $5 now", True),
    ("$5", "pay $50", False),
    ("a.*b", "axxb", False),  # escaped: a literal, not a pattern
    ("a.*b", "axxxxb", False),
    ("a.*b", "use a.*b here", True),
    ("😀", "hi 😀", True),
]


@pytest.mark.parametrize(("keyword", "message", "expected"), KEYWORD_CASES)
def test_keyword_matching(keyword: str, message: str, expected: bool) -> None:
    matcher = keywords(keyword)
    assert matcher.matches(message) is expected
    assert (matcher.witness(message) is not None) is expected


def test_keyword_witness_is_the_matched_text_as_written_in_the_message() -> None:
    assert keywords("visa card").witness("my VISA Card please") == "VISA Card"
    assert keywords(" refund ").witness("a refund me") == " refund "


def test_keywords_are_tried_in_declaration_order_and_the_first_hit_is_the_witness() -> None:
    matcher = keywords("card", "refund")
    assert matcher.witness("refund my card") == "card"
    assert keywords("refund", "card").witness("refund my card") == "refund"


def test_any_keyword_matching_is_enough() -> None:
    matcher = keywords("charge", "billing statement")
    assert matcher.matches("a CHARGE appeared")
    assert matcher.matches("my billing statement is wrong")
    assert not matcher.matches("my charger broke")
    assert matcher.patterns and len(matcher.patterns) == 2


def test_combined_pattern_agrees_with_per_keyword_patterns() -> None:
    matcher = keywords("refund", "v2?", " x ", "café", "$5")
    for message in ["refund", "refunds", "xv2?", "is v2?", "a x b", "cafés", "pay $50", "pay $5", ""]:
        per_keyword = any(p.search(message) for p in matcher.patterns)
        assert (matcher.combined.search(message) is not None) is per_keyword, message


# -- keywords: case folding (routing-semantics.md section 8: Python IGNORECASE, ASCII boundary) ----------

FOLDING_CASES = [
    ("é", "É", True),
    ("ǅ", "ǆ", True),
    ("ß", "SS", False),
    # Python folds these; the JavaScript reference does not (routing-semantics.md section 8 wins).
    ("s", "\u017f", True),  # long s
    ("k", "\u212a", True),  # Kelvin sign
    ("i", "\u0130", True),  # capital I with dot above
    ("\U00010400", "\U00010428", True),  # Deseret, astral
]


@pytest.mark.parametrize(("keyword", "message", "expected"), FOLDING_CASES)
def test_keyword_case_folding_is_python_ignorecase(keyword: str, message: str, expected: bool) -> None:
    assert keywords(keyword).matches(message) is expected


@pytest.mark.parametrize("neighbour", ["\u212a", "\u017f"])
def test_keyword_boundary_stays_ascii_under_case_folding(neighbour: str) -> None:
    # The Kelvin sign folds to `k` and the long s to `s`, but neither is an ASCII
    # word character, so neither blocks the word edge next to a keyword.
    assert keywords("refund").matches(f"refund{neighbour}")
    assert keywords("refund").matches(f"{neighbour}refund")
    assert not keywords("refund").matches("refundk")


# -- user regexes: Python semantics (routing-semantics.md 2.1 and 8; routing-semantics.md 11.4-11.6) -----------


def test_regex_is_searched_anywhere_in_the_message() -> None:
    assert Regex(re.compile("pay")).matches("I want to pay now")
    assert not Regex(re.compile("^pay")).matches("I want to pay now")


def test_regex_runs_with_python_semantics() -> None:
    # Python `$` also matches before a final newline (JavaScript's does not).
    assert Regex(re.compile("pay$")).matches("pay\n")
    # Python `\b` on str is Unicode-aware; the `a` flag gives JavaScript's ASCII `\b`.
    assert not Regex(re.compile(r"\brefund\b")).matches("refundé")
    assert Regex(re.compile(r"\brefund\b", re.ASCII)).matches("refundé")


def test_regex_answer_does_not_depend_on_earlier_calls() -> None:
    # The reference drops the stateful g/y flags; Python patterns are stateless anyway.
    matcher = Regex(re.compile("pay", re.IGNORECASE))
    assert [matcher.matches("pay pay") for _ in range(3)] == [True, True, True]
    assert matcher_json(matcher) == {"regex": "pay", "flags": "i"}


def test_empty_regex_matches_everything_yet_is_a_conditional_rule() -> None:
    graph = Graph("g").entry("any", match=re.compile(""))
    entry = graph.entries[0]
    assert not entry.is_unconditional
    assert Regex(re.compile("")).matches("")
    assert graph.claims("whatever").ids() == ("any", "any")


def test_regex_flags_are_written_in_fixed_order() -> None:
    pattern = re.compile("x", re.ASCII | re.VERBOSE | re.DOTALL | re.MULTILINE | re.IGNORECASE)
    assert Regex(pattern).flags == "imsxa"
    assert Regex(re.compile("x")).flags == ""


def test_regex_witness_is_the_matched_text() -> None:
    assert Regex(re.compile(r"\d+")).witness("order 1234 please") == "1234"
    assert Regex(re.compile(r"\d+")).witness("no digits") is None


def test_bytes_regex_is_refused() -> None:
    with pytest.raises(DeclarationError, match="bytes"):
        Graph("g").entry("a", match=re.compile(b"x"))


# -- captions (routing-semantics.md section 2, last paragraph; section 10 cases 93, 96, 69) ---------------


@pytest.mark.parametrize(
    ("matcher", "caption"),
    [
        (Regex(re.compile(r"\brefunds\b", re.IGNORECASE)), r"/\brefunds\b/i"),
        (Regex(re.compile("refund", re.IGNORECASE)), "/refund/i"),
        (Regex(re.compile("a|b")), "/a|b/"),
        (keywords("charge", "billing statement"), "charge, billing statement"),
        (keywords("a", "b", "c"), "a, b, c"),
        (keywords("a", "b", "c", "d"), "a, b, c, +1 more"),
        (keywords("a", "b", "c", "d", "e"), "a, b, c, +2 more"),
        (all_of(re.compile("zone", re.IGNORECASE), keywords("audit", "sweep", "all")), "/zone/i AND audit, sweep, all"),
        (all_of(re.compile("a|b"), keywords("c")), "/a|b/ AND c"),
        (
            all_of(re.compile("x"), re.compile("y"), keywords("z", "w", "v", "u")),
            "/x/ AND /y/ AND z, w, v, +1 more",
        ),
        (intent("customer wants a refund", ["charged twice"]), "intent: customer wants a refund"),
        (intent("x" * 40, ["p"]), "intent: " + "x" * 40),
        (intent("y" * 41, ["p"]), "intent: " + "y" * 40 + "…"),
    ],
)
def test_captions(matcher: Regex | Keywords | AllOf | Intent, caption: str) -> None:
    assert matcher.caption == caption


def test_entry_condition_quotes_the_caption_or_names_the_predicate() -> None:
    graph = Graph("g").entry("data", match=keywords("refund")).entry("opaque", when=lambda ctx: True).entry("default")
    data, opaque, default = graph.entries
    assert "refund" in data.condition and "matcher" in data.condition
    assert "`when` predicate" in opaque.condition
    assert "no `match` and no `when`" in default.condition
    assert "predicate" not in default.condition


# -- all-of (routing-semantics.md 2.3; section 10 cases 94-96) --------------------------------------------


def test_all_of_needs_every_part() -> None:
    zone_audit = all_of(re.compile("zone", re.IGNORECASE), keywords("audit", "sweep", "all"))
    graph = Graph("g").entry("zone-audit", match=zone_audit).entry("triage", when=lambda ctx: True)
    for phrase in ["run an AUDIT of zone 4", "sweep every zone"]:
        assert graph.claims(phrase).ids() == ("zone-audit", "zone-audit"), phrase
    for phrase in ["zone 4 status", "run an audit", "zone auditor here"]:
        assert graph.claims(phrase).ids() == ("triage", "triage"), phrase


def test_nested_all_of_is_flattened() -> None:
    nested = all_of(re.compile("x"), all_of(re.compile("y"), keywords("z")))
    assert nested.matches("x y z")
    assert not nested.matches("x y")
    assert [part.kind for part in nested.parts] == ["regex", "regex", "keywords"]
    assert matcher_json(nested) == {"all": [{"regex": "x"}, {"regex": "y"}, {"keywords": ["z"]}]}
    assert nested.caption == "/x/ AND /y/ AND z"


def test_one_member_all_of_stays_an_all_of() -> None:
    single = all_of(keywords("zone"))
    assert isinstance(single, AllOf)
    assert single.kind == "all"
    assert matcher_json(single) == {"all": [{"keywords": ["zone"]}]}


def test_all_of_accepts_a_list() -> None:
    assert all_of([re.compile("a"), keywords("b")]).caption == "/a/ AND b"


def test_empty_all_of_is_refused() -> None:
    with pytest.raises(DeclarationError, match="NON-EMPTY"):
        all_of()


def test_all_of_refuses_an_intent_member_naming_its_position() -> None:
    with pytest.raises(DeclarationError) as raised:
        all_of(re.compile("x"), intent("refund", ["money back"]))
    message = str(raised.value)
    assert "`all` member 2" in message
    assert "OWN rule" in message


@pytest.mark.parametrize("member", ["bare string", None, 42, {"keywords": ["x"]}, lambda ctx: True])
def test_all_of_refuses_a_member_that_is_not_a_matcher(member: object) -> None:
    with pytest.raises(DeclarationError) as raised:
        all_of(member)
    message = str(raised.value)
    assert "`all` member 1" in message
    assert "not a matcher `all` can hold" in message
    assert "keywords(" in message  # the fix names what it can hold


# -- keyword refusals (routing-semantics.md 2.2) -----------------------------------------------------------


@pytest.mark.parametrize("words", [(), ([],)])
def test_empty_keywords_are_refused(words: tuple[object, ...]) -> None:
    with pytest.raises(DeclarationError, match="no keywords"):
        keywords(*words)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", ["", "   ", "\t\n", "\ufeff", 3, None])
def test_blank_or_non_string_keyword_is_refused_naming_its_position(bad: object) -> None:
    with pytest.raises(DeclarationError) as raised:
        keywords(["ok", bad])  # type: ignore[list-item, arg-type]
    assert "keyword 1" in str(raised.value)


def test_keyword_blank_check_uses_javascript_trim() -> None:
    # U+0085 survives a JavaScript trim, so a keyword of it is not blank; U+FEFF does not.
    assert keywords("\u0085").keywords == ("\u0085",)
    with pytest.raises(DeclarationError):
        keywords("\ufeff")


def test_keywords_are_stored_as_written() -> None:
    assert keywords(" refund ", "Money  Back").keywords == (" refund ", "Money  Back")
    assert keywords(["a", "b"]).keywords == ("a", "b")


# -- intent (routing-semantics.md 2.4; section 10 cases 65-69) -------------------------------------------


def test_intent_trims_the_sentence_and_keeps_examples_as_written() -> None:
    made = intent("  customer wants a refund ", ["refund my order", " money back "])
    assert made.intent == "customer wants a refund"
    assert made.examples == ("refund my order", " money back ")
    assert matcher_json(made) == {"intent": "customer wants a refund", "examples": ["refund my order", " money back "]}


def test_intent_has_no_synchronous_predicate() -> None:
    made = intent("customer wants a refund", ["charged twice"])
    assert not hasattr(made, "matches")
    graph = Graph("g", mount="classifier").entry("billing", match=made)
    entry = graph.entries[0]
    assert entry.is_intent and not entry.is_unconditional and entry.data_matcher is None
    assert graph.laws.candidates == ()
    assert graph.claims("charged twice").ids() == (None, None)


@pytest.mark.parametrize("sentence", ["  ", "", None, 5])
def test_intent_refuses_a_blank_sentence_naming_it(sentence: object) -> None:
    with pytest.raises(DeclarationError, match="`intent` sentence"):
        intent(sentence, ["x"])


@pytest.mark.parametrize("examples", [[], ["  "], [1], "x", None, ["ok", ""]])
def test_intent_refuses_unusable_examples_naming_the_list(examples: object) -> None:
    with pytest.raises(DeclarationError, match="`examples` list"):
        intent("x", examples)


def test_intent_sentence_is_checked_before_its_examples() -> None:
    with pytest.raises(DeclarationError, match="`intent` sentence"):
        intent("  ", [])


# -- what `match` may be (section 10 cases 68, 91) -----------------------------------------------


def test_match_refuses_unsupported_values_listing_every_form() -> None:
    for value in [{"keywords": []}, {}, 42, ["refund"]]:
        with pytest.raises(DeclarationError) as raised:
            compile_match(value, 'entry "a"')
        message = str(raised.value)
        assert 'entry "a"' in message
        assert "cannot honor" in message
        for form in ["re.compile", "keywords(", "all_of(", "intent("]:
            assert form in message, (value, form)


def test_match_refuses_a_function_and_points_to_when() -> None:
    with pytest.raises(DeclarationError, match="when="):
        compile_match(lambda ctx: True, 'entry "a"')


def test_match_passes_compiled_matchers_through() -> None:
    made = keywords("x")
    assert compile_match(made, 'entry "a"') is made
    assert isinstance(compile_match(re.compile("x"), 'entry "a"'), Regex)


# -- a front door of three rules (section 10 cases 89, 92) ------------------------------------------


def front_door() -> Graph:
    return (
        Graph("g")
        .entry("refunds", match=re.compile("refund", re.IGNORECASE))
        .entry("billing", match=keywords("charge", "billing statement"))
        .entry("triage", when=lambda ctx: "escalate" in ctx.user_message)
    )


@pytest.mark.parametrize(
    ("phrase", "claimant"),
    [
        ("I want a REFUND now", "refunds"),
        ("refunds please", "refunds"),
        ("nothing relevant", None),
        ("a CHARGE appeared", "billing"),
        ("my billing statement is wrong", "billing"),
        ("my charger broke", None),
        ("please escalate", "triage"),
    ],
)
def test_e89_the_first_matching_rule_claims(phrase: str, claimant: str | None) -> None:
    assert front_door().claims(phrase).ids() == (claimant, claimant)


def test_e92_each_rule_keeps_its_match_data() -> None:
    refunds, billing, triage = front_door().entries
    assert refunds.match is not None and matcher_json(refunds.match) == {"regex": "refund", "flags": "i"}
    assert billing.match is not None and matcher_json(billing.match) == {"keywords": ["charge", "billing statement"]}
    assert triage.match is None and triage.data_matcher is None and triage.when is not None


# -- the keyword patterns mean what the keyword law says ------------------------------------------------------------

#: Letters whose case folding `re` widens (Kelvin sign, long s, dotted and dotless i), edges, and plain letters.
_TRICKY = "kKKsSſiIİı_9 -?é"
_KEYWORD_TEXT = st.text(alphabet=_TRICKY, min_size=1, max_size=3).filter(lambda k: k.strip() != "")


def _as_first_written(keyword: str) -> re.Pattern[str]:
    """A keyword's pattern as it was first written: case-sensitive ASCII classes at its word edges."""
    word = "[A-Za-z0-9_]"
    left = f"(?<!(?-i:{word}))" if re.fullmatch(word, keyword[0]) else ""
    right = f"(?!(?-i:{word}))" if re.fullmatch(word, keyword[-1]) else ""
    return re.compile(f"{left}{re.escape(keyword)}{right}", re.IGNORECASE)


@settings(max_examples=400, deadline=None, database=None)
@given(st.lists(_KEYWORD_TEXT, min_size=1, max_size=4), st.text(alphabet=_TRICKY, max_size=8))
def test_keyword_patterns_match_as_the_first_written_ones(words: list[str], message: str) -> None:
    """The per-keyword patterns find the same text, and the one combined pattern matches exactly when one of
    them does (it groups keywords by their edges, which `re` parses faster)."""
    matcher = keywords(*words)
    for word, pattern in zip(words, matcher.patterns, strict=True):
        found, expected = pattern.search(message), _as_first_written(word).search(message)
        assert (found and found.span()) == (expected and expected.span())
    assert matcher.matches(message) == any(_as_first_written(word).search(message) for word in words)
