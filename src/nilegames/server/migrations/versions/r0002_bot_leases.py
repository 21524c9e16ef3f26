"""Bot leases: which server process plays a table's bots.

Revision ID: 0002
Revises: 0001
Created: several server processes on one database
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "bot_leases",
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("table_id", name="pk_bot_leases"),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name="fk_bot_leases_table_id", ondelete="CASCADE"
        ),
    )
    op.create_index("ix_bot_leases_owner", "bot_leases", ["owner"])


def downgrade() -> None:
    op.drop_index("ix_bot_leases_owner", table_name="bot_leases")
    op.drop_table("bot_leases")
