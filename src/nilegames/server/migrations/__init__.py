"""Alembic migrations of the server's schema (run by ``nilegames.server.db.migrate``)."""
