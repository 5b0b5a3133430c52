"""API tokens know what made them and when they were last used (issue 26, "API tokens that outlive their
revocation"): ``made_with`` (``password``, ``session``; ``unknown`` for the tokens made before this upgrade,
which may have been made by another token), the login session that made one (``session_id``), and
``last_used_at``. No token lives longer than a year (``app.services.accounts.MAX_TOKEN_DAYS``): a token made
before with a longer life now ends at most a year after this upgrade.

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-02 10:00:00
"""

from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

MAX_DAYS = 365  # app.services.accounts.MAX_TOKEN_DAYS


def upgrade() -> None:
    with op.batch_alter_table("api_tokens") as batch:
        batch.add_column(sa.Column("made_with", sa.String(length=8), nullable=True))
        batch.add_column(sa.Column("session_id", sa.String(length=64), nullable=True))
        batch.add_column(sa.Column("last_used_at", sa.DateTime(timezone=True), nullable=True))
        batch.create_foreign_key(
            "fk_api_tokens_session_id", "login_sessions", ["session_id"], ["id"], ondelete="SET NULL"
        )
    tokens = sa.table(
        "api_tokens", sa.column("made_with", sa.String), sa.column("expires_at", sa.DateTime(timezone=True))
    )
    op.execute(tokens.update().values(made_with="unknown"))
    until = datetime.now(UTC) + timedelta(days=MAX_DAYS)
    op.execute(tokens.update().where(tokens.c.expires_at > until).values(expires_at=until))
    with op.batch_alter_table("api_tokens") as batch:
        batch.alter_column("made_with", existing_type=sa.String(length=8), nullable=False)


def downgrade() -> None:
    with op.batch_alter_table("api_tokens") as batch:
        batch.drop_constraint("fk_api_tokens_session_id", type_="foreignkey")
        batch.drop_column("last_used_at")
        batch.drop_column("session_id")
        batch.drop_column("made_with")
