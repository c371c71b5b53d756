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
