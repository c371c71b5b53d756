"""The HTML page, read back with a parser: same numbers as the JSON, two apart halves, no live markup."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from html.parser import HTMLParser
from typing import Any, Literal

from helpers.report_fixtures import (
    HOSTILE_ATTRIBUTE,
    HOSTILE_ID,
    HOSTILE_SCRIPT,
    judge_samples,
    support_exploration,
    support_graph,
    wide_exploration,
    wide_graph,
    witness,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from fuzzroute import Graph, keywords
from fuzzroute.report import GENERATED_BOUNDARY, PROVEN_BOUNDARY, Report, build_report, render_html, to_json
from fuzzroute.report.assembly.overview import overview
from fuzzroute.report.assembly.pipeline import empty_exploration
from fuzzroute.report.render.html import FULL_MATRIX_LIMIT, visible_phrase
from fuzzroute.results.document import DecidedRecord
from fuzzroute.results.record import from_json
from fuzzroute.results.suggestions import NEAR_MISS_UNCLAIMED, Exploration, Suggestion

VOID = {"meta", "br", "hr", "img", "input", "link", "col", "area", "base", "source", "wbr"}
NOW = datetime(2025, 1, 2, tzinfo=UTC)

#: The question each decided kind answers, as the decided tier writes it.
QUESTIONS = {"decided-never-wins": "never-wins", "decided-disjoint": "overlap", "decided-overlap": "overlap",
             "decided-never-matches": "matcher", "decided-redos": "backtracking", "undecided": "overlap"}


@dataclass
class Node:
    tag: str
    attrs: dict[str, str | None]
    parent: Node | None = None
    children: list[Node | str] = field(default_factory=list)

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def walk(self) -> list[Node]:
        found = [self]
        for child in self.children:
            if isinstance(child, Node):
                found.extend(child.walk())
        return found

    def find(self, predicate: Any) -> list[Node]:
        return [n for n in self.walk() if predicate(n)]

    def classes(self) -> set[str]:
        return set((self.attrs.get("class") or "").split())

    def ancestors(self) -> list[Node]:
        out, node = [], self.parent
        while node is not None:
            out.append(node)
            node = node.parent
        return out


class TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {})
        self.current = self.root

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, dict(attrs), self.current)
        self.current.children.append(node)
        if tag not in VOID:
            self.current = node

    def handle_endtag(self, tag: str) -> None:
        node: Node | None = self.current
        while node is not None and node.tag != tag:
            node = node.parent
        assert node is not None and node.parent is not None, f"stray </{tag}>"
        self.current = node.parent

    def handle_data(self, data: str) -> None:
        self.current.children.append(data)


def parse(html: str) -> Node:
    builder = TreeBuilder()
    builder.feed(html)
    builder.close()
    return builder.root


def by_class(root: Node, name: str) -> list[Node]:
    return root.find(lambda n: name in n.classes())


def by_id(root: Node, ident: str) -> Node:
    (node,) = root.find(lambda n: n.attrs.get("id") == ident)
    return node


def counts_shown(root: Node) -> dict[str, int]:
    return {n.attrs["data-count"] or "": int(n.text()) for n in root.find(lambda n: "data-count" in n.attrs)}


def plain(text: str) -> str:
    """Prose as the page shows it: backticked spans become code, so the backticks go."""
    return squeeze(text.replace("`", ""))


def squeeze(text: str) -> str:
    return " ".join(text.split())


def support_document(**options: Any) -> Report:
    graph = support_graph()
    return build_report(graph, graph.checkup(), support_exploration(**options), now=NOW)


def test_the_page_states_the_documents_numbers() -> None:
    report = support_document(budget_phrases=5000)
    root = parse(render_html(report))
    doc = to_json(report)
    assert counts_shown(root) == {
        "proven-errors": doc["summary"]["proven_errors"],
        "proven-warnings": doc["summary"]["proven_warnings"],
        "suggestions": doc["summary"]["suggestions"],
        "rules": doc["graph"]["rule_count"],
        "declared-examples": doc["graph"]["declared_examples"],
        "never-routes": len(doc["graph"]["never_routes"]),
        "seed": doc["run"]["seed"],
        "phrases-generated": doc["run"]["phrases_generated"],
        "phrases-judged": doc["run"]["phrases_judged"],
    }
    problems = doc["proven"]["problems"]
    assert len(by_class(root, "finding")) == len({p["example"] for p in problems})
    assert len(by_class(root, "problem")) == len(problems)
    assert len(by_class(root, "suggestion")) == len(doc["suggestions"])
    assert len(root.find(lambda n: n.tag == "tr" and "data-rule" in n.attrs)) == len(doc["rules"])
    pills = [int(n.text()) for n in by_class(root, "pill")]
    assert sorted(pills) == sorted(doc["summary"]["suggestions_by_kind"].values())


def test_errors_come_before_warnings() -> None:
    root = parse(render_html(support_document()))
    kinds = ["error" if "finding-error" in n.classes() else "warning" for n in by_class(root, "finding")]
    assert kinds == sorted(kinds) and "error" in kinds and "warning" in kinds


def test_proof_and_suggestion_live_in_separate_sections() -> None:
    root = parse(render_html(support_document()))
    proven, generated = by_id(root, "proven"), by_id(root, "generated")
    assert "not proof" in by_id(root, "generated-title").text().lower()
    for finding in by_class(root, "finding"):
        assert proven in finding.ancestors() and generated not in finding.ancestors()
    for suggestion in by_class(root, "suggestion"):
        assert generated in suggestion.ancestors() and proven not in suggestion.ancestors()
    assert plain(PROVEN_BOUNDARY) in squeeze(by_id(root, "proven-boundary").text())
    assert plain(GENERATED_BOUNDARY) in squeeze(by_id(root, "generated-boundary").text())
    # The per-rule figures are generated too; the map of the graph sits in the overview, marked as not proof.
    assert generated in by_id(root, "rules-table").ancestors()
    matrix = by_id(root, "matrix")
    assert by_id(root, "overview") in matrix.ancestors() and proven not in matrix.ancestors()
    assert "not proof" in matrix.text().lower()


def test_every_witness_and_its_claimants_are_shown() -> None:
    report = support_document()
    root = parse(render_html(report))
    doc = to_json(report)
    text = by_id(root, "generated").text()
    for suggestion in doc["suggestions"]:
        for w in suggestion["witnesses"]:
            assert parse(str(visible_phrase(w["phrase"]))).text() in text
            for who in (w["cold_walk"], w["cascade"]):
                assert (who or "no entry") in text


def test_hostile_text_is_inert_and_visible() -> None:
    html = render_html(support_document())
    assert HOSTILE_SCRIPT not in html and HOSTILE_ID not in html
    root = parse(html)
    assert not root.find(lambda n: n.tag in ("script", "img", "iframe", "object", "embed"))
    assert not root.find(lambda n: any(name.startswith("on") for name in n.attrs))
    text = root.text()
    assert HOSTILE_SCRIPT in text and HOSTILE_ATTRIBUTE in text and HOSTILE_ID in text


def test_the_page_is_self_contained() -> None:
    html = render_html(support_document())
    root = parse(html)
    assert not root.find(lambda n: n.tag in ("link", "script", "img", "iframe"))
    for node in root.walk():
        for name in ("src", "href", "action", "srcset", "poster"):
            value = node.attrs.get(name)
            assert value is None or value.startswith("#"), (node.tag, name, value)
    (style,) = root.find(lambda n: n.tag == "style")
    css = style.text()
    assert "@import" not in css and not re.search(r"url\((?!data:)", css)
    (policy,) = root.find(lambda n: n.attrs.get("http-equiv") == "Content-Security-Policy")
    content = policy.attrs["content"] or ""
    assert "default-src 'none'" in content and "script-src" not in content


def test_partial_banner_only_when_partial() -> None:
    whole = parse(render_html(support_document()))
    assert not whole.find(lambda n: n.attrs.get("id") == "partial")
    cut = parse(render_html(support_document(partial=True)))
    assert "Partial report" in by_id(cut, "partial").text()


def test_empty_state_still_states_both_boundaries() -> None:
    graph = Graph("bare").entry("billing", match=keywords("refund")).entry("fallback")
    doc = build_report(graph, graph.checkup(), empty_exploration(0, None, 1.0, partial=False))
    root = parse(render_html(doc))
    assert "Nothing was proven" in by_id(root, "proven-empty").text()
    assert "proves nothing about coverage" in by_id(root, "generated-empty").text()
    assert plain(PROVEN_BOUNDARY) in squeeze(by_id(root, "proven-boundary").text())
    assert plain(GENERATED_BOUNDARY) in squeeze(by_id(root, "generated-boundary").text())
    assert by_id(root, "matrix-empty")


def test_clean_proven_half_says_what_it_covered() -> None:
    graph = Graph("clean").entry("billing", match=keywords("refund"), examples=["refund please"])
    doc = build_report(graph, graph.checkup(), judge_samples(graph, {0: ["refund"]}))
    text = by_id(parse(render_html(doc)), "proven-empty").text()
    assert "No proven problems" in text and "1 declared example" in text and "not checked" in text


def test_paste_line_follows_the_graph_format() -> None:
    graph = support_graph()
    exploration = support_exploration()
    formats: tuple[tuple[Literal["python", "json"], str], ...] = (("python", "paste"), ("json", "paste_json"))
    for graph_format, key in formats:
        doc = build_report(graph, graph.checkup(), exploration, graph_format=graph_format)
        shown = [n.text() for n in parse(render_html(doc)).find(lambda n: n.tag == "pre")]
        assert shown == [s[key] for s in to_json(doc)["suggestions"] if s[key] is not None] != []


def test_matrix_cells_add_up_to_the_steals() -> None:
    doc = support_document()
    root = parse(render_html(doc))
    tables = root.find(lambda n: n.tag == "table" and "matrix" in n.classes())
    full = max(tables, key=lambda t: int(t.attrs["data-rules"] or 0))
    cells = [int(c.text()) for c in full.find(lambda n: n.tag == "td") if c.text()]
    assert sum(cells) == sum(n for _i, _j, n in doc.steals.cells)


def test_a_hundred_rule_report_stays_small_and_compact() -> None:
    graph = wide_graph(100)
    doc = build_report(graph, graph.checkup(), wide_exploration(graph, suggestions=300))
    html = render_html(doc)
    assert len(html.encode("utf-8")) < 3_000_000
    root = parse(html)
    assert len(by_class(root, "suggestion")) == 300
    # Large groups start collapsed so the page opens on the overview.
    groups = by_class(root, "group")
    assert groups and all("open" not in g.attrs for g in groups)


def test_matrix_shows_only_rules_involved_in_a_steal_by_default() -> None:
    graph = Graph("mostly-clean")
    for k in range(12):
        graph.entry(f"r{k}", match=keywords(f"w{k}"))
    samples = {k: [f"w{k}"] for k in range(12)}
    samples[9] = ["w2 and w9"]  # rule r2 takes a phrase of r9
    doc = build_report(graph, graph.checkup(), judge_samples(graph, samples))
    root = parse(render_html(doc))
    tables = root.find(lambda n: n.tag == "table" and "matrix" in n.classes())
    assert sorted(int(t.attrs["data-rules"] or 0) for t in tables) == [2, 12]
    assert "#3 r2 claims 1 of the 1 phrases generated from #10 r9" in root.text()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.text(min_size=1, max_size=40), min_size=1, max_size=4))
def test_any_phrase_is_shown_as_text(texts: list[str]) -> None:
    graph = support_graph()
    suggestions = tuple(
        Suggestion(NEAR_MISS_UNCLAIMED, "billing", 0, None, None, None, None, 1, (witness(graph, t, "drawn"),), t)
        for t in texts
    )
    exploration = Exploration(1, 10, None, len(texts), len(texts), 0.0, suggestions, (), ())
    root = parse(render_html(build_report(graph, graph.checkup(), exploration)))
    assert not root.find(lambda n: n.tag == "script" or any(a.startswith("on") for a in n.attrs))
    phrases = [n.text() for n in by_class(root, "phrase") if by_id(root, "generated") in n.ancestors()]
    assert phrases == [parse(str(visible_phrase(t))).text() for t in texts]


def test_a_very_wide_graph_keeps_the_busiest_rules_in_the_matrix() -> None:
    graph = wide_graph(220)
    doc = build_report(graph, graph.checkup(), wide_exploration(graph, suggestions=20))
    html = render_html(doc)
    assert len(html.encode("utf-8")) < 3_000_000
    tables = parse(html).find(lambda n: n.tag == "table" and "matrix" in n.classes())
    assert [t.attrs["data-rules"] for t in tables] == [str(FULL_MATRIX_LIMIT)]
    assert "with the most phrases taken or lost" in html


def test_the_overview_links_every_card_tier_by_tier() -> None:
    doc = support_document()
    def item(ident: str, kind: str, rule: str, index: int, other: str | None, witness: str | None) -> dict[str, Any]:
        return {"id": ident, "kind": kind, "question": QUESTIONS[kind], "rule": rule, "rule_index": index,
                "message": f"{kind} about {rule}", "witness": witness, "location": None, "other_rule": other,
                "other_rule_index": None if other is None else 0, "containing_rules": [], "dead_rules": [],
                "reason": None, "law": None, "claims": None}

    # The decided tier's items, as that tier writes them into the document.
    decided = [
        item("decided-1", "decided-never-wins", "refunds", 1, None, None),
        item("decided-2", "decided-disjoint", "account", 2, "billing", None),
        item("decided-3", "decided-overlap", "refunds", 1, "billing", "refund the payment"),
    ]
    records = [from_json(DecidedRecord, d) for d in decided]
    report = replace(doc, decided=records, decision=replace(doc.decision, ran=True, reason=None),
                     overview=overview(doc.proven.problems, records, doc.suggestions, doc.rules).rows)
    root = parse(render_html(report))
    doc = to_json(report)
    rows = by_id(root, "findings").find(lambda n: n.tag == "tr" and "data-tier" in n.attrs)
    tiers = [r.attrs["data-tier"] for r in rows]
    problems = doc["proven"]["problems"]
    by_default = {p["example"] for p in problems if p["code"] == "never-routes-by-default"}
    proven = len({p["example"] for p in problems} - by_default)
    # The table is the JSON overview, row for row: proven rows, then the rule that never wins (decided, the
    # strongest evidence), then the default taking the never-route phrases (one row), then the sampled rows.
    assert tiers == [row["tier"] for row in doc["overview"]]
    after = ["proven"] if by_default else []
    assert tiers[:proven + 1 + len(after)] == ["proven"] * proven + ["decided"] + after
    assert set(tiers[proven + 1 + len(after):]) == {"suggested"}
    anchors = [r.find(lambda n: n.tag == "a") for r in rows]
    links = [found[0].attrs["href"] for found in anchors]  # each row's own card
    also = [a.attrs["href"] for found in anchors for a in found[1:]]  # weaker findings about the same rules
    assert also == ["#" + a["anchor"] for row in doc["overview"] for a in row["also"]]
    ids = {"#" + (n.attrs["id"] or "") for n in root.find(lambda n: bool(n.attrs.get("id")))}
    assert set(links) | set(also) <= ids
    # A disjoint pair is a fact, and an overlap whose relation is not known is listed in its section only.
    assert "#decided-1" in links and not {"#decided-2", "#decided-3"} & set(links)
    # Every suggestion is linked, or stands behind a row that names its kind and rule (near misses of one
    # rule are one row), or in an aggregate row (glued texts), or is counted in the `more` row.
    overview_rows = report.overview
    more = sum(r.count or 0 for r in overview_rows if r.kind == "more")
    unlisted = 0
    for position, s in enumerate(report.suggestions, start=1):
        if any(r.anchor == f"suggestion-{position}" or f"suggestion-{position}" in {a.anchor for a in r.also}
               for r in overview_rows):
            continue
        if any(r.kind == s.kind and r.rule and s.rule and s.rule in r.rule.split(", ") for r in overview_rows):
            continue
        if any(s.rule and s.rule in r.rules and (r.variant or None) == (s.variant or None) for r in overview_rows):
            continue  # a member of a row about several rules (one near-miss kind that several rules miss)
        if s.relation == "co-occurrence" and any(r.kind == "co-occurrence" for r in overview_rows):
            continue
        unlisted += 1
    assert unlisted <= more
    # One card per declared phrase, and every problem of the phrase on it.
    phrases = [n.attrs["data-phrase"] for n in by_class(root, "finding")]
    assert len(phrases) == len(set(phrases))
    for card in by_class(root, "finding"):
        codes = [li.attrs["data-code"] or "" for li in by_class(card, "problem")]
        assert sorted(codes) == sorted(p["code"] for p in problems if p["example"] == card.attrs["data-phrase"])


def test_the_cold_start_context_is_explained_once_per_section() -> None:
    from fuzzroute.engine.context import COLD_CONTEXT_DESCRIPTION

    root = parse(render_html(support_document()))
    proven = squeeze(by_id(root, "proven").text())
    assert proven.count(squeeze(COLD_CONTEXT_DESCRIPTION)) == 1
    assert squeeze(COLD_CONTEXT_DESCRIPTION) in squeeze(by_id(root, "cold-start").text())
