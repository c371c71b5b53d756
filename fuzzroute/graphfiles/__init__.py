"""Graph files: loading a `.py` or `.json` graph, the JSON graph format, and where each rule is declared.

Sits on the engine: a file becomes an `engine.graph.Graph` whose entries
carry their source locations.  Nothing below this layer reads files.
"""
