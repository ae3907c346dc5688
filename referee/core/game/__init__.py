"""A kept game: who plays, and everything that happened, as a log of events.

The state of a game is never stored: it is a fold over its setup and the
events that were not undone, so undo, corrections and history all come from
the one log. Pure Python, like the rest of the core.

>>> setup = GameSetup.create("eversol", ["Abe", "Ben", "Carl"], first_dealer="Abe")
>>> state = replay(setup, [HandScored(hand=1, went_out="Ben", points={"Abe": 15, "Carl": 35})])
>>> state.hand, state.dealer, state.first_player, state.totals
(2, 'Ben', 'Carl', {'Abe': 15, 'Ben': 0, 'Carl': 35})
"""

from ..seating import GameSetup
from .errors import GameSetupError, HandEntryError, IllegalEventError
from .events import DealerChosen, Event, HandCorrected, HandScored, event_from_dict
from .state import GameState, HandResult, Place, replay
from .stats import GameSummary, PlayerStats, player_stats

__all__ = ["DealerChosen", "Event", "GameSetup", "GameSummary", "GameSetupError", "GameState", "HandCorrected",
           "HandEntryError", "HandResult", "HandScored", "IllegalEventError", "Place",
           "PlayerStats", "event_from_dict", "player_stats", "replay"]
