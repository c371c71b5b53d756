"""Integrations with other tools' plugin systems (a pytest plugin).

Each module here is loaded by another program's plugin machinery on every
run of that program, so it imports nothing of fuzzroute until it is asked to
check a graph.
"""
