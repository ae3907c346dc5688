"""The family's history across every kept game: ratings, records and a player's figures, read
from the games' summaries (never folding a game again)."""

from .figures import (GameFigures, HeadToHead, Period, PlayerFigures, RecentGame,
                      player_figures)
from .games import FinishedGame, Person, PlayedGame, Side, same_name, sides_of
from .ratings import SETTLED_AFTER, Rating, RatingPoint, Ratings, rate
from .records import Record, records
from .units import amount_words, units_words

__all__ = ["FinishedGame", "GameFigures", "HeadToHead", "Period", "Person", "PlayedGame",
           "PlayerFigures", "Rating", "RatingPoint", "Ratings", "RecentGame", "Record",
           "SETTLED_AFTER", "Side", "amount_words", "player_figures", "rate", "records",
           "same_name", "sides_of", "units_words"]
