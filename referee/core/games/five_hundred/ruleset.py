"""500 Rummy: score what you meld, lose what you hold, first past 500."""

from __future__ import annotations

from ...cards import Card, DeckSpec, Rank
from ...melds import MeldRules
from ...model.finishing import TurnRules
from .rules_text import RULES_TEXT
from ...model.keeping import EntryShape, Keeping, Ranking, end_from_options
from ...model.ruleset import Options, OptionSpec, Ruleset, decks_needed
from ...rummy.pile_rummy import check_pile_rummy
from ...rummy.rummy_call import RummyCall

TITLE = "500 Rummy"

OPTIONS = (
    OptionSpec("no_jokers", False, "Play without jokers, as the game first was.",
               affects_melds=True, question="Play without jokers, as the game first was?"),
    OptionSpec("card_values", "standard",
               "standard: 2-10 at face value; 5/10/15: every 2-9 is 5 and a low ace is 5.",
               choices=("standard", "5/10/15"),
               question="How are the cards counted?",
               answers=(("standard", "At face value"), ("5/10/15", "In fives, tens and fifteens"))),
    OptionSpec("two_player_deal", 13, "Cards dealt to each of two players.", choices=(13, 7),
               players=(2, 2),
               question="How many cards are dealt to each of two players?",
               answers=((13, "13 cards"), (7, "7 cards"))),
    OptionSpec("discard_pile_draw", "deeper_must_meld",
               "deeper_must_meld: a card taken from under the top must be melded at once; "
               "always_meld: even the top card taken must be melded; "
               "new_meld: the deepest card taken must start a new meld, not be laid off.",
               # The referee sees no ordinary draw (a rummy call follows its own rule).
               choices=("deeper_must_meld", "always_meld", "new_meld"), table_checks=True,
               question="Which cards taken from the discard pile must be melded at once?",
               answers=(("deeper_must_meld", "One taken from under the top"),
                        ("always_meld", "Every one, the top card too"),
                        ("new_meld", "The deepest, in a new meld of its own"))),
    OptionSpec("rummy_calls", "pile",
               "pile: rummy may be called on any meldable card in the discard pile; "
               "top_card: only on the latest discard, laid off by the caller; none: no calls.",
               choices=("pile", "top_card", "none"),
               question="Can another player call rummy on a card that could be melded?",
               answers=(("pile", "Yes, on any card in the pile"),
                        ("top_card", "Only on the latest discard"), ("none", "No"))),
    OptionSpec("going_out", "meld_all",
               "meld_all: a player may meld every card; discard_required: keep one to discard; "
               "floating: meld every card and float until the turn comes round.",
               choices=("meld_all", "discard_required", "floating"), affects_going_out=True,
               question="How does a player go out?",
               answers=(("meld_all", "By melding every card"),
                        ("discard_required", "By keeping one card to discard"),
                        ("floating", "By melding every card, then waiting for their turn"))),
    OptionSpec("unplayable_last_discard", False,
               "A player may only go out by discarding a card that could not have been melded.",
               affects_going_out=True,
               question="Must the last card discarded be one that could not have been melded?"),
    OptionSpec("must_go_out_to_win", False,
               "Only the player who goes out with 500 or more wins.",
               question="Must a player go out, with 500 or more, to win?"),
    OptionSpec("target_score", 500, "The score that ends the game.", minimum=50, maximum=5000,
               question="What score ends the game?"),
)

MELDS = MeldRules(game=TITLE, book_word="group", run_word="sequence", min_book=3, max_book=4,
                  book_suits_distinct=True, min_run=3)


def deck(options: Options) -> DeckSpec:
    return DeckSpec(game=TITLE if not options["no_jokers"] else f"{TITLE}, with the no-jokers house rule,",
                    jokers_per_deck=0 if options["no_jokers"] else 2)


def card_value(card: Card, options: Options, low_ace_in_run: bool = False) -> int:
    """What a card is worth melded (plus) or held (minus)."""
    five_ten = options["card_values"] == "5/10/15"
    if card.is_joker:
        return 15
    if card.rank is Rank.ACE:
        return (5 if five_ten else 1) if low_ace_in_run else 15
    if card.rank >= Rank.TEN:
        return 10
    return 5 if five_ten else int(card.rank)


def turn_rules(options: Options) -> TurnRules:
    # An unplayable last discard may go with any going-out choice: a playable last card is
    # melded instead, and the player goes out later.
    return TurnRules(discard_to_go_out=options["going_out"] == "discard_required",
                     floating=options["going_out"] == "floating",
                     unplayable_last_discard=options["unplayable_last_discard"])


def deal_size(players: int, hand: int | None, options: Options) -> int:
    return options["two_player_deal"] if players == 2 else 7


def floats(options: Options) -> bool:
    """Whether a player may meld every card yet not be out: floating, or made to float by the
    rule that the last discard must be unplayable (001). Someone else may go out meanwhile."""
    return options["going_out"] == "floating" or bool(options["unplayable_last_discard"])


def recommended_decks(players: int) -> int:
    return decks_needed(players, 1 if players <= 4 else 2, 54, biggest_deal=7)


FIVE_HUNDRED = Ruleset(
    key="500",
    title=TITLE,
    summary="Melds score for whoever lays them; cards left in hand count against; "
            "the game ends once someone reaches 500.",
    option_specs=OPTIONS,
    meld_rules=lambda options: MELDS,
    deck=deck,
    card_value=card_value,
    deal_size=deal_size,
    deal_table=({"players": "2", "cards": 13}, {"players": "3-8", "cards": 7}),
    recommended_decks=recommended_decks,
    turn_rules=turn_rules,
    short_title="500",
    players=(2, 8),
    keeping=Keeping(EntryShape.MELDED_MINUS_HELD, Ranking.HIGHEST_FIRST,
                    end=end_from_options(target="target_score", must_go_out="must_go_out_to_win"),
                    stock_may_run_out=True, floats=floats),
    book_word="group",
    run_word="sequence",
    value_notes=("2-10 face value, J Q K 10, ace 15 (1 when low in a sequence), joker 15.",),
    rummy_call=RummyCall(about_pile=True, check=check_pile_rummy,
                         options=("rummy_calls", "no_jokers")),
    rules_text=RULES_TEXT,
)
