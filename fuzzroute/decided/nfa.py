"""Data matchers as automata, for the decided tier (the construction lives in `engine.automata.nfa`).

The engine builds automata from a compiled pattern or a keyword list; here
a rule's matcher (a `Regex` or `Keywords`) is handed to the right builder.
"""

from __future__ import annotations

from fuzzroute.engine.automata.nfa import (
    ASCII_WORD_ATOM,
    ASCII_WORD_EDGE,
    BEGIN_LINE,
    BEGIN_STRING,
    END_LINE,
    END_OR_FINAL_NEWLINE,
    END_STRING,
    MAX_NODES,
    NEWLINE,
    NO_ASCII_WORD_AFTER,
    NO_ASCII_WORD_BEFORE,
    NOT_ASCII_WORD_EDGE,
    NOT_EDGE_ON_EMPTY,
    NOT_WORD_EDGE,
    UNICODE_WORD,
    WORD_EDGE,
    Atoms,
    Nfa,
    Undecidable,
    keyword_list_nfa,
    pattern_nfa,
)
from fuzzroute.engine.matchers import Keywords, Regex

__all__ = [
    "ASCII_WORD_ATOM",
    "ASCII_WORD_EDGE",
    "BEGIN_LINE",
    "BEGIN_STRING",
    "END_LINE",
    "END_OR_FINAL_NEWLINE",
    "END_STRING",
    "MAX_NODES",
    "NEWLINE",
    "NO_ASCII_WORD_AFTER",
    "NO_ASCII_WORD_BEFORE",
    "NOT_ASCII_WORD_EDGE",
    "NOT_EDGE_ON_EMPTY",
    "NOT_WORD_EDGE",
    "UNICODE_WORD",
    "WORD_EDGE",
    "Atoms",
    "Nfa",
    "Undecidable",
    "keywords_nfa",
    "leaf_nfa",
    "regex_nfa",
]


def regex_nfa(regex: Regex, atoms: Atoms) -> Nfa:
    """The automaton of a user regex (refuses what it cannot translate exactly)."""
    if regex.js is not None and not regex.js.astral_exact:
        raise Undecidable(
            "a JavaScript regex without the u flag reads a character outside the BMP (an emoji) as two UTF-16 "
            "code units, and this one can match a lone unit or an empty string; not decided"
        )
    return pattern_nfa(regex.pattern, atoms)


def keywords_nfa(matcher: Keywords, atoms: Atoms) -> Nfa:
    """Any keyword of the list, case-folded, with the keyword law's ASCII edges."""
    return keyword_list_nfa(matcher.keywords, atoms)


def leaf_nfa(leaf: Regex | Keywords, atoms: Atoms) -> Nfa:
    if isinstance(leaf, Regex):
        return regex_nfa(leaf, atoms)
    return keywords_nfa(leaf, atoms)
