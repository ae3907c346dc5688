"""The kept game's screens: the games list, setting a game up, its board, entering hands by
their shape, the standings, history and ledger, the referee's panel, exports and transfers.

``games`` holds the ``games`` blueprint and what every game screen shares; each screen module
beside it adds its views to that blueprint, so importing this package registers them all.
A new game whose hands need a screen of their own adds it here (an entry shape: ``entry``,
``team_entry``, ``stakes_entry``, ``pot_entry``). The screens open the question screens (``..questions``)
through ``question_links``, by address only.
"""

from . import games  # the blueprint first: the screens below join it
from . import (board, delete, end, exports, hands, meld_marks, new, referee, roster, round,
               transfer)

__all__ = ["board", "delete", "end", "exports", "games", "hands", "meld_marks", "new", "referee",
           "roster", "round", "transfer"]
