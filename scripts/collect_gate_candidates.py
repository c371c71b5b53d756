"""Collect the phrases the generated tier offers its naturalness gate, before the gate judges them.

Why it exists: to measure the naturalness gate honestly, its accuracy must be
taken on phrases labelled by hand *without* knowing what the gate says about
them, and drawn from what the generator really produces (not from what the
gate already let through, which would hide its misses).  This script runs, in
one process, what `fuzzroute suggest` and `fuzzroute report` run for a graph
(default seed and budget, one worker so that every gate call happens here),
with `Gate.why` wrapped so that each phrase offered to it is recorded *before*
the gate is asked.  The gate's answers are never printed nor written: the
output is a list of phrases to label blind.

Rows are deduplicated by (phrase, rule) and written as TSV
`phrase<TAB>rule<TAB>glue` (`glue` is 1 when the phrase was ever offered with
the glued-words check on).  `--sample N` draws N of them at random with a
fixed seed (`--sample-seed`, 2026 by default) from the sorted list, so the
draw can be repeated, and writes them to `--sample-out`.

    python scripts/collect_gate_candidates.py GRAPH [--out FILE] [--sample 50 --sample-out FILE]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from fuzzroute.authoring.suggest import suggest_examples
from fuzzroute.cli.app import keep_hypothesis_storage_out_of_the_project
from fuzzroute.fix.report_fixes import proposed_fixes
from fuzzroute.generate.natural_gate import Gate
from fuzzroute.graphfiles.loader import load_graph, split_spec
from fuzzroute.report import ReportOptions, write_report

#: (phrase, rule id) -> offered with glue=True at least once.
Candidates = dict[tuple[str, str], bool]


@contextmanager
def offers_recorded(into: Candidates) -> Iterator[None]:
    """Wrap `Gate.why` so every offer is written into `into` before the real gate runs; its answer is passed on."""
    original = Gate.why

    def recording(self: Gate, phrase: str, rule: int | None, *, glue: bool = False) -> str | None:
        rule_id = self.entries[rule].id if rule is not None and 0 <= rule < len(self.entries) else ""
        key = (phrase, rule_id)
        into[key] = into.get(key, False) or glue
        return original(self, phrase, rule, glue=glue)

    Gate.why = recording  # type: ignore[method-assign]
    try:
        yield
    finally:
        Gate.why = original  # type: ignore[method-assign]


def collect(graph_spec: str, seed: int = 0) -> Candidates:
    """Every (phrase, rule) a `suggest` run and a `report` run of `graph_spec` offer the gate."""
    keep_hypothesis_storage_out_of_the_project()
    found: Candidates = {}
    loaded = load_graph(graph_spec)
    with offers_recorded(found):
        suggest_examples(loaded, seed=seed)
        with tempfile.TemporaryDirectory() as folder:
            write_report(loaded.graph, ReportOptions(
                html_path=Path(folder) / "report.html", seed=seed, source_path=graph_spec,
                graph_format=loaded.format, workers=1, fixes=proposed_fixes,
                graph_file=Path(split_spec(graph_spec)[0]).resolve(),
            ))
    return found


Row = tuple[str, str, bool]


def rows(found: Candidates) -> list[Row]:
    """The candidates offered for a rule, sorted (so the list does not depend on the order of the gate's calls)."""
    return sorted((phrase, rule, glue) for (phrase, rule), glue in found.items() if rule)


def drawn(listed: list[Row], sample: int, sample_seed: int) -> list[Row]:
    """`sample` rows drawn at random with a fixed seed (all of them when there are fewer)."""
    return random.Random(sample_seed).sample(listed, min(sample, len(listed)))


def tsv(listed: list[Row]) -> str:
    return "".join(f"{phrase}\t{rule}\t{int(glue)}\n" for phrase, rule, glue in listed)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("graph", help="the graph (file, or file:attribute)")
    parser.add_argument("--out", type=Path, default=None, help="TSV file to write [default: stdout]")
    parser.add_argument("--seed", type=int, default=0, help="generation seed [default: 0, the CLI's]")
    parser.add_argument("--sample", type=int, default=None, help="draw this many rows at random")
    parser.add_argument("--sample-seed", type=int, default=2026, help="seed of the draw [default: 2026]")
    parser.add_argument("--sample-out", type=Path, default=None, help="TSV file the draw is written to")
    options = parser.parse_args(argv)
    if (options.sample is None) != (options.sample_out is None):
        parser.error("--sample and --sample-out go together")
    listed = rows(collect(options.graph, seed=options.seed))
    if options.out is None:
        sys.stdout.write(tsv(listed))
    else:
        options.out.write_text(tsv(listed), encoding="utf-8")
    message = f"{len(listed)} (phrase, rule) candidate(s) offered"
    if options.sample is not None:
        chosen = drawn(listed, options.sample, options.sample_seed)
        options.sample_out.write_text(tsv(chosen), encoding="utf-8")
        message += f", {len(chosen)} drawn into {options.sample_out}"
    print(message, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
