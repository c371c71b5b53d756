"""Helpers shared by the test modules: one CLI runner, one patch applier, the bundled graphs' known status.

Test modules import from here, never from one another, so renaming a test cannot break another file.
"""
