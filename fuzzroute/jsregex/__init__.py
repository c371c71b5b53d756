"""The JavaScript regex dialect: a JavaScript regex translated into a Python one that matches as V8 does.

Only graphs that declare a JavaScript regex (a TypeScript or JavaScript
graph, a JSON graph in the JavaScript dialect, `js_regex(...)`) need it, so
it lives beside the engine rather than in it: the engine imports it only
inside the function that builds such a rule, and a Python graph never loads
its 1.4k lines or its Unicode tables.
"""
