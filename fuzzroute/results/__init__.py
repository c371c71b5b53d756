"""The typed results every tier produces and every reporter reads.

Plain values with no behaviour beyond serialisation: the generation engine
fills them, the report builder assembles them, and the HTML, JSON, SARIF and
terminal writers render them without recomputing anything.
"""
