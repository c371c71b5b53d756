"""Assembly: building the findings model from the tiers' findings (records, rows, overview, counts, merge, the run)."""
