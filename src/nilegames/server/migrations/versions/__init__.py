"""Schema revisions, oldest first (Alembic skips this file)."""
