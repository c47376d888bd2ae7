"""Replay joins the ledger and the rules: the fold, games, verification, interchange, the kit."""
