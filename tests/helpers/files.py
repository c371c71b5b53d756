"""What a folder holds, to prove that a refused or hostile run changed nothing in it."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path


def hashes(folder: Path, *, ignore: tuple[str, ...] = ()) -> dict[str, str]:
    """Every file under `folder` (links as links, never followed) with the hash of its bytes.

    Names starting with one of `ignore` (such as `.git`) are left out.
    """
    found: dict[str, str] = {}
    for path in sorted(folder.rglob("*")):
        name = str(path.relative_to(folder))
        if ignore and name.startswith(ignore):
            continue
        if path.is_symlink():
            found[name] = "link -> " + os.readlink(path)
        elif path.is_file():
            found[name] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found
