"""platform hardening: case-insensitive usernames, rate-limit hits shared by every process, API token expiry,
private tables, spectators and hot-seat chosen at creation

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 11:30:00
"""

import unicodedata

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def _key(name: str) -> str:  # the same as app.services.accounts.name_key, frozen here
    return unicodedata.normalize("NFKC", name).casefold()


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("name_key", sa.String(length=160), nullable=True))
    conn = op.get_bind()
    users = sa.table(
        "users", sa.column("id", sa.Integer), sa.column("username", sa.String), sa.column("name_key", sa.String)
    )
    seen: dict[str, int] = {}
    for uid, name in conn.execute(sa.select(users.c.id, users.c.username).order_by(users.c.id)).all():
        key = _key(name)
        if key in seen:  # "Alice" and "alice" registered before names were unique case-insensitively
            key = f"{key}#{uid}"
        seen[key] = uid
        conn.execute(users.update().where(users.c.id == uid).values(name_key=key))
    with op.batch_alter_table("users") as batch:
        batch.alter_column("name_key", existing_type=sa.String(length=160), nullable=False)
        batch.create_index(batch.f("ix_users_name_key"), ["name_key"], unique=True)

    op.create_table(
        "rate_hits",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("key", sa.String(length=200), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_rate_hits_key_at", "rate_hits", ["key", "at"], unique=False)
    op.create_index(op.f("ix_rate_hits_at"), "rate_hits", ["at"], unique=False)

    with op.batch_alter_table("api_tokens") as batch:
        batch.add_column(sa.Column("expires_at", sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("private", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("spectators", sa.Boolean(), nullable=False, server_default=sa.true()))
        batch.add_column(sa.Column("hot_seat", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("hot_seat")
        batch.drop_column("spectators")
        batch.drop_column("private")
    with op.batch_alter_table("api_tokens") as batch:
        batch.drop_column("expires_at")
    op.drop_index(op.f("ix_rate_hits_at"), table_name="rate_hits")
    op.drop_index("ix_rate_hits_key_at", table_name="rate_hits")
    op.drop_table("rate_hits")
    with op.batch_alter_table("users") as batch:
        batch.drop_index(batch.f("ix_users_name_key"))
        batch.drop_column("name_key")
