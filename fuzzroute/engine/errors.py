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


#: What to do when the system refuses a resource, by errno name (the message names the resource first).
_ENVIRONMENT_FIXES = {
    "EMFILE": ("the system refused to open one more file for fuzzroute (too many open files: this process may "
               "hold {limit})", "Raise the limit (`ulimit -n 4096`) or run fewer worker processes (--workers 1)."),
    "ENFILE": ("the system's table of open files is full", "Close other programs' files, then run again."),
    "ENOMEM": ("the system could not give fuzzroute more memory", "Free memory, run fewer worker processes "
               "(--workers 1) or a smaller --budget, or raise the memory limit (`ulimit -v`)."),
    "EAGAIN": ("the system refused to start one more process or thread for fuzzroute (a process or thread "
               "limit)", "Raise the limit (`ulimit -u`) or run fewer worker processes (--workers 1)."),
    "EACCES": ("permission denied{target}", "Give fuzzroute read access to its inputs and write access to the "
               "folders it writes, or choose other paths."),
    "EPERM": ("the operation is not permitted{target}", "Check the file's permissions and flags, or choose "
              "other paths."),
    "ENOSPC": ("no space left on the device{target}", "Free space on that disk, or write somewhere else."),
    "EDQUOT": ("the disk quota is used up{target}", "Free space in your quota, or write somewhere else."),
    "EROFS": ("the file system is read-only{target}", "Write to a writable folder instead."),
}


def environment_problem(exc: BaseException) -> str | None:
    """One paragraph for a failure of the environment (a limit, memory, permissions), or None for anything else.

    These are not bugs of fuzzroute's and not findings about the graph: the
    command-line exits 2 with this text, naming the resource and the fix.
    """
    import errno
    import os

    if isinstance(exc, MemoryError):
        return ("the system could not give fuzzroute more memory (MemoryError). Free memory, run fewer worker "
                "processes (--workers 1) or a smaller --budget, then run again.")
    if not isinstance(exc, OSError) or exc.errno is None:
        return None
    name = errno.errorcode.get(exc.errno, "")
    if name not in _ENVIRONMENT_FIXES:
        return None
    what, fix = _ENVIRONMENT_FIXES[name]
    limit = "no more"
    if name == "EMFILE":
        try:
            import resource

            limit = f"at most {resource.getrlimit(resource.RLIMIT_NOFILE)[0]}"
        except (ImportError, OSError, ValueError):
            pass
    filename = exc.filename
    shown = os.fsdecode(filename) if isinstance(filename, (str, bytes)) else None
    target = f" on {shown}" if shown else ""
    reason = exc.strerror or os.strerror(exc.errno)
    return f"{what.format(limit=limit, target=target)} ({name}: {reason}). {fix}"
