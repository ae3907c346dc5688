"""Hand and Foot as a ruleset: what the referee and the scorekeeper ask of the game.

>>> from referee.core.cards import parse_cards
>>> table = HAND_AND_FOOT.configure()
>>> verdict, facts = table.judge_meld(parse_cards("9S 9H 9D 9C 9S JK 2H"))
>>> verdict.valid, verdict.kinds, facts
(True, ('book',), {'pile': 'dirty', 'points': 120})
>>> table.decks, HAND_AND_FOOT.keeping.end(table.options).describe()
(5, '4 hands')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...cards import Card
from ...melds import MeldKind, MeldRules, Reading, Verdict
from ...rule_anchors import RuleAnchor
from ...model.keeping import EntryShape, GameEnd, Keeping, Partnerships, Ranking
from ...model.ruleset import GoingOutQuestion, OpeningQuestion, Options, Ruleset
from .arrange import arrange_hand
from .cards import DECK, DECKS, card_value
from .going_out import check_going_out
from .kept import score_kept_hand, score_question
from .melds import PILE, SMALLEST, PileKind, describe, judge_meld
from .opening import check_opening
from .options import HANDS, OPTIONS, TITLE, opening_minimum
from .rules_text import RULES_TEXT
from .sheet import SHEET
from .teams import SHAPES, check_teams, default_teams

HAND_CARDS = 11  # a hand and a foot of 11 each


def _hand_notes(hand: int, options: Options) -> tuple[str, ...]:
    """
    >>> _hand_notes(2, HAND_AND_FOOT.resolve_options())[1]
    "To open, a team's first melds together must be worth 90 or more."
    """
    return (f"Each player takes a hand of {HAND_CARDS} and a foot of {HAND_CARDS}.",
            f"To open, a team's first melds together must be worth "
            f"{opening_minimum(hand, options)} or more.")


def _judge_meld(cards: Sequence[Card], options: Options) -> tuple[Verdict, dict[str, Any]]:
    check = judge_meld(tuple(cards), options)
    if not check.legal:
        return Verdict(reason=check.reason, rule=check.rule), check.facts()
    reading = Reading(MeldKind.BOOK, check.cards, rank=check.rank)
    return Verdict(readings=(reading,), rule=RuleAnchor.BOOKS), check.facts()


def _describe_meld(cards: Sequence[Card], options: Options) -> str | None:
    return describe(judge_meld(tuple(cards), options))


PILE_COUNTS = tuple((f"{kind.value}_piles", f"{kind.value.capitalize()} piles")
                    for kind in PileKind)


def _going_out(counts, partners: Sequence[bool], asked: bool, said_yes: bool,
               names: Sequence[str] = ()):
    """The checklist for partners by name, or where none is given by their seat at the team:
    Partner 1, Partner 2..."""
    played = {(names[number - 1] if number <= len(names) and names[number - 1]
               else f"Partner {number}"): flag
              for number, flag in enumerate(partners, start=1)}
    return check_going_out(**{name: counts[name] for name, _ in PILE_COUNTS},
                           played_from_foot=played, partner_said_yes=asked and said_yes,
                           asked=asked)


HAND_AND_FOOT = Ruleset(
    key="hand-and-foot",
    title=TITLE,
    summary="Teams of partners, five decks with jokers, a hand and a foot of 11 cards each; "
            "piles of seven earn the big bonuses; highest team total after four hands wins.",
    option_specs=OPTIONS,
    # What the shared meld screens read (words, sizes); the melds themselves are judged above.
    meld_rules=lambda options: MeldRules(game=TITLE, book_word="meld", min_book=SMALLEST,
                                         max_book=PILE, min_run=PILE + 1),
    deck=lambda options: DECK,
    card_value=lambda card, options, low_ace_in_run=False: card_value(card),
    deal_size=lambda players, hand, options: 2 * HAND_CARDS,
    deal_table=({"players": "4-6", "cards": 2 * HAND_CARDS},),
    recommended_decks=lambda players: DECKS,
    short_title=TITLE,
    players=(4, 6),
    keeping=Keeping(EntryShape.TEAMS, Ranking.HIGHEST_FIRST,
                    end=lambda options: GameEnd(hands=HANDS), stock_may_run_out=True,
                    partnerships=Partnerships(SHAPES, default_teams, check_teams,
                                              score_kept_hand, score_question, SHEET)),
    book_word="meld",
    runs=False,
    value_notes=("Joker 50, 2 and ace 20, K to 8 10, 7 to 4 5, black 3 5; a red 3 is a "
                 "100 bonus (held at the end, it counts against the team).",
                 "Jokers and 2s are wild. Each player gets a hand and a foot of 11 cards."),
    wild_words=("Jokers and 2s are wild: each stands for a card of the meld's rank, and wild "
                "cards alone also make a meld (a wild pile at seven). A meld with natural "
                "cards holds only a few wild ones: as many as the house options allow, one "
                "in a meld of three to five cards and two in one of six or seven unless the "
                "table says otherwise."),
    judge_meld=_judge_meld,
    describe_meld=_describe_meld,
    arranges=False,  # neither the shared arranger nor lay-offs know wild 2s: it arranges itself
    arrange_hand=arrange_hand,
    default_decks=DECKS,
    hand_notes=_hand_notes,
    opening_check=check_opening,
    opening=OpeningQuestion(HANDS, opening_minimum,
                            tuple(f"opening_{hand}" for hand in range(1, HANDS + 1))),
    going_out=GoingOutQuestion(PILE_COUNTS, "has played from the foot", _going_out),
    rules_text=RULES_TEXT,
)
