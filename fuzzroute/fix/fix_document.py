"""What `fuzzroute fix --format json` writes: typed models whose encoding is the document, for editors and bots.

One record per finding `fix` looked at, in the order it looked at them:
the finding (its code, rule, the rules that take its messages, witness,
and for a near miss its variant kind and the declared example it comes
from), the status (`safe`, `unsafe`, `unproven`, `no-fix`), whether the
edit is in the new text, and the fix itself: its edits as operations, the
phrases it declares, the set of messages it may move, what it moves inside
that set, and what else it would move or change (empty for a safe fix).
`fuzzroute/schema/fix.schema.json` is generated from these models
(`document_schema`), so it cannot drift from what is written.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Annotated, Final, Literal

import msgspec

from fuzzroute.authoring.rule_edits import AddExamples, AddKeywords, MoveRule, RemoveKeyword, RuleEdit, SetRegex
from fuzzroute.diff.proven import RowChange
from fuzzroute.diff.run import rule_ref
from fuzzroute.engine.entries import Entry
from fuzzroute.engine.graph import Graph
from fuzzroute.fix.candidates import FixKind
from fuzzroute.fix.fixing import FixResult, FixRun, Status
from fuzzroute.fix.prove import MovedMessages
from fuzzroute.results.diff_document import Law, RuleRef, described
from fuzzroute.results.jsonform import inert_json

FIX_VERSION: Final = 1

BOUNDARY = (
    "A fix is safe when the decided tier proves, for every message, that each message whose winning rule it "
    "changes (under the cold walk and the cascade) lies in the set the finding is about, that no new decided "
    "finding or proven error appears, and that no declared row changes its verdict except those it mends. "
    "Rules the automata cannot read (lookarounds, backreferences, `when` predicates) get no fix. Nothing is "
    "sampled: the same graph gives the same fixes on every run."
)


class SetRegexOp(msgspec.Struct, frozen=True, kw_only=True, tag="set-regex", tag_field="op"):
    """Part `leaf` of the rule's matcher becomes the regex `source` with `flags` (in the rule's dialect)."""

    rule_index: int
    leaf: Annotated[int, described("The part of the matcher (0 for a plain regex; an all-of member's position).")]
    source: str
    flags: str


class AddKeywordsOp(msgspec.Struct, frozen=True, kw_only=True, tag="add-keywords", tag_field="op"):
    """Keywords appended to the keyword list that is part `leaf` of the rule's matcher."""

    rule_index: int
    leaf: int
    keywords: tuple[str, ...]


class RemoveKeywordOp(msgspec.Struct, frozen=True, kw_only=True, tag="remove-keyword", tag_field="op"):
    """One keyword taken out of the keyword list that is part `leaf` of the rule's matcher."""

    rule_index: int
    leaf: int
    keyword: str


class MoveRuleOp(msgspec.Struct, frozen=True, kw_only=True, tag="move-rule", tag_field="op"):
    """The rule moved just above the rule at position `above` (positions before the move, 0-based)."""

    rule_index: int
    above: int


class AddExamplesOp(msgspec.Struct, frozen=True, kw_only=True, tag="add-examples", tag_field="op"):
    """Phrases declared as examples of the rule, so the checkup proves them from then on."""

    rule_index: int
    phrases: tuple[str, ...]


EditOp = SetRegexOp | AddKeywordsOp | RemoveKeywordOp | MoveRuleOp | AddExamplesOp


class MoveRecord(msgspec.Struct, frozen=True, kw_only=True):
    """Messages whose winning rule changes under `law`: a witness each, re-run through both graphs' claims()."""

    law: Law
    old: Annotated[RuleRef | None, described("The rule that started the messages before (null: no rule).")] = \
        msgspec.field(name="from")
    new: Annotated[RuleRef | None, described("The rule that starts them after (null: no rule).")] = \
        msgspec.field(name="to")
    witness: str


class RowRecord(msgspec.Struct, frozen=True, kw_only=True):
    """A declared example or never-route row whose verdict the fix changes (codes before and after)."""

    label: str
    kind: Literal["example", "never-route"]
    phrase: str
    before: tuple[str, ...]
    after: tuple[str, ...]


class ProposedFix(msgspec.Struct, frozen=True, kw_only=True):
    """One edit of the graph and what the decided tier proved it does."""

    kind: FixKind
    description: str
    edits: tuple[EditOp, ...]
    declares: Annotated[tuple[str, ...], described("Phrases the fix declares as examples.")]
    allowed: Annotated[str, described("The messages the fix may move, in words.")]
    moves: Annotated[tuple[MoveRecord, ...], described("One witness per pair of rules that trade messages inside "
                                                        "the allowed set.")]
    also_moves: Annotated[tuple[MoveRecord, ...], described("Witnesses of messages that would move outside it "
                                                             "(empty for a safe fix).")]
    undecided: tuple[str, ...]
    new_findings: Annotated[tuple[str, ...], described("Decided findings the edited graph would have anew.")]
    breaks: Annotated[tuple[RowRecord, ...], described("Declared rows whose verdict would change for the worse.")]
    mends: Annotated[tuple[RowRecord, ...], described("Declared rows it mends (its own new examples included).")]
    unresolved: Annotated[str | None, described("Why the finding would still be there (null: it is gone).")]


class FindingRef(msgspec.Struct, frozen=True, kw_only=True):
    """The finding a fix is for, as the tiers name it."""

    code: str
    rule: RuleRef
    takers: Annotated[tuple[RuleRef, ...], described("The rules that take its messages.")]
    witness: str | None
    variant_kind: Annotated[str | None, described("A near miss's variant kind (case, inflection, ...).")]
    source: Annotated[str | None, described("The sentence a near miss is a variant of.")]
    source_kind: Annotated[
        Literal["example", "literal"] | None,
        described("`example`: a declared example; `literal`: the rule's own words (a keyword, a regex spelled out)."),
    ]
    message: str


class FixRecord(msgspec.Struct, frozen=True, kw_only=True):
    """What `fix` did about one finding."""

    finding: FindingRef
    status: Status
    made: Annotated[bool, described("Whether the edit is in the new text (written with --write).")]
    reason: Annotated[str | None, described("Why there is no fix, or why it was not made.")]
    fix: ProposedFix | None
    candidates: Annotated[int, described("Candidate edits proved for the finding.")]


class FixSummary(msgspec.Struct, frozen=True, kw_only=True):
    findings: int
    safe: int
    made: int
    unsafe: int
    unproven: int
    no_fix: int


class FixDocument(msgspec.Struct, frozen=True, kw_only=True):
    """One `fuzzroute fix` run."""

    version: Literal[1]
    graph: str
    source: str
    fail_on: str
    exit_status: Annotated[int, described("0 when the --fail-on policy passes after the fixes made, else 1.")]
    written: Annotated[bool, described("Whether the file was written (--write and a change).")]
    summary: FixSummary
    fixes: tuple[FixRecord, ...]
    diff: Annotated[str, described("The unified diff of the fixes made (empty when there are none).")]
    boundary: str


def _op(edit: RuleEdit) -> EditOp:
    if isinstance(edit, SetRegex):
        return SetRegexOp(rule_index=edit.rule, leaf=edit.leaf, source=edit.source, flags=edit.flags)
    if isinstance(edit, AddKeywords):
        return AddKeywordsOp(rule_index=edit.rule, leaf=edit.leaf, keywords=edit.words)
    if isinstance(edit, RemoveKeyword):
        return RemoveKeywordOp(rule_index=edit.rule, leaf=edit.leaf, keyword=edit.word)
    if isinstance(edit, MoveRule):
        return MoveRuleOp(rule_index=edit.rule, above=edit.above)
    assert isinstance(edit, AddExamples)
    return AddExamplesOp(rule_index=edit.rule, phrases=edit.phrases)


def original_entry(graph: Graph, entry: Entry) -> Entry:
    """The rule of the graph as loaded that `entry` (of a graph fixes were made in) is: the one with its id.

    Locations in the listings are the file's as it was read, so a reader finds the line before any fix moved
    it.  Among rules sharing an id, the one declared on the same line (else `entry` itself).
    """
    same = [e for e in graph.entries if e.id == entry.id]
    if len(same) == 1:
        return same[0]
    return next((e for e in same if e.location == entry.location), entry)


def _ref(entry: Entry | None, loaded: Graph | None = None) -> RuleRef | None:
    if entry is None:
        return None
    if loaded is None:
        return rule_ref(entry)
    where = original_entry(loaded, entry).location
    return RuleRef(index=entry.index, id=entry.id, caption=entry.caption, location=where)


def _move(moved: MovedMessages) -> MoveRecord:
    law: Law = "cascade" if moved.law == "cascade" else "cold_walk"
    return MoveRecord(law=law, old=_ref(moved.old), new=_ref(moved.new), witness=moved.witness)


def _row(change: RowChange) -> RowRecord:
    row = change.row
    return RowRecord(
        label=row.label, kind=row.kind, phrase=row.phrase,
        before=tuple(p.code for p in (change.base.problems if change.base else ())),
        after=tuple(p.code for p in (change.head.problems if change.head else ())),
    )


def _record(result: FixResult, loaded: Graph) -> FixRecord:
    gap = result.gap
    rule = _ref(gap.rule, loaded)
    assert rule is not None
    finding = FindingRef(
        code=gap.code, rule=rule, takers=tuple(r for t in gap.takers if (r := _ref(t, loaded)) is not None),
        witness=gap.phrase, variant_kind=gap.variant_kind, source=gap.source,
        source_kind="example" if gap.source_kind == "example" else "literal" if gap.source_kind else None,
        message=gap.message,
    )
    fix = None
    if result.chosen is not None:
        candidate, proof = result.chosen.candidate, result.chosen.proof
        fix = ProposedFix(
            kind=candidate.kind, description=candidate.said, edits=tuple(_op(e) for e in candidate.edits),
            declares=candidate.declared, allowed=candidate.allowed.said,
            moves=tuple(_move(m) for m in proof.moves), also_moves=tuple(_move(m) for m in proof.escapes),
            undecided=proof.undecided, new_findings=tuple(i.message for i in proof.new_findings),
            breaks=tuple(_row(c) for c in proof.broken_rows), mends=tuple(_row(c) for c in proof.fixed_rows),
            unresolved=proof.unresolved,
        )
    return FixRecord(finding=finding, status=result.status, made=result.made, reason=result.reason, fix=fix,
                     candidates=len(result.attempts))


def fix_document(run: FixRun, *, fail_on: str, exit_status: int, written: bool, diff: str) -> FixDocument:
    results: Sequence[FixResult] = run.results
    return FixDocument(
        version=FIX_VERSION, graph=run.loaded.graph.name, source=str(run.loaded.path), fail_on=fail_on,
        exit_status=exit_status, written=written,
        summary=FixSummary(
            findings=len(results), safe=run.count("safe"), made=sum(1 for r in results if r.made),
            unsafe=run.count("unsafe"), unproven=run.count("unproven"), no_fix=run.count("no-fix"),
        ),
        fixes=tuple(_record(r, run.loaded.graph) for r in results), diff=diff, boundary=BOUNDARY,
    )


def fix_json_text(document: FixDocument) -> str:
    """The document as `fix --format json` prints it: indented by two spaces, one trailing newline."""
    return inert_json(json.dumps(msgspec.to_builtins(document), ensure_ascii=False, indent=2)) + "\n"
