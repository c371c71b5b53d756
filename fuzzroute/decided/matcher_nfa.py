"""Data matchers as automata, for the decided tier (the construction lives in `engine.automata.nfa`).

The engine builds automata from a compiled pattern or a keyword list; here
a rule's matcher (a `Regex` or `Keywords`) is handed to the right builder.
"""

from __future__ import annotations

from typing import assert_never

from fuzzroute.decided.advice import js_units_reason
from fuzzroute.engine.automata.nfa import Atoms, Nfa, Undecidable, keyword_list_nfa, pattern_nfa
from fuzzroute.engine.matchers import Keywords, Leaf, Regex

__all__ = ["keywords_nfa", "leaf_nfa", "own_text_nfa", "regex_nfa"]


def regex_nfa(regex: Regex, atoms: Atoms, *, own_text: bool = False) -> Nfa:
    """The automaton of a user regex (refuses what it cannot translate exactly).

    With `own_text`, of the pattern's own text (see `own_text_items`): read
    whole, the texts that are nothing but what the rule is about.
    """
    if regex.js is not None and not regex.js.astral_exact:
        raise Undecidable(js_units_reason(regex))
    return pattern_nfa(regex.pattern, atoms, own_text=own_text)


def keywords_nfa(matcher: Keywords, atoms: Atoms) -> Nfa:
    """Any keyword of the list, case-folded, with the keyword law's ASCII edges."""
    return keyword_list_nfa(matcher.keywords, atoms)


def leaf_nfa(leaf: Leaf, atoms: Atoms, *, own_text: bool = False) -> Nfa:
    """A regex or keyword list as an automaton (a keyword list's own text is itself: its keywords).

    A kind the automata cannot read raises `Undecidable`: its rule is then undecided, never guessed.
    """
    match leaf:
        case Regex():
            return regex_nfa(leaf, atoms, own_text=own_text)
        case Keywords():
            return keywords_nfa(leaf, atoms)
        case _:
            assert_never(leaf)


def own_text_nfa(leaf: Leaf, nfa: Nfa, atoms: Atoms) -> Nfa:
    """The automaton of a leaf's own text, given its automaton `nfa`: a keyword list's own text is itself (its
    automaton is shared: automata are read, never changed), a regex's is built from the pattern's own text."""
    match leaf:
        case Regex():
            return leaf_nfa(leaf, atoms, own_text=True)
        case Keywords():
            return nfa
        case _:
            assert_never(leaf)
