"""The two kinds of failure a user can cause, kept apart from bugs.

`DeclarationError` is raised while a graph is being declared (a refused
matcher, example list or never-route row).  `InputError` is raised while a
graph file is being found, parsed or loaded.  The CLI turns both into one
paragraph and exit code 2; anything else is a bug and keeps its traceback.
"""

from __future__ import annotations


class FuzzrouteError(Exception):
    """Base class of every error fuzzroute raises on purpose."""


class DeclarationError(FuzzrouteError, ValueError):
    """A graph declaration was refused; the message says which entry and how to fix it."""


class InputError(FuzzrouteError):
    """A graph file could not be read, parsed or loaded."""


class ConditionTimeLimit(FuzzrouteError):
    """A rule's regex ran past the time limit on a phrase, so its verdict there is unknown.

    Raised only for regexes the automata cannot read (those run in Python's
    `re` under a time limit); the message names the rule, the phrase and the fix.
    """

    def __init__(self, message: str, rule_index: int, phrase: str) -> None:
        super().__init__(message)
        self.rule_index = rule_index
        self.phrase = phrase
