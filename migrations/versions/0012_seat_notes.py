"""A seat's private notepad (issue 28: "a private notepad per seat, kept on the server"): ``seat_notes``, one row
per table, user and seat, read only by its writer while holding the seat.

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-04 18:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seat_notes",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
        sa.Column("role", sa.String(length=40), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("table_id", "user_id", "role", name="uq_seat_notes_table_user_role"),
    )
    op.create_index("ix_seat_notes_user_id", "seat_notes", ["user_id"])


def downgrade() -> None:
    op.drop_index("ix_seat_notes_user_id", table_name="seat_notes")
    op.drop_table("seat_notes")
