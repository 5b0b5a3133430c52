"""log entries outside the state; the state at the last undo barrier

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01 11:20:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "log_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("audience", sa.String(length=400), nullable=False),
        sa.Column("entry", sa.JSON(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_log_entries_table_id_id", "log_entries", ["table_id", "id"], unique=False)
    with op.batch_alter_table("snapshots") as batch:
        batch.add_column(sa.Column("base_seq", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("base_state", sa.Text(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("snapshots") as batch:
        batch.drop_column("base_state")
        batch.drop_column("base_seq")
    op.drop_index("ix_log_entries_table_id_id", table_name="log_entries")
    op.drop_table("log_entries")
