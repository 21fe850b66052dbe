"""Persistence: the event store, read models, secrets and reference data (SQLAlchemy Core)."""
