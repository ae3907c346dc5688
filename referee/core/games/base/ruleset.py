"""The "Base Rules" game: 48 cards without aces, scoring melds minus deadwood.

One deck, so at most five players: five hands of seven and the upcard leave a stock of
twelve, two cards a player, as every game's recommendation does. The rules stop the game when the first player goes out, so a game is one hand unless
the table sets more hands or a target score.
"""

from __future__ import annotations

from ...cards import Card, DeckSpec, Rank
from ...melds import MeldRules
from .rules_text import RULES_TEXT
from ...model.finishing import TurnRules
from ...model.keeping import EntryShape, Keeping, Ranking, end_from_options
from ...model.ruleset import Options, OptionSpec, Ruleset

TITLE = "Base Rules Rummy"

OPTIONS = (
    OptionSpec("game_end", "hands", "End the game after a set number of hands or at a "
               "target score.", choices=("hands", "points"), question="How does the game end?",
               answers=(("hands", "After a set number of hands"), ("points", "At a target score"))),
    OptionSpec("hands", 1, "Number of hands, when the game ends by hands (1: the game stops "
               "when the first player goes out, as the rules have it).",
               minimum=1, maximum=100, question="How many hands, when it ends by hands?",
               hint="1: the game stops when the first player goes out, as the rules have it."),
    OptionSpec("target_score", 100, "Score that ends the game, when it ends by points.",
               minimum=10, maximum=5000, question="What score ends it, when it ends by points?"),
)

DECK = DeckSpec(game=TITLE, ranks=frozenset(r for r in Rank if r is not Rank.ACE))
MELDS = MeldRules(game=TITLE, book_word="group", run_word="sequence", min_book=3,
                  book_suits_distinct=True, min_run=3, ace_low=False, ace_high=False)


def card_value(card: Card, options: Options, low_ace_in_run: bool = False) -> int:
    return min(int(card.rank), 10)


BASE = Ruleset(
    key="base",
    title=TITLE,
    summary="A common ground for mixed tables: no aces, no jokers, always discard; "
            "melds score plus and cards held score minus.",
    option_specs=OPTIONS,
    meld_rules=lambda options: MELDS,
    deck=lambda options: DECK,
    card_value=card_value,
    deal_size=lambda players, hand, options: 7,
    deal_table=({"players": "2+", "cards": 7},),
    recommended_decks=lambda players: 1,
    players=(2, 5),
    most_decks=1,
    turn_rules=lambda options: TurnRules(discard_to_go_out=True),  # every turn ends in a discard
    short_title="Base Rules",
    keeping=Keeping(EntryShape.MELDED_MINUS_HELD, Ranking.HIGHEST_FIRST,
                    end=end_from_options(target="target_score", hands="hands", choice="game_end"),
                    stock_may_run_out=True, out_lays_the_deal=True),
    book_word="group",
    run_word="sequence",
    value_notes=("2-10 face value, J Q K 10; there are no aces.",),
    rules_text=RULES_TEXT,
)
