"""Python's own regex parser, read in this one place.

Several layers need a regex as `re` itself understands it: the literal
prefilter of the claim laws, the decided tier's automata, the phrase
generators.  `re` exposes its parser only as private modules (`re._parser`,
`re._compiler`, `re._constants`, named without the underscore before 3.11),
so they are loaded here, once, and every other module imports `parse`,
`constants` and `compiler` from here.  If a future Python moves them, this is
the one module to change.
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from typing import Any

#: `re._parser`, `re._compiler` and `re._constants` (typed loosely: they are private and untyped).
parser: Any = importlib.import_module("re._parser")
compiler: Any = importlib.import_module("re._compiler")
constants: Any = importlib.import_module("re._constants")
#: The largest count `re` allows in a repeat; `{n,}` is stored as `{n, MAXREPEAT}`.
MAXREPEAT: int = int(constants.MAXREPEAT)


def parse(pattern: str, flags: int = 0) -> Any:
    """The parse tree `re` builds for `pattern` (a `SubPattern`); raises `re.error` like `re.compile`."""
    return parser.parse(pattern, flags)


@lru_cache(maxsize=8192)
def parsed(pattern: str, flags: int = 0) -> Any:
    """`parse`, remembered per pattern text and flags: the regex plans and the literal prefilter both read
    every rule's tree when a graph is checked, and parsing is most of what that costs.  Read the tree, never
    change it (it is shared)."""
    return parse(pattern, flags)
