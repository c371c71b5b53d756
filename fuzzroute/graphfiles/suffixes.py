"""Which file names are read as TypeScript or JavaScript graphs.

Kept apart from the TypeScript reader so that telling a file's kind (every
command does, on every path it is given) never loads the parser itself.
"""

from __future__ import annotations

#: The suffixes read as TypeScript or JavaScript graph files.
SCRIPT_SUFFIXES = (".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs")
