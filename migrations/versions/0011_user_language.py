"""A user's language (issue 29): ``users.language``, a language code the site speaks (``en``, ``es``), or NULL
for "as my browser asks" (the switch's cookie, else ``Accept-Language``, else English: ``app.i18n``).

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-04 18:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("language", sa.String(length=8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.drop_column("language")
