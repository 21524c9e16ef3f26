"""Table chat: the messages players send at a table, kept with the game.

Revision ID: 0003
Revises: 0002
Created: table chat
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_chat",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("text", sa.String(400), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_table_chat"),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name="fk_table_chat_table_id", ondelete="CASCADE"
        ),
    )
    op.create_index("ix_table_chat_table_id", "table_chat", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_table_chat_table_id", table_name="table_chat")
    op.drop_table("table_chat")
