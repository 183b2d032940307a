"""Seats remember a player who left a started game; seats are found by player.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add ``room_seats.left`` and an index on ``room_seats.player_id``."""
    with op.batch_alter_table("room_seats") as batch:
        batch.add_column(sa.Column("left", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_index("ix_room_seats_player_id", "room_seats", ["player_id"])


def downgrade() -> None:
    """Drop them again."""
    op.drop_index("ix_room_seats_player_id", "room_seats")
    with op.batch_alter_table("room_seats") as batch:
        batch.drop_column("left")
