"""The declaration API: `Graph(...).entry(...).never_routes(...)`.

A graph is an ordered list of start rules plus never-route rows, mounted one
of four ways.  Every refusal happens here, at declaration time, with a message
that names the entry and the fix, so a graph that exists is a graph the laws
can judge.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Literal

from fuzzroute.engine.acceptance import Acceptance, validated_acceptance
from fuzzroute.engine.check_examples import check_examples
from fuzzroute.engine.check_never_routes import check_never_routes
from fuzzroute.engine.context import RoutingContext, cold_context
from fuzzroute.engine.entries import Entry, WhenPredicate
from fuzzroute.engine.errors import DeclarationError
from fuzzroute.engine.laws import ClaimLaws, Claims
from fuzzroute.engine.matchers import AllOf, Intent, Keywords, Regex, compile_match
from fuzzroute.engine.problems import WHEN_NOT_RUN, Checkup, always_true_note
from fuzzroute.engine.signal_origin import counting_interrupts
from fuzzroute.engine.source_location import SourceLocation, caller_location
from fuzzroute.engine.text import is_blank, phrase_key, render_value, shortened
from fuzzroute.engine.unread import NotChecked
from fuzzroute.results.rows import ProvenRow

Mount = Literal["rules", "classifier", "scorer", "read"]
#: `Graph.entry(location=CALLER)` (the default): the location is the line that called `.entry(`.
CALLER: Literal["caller"] = "caller"
MOUNTS: tuple[str, ...] = ("rules", "classifier", "scorer", "read")
MOUNT_DESCRIPTIONS = {
    "rules": "declaration-order cold walk",
    "classifier": "classifier cascade (tier 1 rules first)",
    "scorer": "a scorer ranks the entries",
    "read": "the model reads a menu of entries",
}


class Graph:
    """An ordered list of start rules, the never-route rows, and the mount."""

    def __init__(self, name: str, mount: str = "rules") -> None:
        if not isinstance(name, str) or is_blank(name):
            raise DeclarationError(
                f"Graph name {render_value(name)} is not a non-empty string. Name the graph, "
                "e.g. Graph('support')."
            )
        if mount not in MOUNTS:
            raise DeclarationError(
                f"Graph {shortened(name)!r}: mount {render_value(mount)} is not one of "
                f"{', '.join(MOUNTS)}. Use 'rules' (declaration order decides), 'classifier', "
                "'scorer' or 'read'."
            )
        self.name = name
        self.mount: Mount = mount  # type: ignore[assignment]
        self._entries: list[Entry] = []
        self._never_routes: list[str] = []
        self._never_route_keys: set[str] = set()
        self._acceptances: list[Acceptance] = []
        self._laws: ClaimLaws | None = None

    # -- mount facts -----------------------------------------------------
    @property
    def order_decides(self) -> bool:
        """True when declaration order decides the start (rules and classifier mounts)."""
        return self.mount in ("rules", "classifier")

    @property
    def has_classifier(self) -> bool:
        return self.mount == "classifier"

    @property
    def entries(self) -> tuple[Entry, ...]:
        return tuple(self._entries)

    @property
    def never_route_phrases(self) -> tuple[str, ...]:
        return tuple(self._never_routes)

    @property
    def acceptances(self) -> tuple[Acceptance, ...]:
        """The overlaps the author accepted as intended (see `accept_overlap`)."""
        return tuple(self._acceptances)

    # -- declaration -----------------------------------------------------
    def entry(
        self,
        id: str,
        match: object = None,
        when: WhenPredicate | None = None,
        examples: object = None,
        *,
        location: SourceLocation | None | Literal["caller"] = CALLER,
    ) -> Graph:
        """Append a start rule; returns the graph so calls chain.

        `location` says where the rule is declared, for findings to name; by
        default it is the file and line of the `.entry(` call itself (a
        loader of another format passes the line it knows, or None).
        """
        where_declared = caller_location() if location == CALLER else location
        if not isinstance(id, str) or is_blank(id):
            raise DeclarationError(
                f"Graph {self.name!r}, entry #{len(self._entries) + 1}: the id "
                f"{render_value(id)} is not a non-empty string. Give the skill id this rule "
                "starts, e.g. .entry('billing', match=keywords('refund'))."
            )
        where = f'entry "{id}"'
        if match is not None and when is not None:
            raise DeclarationError(
                f"{where} sets both `match` and `when`. A start rule has at most one condition: "
                "keep the data matcher, or fold it into the predicate."
            )
        if when is not None and not callable(when):
            raise DeclarationError(
                f"{where}: `when` is {render_value(when)}, not a function. Pass a predicate "
                "such as `when=lambda ctx: len(ctx.history) > 0`, or use `match=` for data."
            )
        compiled = None if match is None else compile_match(match, where)
        stored = validate_examples(
            examples, where, has_condition=compiled is not None or when is not None,
            is_intent=isinstance(compiled, Intent),
        )
        # After the example refusals, as the reference refuses an intent without a
        # classifier only when the graph is built, once every entry was accepted.
        if isinstance(compiled, Intent) and not self.has_classifier:
            raise DeclarationError(
                f"{where} is an intent, but graph {shortened(self.name)!r} is mounted as {self.mount!r}. "
                "Intents are judged by a classifier at run time (intent-without-classify): "
                "declare Graph(..., mount='classifier') or give the rule a regex or keywords."
            )
        declared_at = where_declared if isinstance(where_declared, SourceLocation) else None
        self._entries.append(Entry(len(self._entries), id, compiled, when, stored, declared_at))
        self._laws = None
        return self

    def never_routes(self, phrases: object) -> Graph:
        """Declare phrases no start rule may claim (one string or a list); chainable."""
        rows = validate_never_routes(phrases, self._never_route_keys)
        self._never_routes.extend(rows)
        self._never_route_keys.update(phrase_key(row) for row in rows)
        return self

    def accept_overlap(
        self,
        earlier: str,
        later: str,
        *,
        reason: str,
        location: SourceLocation | None | Literal["caller"] = CALLER,
    ) -> Graph:
        """Accept that rule `earlier` takes phrases rule `later` matches, on purpose; chainable.

        Overlaps and shadowings between the two rules (decided or sampled) are
        then listed as accepted, not as findings; the proven checks are not
        changed.  An acceptance that no longer matches a finding is reported
        as stale, so a fix does not leave a silent exception behind.
        """
        where_declared = caller_location() if location == CALLER else location
        earlier, later, reason = validated_acceptance(
            earlier, later, reason, f"graph {shortened(self.name)!r}, accept_overlap"
        )
        declared_at = where_declared if isinstance(where_declared, SourceLocation) else None
        self._acceptances.append(Acceptance(earlier, later, reason, declared_at))
        return self

    # -- judging ---------------------------------------------------------
    @property
    def laws(self) -> ClaimLaws:
        """The two claim laws over the current entries (rebuilt after a change)."""
        if self._laws is None:
            self._laws = ClaimLaws(self._entries)
        return self._laws

    def claims(self, phrase: str, context: RoutingContext | None = None) -> Claims:
        """Who claims `phrase` under the cold walk and under the cascade."""
        return self.laws.both(phrase, context)

    def checkup(self, progress: Callable[[int, int], None] | None = None) -> Checkup:
        """The proven checks: declared examples, then never-route rows.

        `progress(done, total)` is called after each declared example and
        never-route row is judged (it never changes a verdict).
        """
        with counting_interrupts():  # one SIGINT handler for every `when` call of the checkup (graph_code)
            return self._checkup(progress)

    def _checkup(self, progress: Callable[[int, int], None] | None) -> Checkup:
        entries = self.entries
        total = sum(len(e.examples or ()) for e in entries) + len(self.never_route_phrases)
        counter = _Counter(progress, total)
        not_checked: list[NotChecked] = []
        rows: list[ProvenRow] = []
        declared = [*(p for e in entries for p in e.examples or ()), *self.never_route_phrases]
        self.laws.prefetch([cold_context(p) for p in dict.fromkeys(declared)])
        ex_problems, ex_notes = check_examples(
            entries, self.order_decides, self.has_classifier, not_checked=not_checked, judged=counter.step,
            laws=self.laws, rows=rows,
        )
        nr_problems, nr_notes = check_never_routes(
            entries, self.never_route_phrases, not_checked=not_checked, judged=counter.step, laws=self.laws,
            rows=rows,
        )
        always_true = always_true_note(entries)
        notes = ex_notes + nr_notes + ([WHEN_NOT_RUN] if not_checked else []) + ([always_true] if always_true else [])
        return Checkup(tuple(ex_problems + nr_problems), tuple(notes), tuple(not_checked), tuple(rows))

    def __repr__(self) -> str:
        return f"Graph({self.name!r}, mount={self.mount!r}, entries={len(self._entries)})"


#: The matcher classes a graph's rules may hold (a subclass would be code posing as data).
_MATCHER_TYPES = (Regex, Keywords, AllOf, Intent)


def plain_graph(graph: Graph) -> Graph:
    """`graph` as a plain `Graph` of plain values, read from its fields without running a method of the graph's.

    A `.py` graph file may declare a subclass of `Graph` (overriding
    `checkup`, `claims`, `entries`...) or hand strings of a `str` subclass
    to `.entry`: fuzzroute would then run the graph's code wherever it reads
    the graph, outside every limit and every check of `graph_code`, and an
    overriding `checkup` would choose the verdict.  The copy holds the same
    rules, rows and acceptances (re-validated as `Graph.entry` validates
    them), with exact `str` values; the graph's `when` predicates stay its
    code, run only through the laws.  The caller runs this under
    `graph_code.call`, since reading a subclass's fields may still run its code.
    """
    read = object.__getattribute__
    if type(graph) is Graph and _plain_values(graph):
        return graph
    copy = Graph(_text(read(graph, "name"), "the graph's name"), _text(read(graph, "mount"), "the mount"))
    for entry in list(read(graph, "_entries")):
        if type(entry) is not Entry:
            raise DeclarationError(
                f"graph {shortened(copy.name)!r} holds a rule of class {type(entry).__name__}, not one fuzzroute "
                "declared: add rules with .entry(...) only."
            )
        match = read(entry, "match")
        if match is not None and type(match) not in _MATCHER_TYPES:
            raise DeclarationError(
                f"entry {shortened(_text(read(entry, 'id'), 'an id'))!r}: its matcher is of class "
                f"{type(match).__name__}, a subclass of fuzzroute's, and its methods would be the graph's code "
                "judging as data. Declare the matcher with regex(), keywords(), all_of() or intent() (or use "
                "`when=` for code)."
            )
        examples = read(entry, "examples")
        copy.entry(
            _text(read(entry, "id"), "an entry id"), match=match, when=read(entry, "when"),
            examples=None if examples is None else [_text(e, "an example") for e in list(examples)],
            location=read(entry, "location"),
        )
    rows = [_text(row, "a never-route row") for row in list(read(graph, "_never_routes"))]
    if rows:
        copy.never_routes(rows)
    for acceptance in list(read(graph, "_acceptances")):
        copy._acceptances.append(acceptance)
    return copy


def _plain_values(graph: Graph) -> bool:
    """Whether a plain Graph holds only exact strings and plain entries (nothing to copy)."""
    if type(graph.name) is not str or any(type(row) is not str for row in graph._never_routes):
        return False
    for entry in graph._entries:
        if type(entry) is not Entry or type(entry.id) is not str:
            return False
        if entry.match is not None and type(entry.match) not in _MATCHER_TYPES:
            return False
        if entry.examples is not None and any(type(e) is not str for e in entry.examples):
            return False
    return True


def _text(value: object, what: str) -> str:
    """An exact `str` of a string value (a `str` subclass's own methods never run)."""
    if not isinstance(value, str):
        raise DeclarationError(f"{what} is {render_value(value)}, not a string.")
    return str.__str__(value)


class _Counter:
    """Phrases judged so far, reported to an optional `progress(done, total)`."""

    def __init__(self, progress: Callable[[int, int], None] | None, total: int) -> None:
        self.progress = progress
        self.total = total
        self.done = 0
        if progress is not None:
            progress(0, total)

    def step(self) -> None:
        self.done += 1
        if self.progress is not None:
            self.progress(self.done, self.total)


def validate_examples(
    examples: object, where: str, *, has_condition: bool, is_intent: bool
) -> tuple[str, ...] | None:
    """The example refusals, in the reference's order (list, items, intent, default); returns an immutable copy."""
    if examples is None:
        return None
    if not isinstance(examples, (list, tuple)) or len(examples) == 0:
        extra = (
            " An empty list declares nothing to prove, and a silent pass would be misread as "
            "coverage."
            if isinstance(examples, (list, tuple))
            else ""
        )
        raise DeclarationError(
            f"{where} declares an `examples` value {render_value(examples)}, but `examples` must "
            "be a non-empty list of non-empty strings; it is read by the checkup and fed to "
            f"nothing at run time.{extra} List a phrasing the rule should claim, or drop the field."
        )
    for position, item in enumerate(examples):
        if not isinstance(item, str) or is_blank(item):
            raise DeclarationError(
                f"{where}: `examples[{position}]` is {render_value(item)}. Every example must be "
                "a non-empty string a user would type; fix or drop it."
            )
    if is_intent:
        raise DeclarationError(
            f"{where} is an intent and also declares rule-level `examples`. The intent's "
            "examples are SCORING material (read by the classifier at run time); rule-level "
            "examples are TEST material (read by the checkup only). Two example lists with two "
            "different jobs on one rule are refused: keep the intent's and drop `examples`."
        )
    if not has_condition:
        raise DeclarationError(
            f"{where} declares examples but no `match` and no `when`, so it claims EVERY "
            "message and each example would pass by construction, proving nothing. Give the "
            "entry a `match` or `when`, or move the examples to the rule that should claim them."
        )
    return tuple(str(item) for item in examples)


def validate_never_routes(phrases: object, declared: Iterable[str]) -> list[str]:
    """The never-route refusals (list, items, repeats compared trimmed and case-folded); returns the rows as written."""
    rows: Any = [phrases] if isinstance(phrases, str) else phrases
    if not isinstance(rows, (list, tuple)) or len(rows) == 0:
        extra = (
            " An empty list asserts nothing, and a silent pass would be misread."
            if isinstance(rows, (list, tuple))
            else ""
        )
        raise DeclarationError(
            f"never_routes({render_value(phrases)}): pass one phrase or a non-empty list of "
            f"non-empty strings, each a message no start rule may claim.{extra}"
        )
    for position, row in enumerate(rows):
        if not isinstance(row, str) or is_blank(row):
            raise DeclarationError(
                f"never_routes(...): `never_routes[{position}]` is {render_value(row)}. Each row "
                "must be a non-empty string a user would type; fix or drop it."
            )
    seen = set(declared)
    for row in rows:
        key = phrase_key(row)
        if key in seen:
            raise DeclarationError(
                f"never_routes(...): the row {render_value(row)} appears twice (compared trimmed "
                "and case-folded). Drop the duplicate."
            )
        seen.add(key)
    return [str(row) for row in rows]

