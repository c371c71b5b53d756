"""The report file writes each wording once and each rule's name once, and reads back as the very report.

`fuzzroute.results.message_table` turns each decided item's and suggestion's
message into a template with the item's own rules and witness as
placeholders; `fuzzroute.results.rule_names` leaves out the names and
locations a rule's position gives.  Both must give back exactly what the
writers showed, for any text, and must keep a graph of many rules that
repeat one finding from repeating its sentence.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from fuzzroute import Graph, keywords
from fuzzroute.decided import decide
from fuzzroute.report import build_report, empty_exploration, read_report, schema_errors, written_document
from fuzzroute.results.jsonform import compact_text
from fuzzroute.results.message_table import TEMPLATES, expanded, full_form, template_of
from fuzzroute.results.record import to_json

#: Text with the characters a template treats specially: braces, quotes, backticks, and a marker byte.
TEXT = st.text(alphabet=st.sampled_from(list('ab {}"`#()\x00,r1')), max_size=12)
RULES = st.lists(st.fixed_dictionaries({"id": TEXT, "caption": TEXT}), min_size=1, max_size=3)


@st.composite
def messages(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A message made of the pieces messages are made of: rule references, ids, captions, a witness, text."""
    rules: list[dict[str, Any]] = [{**rule, "index": i} for i, rule in enumerate(draw(RULES))]
    roles: dict[str, Any] = {name: rule for name, rule in zip(("rule", "other", "c0"), rules, strict=False)}
    witness = draw(TEXT)
    roles["witness"] = witness
    pieces = []
    for _ in range(draw(st.integers(0, 6))):
        rule = draw(st.sampled_from(rules))
        pieces.append(draw(st.sampled_from([
            f'"{rule["id"]}" (rule #{rule["index"] + 1}, `{rule["caption"]}`)', f'"{rule["id"]}"',
            f"`{rule['caption']}`", f'"{witness}"', draw(TEXT),
        ])))
    return "".join(pieces), roles


@settings(max_examples=300, deadline=None)
@given(messages())
def test_a_template_gives_back_its_message_exactly(case: tuple[str, dict[str, Any]]) -> None:
    message, roles = case
    template = template_of(message, roles)
    assert expanded(template, roles) == message


def test_a_rule_reference_becomes_a_placeholder() -> None:
    rules = {"rule": {"id": "billing", "index": 2, "caption": "refund, invoice"},
             "other": {"id": "orders", "index": 0, "caption": "/order/"}}
    message = ('"orders" (rule #1, `/order/`) takes "refund my order" from "billing" (rule #3, `refund, invoice`); '
               'narrow `/order/` {or not}.')
    template = template_of(message, {**rules, "witness": "refund my order"})
    assert template == "{other} takes {witness} from {rule}; narrow {other.caption} {{or not}}."


def repeating_graph(pairs: int) -> Graph:
    """`pairs` pairs of rules in which the later rule's own words are the earlier rule's: one finding, repeated."""
    graph = Graph("repeats")
    for i in range(pairs):
        word = f"w{i}x"
        graph = graph.entry(f"wide{i}", match=keywords(word)).entry(f"narrow{i}", match=keywords(f"{word} now"))
    return graph


def test_many_rules_repeating_one_finding_write_its_sentence_once(tmp_path: Path) -> None:
    graph = repeating_graph(40)
    report = build_report(graph, graph.checkup(), empty_exploration(0, 10, None, partial=False),
                          decisions=decide(graph))
    assert len(report.decided) >= 40
    document = written_document(report)
    assert schema_errors(document) == []
    assert len(document[TEMPLATES]) <= 3  # one wording per kind of finding, whatever the number of rules
    assert all(isinstance(item["message"], int) and "rule" not in item for item in document["decided"])
    in_full = to_json(report)
    assert len(compact_text(document)) < len(compact_text(in_full))
    assert len(compact_text([document["decided"], document[TEMPLATES]])) < len(compact_text(in_full["decided"])) / 2
    # Read back (as `merge`, a baseline or a script reads it), the file is the very report the writers saw.
    written = tmp_path / "r.json"
    written.write_text(compact_text(document), encoding="utf-8")
    assert read_report(json.loads(written.read_text(encoding="utf-8"))) == report
    assert full_form(document) == to_json(report)
