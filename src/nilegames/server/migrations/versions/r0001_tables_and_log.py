"""Tables and their action log.

Revision ID: 0001
Revises:
Created: first release of the server
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "game_tables",
        sa.Column("id", sa.String(32), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_game_tables"),
    )
    op.create_index("ix_game_tables_status", "game_tables", ["status"])
    op.create_table(
        "table_actions",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("table_id", sa.String(32), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.Integer(), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_table_actions"),
        sa.ForeignKeyConstraint(
            ["table_id"],
            ["game_tables.id"],
            name="fk_table_actions_table_id",
            ondelete="CASCADE",
        ),
        sa.UniqueConstraint("table_id", "seq", name="uq_table_actions_table_id_seq"),
    )


def downgrade() -> None:
    op.drop_table("table_actions")
    op.drop_index("ix_game_tables_status", table_name="game_tables")
    op.drop_table("game_tables")
