"""Authoring: turn generated phrases into declared examples in the graph's own source.

`suggest.suggest_examples` picks the examples worth declaring per rule (with
why, and the verdict the checkup will give); `suggest.edited_source` adds them
to a `.py` graph through libcst or to a `.json` graph by splicing its text,
and proves the edit by loading the result before anything is shown or
written.  Nothing here is imported by the engine.
"""
