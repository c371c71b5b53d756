"""`suggest`: the examples worth declaring, and the edit that declares them.

The author loop is: explore the rules, pick per rule the phrases whose
declaration turns a generated hint into a proven check, show them with the
verdict the checkup will give, then (on request) write them into the
graph's own source.  An edit is only ever shown or written after the edited
text was loaded in memory and found to declare exactly the old graph plus
the picked examples; anything else is refused and the file is untouched.
"""

from __future__ import annotations

import difflib
import json
import os
import stat
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from fuzzroute.authoring import json_source, python_source, ts_source
from fuzzroute.authoring.choose import Pick, can_take_examples, choose
from fuzzroute.authoring.widen import won_phrases
from fuzzroute.engine.errors import InputError
from fuzzroute.engine.graph import Graph
from fuzzroute.generate import explore
from fuzzroute.graphfiles.loader import LoadedGraph, load_graph_text
from fuzzroute.report.persistence.atomic import real_target, write_atomically
from fuzzroute.results.suggestions import Exploration

DEFAULT_PER_RULE = 3


@dataclass(frozen=True)
class Suggested:
    """The picks of one `suggest` run, per entry index, best first.

    A pick `check` will fail on (a gap the rule misses, a defect an earlier
    rule causes) is listed but added to the graph only with `with_gaps`:
    following the default advice never makes `check` fail.
    """

    loaded: LoadedGraph
    picks: dict[int, list[Pick]]
    exploration: Exploration
    with_gaps: bool = False

    def added(self, pick: Pick) -> bool:
        """Whether `pick` is written into the graph (`--diff`, `--write`)."""
        return pick.verdict.passes or self.with_gaps

    @property
    def count(self) -> int:
        """How many picks are added to the graph."""
        return sum(1 for picks in self.picks.values() for p in picks if self.added(p))

    @property
    def held_back(self) -> int:
        """Picks listed but not added: `check` would fail on them until the rule is fixed (`--with-gaps`)."""
        return sum(1 for picks in self.picks.values() for p in picks if not self.added(p))

    def additions(self) -> dict[int, list[str]]:
        found = {i: [p.phrase for p in picks if self.added(p)] for i, picks in self.picks.items()}
        return {i: phrases for i, phrases in found.items() if phrases}


def selected_rules(loaded: LoadedGraph, rule_ids: Sequence[str]) -> list[int]:
    """Entry indexes for `--rule` ids (all rules when none); an unknown id is bad input."""
    entries = loaded.graph.entries
    if not rule_ids:
        return [e.index for e in entries]
    known = [e.id for e in entries]
    chosen: list[int] = []
    for rule in rule_ids:
        matches = [e.index for e in entries if e.id == rule]
        if not matches:
            raise InputError(
                f'{loaded.path}: graph "{loaded.graph.name}" has no rule "{rule}" (--rule). Its rules are: '
                + ", ".join(dict.fromkeys(known)) + ". Pass one of these ids, or drop --rule to cover every rule."
            )
        chosen += [i for i in matches if i not in chosen]
    refused = [entries[i] for i in chosen if not can_take_examples(entries[i])]
    if rule_ids and refused and len(refused) == len(chosen):
        entry = refused[0]
        what = "an intent (its examples are scoring material)" if entry.is_intent else "a default (no condition)"
        raise InputError(
            f'{loaded.path}: rule "{entry.id}" is {what}, so it cannot declare examples and '
            "nothing can be suggested for it. Pick a rule with a `match` or `when` condition."
        )
    return sorted(chosen)


def suggest_examples(
    loaded: LoadedGraph,
    *,
    rules: Sequence[str] = (),
    per_rule: int = DEFAULT_PER_RULE,
    seed: int = 0,
    budget_phrases: int | None = None,
    budget_seconds: float | None = None,
    progress: Callable[[int, int | None], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    typos: bool = False,
    with_gaps: bool = False,
) -> Suggested:
    """Explore the graph and pick up to `per_rule` examples for each selected rule (`typos`: see `explore`).

    `with_gaps` also adds the picks `check` will fail on (see `Suggested`).
    """
    if per_rule < 1:
        raise InputError(f"--max must be at least 1, not {per_rule}: it is how many examples to suggest per rule.")
    indexes = selected_rules(loaded, rules)
    exploration = explore(
        loaded.graph, seed=seed, budget_phrases=budget_phrases, budget_seconds=budget_seconds,
        progress=progress, should_stop=should_stop, typos=typos,
    )
    won = won_phrases(loaded.graph, seed, indexes)
    return Suggested(loaded, choose(loaded.graph, exploration, won, indexes, per_rule), exploration, with_gaps)


def read_source(path: Path) -> str:
    """The file's text with its line endings as they are (so a diff touches only new lines)."""
    try:
        return path.read_bytes().decode("utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot be read as UTF-8 text ({exc}); it was left untouched.") from None


def _expected(graph: Graph, additions: dict[int, list[str]]) -> list[tuple[str, tuple[str, ...] | None]]:
    return [
        (e.id, (*(e.examples or ()), *additions[e.index]) if additions.get(e.index) else e.examples)
        for e in graph.entries
    ]


def edited_source(suggested: Suggested, original: str | None = None) -> tuple[str, str]:
    """`(old, new)` text of the graph file with every pick added to its rule's examples.

    The new text is loaded in memory and must declare the same rules with
    exactly the picked examples appended, or the edit is refused.
    `original` is the file's text when the graph was loaded: a file edited
    since (by its author, while suggest explored) is refused as changed.
    """
    old, new, _graph = edited_graph_source(suggested, original)
    return old, new


def edited_graph_source(suggested: Suggested, original: str | None = None) -> tuple[str, str, Graph]:
    """`edited_source`, and the graph the new text declares (loaded once, to prove the edit)."""
    loaded = suggested.loaded
    additions = suggested.additions()
    old = read_source(loaded.path)
    refuse_changed(loaded.path, original, old)
    graph = loaded.graph
    if loaded.format == "python":
        new = python_source.add_examples(loaded.path, old, graph.entries, additions)
    elif loaded.format in ("typescript", "javascript"):
        new = ts_source.add_examples(loaded.path, old, loaded.attribute, graph.entries, additions)
    else:
        new = json_source.add_examples(loaded.path, old, additions, [e.id for e in graph.entries])
        expected_doc = json.loads(old)
        for index, phrases in additions.items():
            item = expected_doc["entries"][index]
            item["examples"] = [*item.get("examples", []), *phrases]
        if json.loads(new) != expected_doc:
            raise InputError(
                f"{loaded.path}: the JSON edit did not give the expected document; the file was left untouched."
            )
    try:
        edited = load_graph_text(loaded, new)
    except InputError as exc:
        raise InputError(
            f"{loaded.path}: the edited graph does not load ({exc}); the file was left untouched."
        ) from None
    got = [(e.id, e.examples) for e in edited.entries]
    if got != _expected(graph, additions):
        raise InputError(
            f"{loaded.path}: after the edit the graph does not declare exactly the old rules plus the suggested "
            "examples (the graph may be built dynamically); the file was left untouched. Add the examples by hand."
        )
    return old, new, edited


def diff_root(path: Path) -> Path:
    """The folder `patch -p1` must run in: the current directory, or the graph's own folder outside it.

    `patch` refuses file names with `..` or a leading `/`, so a graph outside
    the current directory is named relative to its own folder.
    """
    cwd = Path.cwd().resolve()
    target = path.resolve()
    return cwd if target.is_relative_to(cwd) else target.parent


def diff_label(path: Path) -> str:
    """The path `patch -p1`, run in `diff_root(path)`, expects after `a/` and `b/`."""
    return path.resolve().relative_to(diff_root(path)).as_posix()


def unified_diff(path: Path, old: str, new: str) -> str:
    """A unified diff with `a/` and `b/` prefixes: apply it with `patch -p1` (or `git apply`)."""
    label = diff_label(path)
    lines = difflib.unified_diff(
        old.splitlines(keepends=True), new.splitlines(keepends=True), f"a/{label}", f"b/{label}"
    )
    out = []
    for line in lines:
        out.append(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n")
    return "".join(out)


def refuse_changed(path: Path, original: str | None, now: str) -> None:
    """InputError when the file no longer holds the text it held when the graph was loaded."""
    if original is not None and now != original:
        raise InputError(
            f"{path}: the file changed after fuzzroute read it (it was edited or replaced while the command "
            "ran), so the edit was not made and the file was left as it is now. Run the command again."
        )


def write_source(
    path: Path, new: str, *, by: str = "--write", instead: str | None = None, expected: str | None = None,
) -> None:
    """Replace the graph file atomically; a read-only file or folder is bad input, never overwritten.

    `by` names what writes (`--write`, `accept`) and `instead` what the user
    can do when it cannot (by default: print the change with --diff), so the
    message offers only options the command has.  `expected`: the text the
    edit was made from; a file changed since is left as it is.
    """
    alternative = instead or "print the change with --diff and apply it yourself"
    try:
        mode = path.stat().st_mode
    except OSError as exc:
        raise InputError(f"{path}: cannot be written ({exc}); it was left untouched.") from None
    if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(path, os.W_OK):
        raise InputError(
            f"{path} is read-only, so {by} will not replace it; it was left untouched. Make it writable "
            f"(chmod u+w {path}), or {alternative}."
        )
    folder = real_target(path).parent  # a symlinked graph is rewritten where the link points
    if not os.access(folder, os.W_OK | os.X_OK):
        raise InputError(
            f"{folder} is not writable, so {by} cannot replace {path} atomically; the file was left "
            f"untouched. Make the folder writable, or {alternative}."
        )
    if expected is not None:
        refuse_changed(path, expected, read_source(path))
    try:
        write_atomically(path, new)
    except OSError as exc:
        raise InputError(f"{path}: cannot be written ({exc}); it was left untouched.") from None
