"""Finite automata that read text exactly as Python's `re` and the keyword law do.

`nfa` translates a regex's own parse tree (or a keyword list) into a
nondeterministic automaton over character tests; `alphabet` cuts every code
point into classes those tests cannot tell apart; `dfa` reads the automaton
deterministically.  The engine uses them to match in linear time a regex
that would backtrack without bound (`lazy`, `ambiguity`, chosen per regex by
`plan`); the decided tier uses the same automata to answer questions about
every possible message.
"""
