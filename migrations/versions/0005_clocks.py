"""clocks in days: table paces, seat clocks, vacations; a notice is unique per (user, table, seq, kind), so a
clock's reminder can follow the turn notice of the same move

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01 14:05:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

NAMING = {"uq": "uq_%(table_name)s_%(column_0_name)s"}  # names SQLite's unnamed constraint for the batch


def _swap_notice_unique(columns: list[str], create: tuple[str, list[str]]) -> None:
    """Replace the notices' unique constraint on ``columns`` (found by its columns: its name differs by database
    and may be none) with ``create``."""
    found = next(
        u for u in sa.inspect(op.get_bind()).get_unique_constraints("notices") if set(u["column_names"]) == set(columns)
    )
    with op.batch_alter_table("notices", naming_convention=NAMING) as batch:
        batch.drop_constraint(found["name"] or f"uq_notices_{found['column_names'][0]}", type_="unique")
        batch.create_unique_constraint(create[0], create[1])


def upgrade() -> None:
    op.create_table(
        "table_clocks",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("pace", sa.String(length=8), nullable=False),
        sa.Column("move_seconds", sa.Integer(), nullable=False),
        sa.Column("bank_seconds", sa.Integer(), nullable=False),
        sa.Column("increment_seconds", sa.Integer(), nullable=False),
        sa.Column("cap_seconds", sa.Integer(), nullable=False),
        sa.Column("pause_weekends", sa.Boolean(), nullable=False),
        sa.Column("on_timeout", sa.String(length=8), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id"),
    )
    op.create_table(
        "seat_clocks",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(length=40), nullable=False),
        sa.Column("remaining", sa.Integer(), nullable=False),
        sa.Column("since", sa.DateTime(timezone=True), nullable=True),
        sa.Column("deadline", sa.DateTime(timezone=True), nullable=True),
        sa.Column("remind_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("reminded", sa.Boolean(), nullable=False),
        sa.Column("stand_in", sa.Boolean(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id", "role"),
    )
    op.create_index("ix_seat_clocks_deadline", "seat_clocks", ["deadline"], unique=False)
    op.create_index("ix_seat_clocks_remind_at", "seat_clocks", ["remind_at"], unique=False)
    op.create_table(
        "vacations",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ends_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("days", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_vacations_user_id_ends_at", "vacations", ["user_id", "ends_at"], unique=False)
    _swap_notice_unique(
        ["user_id", "table_id", "seq"], ("uq_notices_user_table_seq_kind", ["user_id", "table_id", "seq", "kind"])
    )


def downgrade() -> None:
    op.execute("DELETE FROM notices WHERE kind = 'reminder'")
    _swap_notice_unique(
        ["user_id", "table_id", "seq", "kind"], ("notices_user_id_table_id_seq_key", ["user_id", "table_id", "seq"])
    )
    op.drop_index("ix_vacations_user_id_ends_at", table_name="vacations")
    op.drop_table("vacations")
    op.drop_index("ix_seat_clocks_remind_at", table_name="seat_clocks")
    op.drop_index("ix_seat_clocks_deadline", table_name="seat_clocks")
    op.drop_table("seat_clocks")
    op.drop_table("table_clocks")
