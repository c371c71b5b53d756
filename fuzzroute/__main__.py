"""`python -m fuzzroute`: the same command as `fuzzroute`."""

from fuzzroute.cli import main

main(prog_name="fuzzroute")
