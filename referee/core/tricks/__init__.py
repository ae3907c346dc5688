"""The trick-taking family: what Piquet and Bourré share.

A trick is the cards played to it, in order, the lead first. Nothing here knows a game:
which rank is high, whether there are trumps and who led are the game's to say.

>>> from referee.core.cards import parse_cards
>>> trick_winner(parse_cards("9H AS KH"))  # the ace of another suit does not win
2
>>> [str(c) for c in playable(parse_cards("7S 8H KH"), parse_cards("9H"))]
['8H', 'KH']
"""

from .duties import Duty, beats, best_of, duties, refusals
from .play import ace_high, leads_per_player, playable, trick_winner

__all__ = ["Duty", "ace_high", "beats", "best_of", "duties", "leads_per_player", "playable",
           "refusals", "trick_winner"]
