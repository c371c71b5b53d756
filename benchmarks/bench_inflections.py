"""Which inflection library makes near misses a person could type: lemminflect or inflect.

`python benchmarks/bench_inflections.py` (not part of run_all: it needs the
`inflect` package from the dev extra and, for the real-word rate, a system
word list such as Debian's `wamerican` at /usr/share/dict/words).

For every word of every bundled example's declared examples it prints, per
source of inflections: how many forms it offers, how many of them a word list
independent of both libraries knows (the real-word rate), the non-words it
offers, and the time per word as a ratio against the old suffix rules
measured in the same process.
"""

from __future__ import annotations

import json
import re
import runpy
import sys
import time
from collections.abc import Callable
from pathlib import Path

from common import best_of, table

from fuzzroute import Graph
from fuzzroute.graphfiles.jsonformat import graph_from_json
from fuzzroute.strategies.inflection import _forms_of_lower, word_forms
from fuzzroute.strategies.keyword_phrases import inflections as suffix_rules

ROOT = Path(__file__).resolve().parent.parent
WORD_LIST = Path("/usr/share/dict/words")


def example_words() -> list[str]:
    graphs: list[Graph] = []
    for path in sorted((ROOT / "examples").rglob("*.py")):
        namespace = runpy.run_path(str(path))
        graphs += [v for v in namespace.values() if isinstance(v, Graph)]
    for path in sorted((ROOT / "examples").rglob("*.json")):
        graphs.append(graph_from_json(json.loads(path.read_text(encoding="utf-8"))))
    phrases = {x for g in graphs for e in g.entries for x in e.examples or ()}
    return sorted({w for p in phrases for w in re.findall(r"[A-Za-z]+", p)})


def inflect_forms() -> Callable[[str], list[str]] | None:
    try:
        import inflect
    except ImportError:
        return None
    engine = inflect.engine()

    def forms(word: str) -> list[str]:
        found = [engine.plural_noun(word), engine.plural_verb(word), engine.present_participle(word)]
        singular = engine.singular_noun(word)
        if singular:
            found.append(singular)
        return [f for f in dict.fromkeys(found) if f and f != word]

    return forms


def main() -> str:
    words = example_words()
    known = {w.lower() for w in WORD_LIST.read_text(encoding="utf-8").split()} if WORD_LIST.exists() else None
    # The suffix rules near misses used before (what made "orderer"); keyword edge probes still use them.
    sources: list[tuple[str, Callable[[str], list[str]]]] = [("suffix rules (before)", suffix_rules)]
    started = time.perf_counter()
    optional = inflect_forms()
    inflect_import = time.perf_counter() - started
    if optional is not None:
        sources.append(("inflect", optional))
    sources.append(("lemminflect (used)", word_forms))
    word_forms("order")  # load lemminflect's tables before timing
    baseline = best_of(5, lambda: [suffix_rules(w) for w in words])
    rows: list[tuple[object, ...]] = []
    for name, forms in sources:
        offered = {(w, f) for w in words for f in forms(w)}
        if known is None:
            real, odd = "no word list", ""
        else:
            bad = sorted({f for _, f in offered if f.lower() not in known})
            real = f"{len(offered) - sum(1 for _, f in offered if f.lower() not in known)}/{len(offered)}"
            odd = ", ".join(bad[:8]) + (" ..." if len(bad) > 8 else "")

        def run(forms: Callable[[str], list[str]] = forms) -> None:
            _forms_of_lower.cache_clear()
            for w in words:
                forms(w)

        seconds = best_of(5, run)
        rows.append((name, len(offered), real, f"{seconds / baseline:.0f}x", odd))
    title = (
        f"Inflections of the {len(words)} words in the bundled examples' declared examples "
        f"(real word = in {WORD_LIST}; time per word as a ratio to the suffix rules; "
        f"importing inflect took {inflect_import:.2f} s)"
    )
    return table(title, ("source", "forms", "real words", "time", "non-words offered (first 8)"), rows)


if __name__ == "__main__":
    print(main())
    sys.exit(0)
