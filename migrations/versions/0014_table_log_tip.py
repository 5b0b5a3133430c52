"""A table's log tip (issue 26): ``tables.log_tip``, a counter bumped by every write to the table's log entries in
the writing transaction, so a server process may keep pages of the log in memory and know them current by the
table row a request reads anyway (``app.services.kept_log``). Existing tables start at 0: a process keeps pages
only from its own start, so any value is as good as another.

Revision ID: 0014
Revises: 0013
Create Date: 2026-12-05 13:20:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("log_tip", sa.Integer(), nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("log_tip")
