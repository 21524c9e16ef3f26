"""Hints: whether a table allows them, and each hint a seat asked for, kept with the game.

Revision ID: 0004
Revises: 0003
Created: hints at the table
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # NULL: the default rule (hints on unless two or more people play); older tables too.
    op.add_column("game_tables", sa.Column("hints", sa.Boolean(), nullable=True))
    op.create_table(
        "table_hints",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("log_at", sa.Integer(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_table_hints"),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name="fk_table_hints_table_id", ondelete="CASCADE"
        ),
    )
    op.create_index("ix_table_hints_table_id", "table_hints", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_table_hints_table_id", table_name="table_hints")
    op.drop_table("table_hints")
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("hints")
