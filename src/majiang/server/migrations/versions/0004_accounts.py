"""Accounts (name, password hash, e-mail, role), sign-ins, mail links and ratings.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the account columns to ``players`` and the new tables."""
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("account_key", sa.String(40), nullable=True))
        batch.add_column(sa.Column("password_hash", sa.String(200), nullable=True))
        batch.add_column(sa.Column("email", sa.String(254), nullable=True))
        batch.add_column(
            sa.Column("email_confirmed", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch.add_column(sa.Column("role", sa.String(16), nullable=False, server_default="player"))
        batch.add_column(
            sa.Column("deleted", sa.Boolean(), nullable=False, server_default=sa.false())
        )
        batch.create_unique_constraint("uq_players_account_key", ["account_key"])
    op.create_table(
        "sign_ins",
        sa.Column("secret_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_sign_ins_player_id", "sign_ins", ["player_id"])
    op.create_table(
        "mail_tokens",
        sa.Column("secret_hash", sa.String(64), primary_key=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("purpose", sa.String(16), nullable=False),
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_mail_tokens_player_id", "mail_tokens", ["player_id"])
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("variant", sa.String(16), primary_key=True),
        sa.Column("length", sa.String(16), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
    )
    op.create_table(
        "rating_changes",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("variant", sa.String(16), nullable=False),
        sa.Column("length", sa.String(16), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("placement", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_rating_changes_game_id", "rating_changes", ["game_id"])
    op.create_index("ix_rating_changes_player_id", "rating_changes", ["player_id"])


def downgrade() -> None:
    """Drop them again."""
    for table in ("rating_changes", "ratings", "mail_tokens", "sign_ins"):
        op.drop_table(table)
    with op.batch_alter_table("players") as batch:
        batch.drop_constraint("uq_players_account_key", type_="unique")
        for column in ("deleted", "role", "email_confirmed", "email", "password_hash"):
            batch.drop_column(column)
        batch.drop_column("account_key")
