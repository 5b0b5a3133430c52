"""API tokens made before tokens had an expiry (0003) get one: 90 days (the default lifetime) from this upgrade;
the column becomes required.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01 16:40:00
"""

from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

LIFETIME_DAYS = 90  # app.routes.auth: a token's default lifetime


def upgrade() -> None:
    tokens = sa.table("api_tokens", sa.column("expires_at", sa.DateTime(timezone=True)))
    until = datetime.now(UTC) + timedelta(days=LIFETIME_DAYS)
    op.execute(tokens.update().where(tokens.c.expires_at.is_(None)).values(expires_at=until))
    with op.batch_alter_table("api_tokens") as batch:
        batch.alter_column("expires_at", existing_type=sa.DateTime(timezone=True), nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("api_tokens") as batch:
        batch.alter_column("expires_at", existing_type=sa.DateTime(timezone=True), nullable=True)
