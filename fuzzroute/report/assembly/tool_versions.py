"""The versions a report was produced with.

Generated suggestions depend on the generators' libraries as much as on the
graph, so a reader who wants to reproduce a report needs the exact versions,
not just the seed.
"""

from __future__ import annotations

import platform
from importlib import metadata

REPORTED_DISTRIBUTIONS: tuple[str, ...] = (
    "fuzzroute",
    "hypothesis",
    "hypothesis-jsonschema",
    "exrex",
    "lemminflect",
    "jinja2",
    "click",
)


def tool_versions() -> dict[str, str]:
    """Each reported distribution's installed version ("not installed" when absent), plus Python."""
    versions: dict[str, str] = {}
    for name in REPORTED_DISTRIBUTIONS:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = "not installed"
    versions["python"] = platform.python_version()
    return versions
