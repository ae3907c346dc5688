"""Basic Rummy: one deck, no jokers; the winner of a hand collects the others' deadwood."""

from __future__ import annotations

from ...cards import Card, DeckSpec, Rank
from ...melds import MeldRules
from .rules_text import RULES_TEXT
from ...model.finishing import TurnRules
from ...model.keeping import EntryShape, Keeping, Ranking, end_from_options
from ...model.ruleset import Options, OptionSpec, Ruleset

TITLE = "Basic Rummy"

OPTIONS = (
    OptionSpec("ace_high", False,
               "An ace may also be high (Q-K-A), though never both ends and never K-A-2.",
               affects_melds=True, question="May an ace be high too (Q-K-A)?",
               hint="Never both ends, and never K-A-2."),
    OptionSpec("one_meld_per_turn", False,
               "Only one meld may be laid per turn, except when going rummy.",
               affects_going_out=True,
               question="May only one meld be laid a turn, except when going rummy?"),
    OptionSpec("game_end", "points", "End the game at a target score or after a set number "
               "of hands.", choices=("points", "hands"), question="How does the game end?",
               answers=(("points", "At a target score"), ("hands", "After a set number of hands"))),
    OptionSpec("target_points", 100, "Score that ends the game.", minimum=10, maximum=5000,
               question="What score ends the game?"),
    OptionSpec("hands", 10, "Number of hands, when the game ends by hands.",
               minimum=1, maximum=100, question="How many hands, when it ends by hands?"),
)

DECK = DeckSpec(game=TITLE)


def meld_rules(options: Options) -> MeldRules:
    return MeldRules(game=TITLE, book_word="group", run_word="sequence", min_book=3,
                     max_book=4, book_suits_distinct=True, min_run=3,
                     ace_high=options["ace_high"])


def card_value(card: Card, options: Options, low_ace_in_run: bool = False) -> int:
    if card.rank is Rank.ACE:
        return 1
    return min(int(card.rank), 10)


def deal_size(players: int, hand: int | None, options: Options) -> int:
    return 10 if players == 2 else 7 if players <= 4 else 6


BASIC = Ruleset(
    key="basic",
    title=TITLE,
    summary="One deck, no jokers; whoever goes out scores the cards left in everyone "
            "else's hand, double for going rummy.",
    option_specs=OPTIONS,
    meld_rules=meld_rules,
    deck=lambda options: DECK,
    card_value=card_value,
    deal_size=deal_size,
    deal_table=({"players": "2", "cards": 10}, {"players": "3-4", "cards": 7},
                {"players": "5-6", "cards": 6}),
    recommended_decks=lambda players: 1,  # six hands of six leave a stock of 15
    # A player may lay every card down without a last discard (going rummy, when all at once).
    turn_rules=lambda options: TurnRules(one_meld_a_turn=options["one_meld_per_turn"]),
    short_title="Basic Rummy",
    players=(2, 6),
    most_decks=1,
    keeping=Keeping(EntryShape.WINNER_COLLECTS, Ranking.HIGHEST_FIRST,
                    end=end_from_options(target="target_points", hands="hands", choice="game_end"),
                    winner_deals_two_handed=True, held_within_deal=True),
    book_word="group",
    run_word="sequence",
    value_notes=("Ace 1, J Q K 10, the rest face value.",),
    rules_text=RULES_TEXT,
)
