"""`python -m fuzzroute`: the same command as `fuzzroute`."""

from fuzzroute.cli.entry import run

run()
