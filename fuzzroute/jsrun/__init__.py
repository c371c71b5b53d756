"""JavaScript `when` predicates, run in a V8 sandbox in a helper process (see `host` and `client`)."""
