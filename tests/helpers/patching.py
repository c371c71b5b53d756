"""Apply a unified diff (`fuzzroute suggest --diff`) with the real `patch` program, as a user would."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest


def apply_patch(diff: str, cwd: Path) -> None:
    """`patch -p1` in CWD; a missing `patch` fails the test (never skips), a diff that does not apply raises."""
    if shutil.which("patch") is None:
        pytest.fail("the `patch` program is needed for this test (apt-get install patch)")
    subprocess.run(["patch", "-p1", "--batch"], input=diff, text=True, cwd=cwd, check=True, capture_output=True)
