"""A table's creation key and digest: a new-table form sent twice, or an API creation retried with the same
Idempotency-Key, makes one table (issue 30).

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-04 13:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("creation_key", sa.String(120), nullable=True))
        batch.add_column(sa.Column("creation_digest", sa.String(64), nullable=True))
    op.create_index("uq_tables_created_by_creation_key", "tables", ["created_by", "creation_key"], unique=True)


def downgrade() -> None:
    op.drop_index("uq_tables_created_by_creation_key", table_name="tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("creation_digest")
        batch.drop_column("creation_key")
