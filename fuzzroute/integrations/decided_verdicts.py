"""The pytest plugin's decided verdicts, sent from the xdist controller to every worker.

The controller decides each graph once (its `CheckDocument`'s verdicts, one
per data rule, by item label) and sends every worker the verdicts;
`workerinput` carries plain data only, so the verdicts travel in their JSON
form (`sendable`) and are read back, checked, on the worker (`received`).
Imported lazily by the plugin: a session without graphs pays for none of it.
"""

from __future__ import annotations

from fuzzroute.results.check_document import RuleVerdict
from fuzzroute.results.record import from_json, to_json

#: The verdicts of every graph of a session: by graph spec, then by item label.
SessionVerdicts = dict[str, dict[str, RuleVerdict]]


def sendable(verdicts: SessionVerdicts) -> object:
    """The verdicts as plain data, for `workerinput`."""
    return to_json(verdicts)


def received(data: object) -> SessionVerdicts:
    """The verdicts a worker was sent, read back as records."""
    return from_json(SessionVerdicts, data)
