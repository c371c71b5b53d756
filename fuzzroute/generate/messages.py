"""The words of a suggestion: which rules, which conditions, what to do, what to paste.

Every message names the rules (id and position), their conditions
(captions), the phrase, the claimant under each law where it matters, and
the fix.  The paste line turns the witness into a declared example, so the
proven checkup takes over: once pasted, the defect is a proof, not a hint.
"""

from __future__ import annotations

import json
import re
from typing import Any, assert_never

from fuzzroute.engine.entries import Entry
from fuzzroute.engine.matchers import AllOf, Keywords, Regex
from fuzzroute.generate.findings import Group
from fuzzroute.results.suggestions import (
    LAWS_DISAGREE,
    NEAR_MISS_CLAIMED_ELSEWHERE,
    NEAR_MISS_UNCLAIMED,
    RULE_NEVER_WINS,
    RULES_OVERLAP,
    SHADOWED_BY_EARLIER_RULE,
    SLOW_MATCHER,
    WHEN_CLAIMS_WARM,
    Witness,
)

SLOW_SECONDS = 0.05
#: What a slow-matcher finding timed: a pumped phrase (a regex the automata cannot read), or a call that ran
#: past the condition time limit during generation (a `when` predicate, or such a regex).
SLOW_PUMPED, SLOW_WHEN, SLOW_REGEX = "pumped", "when", "regex"


def rule(entry: Entry) -> str:
    return f'entry "{entry.id}" (rule #{entry.index + 1}, {_condition(entry)})'


def _condition(entry: Entry) -> str:
    if entry.is_unconditional:
        return "a default with no condition"
    return f"`{entry.caption}`"


def quoted(phrase: str) -> str:
    return json.dumps(phrase, ensure_ascii=False)


def _laws(w: Witness, entries: tuple[Entry, ...]) -> str:
    cold = "no entry" if w.cold_walk_index is None else f'"{entries[w.cold_walk_index].id}"'
    cascade = "no rule" if w.cascade_index is None else f'"{entries[w.cascade_index].id}"'
    if w.cold_walk_index == w.cascade_index:
        return f"under both laws it starts {cold}"
    return f"the cold walk starts {cold}, the cascade {cascade}"


def _more(group: Group, singular: str, plural: str) -> str:
    others = group.count - 1
    if not others:
        return ""
    noun, verb = (singular, "behaves") if others == 1 else (plural, "behave")
    return f" {others} more generated {noun} {verb} the same."


def _widen_hint(entry: Entry, edit: str) -> str:
    matcher = entry.data_matcher
    match matcher:
        case Keywords():
            if edit == "inflection":
                word = next((k for k in matcher.keywords if k.isalnum()), None)
                regex = f" such as `\\b{re.escape(word)}\\w*`" if word else ""
                return (
                    "A keyword only matches between word edges, so an inflected form does not match: add the "
                    f"form as another keyword, or use a regex{regex}."
                )
            return "Add a keyword that covers it."
        case Regex():
            return f"Loosen `{matcher.caption}` so it accepts the phrase."
        case AllOf() | None:
            return "Widen the rule's condition so it accepts the phrase."
        case _:
            assert_never(matcher)


def render(group: Group, entries: tuple[Entry, ...], extra: dict[str, Any]) -> tuple[str, str | None, str | None]:
    """(message, paste, paste_json) of one group."""
    best = group.witnesses()[0]
    phrase = quoted(best.phrase)
    subject = entries[group.rule] if group.rule is not None else None
    taker = entries[group.from_] if group.from_ is not None else None
    victim = entries[group.to] if group.to is not None else None
    # The examples line to paste is the report's to make (it knows the rule's declared examples);
    # only a phrase that is no example (a slow matcher's pumped phrase) gets a line of its own here.
    paste: str | None = None
    paste_json: str | None = None
    kind = group.kind

    if kind == SHADOWED_BY_EARLIER_RULE and taker is not None and victim is not None:
        message = (
            f"{rule(victim)} matches the generated phrase {phrase}, but earlier {rule(taker)} claims it "
            f"first: {_laws(best, entries)}.{_more(group, 'phrase', 'phrases')} Narrow `{taker.caption}` so it stops "
            f'taking these, or declare "{victim.id}" before "{taker.id}". Paste the phrase into '
            f'"{victim.id}"\'s examples and the checkup proves the shadowing until it is fixed.'
        )
    elif kind == LAWS_DISAGREE and taker is not None and victim is not None:
        message = (
            f"{rule(victim)} matches {phrase}, but the default {rule(taker)} is declared before it, so "
            f'the cold walk starts "{taker.id}" while the cascade starts "{victim.id}": which skill runs '
            f"depends on how the graph is mounted.{_more(group, 'phrase', 'phrases')} Move the default to the "
            "end of the graph, or give it a condition. Paste the phrase into "
            f'"{victim.id}"\'s examples and the checkup reports it (example-shadowed-by-default).'
        )
    elif kind == NEAR_MISS_UNCLAIMED and subject is not None:
        example = quoted(extra.get("example", ""))
        edit = extra.get("edit", "an edit")
        fate = (
            f"no start rule claims it: {_laws(best, entries)}, so the turn falls through."
            if best.cascade_index is None
            else f"`{subject.caption}` no longer matches it ({_laws(best, entries)})."
        )
        what = extra.get("label") or edit
        source = "the rule's own words" if extra.get("source_kind") == "literal" else "example"
        fix = f"Fix: {extra['fix']}." if extra.get("fix") else _widen_hint(subject, edit)
        message = (
            f"{phrase} is one small edit ({what}) of {source} {example} of {rule(subject)}, and {fate}"
            f"{_more(group, 'near miss', 'near misses')} "
            f"{fix} Paste it into \"{subject.id}\"'s examples so the "
            "checkup keeps it claimed."
        )
    elif kind == NEAR_MISS_CLAIMED_ELSEWHERE and subject is not None and taker is not None:
        example = quoted(extra.get("example", ""))
        edit = extra.get("edit", "an edit")
        what = extra.get("label") or edit
        source = "the rule's own words" if extra.get("source_kind") == "literal" else "example"
        widen = extra["fix"] if extra.get("fix") else f"widen `{subject.caption}`"
        message = (
            f"{phrase} is one small edit ({what}) of {source} {example} of {rule(subject)}, but "
            f"{rule(taker)} claims it: {_laws(best, entries)}.{_more(group, 'near miss', 'near misses')} If users mean "
            f'"{subject.id}" by it, narrow `{taker.caption}` or {widen}, then paste it '
            f"into \"{subject.id}\"'s examples so the checkup proves who wins."
        )
    elif kind == RULES_OVERLAP and taker is not None and victim is not None:
        message = (
            f"{rule(taker)} and later {rule(victim)} both match the generated phrase {phrase}; "
            f'"{taker.id}" wins only because it is declared first.{_more(group, "phrase", "phrases")} If the phrase '
            f'belongs to "{taker.id}", paste it into its examples so a reordering is caught; if it belongs '
            f'to "{victim.id}", narrow `{taker.caption}` or declare "{victim.id}" first.'
        )
    elif kind == RULE_NEVER_WINS and subject is not None:
        takers = extra.get("takers", "other entries")
        message = (
            f"{rule(subject)} wins none of the {group.count} generated phrases its own condition accepts; "
            f"they start {takers} instead, e.g. {phrase} ({_laws(best, entries)}). {never_wins_law(best, subject)} "
            f"Paste a phrase into \"{subject.id}\"'s examples and the checkup proves it."
        )
    elif kind == WHEN_CLAIMS_WARM and subject is not None:
        context = best.context or {}
        message = (
            f"{rule(subject)} declines {phrase} on the cold context the checkup runs, but claims it on a "
            f"later turn ({describe_context(context)}).{_more(group, 'phrase', 'phrases')} The proven checks "
            "cannot see this claim. If the rule should only claim later turns, that is fine; if not, tighten the "
            f'predicate. Pasted into "{subject.id}"\'s examples it shows up as a cold-context warning '
            "(example-misses-own-rule)."
        )
    elif kind == SLOW_MATCHER and subject is not None:
        expression = extra.get("expression", phrase)
        matcher = extra.get("caption", subject.caption)
        what = extra.get("what", SLOW_PUMPED)
        if what == SLOW_WHEN:
            message = (
                f"{rule(subject)}: its `when` predicate ran past the condition time limit on the generated phrase "
                f"{phrase} and was stopped; it counts as a predicate that raised (it never claims), and generation "
                "stopped calling it. Timing-based: at run time a predicate this slow stalls every turn it is asked "
                "about. Make it return quickly (no I/O, no waiting), or raise --condition-limit if it must be slow."
            )
        elif what == SLOW_REGEX:
            message = (
                f"{rule(subject)}: Python's re ran past the condition time limit on the generated phrase {phrase} "
                f"with `{matcher}` and was stopped, so the phrase was not judged. The automata cannot read this "
                "regex, so its backtracking is not decided; timing-based. Remove nested or overlapping repeats "
                "(`(a+)+` -> `a+`, `(\\w+\\s?)+` -> `[\\w\\s]+`) or the construct the automata cannot read."
            )
        else:
            message = (
                f"{rule(subject)}: `{matcher}` took more than {SLOW_SECONDS:g} s on one search of a "
                f"{len(best.phrase)}-character phrase built from its own text ({expression}); a user message "
                "like it stalls routing for everyone. The automata cannot read this regex, so this is timed, not "
                "decided. Remove nested or overlapping repeats (`(a+)+` -> `a+`, "
                "`(\\w+\\s?)+` -> `[\\w\\s]+`) or bound them."
            )
        paste, paste_json = expression, json.dumps({"phrase": best.phrase}, ensure_ascii=False)[1:-1]
    else:
        message = f"{kind}: {phrase}"
    return message, paste, paste_json


def never_wins_law(best: Witness, subject: Entry) -> str:
    """Under which law the sampled rule loses its phrases, and which mount makes that law the live one.

    Only the cold walk lets a default claim, so when the cascade still starts
    the rule on its witness, the loss is the cold walk's alone.
    """
    if best.cascade_index == subject.index:
        return (
            "Only the cold walk loses them: a default declared before the rule claims every message from its "
            "position on. The cold walk is the live law on the default `rules` mount; on a `classifier` mount, or "
            "with the agent mounted with conversation continuity, the cascade runs instead and does start this rule "
            "on the phrase. Move the default to the end of the graph."
        )
    return (
        "In these samples it starts no turn under either law: the cascade (live on a `classifier` mount, or with "
        "conversation continuity) and the cold walk (live on the default `rules` mount) both start an earlier rule. "
        "Narrow the rules that take its phrases or move it earlier."
    )


def describe_context(context: dict[str, Any]) -> str:
    parts = [f"iteration {context.get('iteration', 1)}"]
    history = context.get("history") or []
    parts.append(f"{len(history)} history message{'s' if len(history) != 1 else ''}")
    ids = context.get("activated_injection_ids") or []
    if ids:
        parts.append("activated injections " + ", ".join(map(str, ids)))
    return ", ".join(parts)
