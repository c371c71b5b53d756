"""`fuzzroute.location.SourceLocation`: where a rule is declared (public import path, see the README)."""

from __future__ import annotations

from fuzzroute.engine.source_location import SourceLocation

__all__ = ["SourceLocation"]
