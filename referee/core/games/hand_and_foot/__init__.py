"""Hand and Foot's rules core: cards and values, melds and piles, openings, going out,
a team's hand score, house options and teams.

Pure Python, like the rest of ``referee.core``. Not yet registered among the rulesets:
the screens and the API come in later steps.

>>> from referee.core.cards import parse_cards
>>> check_meld(parse_cards("QS QH QD QC QS QH QD")).pile_name
'clean'
>>> check_opening([parse_cards("QS QH QD")], hand=1).reason
'These melds are worth 30, and hand 1 needs 50 to open: 20 more.'
"""

from .cards import DECKS, card_value, held_value, is_red_three, is_wild
from .going_out import PILES_TO_GO_OUT, Condition, GoingOutCheck, check_going_out
from .melds import MeldCheck, PileKind, check_meld
from .opening import OpeningCheck, check_opening
from .options import OPTIONS, TITLE, opening_minimum, resolve_options, wild_limit
from .scoring import ScorePart, TeamEntry, TeamScore, score_hand, score_team
from .teams import Team, check_teams, default_teams, seating

__all__ = ["DECKS", "OPTIONS", "PILES_TO_GO_OUT", "TITLE", "Condition", "GoingOutCheck",
           "MeldCheck", "OpeningCheck", "PileKind", "ScorePart", "Team", "TeamEntry",
           "TeamScore", "card_value", "check_going_out", "check_meld", "check_opening",
           "check_teams", "default_teams", "held_value", "is_red_three", "is_wild",
           "opening_minimum", "resolve_options", "score_hand", "score_team", "seating",
           "wild_limit"]
