"""`--fail-on`: which findings turn into exit code 1.

- `proven` (the default): any proven error, as always; suggestions never fail.
- `new`: a proven error or a suggestion (or a decided finding) whose status
  is `new` against the baseline or the `--db` memory.  Findings that were
  already there (`still`) and resolved ones do not fail the run, so a nightly
  job goes red once per regression, not every night.  Proven warnings never
  fail, under any policy.  `new` needs something to compare with: without
  `--baseline` or `--db` it is bad input.
- `never`: always 0, so a job can publish its reports and leave the verdict
  to the reader; bad input is still exit 2.
"""

from __future__ import annotations

from typing import Any

from fuzzroute.engine.errors import InputError

FAIL_ON_CHOICES: tuple[str, ...] = ("proven", "new", "never")
DEFAULT_FAIL_ON = "proven"


def check_fail_on(fail_on: str, *, has_history: bool) -> None:
    """Refuse a policy that cannot be applied to this run."""
    if fail_on not in FAIL_ON_CHOICES:
        raise InputError(
            f"--fail-on {fail_on!r} is not a policy. Use one of: {', '.join(FAIL_ON_CHOICES)}."
        )
    if fail_on == "new" and not has_history:
        raise InputError(
            "--fail-on new needs something to compare with: pass --baseline OLD.json (an earlier "
            "`fuzzroute report --json`) or --db DIR (the nightly memory)."
        )


def failing(document: dict[str, Any], fail_on: str) -> list[dict[str, Any]]:
    """The findings that make the run fail under `fail_on` (empty: exit 0)."""
    errors = [p for p in document["proven"]["problems"] if p["kind"] == "error"]
    if fail_on == "never":
        return []
    if fail_on == "proven":
        return errors
    new = [p for p in errors if p.get("status") == "new"]
    new += [s for s in document["suggestions"] if s.get("status") == "new"]
    new += [d for d in document.get("decided") or [] if d.get("status") == "new"]
    return new


def exit_code(document: dict[str, Any], fail_on: str) -> int:
    """0 or 1 for the document under the policy (bad input never reaches here)."""
    return 1 if failing(document, fail_on) else 0
