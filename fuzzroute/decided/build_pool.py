"""Build the rules' part automata on forked processes, with the same automata as one process builds.

Building every data rule's parts (`tier.build_automata`) is the largest
single cost of `check` on a graph of a thousand rules, and each rule's parts
depend only on its own NFAs and the graph's shared alphabet, both made
before the fork.  So the rules are split into batches, each worker builds
its batch's search and own-text parts, and sends back only the tables (the
moves, the accepting and live states, the column of each cell, the sink),
never the NFAs: the parent already holds those and attaches them again.
A rule whose parts go over the state cap comes back with the refusal's
reason, recorded exactly where a build on this process records it.  While
they hold the NFAs, the workers also run the ReDoS analysis of each regex
(it reads only the regex's NFA and the alphabet) and send back the regexes
it finds linear, the common answer, so the parent skips those analyses
(`redos_items(known_linear=...)`) and runs the rare rest itself.  Any
failure of the pool itself (no `fork`, or other threads running, or a worker
that dies) falls back to
building on this process, so the automata, and every decision read from
them, are the same for any number of workers.  Given the graph's facts plan, the
workers also gather each rule's facts (`facts.rule_facts`: they read only the
rule's automata and the plan), which the parent would otherwise gather alone.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Sequence
from typing import Any

from fuzzroute.decided.facts import Facts, FactsPlan, rule_facts
from fuzzroute.decided.languages import Languages
from fuzzroute.decided.pool import fork_available, ignore_interrupt
from fuzzroute.decided.product import Rule
from fuzzroute.engine.automata.ambiguity import analyse
from fuzzroute.engine.automata.dfa import SEARCH, WHOLE, Part
from fuzzroute.engine.automata.nfa import Undecidable
from fuzzroute.engine.matchers import leaf_regex

#: Data rules per worker below which forking and sending the tables cost more than building here.
RULES_PER_BUILDER = 80

#: A part's tables without its NFA: everything `Part` holds after its first two fields.
Tables = tuple[Any, ...]
#: One reading of a rule: its parts' tables, or the reason it could not be built.
Reading = tuple[Tables, ...] | str | None
#: One rule as a worker built it: its index, the search reading, the own-text reading, and the
#: positions of its regex leaves the ReDoS analysis finds linear.
Built = tuple[int, Reading, Reading, tuple[int, ...]]
#: (rule index, leaf position) of every regex leaf known to backtrack in linear time at most.
Linear = set[tuple[int, int]]

_LANGUAGES: Languages | None = None
_PLAN: FactsPlan | None = None


def _tables(rule: Rule) -> tuple[Tables, ...]:
    return tuple((p.column_of_cell, p.moves, p.accepts, p.live, p.sink) for p in rule.parts)


def _build_one(languages: Languages, index: int) -> Built:
    """Build rule `index` as `tier.build_automata` does, and keep only what travels."""
    try:
        search: Reading = _tables(languages.search(index))
    except Undecidable as error:
        return index, str(error), None, ()
    own_rules = languages.own(index)
    own: Reading = (
        languages.own_refusal(index) if own_rules is None else tuple(t for r in own_rules for t in _tables(r))
    )
    return index, search, own, _linear_leaves(languages, index)


def _linear_leaves(languages: Languages, index: int) -> tuple[int, ...]:
    """The positions of rule `index`'s regex leaves whose ReDoS analysis finds no super-linear backtracking."""
    rule = languages.rules[index]
    linear = []
    for position, (leaf, nfa) in enumerate(zip(rule.leaves, rule.nfas, strict=True)):
        if leaf_regex(leaf) is None:  # only a regex can backtrack
            continue
        try:
            if not analyse(nfa, languages.cells).super_linear:
                linear.append(position)
        except Undecidable:
            continue  # the parent analyses it again and says why it is undecided
    return tuple(linear)


def _worker_build(indexes: list[int]) -> tuple[list[Built], Facts | None]:
    assert _LANGUAGES is not None
    built = [_build_one(_LANGUAGES, index) for index in indexes]
    if _PLAN is None:
        return built, None
    facts = Facts()
    for index in indexes:
        rule_facts(_PLAN, facts, index)
    return built, facts


def _rule_of(nfas: Sequence[Any], mode: str, tables: tuple[Tables, ...]) -> tuple[Part, ...]:
    return tuple(Part(nfa, mode, *table) for nfa, table in zip(nfas, tables, strict=True))


def _install(languages: Languages, built: Built) -> None:
    """Put one worker-built rule into `languages` as a build on this process would have left it."""
    index, search, own, _linear = built
    rule = languages.rules[index]
    assert search is not None
    languages.adopt(
        index,
        search if isinstance(search, str) else _rule_of(rule.nfas, SEARCH, search),
        own if own is None or isinstance(own, str) else _rule_of(rule.own_nfas, WHOLE, own),
    )


def build_on_workers(
    languages: Languages, indexes: Sequence[int], workers: int, plan: FactsPlan | None = None
) -> tuple[list[int], Linear, Facts | None]:
    """Build the parts of `indexes` on up to `workers` forked processes (and, with `plan`, gather their facts).

    Returns the indexes left to build here (every one when the pool is not
    worth it or not available, none when the workers built them all), the
    regex leaves the workers found linear, and the facts they gathered
    (`facts.rule_facts`, the same as gathered here), if any.
    """
    workers = min(workers, len(indexes) // RULES_PER_BUILDER)
    if workers <= 1 or not fork_available():
        return list(indexes), set(), None
    global _LANGUAGES, _PLAN
    size = max(1, len(indexes) // (workers * 4))
    batches = [list(indexes[start : start + size]) for start in range(0, len(indexes), size)]
    _LANGUAGES, _PLAN = languages, plan
    try:
        with multiprocessing.get_context("fork").Pool(workers, initializer=ignore_interrupt) as pool:
            results = pool.map(_worker_build, batches, chunksize=1)
    except (OSError, multiprocessing.ProcessError):
        return list(indexes), set(), None
    finally:
        _LANGUAGES, _PLAN = None, None
    linear: Linear = set()
    gathered = Facts() if plan is not None else None
    for batch, facts in results:
        for built in batch:
            _install(languages, built)
            linear.update((built[0], position) for position in built[3])
        if gathered is not None and facts is not None:
            gathered.merge(facts)
    return [], linear, gathered
