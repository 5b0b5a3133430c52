"""A user's display preferences (issue 28 › Display preferences kept per user): ``users.display``, a JSON object
(``app.services.accounts.DISPLAY``: the map's zoom at first, the way a stack opens), or NULL for the defaults.

Revision ID: 0013
Revises: 0012
Create Date: 2026-12-04 21:20:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("display", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.drop_column("display")
