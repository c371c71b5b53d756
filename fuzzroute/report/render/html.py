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

from fuzzroute.engine.context import COLD_CONTEXT_DESCRIPTION
from fuzzroute.report.render.decided_view import decided_view
from fuzzroute.report.render.overview import TIERS, code_help, findings_rows, proven_cards
from fuzzroute.report.render.wording import LAW_EXPLANATIONS, LAW_NAMES, explain_problem, explain_suggestion
from fuzzroute.results.suggestions import SUGGESTION_KINDS

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
VISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Co", "Cn"})


@lru_cache(maxsize=1)
def _environment() -> Environment:
    env = Environment(
        loader=PackageLoader("fuzzroute", "templates"),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["phrase"] = visible_phrase
    env.filters["pct"] = percent
    env.filters["plural"] = plural
    env.filters["compact_json"] = compact_json
    env.filters["ticks"] = ticks
    env.globals["decided_view"] = decided_view
    return env


def render_html(document: dict[str, Any]) -> str:
    """The complete HTML page of a report document."""
    template = _environment().get_template("report.html.j2")
    return template.render(doc=document, view=build_view(document))


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
        return Markup(escape(text))
    out = [str(escape(piece)) if k % 2 == 0 else f"<code>{escape(piece)}</code>" for k, piece in enumerate(pieces)]
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


def plural(count: int, word: str, many: str | None = None) -> str:
    """`1 phrase`, `2 phrases`."""
    return f"{count} {word if count == 1 else (many or word + 's')}"


def compact_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "), sort_keys=True)


def build_view(doc: dict[str, Any]) -> dict[str, Any]:
    """What the template needs beyond the document: labels, groupings, matrix cells.

    Everything here is derived from `doc` alone.
    """
    rules = {r["index"]: r for r in doc["graph"]["rules"]}
    # Under a scorer or read mount neither law picks the start at run time, so
    # neither is marked as "this graph".
    law = doc["graph"]["law"] if doc["graph"]["order_decides"] else None
    problems = _problems(doc, rules, law)
    groups = _groups(doc, rules, law)
    cards = proven_cards(problems)
    return {
        "law": law,
        "law_name": LAW_NAMES[doc["graph"]["law"]],
        "laws": [
            {"key": key, "name": LAW_NAMES[key], "text": LAW_EXPLANATIONS[key], "used": key == law}
            for key in ("cold_walk", "cascade")
        ],
        "problems": problems,
        "cards": cards,
        "code_help": code_help(problems),
        "cold_context": COLD_CONTEXT_DESCRIPTION,
        "groups": groups,
        "findings": findings_rows(doc, cards, groups),
        "tiers": TIERS,
        "rule_rows": _rule_rows(doc),
        "matrix": _matrix_section(doc, rules),
        "rerun": _rerun(doc),
    }


def _label(rules: dict[int, dict[str, Any]], index: int | None, fallback: str | None = None) -> str:
    if index is None:
        return fallback if fallback is not None else "no entry"
    rule = rules.get(index)
    name = rule["id"] if rule is not None else (fallback or "?")
    return f"#{index + 1} {name}"


def _claimant(
    rules: dict[int, dict[str, Any]], key: str, law: str | None, ident: str | None, index: int | None
) -> dict[str, Any]:
    rule = None if index is None else rules.get(index)
    default = rule is not None and rule["kind"] == "default"
    label = "no entry (falls through)" if ident is None and index is None else _label(rules, index, ident)
    return {"law": LAW_NAMES[key], "used": key == law, "label": label, "none": ident is None, "default": default}


def _problems(doc: dict[str, Any], rules: dict[int, dict[str, Any]], law: str | None) -> list[dict[str, Any]]:
    ordered = sorted(doc["proven"]["problems"], key=lambda p: 0 if p["kind"] == "error" else 1)
    out = []
    for problem in ordered:
        claims = problem["claims"]
        shown = []
        if claims is not None:
            for key in ("cold_walk", "cascade"):
                who = claims[key]
                ident, index = (None, None) if who is None else (who["id"], who["index"])
                shown.append(_claimant(rules, key, law, ident, index))
        out.append({"p": problem, "why": explain_problem(problem["code"]), "claims": shown})
    return out


def _groups(doc: dict[str, Any], rules: dict[int, dict[str, Any]], law: str | None) -> list[dict[str, Any]]:
    order = {kind: position for position, kind in enumerate(SUGGESTION_KINDS)}
    buckets: dict[str, list[dict[str, Any]]] = {}
    for position, suggestion in enumerate(doc["suggestions"]):
        witnesses = [
            {
                "w": w,
                "claims": [
                    _claimant(rules, "cold_walk", law, w["cold_walk"], w.get("cold_walk_index")),
                    _claimant(rules, "cascade", law, w["cascade"], w.get("cascade_index")),
                ],
                "disagree": (w["cold_walk"], w.get("cold_walk_index")) != (w["cascade"], w.get("cascade_index")),
            }
            for w in suggestion["witnesses"]
        ]
        # `"examples": [...]` is also a valid TypeScript/JavaScript property.
        paste = suggestion["paste"] if doc["graph"]["format"] == "python" else suggestion["paste_json"]
        item = {
            "s": suggestion,
            "agree": not any(w["disagree"] for w in witnesses),
            "rule": _label(rules, suggestion["rule_index"], suggestion["rule"]) if suggestion["rule"] else None,
            "from": _label(rules, suggestion["from_index"], suggestion["from"]) if suggestion["from"] else None,
            "to": _label(rules, suggestion["to_index"], suggestion["to"]) if suggestion["to"] else None,
            "witnesses": witnesses,
            "paste": paste,
            "anchor": f"suggestion-{position + 1}",
        }
        buckets.setdefault(suggestion["kind"], []).append(item)
    groups = []
    for kind in sorted(buckets, key=lambda k: (order.get(k, len(order)), k)):
        items = buckets[kind]
        groups.append(
            {
                "kind": kind,
                "why": explain_suggestion(kind),
                "items": items[:GROUP_SHOWN],
                "more": items[GROUP_SHOWN:],
                "count": len(items),
                "open": len(items) <= GROUP_OPEN_LIMIT,
            }
        )
    return groups


def _rule_rows(doc: dict[str, Any]) -> list[dict[str, Any]]:
    rules = {r["index"]: r for r in doc["graph"]["rules"]}
    rows = []
    for stats in doc["rules"]:
        accepted = stats["accepted"]
        lost_to = [
            {"id": who, "count": count, "share": None if accepted <= 0 else count / accepted}
            for who, count in stats["lost_to"].items()
        ]
        declared = rules.get(stats["index"], {}).get("location")
        rows.append({"r": stats, "lost_to": lost_to, "location": declared})
    return rows


def _level(count: int, total: int) -> int:
    if count <= 0 or total <= 0:
        return 0
    share = count / total
    return 1 + sum(1 for bound in HEAT_BOUNDS if share >= bound)


def _matrix(
    doc: dict[str, Any], rules: dict[int, dict[str, Any]], positions: list[int], totals: list[int]
) -> dict[str, Any]:
    axis = doc["steals"]["axis"]
    counts = doc["steals"]["counts"]
    labels = [_label(rules, axis[p]) for p in positions]
    rows = []
    for i in positions:
        cells = []
        for j in positions:
            count = counts[i][j]
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
    columns = [{"short": f"#{axis[p] + 1}", "label": labels[k], "index": axis[p]} for k, p in enumerate(positions)]
    return {"columns": columns, "rows": rows, "size": len(positions)}


def _matrix_section(doc: dict[str, Any], rules: dict[int, dict[str, Any]]) -> dict[str, Any]:
    counts = doc["steals"]["counts"]
    size = len(counts)
    totals = [sum(counts[i][j] for i in range(size)) for j in range(size)]
    traffic = [0] * size
    for i in range(size):
        for j in range(size):
            if i != j and counts[i][j]:
                traffic[i] += counts[i][j]
                traffic[j] += counts[i][j]
    involved = [k for k in range(size) if traffic[k]]
    busiest = len(involved) > FULL_MATRIX_LIMIT
    if busiest:  # keep the page a few MB: only the rules with the most traffic, in declaration order
        involved = sorted(sorted(involved, key=lambda k: (-traffic[k], k))[:FULL_MATRIX_LIMIT])
    if involved and size <= MAP_ALL_RULES:  # a small graph's map shows every rule
        involved = list(range(size))
    primary = _matrix(doc, rules, involved, totals) if involved else None
    full = None
    if involved and len(involved) < size <= FULL_MATRIX_LIMIT:
        full = _matrix(doc, rules, list(range(size)), totals)
    pairs = sorted(
        ((counts[i][j], i, j) for i in range(size) for j in range(size) if i != j and counts[i][j]),
        key=lambda t: (-t[0] / totals[t[2]], -t[0], t[1], t[2]),
    )
    axis = doc["steals"]["axis"]
    top = [
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
        "stolen": doc["steals"]["stolen"],
    }


def _rerun(doc: dict[str, Any]) -> str:
    run = doc["run"]
    source = doc["graph"]["source"]
    parts = ["fuzzroute report", shlex.quote(source) if source else "GRAPH", f"--seed {run['seed']}"]
    if run["budget_phrases"] is not None:
        parts.append(f"--budget {run['budget_phrases']}")
    elif run["budget_seconds"] is not None:
        parts.append(f"--budget {run['budget_seconds']:g}s")
    return " ".join(parts)
