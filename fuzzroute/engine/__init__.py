"""The engine: graphs, matchers, the two claim laws and the proven checks.

Everything the proven tier states is computed here, exactly as the reference
routing library defines it.  The engine imports nothing of the other layers
(graph files, decided tier, generation, results, report, authoring, CLI), so
no generated or decided finding can change a proven verdict.
"""
