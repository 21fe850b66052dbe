"""Tournaments: scoring systems and standings, pure (issue 13)."""
