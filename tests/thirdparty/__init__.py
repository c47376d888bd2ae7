"""A third-party game, written only against the documented rule-set protocol."""
