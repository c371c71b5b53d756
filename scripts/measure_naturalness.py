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
  that a reader can judge whether each fits its sentence;
* for the examples `suggest` adds: doubled words ("travel travel"), content
  words said twice ("lamp the bedroom lamp"), and non-words (not in
  wordfreq's list nor the rule's own words), listed with `--picks FILE`, one
  a line with the rule, for a reader to mark natural or not;
* decided witnesses: the same word measures over every witness of the
  decided tier (`decide`), and how many read as glued text (a word of the
  witness that is no word, such as "aovietoday").

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
from fuzzroute.decided import decide
from fuzzroute.generate.natural import doubled_word, repeated_word
from fuzzroute.graphfiles.loader import load_graph

ROOT = Path(__file__).resolve().parent.parent
BUNDLED = [
    "examples/devops.py", "examples/banking.json", "examples/support.py", "examples/authoring.py",
    "examples/planted_defects.py", "examples/nightly_shop.json", "examples/keyword_boundaries.json",
]
#: Graphs written as teams write them: a default, never-route rows, ordinary topic words.
REALISTIC = ["examples/helpdesk.py", "examples/travel.json", "examples/smarthome.ts"]
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
        self.doubled = 0
        self.repeated = 0
        self.unlisted_phrases = 0
        self.inflections: list[str] = []

    def add(self, phrase: str, mutation: str | None = None, own: frozenset[str] = frozenset()) -> None:
        self.phrases += 1
        if mutation and mutation.startswith(NON_WORD_EDITS):
            self.non_words += 1
        else:
            found = words(phrase)
            self.words += len(found)
            known = [w.lower() in own or in_list(w) for w in found]
            self.listed += sum(known)
            self.unlisted_phrases += not all(known)
        self.glued += glued(phrase)
        self.doubled += doubled_word(phrase) is not None
        self.repeated += repeated_word(phrase) is not None
        if mutation and mutation.startswith("splice"):
            self.splices += 1
        if mutation and mutation.startswith("inflection"):
            self.inflections.append(f"{phrase!r}  ({mutation})")

    def line(self, label: str) -> str:
        share = self.listed / self.words if self.words else 1.0
        return (
            f"{label:28} {self.phrases:5} phrases  words in list {share:6.1%} (deliberate non-words"
            f" {self.non_words:3}, phrases with a non-word {self.unlisted_phrases:3})  glued {self.glued:4}"
            f"  doubled {self.doubled:3}  repeated {self.repeated:3}  splice near misses {self.splices:3}"
            f"  inflection near misses {len(self.inflections):3}"
        )


def own_words(entry: object) -> frozenset[str]:
    texts = [*(getattr(entry, "examples", None) or ()), str(getattr(entry, "caption", ""))]
    return frozenset(w.lower() for t in texts for w in words(t))


def measure(specs: Iterable[str], budget: int, shown: Tally, picked: Tally, decided: Tally,
            picks: list[str]) -> None:
    for spec in specs:
        try:
            loaded = load_graph(spec)
        except Exception as exc:  # a graph that does not load is skipped, and said so
            print(f"  skipped {spec}: {exc}", file=sys.stderr)
            continue
        entries = loaded.graph.entries
        suggested = suggest_examples(loaded, per_rule=3, budget_phrases=budget)
        for suggestion in suggested.exploration.suggestions:
            if suggestion.witnesses:
                best = suggestion.witnesses[0]
                shown.add(best.phrase, best.mutation)
        for index, rule_picks in suggested.picks.items():
            for pick in rule_picks:
                picked.add(pick.phrase, own=own_words(entries[index]))
                picks.append(f"{Path(spec).name}\t{pick.rule}\t{pick.reason}\t{pick.phrase}")
        for item in decide(loaded.graph).items:
            if item.witness:
                decided.add(item.witness, own=own_words(item.entry))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("graphs", nargs="*")
    parser.add_argument("--budget", type=int, default=2000)
    parser.add_argument("--list", type=Path, help="write the inflection near misses here, one a line")
    parser.add_argument("--picks", type=Path, help="write the examples suggest adds here, one a line, to read")
    args = parser.parse_args()
    groups = {"given": args.graphs} if args.graphs else {
        "bundled": [str(ROOT / s) for s in BUNDLED],
        "realistic": [str(ROOT / s) for s in REALISTIC],
        "real": sorted(str(p) for p in (ROOT / "tests" / "data" / "real").glob("*.json")),
    }
    report: dict[str, dict[str, float]] = {}
    listing: list[str] = []
    picks: list[str] = []
    for name, specs in groups.items():
        shown, picked, decided = Tally(), Tally(), Tally()
        measure(specs, args.budget, shown, picked, decided, picks)
        print(shown.line(f"{name}: witnesses shown"))
        print(picked.line(f"{name}: suggest picks"))
        print(decided.line(f"{name}: decided witnesses"))
        listing += [f"[{name}] {line}" for line in shown.inflections]
        report[name] = {"shown": shown.phrases, "picked": picked.phrases, "decided": decided.phrases}
    if args.list:
        args.list.write_text("\n".join(listing) + "\n", encoding="utf-8")
    if args.picks:
        args.picks.write_text("\n".join(picks) + "\n", encoding="utf-8")
    print(json.dumps(report))


if __name__ == "__main__":
    main()
