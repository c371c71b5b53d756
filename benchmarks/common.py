"""Shared pieces of the benchmarks: a synthetic graph of N rules and a best-of timer.

Benchmarks report ratios against a baseline measured in the same process,
never absolute thresholds: machines differ, ratios travel.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
import tarfile
import time
from collections.abc import Callable
from io import BytesIO
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fuzzroute import Graph, all_of, keywords
from fuzzroute.strategies.vocabulary import vocabulary


def synthetic_graph(rules: int, seed: int = 0) -> Graph:
    """`rules` start rules over ordinary words: word-edge regexes, phrase regexes, keywords."""
    rng = random.Random(seed)
    words = [w for w in vocabulary().words if w.isalpha() and len(w) > 3]
    graph = Graph(f"synthetic-{rules}")
    for i in range(rules):
        a, b = rng.sample(words, 2)
        shape = i % 3
        if shape == 0:
            graph.entry(f"s{i}", match=re.compile(rf"\b{a}\b.*\b{b}\b"))
        elif shape == 1:
            graph.entry(f"s{i}", match=re.compile(rf"(?i)(my|the) {a} (is|was) \w+"))
        else:
            graph.entry(f"s{i}", match=keywords(f"{a} {b}", f"{b}{i}"))
    return graph


def best_of(repeats: int, action: Callable[[], object]) -> float:
    """The fastest of `repeats` runs, in seconds (the least disturbed by the machine)."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best


def best_of_interleaved(repeats: int, *actions: Callable[[], object]) -> list[float]:
    """Best-of timings of several actions, run alternately after one warm-up each.

    Alternating keeps a slow phase of the machine (frequency ramp, another
    process) from landing on one side of a ratio only.
    """
    for action in actions:
        action()
    best = [float("inf")] * len(actions)
    for _ in range(repeats):
        for i, action in enumerate(actions):
            start = time.perf_counter()
            action()
            best[i] = min(best[i], time.perf_counter() - start)
    return best


def table(title: str, header: tuple[str, ...], rows: list[tuple[object, ...]]) -> str:
    cells = [tuple(str(c) for c in header)] + [tuple(str(c) for c in row) for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    lines = [title, "  ".join(h.ljust(w) for h, w in zip(cells[0], widths, strict=True))]
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in cells[1:]]
    return "\n".join(lines)


def random_graph(rules: int, seed: int = 0) -> Graph:
    """A random graph of regex, keyword and all-of rules, the shapes real graphs use.

    Mostly word-edge and phrase regexes (some case-insensitive), keyword
    lists and all-of conjunctions; one rule in 25 is a regex with no
    required literal (`^\\d{3,}\\b`), which no prefilter can rule out.
    """
    rng = random.Random(seed)
    words = [w for w in vocabulary().words if w.isalpha() and len(w) > 3]
    graph = Graph(f"random-{rules}")
    for i in range(rules):
        a, b, c = rng.sample(words, 3)
        shape = rng.randrange(25)
        if shape == 0:
            graph.entry(f"r{i}", match=re.compile(r"^\d{3,}\b"))
        elif shape < 7:
            graph.entry(f"r{i}", match=re.compile(rf"\b{a}\b.*\b{b}\b"))
        elif shape < 12:
            graph.entry(f"r{i}", match=re.compile(rf"(?i)(my|the) {a} (is|was) \w+"))
        elif shape < 15:
            graph.entry(f"r{i}", match=re.compile(rf"\b{a}{i}\b", re.IGNORECASE))
        elif shape < 21:
            graph.entry(f"r{i}", match=keywords(f"{a} {b}", f"{b}{i}", f"{c}-{a}"))
        else:
            graph.entry(f"r{i}", match=all_of(keywords(a, f"{c}s"), re.compile(rf"\b{b}\b")))
    return graph


def extract_trusted(tar: tarfile.TarFile, target: Path) -> None:
    """Extract an archive of this repository's own history (`git archive`) into `target`.

    The `filter` argument of `extractall` exists from Python 3.11.4 (and
    3.10.12) on, and the project supports 3.11.0: use the safe "data" filter
    where it exists, the plain extraction (of our own commit) elsewhere.
    """
    if hasattr(tarfile, "data_filter"):
        tar.extractall(target, filter="data")
    else:  # pragma: no cover - Python 3.11.0-3.11.3
        tar.extractall(target)  # the archive is this repository's own commit


REPOSITORY = Path(__file__).resolve().parent.parent


def extract_commit(commit: str, target: Path) -> Path | None:
    """This repository at `commit`, extracted into `target` (None without git history, as in a shallow clone)."""
    try:
        archive = subprocess.run(
            ["git", "-C", str(REPOSITORY), "archive", commit], capture_output=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        extract_trusted(tar, target)
    return target


#: Syllables of the seeded graphs' made-up words: words a reader can say, that no dictionary holds.
ONSETS = ("b", "d", "f", "g", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "br", "kr", "tr", "zl")
VOWELS = ("a", "e", "i", "o", "u", "ai", "ou")


def made_up_words(count: int, rng: random.Random) -> list[str]:
    """`count` distinct pronounceable non-words: two or three syllables and a closing consonant."""
    words: set[str] = set()
    while len(words) < count:
        syllables = rng.randint(2, 3)
        words.add("".join(rng.choice(ONSETS) + rng.choice(VOWELS) for _ in range(syllables)) + rng.choice("kmnrx"))
    return sorted(words)
