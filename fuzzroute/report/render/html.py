"""Render the report document as one self-contained HTML page.

The page is laid out FROM the document (never from the graph or the
exploration), so the HTML and the JSON always state the same numbers.  It has
inline CSS, no script and no external resource, and a Content-Security-Policy
that forbids both, so it opens the same from `file://` as from a web server
and a hostile phrase can only ever be shown as text.  Jinja2 autoescaping is
on for every template.
"""

from __future__ import annotations

import json
import shlex
import unicodedata
from functools import lru_cache
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined
from markupsafe import Markup, escape

from fuzzroute.report.render.decided_view import decided_view
from fuzzroute.report.render.inert import VISIBLE_CATEGORIES, inert_value, place_isolation, visible_markup
from fuzzroute.report.render.lines import named_pairs, plural
from fuzzroute.report.render.matrix_view import (
    LostTo,
    Matrix,
    MatrixCell,
    MatrixColumn,
    MatrixRow,
    MatrixSection,
    RuleRow,
    RuleTable,
    Steal,
)
from fuzzroute.report.render.overview_cards import TIERS, code_help, problem_cards
from fuzzroute.report.render.problem_view import (
    ClaimantView,
    OverviewLine,
    ProblemItem,
    SuggestionGroup,
    SuggestionItem,
    WitnessView,
)
from fuzzroute.report.render.tallies import co_occurring_pairs
from fuzzroute.results.document import OverviewRow, Report, RuleFigures, RuleInfo, SuggestionRecord
from fuzzroute.results.finding_kinds import SUGGESTIONS
from fuzzroute.results.presentation import (
    CO_OCCURRENCE,
    CO_OCCURRENCE_ANCHOR,
    CO_OCCURRENCE_ROW,
    COLD_CONTEXT,
    LAW_EXPLANATIONS,
    LAW_NAMES,
    MORE_ROW,
    SHARED_TEXT,
    WILDCARD,
    WILDCARD_ANCHOR,
    Explanation,
    explain_problem,
    explain_suggestion,
)
from fuzzroute.results.record import or_none

# Lower bounds of heat levels 2..5 as a share of the column; level 1 is any
# non-zero share below the first bound.  Small steals are the common case, so
# the scale spends most of its steps there.
HEAT_BOUNDS = (0.10, 0.25, 0.50, 0.75)
HEAT_LEVELS = len(HEAT_BOUNDS) + 1
TOP_STEALS = 10
FULL_MATRIX_LIMIT = 150
#: Up to this many rules the map shows every rule, also those that kept all their phrases.
MAP_ALL_RULES = 8
# The overview table links to every suggestion, so only very small groups start open.
GROUP_OPEN_LIMIT = 3
GROUP_SHOWN = 5
#: Suggestion cards rendered per kind; the rest are counted and are in the JSON (a big graph's page stays small).
GROUP_RENDERED = 100
#: Beyond this many rules the per-rule table lists the rules the map shows and those that lost phrases or
#: kept none (up to this many); the JSON `rules` array has every rule.
RULE_ROWS_LIMIT = 200


@lru_cache(maxsize=1)
def _environment() -> Environment:
    env = Environment(
        loader=PackageLoader("fuzzroute.report.render", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        finalize=inert_value,  # every printed value: escaped, invisible characters marked, isolated (see inert)
    )
    env.filters["phrase"] = visible_phrase
    env.filters["pct"] = percent
    env.filters["plural"] = plural
    env.filters["compact_json"] = compact_json
    env.filters["ticks"] = ticks
    return env


def render_html(report: Report) -> str:
    """The complete HTML page of a report."""
    template = _environment().get_template("report.html.j2")
    return place_isolation(template.render(doc=report, view=build_view(report)))


def visible_phrase(text: str) -> Markup:
    """Escape a phrase and make invisible characters visible, so a reader sees what was typed.

    Control and format characters (newlines, zero-width spaces, bidi marks)
    would otherwise vanish or reorder the text around them.
    """
    parts: list[str] = []
    for char in text:
        if char != " " and unicodedata.category(char) in VISIBLE_CATEGORIES:
            code = f"U+{ord(char):04X}"
            name = unicodedata.name(char, code)
            parts.append(f'<span class="ctl" title="{escape(name)}">{escape(code)}</span>')
        else:
            parts.append(str(escape(char)))
    return Markup("".join(parts))


def ticks(text: str) -> Markup:
    """Escape prose and show its `backticked` spans as code, as the messages write them."""
    pieces = str(text).split("`")
    if len(pieces) % 2 == 0:  # an unpaired backtick: show the text as it is
        return visible_markup(text)
    out = [str(visible_markup(piece)) if k % 2 == 0 else f"<code>{visible_markup(piece)}</code>"
           for k, piece in enumerate(pieces)]
    return Markup("".join(out))


def percent(share: float | None) -> str:
    """A share as a whole percentage; a dash when nothing was there to share."""
    if share is None:
        return "—"
    value = share * 100
    if 0 < value < 1:
        return "<1%"
    if 99 < value < 100:
        return ">99%"
    return f"{value:.0f}%"


def compact_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "), sort_keys=True)


def build_view(doc: Report) -> dict[str, Any]:
    """What the template needs beyond the report: labels, groupings, matrix cells.

    Everything here is derived from `doc` alone; nothing is counted or
    ordered again.
    """
    rules = {r.index: r for r in doc.graph.rules}
    # Under a scorer or read mount neither law picks the start at run time, so
    # neither is marked as "this graph".
    law = doc.graph.law if doc.graph.order_decides else None
    problems = _problems(doc, rules, law)
    groups = _groups(doc, rules, law)
    matrix = _matrix_section(doc, rules)
    cards = problem_cards(doc.proven.problems, problems)
    return {
        "law": law,
        "law_name": LAW_NAMES[doc.graph.law],
        "laws": [
            {"key": key, "name": LAW_NAMES[key], "text": LAW_EXPLANATIONS[key], "used": key == law}
            for key in ("cold_walk", "cascade")
        ],
        "problems": problems,
        "cards": cards,
        "code_help": code_help(problems),
        "cold_context": COLD_CONTEXT,
        "groups": groups,
        "findings": [_overview_row(row) for row in doc.overview],
        "decided_findings": doc.summary.decided,
        "co_occurring_pairs": co_occurring_pairs(doc),
        "tiers": TIERS,
        "matrix": matrix,
        **_rule_table(doc, _mapped(matrix)),
        "rerun": _rerun(doc),
        "decided": decided_view(doc),
    }


#: A row about more rules than this names how many, not each (its members name them, one a line).
RULES_NAMED = 3


def _rule_list(rule: str | None, rules: list[str]) -> str | None:
    """The rule cell: the one rule, a few rules, or how many ("12 rules"), so the phrase column keeps its room."""
    if rule:
        return rule
    if len(rules) > RULES_NAMED:
        return f"{len(rules)} rules"
    return ", ".join(rules) or None


def _overview_row(row: OverviewRow) -> OverviewLine:
    """An overview row as the table shows it (the aggregate rows get their sentence)."""
    shown: OverviewLine = {
        "tier": row.tier, "severity": row.severity, "kinds": row.codes, "rule": _rule_list(row.rule, row.rules),
        "taker": _rule_list(None, row.taking_rules) or row.other_rule, "count": row.count, "mutation": row.mutation,
        "phrase": row.phrase, "reason": row.reason, "fix": row.fix,
        "members": [{"rule": m.rule, "phrase": m.phrase, "fix": m.fix} for m in row.members],
        "pairs": named_pairs(row),
        "href": "#" + (row.anchor or "overview"), "new": row.new,
        "relation": _relation_label(row.relation, row.shared_in), "aggregate": None,
        "also": [{"tier": a.tier, "href": "#" + a.anchor, "count": a.count} for a in row.also],
    }
    if row.kind == CO_OCCURRENCE_ROW:
        shown["aggregate"] = f"{plural(row.count or 0, 'pair')} of rules meet only on glued texts"
    elif row.kind == MORE_ROW:
        shown["aggregate"] = f"{plural(row.count or 0, 'more finding')} in the full lists below"
    elif row.anchor == WILDCARD_ANCHOR:
        shown["aggregate"] = f"{plural(row.count or 0, 'pair')} share text only in a later rule's wildcards"
    return shown


def _relation_label(relation: str | None, shared_in: str | None) -> str | None:
    if relation == SHARED_TEXT:
        return "shared text" + (" (wildcard)" if shared_in == WILDCARD else "")
    if relation == CO_OCCURRENCE:
        return "glued texts"
    return None


def _label(rules: dict[int, RuleInfo], index: int | None, fallback: str | None = None) -> str:
    if index is None:
        return fallback if fallback is not None else "no entry"
    rule = rules.get(index)
    name = rule.id if rule is not None else (fallback or "?")
    return f"#{index + 1} {name}"


def _claimant(
    rules: dict[int, RuleInfo], key: str, law: str | None, ident: str | None, index: int | None
) -> ClaimantView:
    rule = None if index is None else rules.get(index)
    default = rule is not None and rule.kind == "default"
    label = "no entry (falls through)" if ident is None and index is None else _label(rules, index, ident)
    return {"law": LAW_NAMES[key], "used": key == law, "label": label, "none": ident is None, "default": default}


def _problems(doc: Report, rules: dict[int, RuleInfo], law: str | None) -> list[ProblemItem]:
    ordered = sorted(doc.proven.problems, key=lambda p: 0 if p.kind == "error" else 1)
    out: list[ProblemItem] = []
    for problem in ordered:
        claims = or_none(problem.claims)
        shown: list[ClaimantView] = []
        if claims is not None:
            for key, who in (("cold_walk", claims.cold_walk), ("cascade", claims.cascade)):
                ident, index = (None, None) if who is None else (who.id, who.index)
                shown.append(_claimant(rules, key, law, ident, index))
        out.append({"p": problem, "why": explain_problem(problem.code), "claims": shown})
    return out


def _groups(doc: Report, rules: dict[int, RuleInfo], law: str | None) -> list[SuggestionGroup]:
    order: dict[str, int] = {kind: position for position, kind in enumerate(SUGGESTIONS)}
    buckets: dict[str, list[SuggestionItem]] = {}
    for position, suggestion in enumerate(doc.suggestions):
        witnesses: list[WitnessView] = [
            {
                "w": w,
                "claims": [
                    _claimant(rules, "cold_walk", law, w.cold_walk, w.cold_walk_index),
                    _claimant(rules, "cascade", law, w.cascade, w.cascade_index),
                ],
                "disagree": (w.cold_walk, w.cold_walk_index) != (w.cascade, w.cascade_index),
            }
            for w in suggestion.witnesses
        ]
        # `"examples": [...]` is also a valid TypeScript/JavaScript property.
        paste = suggestion.paste if doc.graph.format == "python" else suggestion.paste_json
        item: SuggestionItem = {
            "s": suggestion,
            "agree": not any(w["disagree"] for w in witnesses),
            "rule": _label(rules, suggestion.rule_index, suggestion.rule) if suggestion.rule else None,
            "from": _label(rules, suggestion.from_index, suggestion.from_) if suggestion.from_ else None,
            "to": _label(rules, suggestion.to_index, suggestion.to) if suggestion.to else None,
            "witnesses": witnesses,
            "paste": paste,
            "anchor": f"suggestion-{position + 1}",
        }
        bucket = _aside(doc, suggestion) or suggestion.kind
        buckets.setdefault(bucket, []).append(item)
    groups: list[SuggestionGroup] = []
    for kind in sorted(buckets, key=lambda k: (order.get(k, len(order)), k)):
        items = buckets[kind]
        aside = ASIDES.get(kind)
        groups.append(
            {
                "kind": kind,
                "why": explain_suggestion(kind) if aside is None else aside,
                "items": items[:GROUP_SHOWN],
                "more": items[GROUP_SHOWN:GROUP_RENDERED],
                "hidden": max(0, len(items) - GROUP_RENDERED),
                "count": len(items),
                "open": aside is None and len(items) <= GROUP_OPEN_LIMIT,
                "anchor": None if aside is None else kind,
            }
        )
    return groups


#: Sections of suggestions the overview aggregates instead of listing: they fold away at the end.
ASIDES = {
    CO_OCCURRENCE_ANCHOR: Explanation(
        "Rules that only meet on glued texts (expected first-match behaviour)",
        "Each phrase here is two rules' texts put side by side (\"dashboard ssl\"): the earlier rule takes it because "
        "it is tried first, which is how first-match routing works. None of these is a rule taking the words another "
        "rule exists for.",
        "Nothing, unless users really send such two-topic messages: then declare one as an example of the rule that "
        "should own it, and the checkup proves the order.",
    ),
    WILDCARD_ANCHOR: Explanation(
        "Shared text only in a later rule's wildcards",
        "The earlier rule's trigger sits in a gap of the later rule (`send .* to` with a card in the gap), not in its "
        "fixed words: weaker than a shared word, but a real overlap of the two rules' own texts.",
        "Narrow the later rule's wildcard, or declare such a phrase as an example of the rule that should own it.",
    ),
}


def _aside(doc: Report, suggestion: SuggestionRecord) -> str | None:
    """Where a suggestion is listed when the overview aggregates it instead of listing it: its aside's id."""
    for row in doc.overview:
        if row.anchor == CO_OCCURRENCE_ANCHOR and suggestion.relation == CO_OCCURRENCE:
            return CO_OCCURRENCE_ANCHOR
        if row.anchor == WILDCARD_ANCHOR and suggestion.relation == SHARED_TEXT and suggestion.shared_in == WILDCARD:
            return WILDCARD_ANCHOR
    return None


def _mapped(matrix: MatrixSection) -> set[int]:
    """The rules the map names (its table links each to its row of the per-rule table)."""
    return {line["index"] for table in (matrix["primary"], matrix["full"]) if table
            for line in [*table["columns"], *table["rows"]]}


def _rule_table(doc: Report, mapped: set[int]) -> RuleTable:
    """The per-rule table's rows: every rule, or on a big graph the ones worth reading (see RULE_ROWS_LIMIT)."""
    figures = list(doc.rules)
    if len(figures) > RULE_ROWS_LIMIT:
        telling = [f.index for f in figures if f.index not in mapped and (f.lost or (f.phrases and not f.won))]
        room = max(0, RULE_ROWS_LIMIT - len(mapped))
        lost = {f.index: f.lost for f in figures}
        keep = mapped | set(sorted(telling, key=lambda i: (-lost[i], i))[:room])
        figures = [f for f in figures if f.index in keep]
    return {"rule_rows": _rule_rows(doc, figures), "rule_rows_hidden": len(doc.rules) - len(figures)}


def _rule_rows(doc: Report, figures: list[RuleFigures]) -> list[RuleRow]:
    rules = {r.index: r for r in doc.graph.rules}
    rows: list[RuleRow] = []
    for stats in figures:
        accepted = stats.accepted
        lost_to: list[LostTo] = [
            {"id": who, "count": count, "share": None if accepted <= 0 else count / accepted}
            for who, count in stats.lost_to.items()
        ]
        rule = rules.get(stats.index)
        rows.append({"r": stats, "lost_to": lost_to, "location": None if rule is None else rule.location})
    return rows


def _level(count: int, total: int) -> int:
    if count <= 0 or total <= 0:
        return 0
    share = count / total
    return 1 + sum(1 for bound in HEAT_BOUNDS if share >= bound)


def _matrix(
    doc: Report, rules: dict[int, RuleInfo], positions: list[int], totals: list[int],
    counts: dict[tuple[int, int], int],
) -> Matrix:
    axis = doc.steals.axis
    labels = [_label(rules, axis[p]) for p in positions]
    rows: list[MatrixRow] = []
    for i in positions:
        cells: list[MatrixCell] = []
        for j in positions:
            count = counts.get((i, j), 0)
            diagonal = i == j
            level = _level(count, totals[j])
            title = ""
            if count:
                source = _label(rules, axis[j])
                share = percent(count / totals[j]) if totals[j] else "—"
                if diagonal:
                    title = f"{source} keeps {count} of its {totals[j]} phrases ({share})"
                else:
                    title = (
                        f"{_label(rules, axis[i])} claims {count} of the {totals[j]} phrases "
                        f"generated from {source} ({share})"
                    )
            cells.append({"count": count, "diag": diagonal, "level": level, "title": title})
        rows.append({"label": _label(rules, axis[i]), "index": axis[i], "cells": cells})
    columns: list[MatrixColumn] = [
        {"short": f"#{axis[p] + 1}", "label": labels[k], "index": axis[p]} for k, p in enumerate(positions)
    ]
    return {"columns": columns, "rows": rows, "size": len(positions)}


def _matrix_section(doc: Report, rules: dict[int, RuleInfo]) -> MatrixSection:
    axis = doc.steals.axis
    size = len(axis)
    position = {index: p for p, index in enumerate(axis)}
    counts = {
        (position[taker], position[source]): count
        for taker, source, count in doc.steals.cells
        if taker in position and source in position
    }
    totals = [0] * size
    traffic = [0] * size
    for (i, j), count in counts.items():
        totals[j] += count
        if i != j:
            traffic[i] += count
            traffic[j] += count
    involved = [k for k in range(size) if traffic[k]]
    busiest = len(involved) > FULL_MATRIX_LIMIT
    if busiest:  # keep the page small: only the rules with the most traffic, in declaration order
        involved = sorted(sorted(involved, key=lambda k: (-traffic[k], k))[:FULL_MATRIX_LIMIT])
    if involved and size <= MAP_ALL_RULES:  # a small graph's map shows every rule
        involved = list(range(size))
    primary = _matrix(doc, rules, involved, totals, counts) if involved else None
    full = None
    if involved and len(involved) < size <= FULL_MATRIX_LIMIT:
        full = _matrix(doc, rules, list(range(size)), totals, counts)
    pairs = sorted(
        ((count, i, j) for (i, j), count in counts.items() if i != j and count),
        key=lambda t: (-t[0] / totals[t[2]], -t[0], t[1], t[2]),
    )
    top: list[Steal] = [
        {
            "taker": _label(rules, axis[i]),
            "source": _label(rules, axis[j]),
            "count": count,
            "total": totals[j],
            "share": count / totals[j],
        }
        for count, i, j in pairs[:TOP_STEALS]
    ]
    legend = (
        [f"under {percent(HEAT_BOUNDS[0])}"]
        + [f"{percent(low)}–{percent(high)}" for low, high in zip(HEAT_BOUNDS, HEAT_BOUNDS[1:], strict=False)]
        + [f"{percent(HEAT_BOUNDS[-1])} or more"]
    )
    return {
        "size": size,
        "top": top,
        "pairs": len(pairs),
        "legend": legend,
        "involved": len(involved),
        "busiest": busiest,
        "primary": primary,
        "full": full,
        "compact": bool(involved) and len(involved) < size,
        "levels": list(range(1, HEAT_LEVELS + 1)),
        "stolen": doc.steals.stolen,
    }


def _rerun(doc: Report) -> str:
    run = doc.run
    source = doc.graph.source
    parts = ["fuzzroute report", shlex.quote(source) if source else "GRAPH", f"--seed {run.seed}"]
    if run.budget_phrases is not None:
        parts.append(f"--budget {run.budget_phrases}")
    elif run.budget_seconds is not None:
        parts.append(f"--budget {run.budget_seconds:g}s")
    return " ".join(parts)
