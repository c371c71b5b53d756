"""`fuzzroute.location.SourceLocation`: where a rule is declared (public import path, see the README)."""

from __future__ import annotations

from fuzzroute.engine.location import SourceLocation

__all__ = ["SourceLocation"]
