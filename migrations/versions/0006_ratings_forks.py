"""ratings (per game and track, and each rated game's changes); forks (where a table was forked from)

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01 14:00:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.String(length=40), nullable=False),
        sa.Column("track", sa.String(length=40), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id", "game_id", "track"),
    )
    op.create_index("ix_ratings_game_id_track_rating", "ratings", ["game_id", "track", "rating"], unique=False)
    op.create_table(
        "rating_changes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.String(length=40), nullable=False),
        sa.Column("track", sa.String(length=40), nullable=False),
        sa.Column("role", sa.String(length=40), nullable=False),
        sa.Column("before", sa.Float(), nullable=False),
        sa.Column("after", sa.Float(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("table_id", "role"),
    )
    op.create_index("ix_rating_changes_user_id_id", "rating_changes", ["user_id", "id"], unique=False)
    with op.batch_alter_table("table_origins") as batch:
        batch.add_column(sa.Column("forked_from", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("fork_step", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("fork_game", sa.String(length=120), nullable=True))
        batch.add_column(sa.Column("start_state", sa.Text(), nullable=True))
        batch.add_column(sa.Column("analysis_role", sa.String(length=40), nullable=True))
        batch.create_foreign_key(
            "fk_table_origins_forked_from_tables", "tables", ["forked_from"], ["id"], ondelete="SET NULL"
        )
        batch.create_index("ix_table_origins_forked_from", ["forked_from"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("table_origins") as batch:
        batch.drop_index("ix_table_origins_forked_from")
        batch.drop_constraint("fk_table_origins_forked_from_tables", type_="foreignkey")
        for column in ("analysis_role", "start_state", "fork_game", "fork_step", "forked_from"):
            batch.drop_column(column)
    op.drop_index("ix_rating_changes_user_id_id", table_name="rating_changes")
    op.drop_table("rating_changes")
    op.drop_index("ix_ratings_game_id_track_rating", table_name="ratings")
    op.drop_table("ratings")
