"""Finding a player's seat by name: one rule for names, shared by the table setup and the games.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import GameSetupError, Location
from ..text import MAX_NAME, name_key


def seat_of(names: Sequence[str], name: str, field_name: str | Location) -> int:
    """The seat of a player named (any case), or a ``GameSetupError`` naming the field."""
    wanted = name_key(name)
    for seat, known in enumerate(names):
        if name_key(known) == wanted:
            return seat
    raise GameSetupError(f"Nobody called {str(name)[:MAX_NAME]} plays in this game.", field_name)
