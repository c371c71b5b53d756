"""How much the phrases fuzzroute shows an author read like messages a user types.

A maintenance measurement, run by hand (not in CI): for each graph it runs
`explore` (the report's suggestions) and `suggest` (the picks an author is
asked to paste), and scores the phrases shown: the best witness of every
suggestion and every pick.

* words in the list: the share of a phrase's words that are in `wordfreq`'s
  English list (a non-word such as "sslcertificate" or "errorlogs" is not);
  near misses made by a typo or by joining two words are non-words on
  purpose, so they are counted apart ("deliberate non-words");
* glued: phrases with punctuation inside them that is not part of a word
  ("deploy: outage", "cancel, subscription order"; a comma after an opening
  "hi" is how people write and does not count);
* splices: near misses made by putting another rule's trigger into a declared
  example ("grant access to database");
* inflections: near misses made by inflecting a word, listed with `--list` so
  that a reader can judge whether each fits its sentence.

Only public functions are used, so the same script measures an older checkout
(`PYTHONPATH=/path/to/old/checkout python scripts/measure_naturalness.py`).

    python scripts/measure_naturalness.py [--budget 2000] [--list FILE] [GRAPH ...]

Without GRAPH: the bundled examples, then every graph of tests/data/real.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path

from wordfreq import zipf_frequency

from fuzzroute.authoring.suggest import suggest_examples
from fuzzroute.graphfiles.loader import load_graph

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = [
    "examples/devops.py", "examples/banking.json", "examples/support.py", "examples/authoring.py",
    "examples/planted_defects.py", "examples/nightly_shop.json", "examples/keyword_boundaries.json",
]
_END = re.compile(r"[.!?]+$")
#: Punctuation between words: a mark that is not inside a word (hyphen and apostrophe inside one are fine).
_GLUE = re.compile(r"[:;,()\"#\[\]{}]|(?<!\w)[-']|[-'](?!\w)")
_OPENER = re.compile(r"^(?:hi|hey|hello|ok|okay|so|yes|no|well|thanks|please|oh),\s", re.IGNORECASE)
#: Edits that make non-words on purpose.
NON_WORD_EDITS = ("typo", "spacing")


def words(phrase: str) -> list[str]:
    return [w for w in (t.strip(".,:;!?\"'()#[]{}") for t in phrase.split()) if w]


def in_list(word: str) -> bool:
    return zipf_frequency(word, "en") > 0


def glued(phrase: str) -> bool:
    return bool(_GLUE.search(_OPENER.sub("", _END.sub("", phrase.strip()), count=1)))


class Tally:
    def __init__(self) -> None:
        self.phrases = 0
        self.words = 0
        self.listed = 0
        self.glued = 0
        self.splices = 0
        self.non_words = 0
        self.inflections: list[str] = []

    def add(self, phrase: str, mutation: str | None = None) -> None:
        self.phrases += 1
        if mutation and mutation.startswith(NON_WORD_EDITS):
            self.non_words += 1
        else:
            found = words(phrase)
            self.words += len(found)
            self.listed += sum(in_list(w) for w in found)
        self.glued += glued(phrase)
        if mutation and mutation.startswith("splice"):
            self.splices += 1
        if mutation and mutation.startswith("inflection"):
            self.inflections.append(f"{phrase!r}  ({mutation})")

    def line(self, label: str) -> str:
        share = self.listed / self.words if self.words else 1.0
        return (
            f"{label:28} {self.phrases:5} phrases  words in list {share:6.1%} (deliberate non-words"
            f" {self.non_words:3})  glued {self.glued:4}  splice near misses {self.splices:3}"
            f"  inflection near misses {len(self.inflections):3}"
        )


def measure(specs: Iterable[str], budget: int, shown: Tally, picked: Tally) -> None:
    for spec in specs:
        try:
            loaded = load_graph(spec)
        except Exception as exc:  # noqa: BLE001 - a graph that does not load is skipped, and said so
            print(f"  skipped {spec}: {exc}", file=sys.stderr)
            continue
        suggested = suggest_examples(loaded, per_rule=3, budget_phrases=budget)
        for suggestion in suggested.exploration.suggestions:
            if suggestion.witnesses:
                best = suggestion.witnesses[0]
                shown.add(best.phrase, best.mutation)
        for picks in suggested.picks.values():
            for pick in picks:
                picked.add(pick.phrase)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("graphs", nargs="*")
    parser.add_argument("--budget", type=int, default=2000)
    parser.add_argument("--list", type=Path, help="write the inflection near misses here, one a line")
    args = parser.parse_args()
    groups = {"given": args.graphs} if args.graphs else {
        "bundled": [str(ROOT / s) for s in BUNDLED],
        "real": sorted(str(p) for p in (ROOT / "tests" / "data" / "real").glob("*.json")),
    }
    report: dict[str, dict[str, float]] = {}
    listing: list[str] = []
    for name, specs in groups.items():
        shown, picked = Tally(), Tally()
        measure(specs, args.budget, shown, picked)
        print(shown.line(f"{name}: witnesses shown"))
        print(picked.line(f"{name}: suggest picks"))
        listing += [f"[{name}] {line}" for line in shown.inflections]
        report[name] = {"shown": shown.phrases, "picked": picked.phrases}
    if args.list:
        args.list.write_text("\n".join(listing) + "\n", encoding="utf-8")
    print(json.dumps(report))


if __name__ == "__main__":
    main()
