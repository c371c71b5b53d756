"""Persistence: what the report keeps on disk (the `--db` ledger, atomic writes, baselines, output paths)."""
