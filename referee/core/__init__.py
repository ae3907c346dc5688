"""The rules core: cards, melds, the game model, the families and the games. Pure Python, no
web or database (docs/architecture.md draws the layers).

>>> from referee.core import get_ruleset, parse_cards
>>> table = get_ruleset("eversol").configure(decks=2)
>>> table.check_meld(parse_cards("3H 3H 3S")).kinds
('book',)
"""

from .cards import JOKER, Card, DeckSpec, Rank, Suit, format_cards, parse_card, parse_cards
from .errors import RefereeInputError
from .melds import MeldKind, MeldRules, Reading, Verdict, check_meld
from .games.registry import RULESETS, get_ruleset
from .model.ruleset import Ruleset, TableRules
from .table import Extension, TableMeld

__all__ = ["JOKER", "RULESETS", "Card", "DeckSpec", "Extension", "MeldKind", "MeldRules",
           "Rank", "Reading", "RefereeInputError", "Ruleset", "Suit", "TableMeld", "TableRules",
           "Verdict", "check_meld", "format_cards", "get_ruleset", "parse_card", "parse_cards"]
