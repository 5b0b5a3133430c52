"""An index on the log entries' (table_id, seq): an undo deletes its move's entries by seq (issue 15, target 2).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01 20:55:00
"""

from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index("ix_log_entries_table_id_seq", "log_entries", ["table_id", "seq"])


def downgrade() -> None:
    op.drop_index("ix_log_entries_table_id_seq", table_name="log_entries")
