"""Is a handful of cards a Hand and Foot meld, and is it a pile (clean, dirty or wild)?

Every meld is cards of one rank from 4 to ace, with a few wild cards (jokers and 2s),
or wild cards only. Seven cards make a pile, which is closed.

>>> from referee.core.cards import parse_cards
>>> check = check_meld(parse_cards("9S 9H 9D 9C 9S JK 2H"))
>>> check.legal, check.rank.label, check.pile_name, check.points
(True, '9', 'dirty', 120)
>>> check_meld(parse_cards("9S 9H JK 2H")).reason
'A meld of 4 cards may hold at most 1 wild card, and this one has 2.'
>>> check_meld(parse_cards("2S 2H JK")).pile_name is None, check_meld(parse_cards("2S 2H JK")).rank
(True, None)
>>> describe(check)
'A dirty pile of nines (7 cards, 2 wild), worth 120.'
>>> describe(check_meld(parse_cards("KS KH KD")))
'A meld of 3 kings, worth 30: 4 more cards make a pile.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from ...cards import Card, Rank
from ...melds import MeldKind
from ...rule_anchors import RuleAnchor
from ...model.ruleset import Options
from .cards import DECK, DECKS, card_value, check_cards, check_decks, is_wild
from .options import resolve_options, wild_limit

SMALLEST, PILE = 3, 7


class PileKind(Enum):
    CLEAN = "clean"  # no wild card
    DIRTY = "dirty"  # natural cards and wild ones
    WILD = "wild"  # wild cards only


@dataclass(frozen=True)
class MeldCheck:
    """The answer for one meld: legal or why not, its rank (``None`` for wild cards only),
    and the kind of pile it makes (``None`` below seven cards)."""

    cards: tuple[Card, ...]
    reason: str | None = None
    rank: Rank | None = None
    pile: PileKind | None = None
    wilds: int = 0
    rule: RuleAnchor = RuleAnchor.BOOKS  # the paragraph the answer applies

    @property
    def legal(self) -> bool:
        return self.reason is None

    @property
    def kind(self) -> MeldKind | None:
        """Every Hand and Foot meld is a book (one rank)."""
        return MeldKind.BOOK if self.legal else None

    @property
    def pile_name(self) -> str | None:
        return None if self.pile is None else self.pile.value

    def facts(self) -> dict[str, str | int | None]:
        """What an answer says of the meld beside its verdict: its pile and its worth (both
        ``None`` when it is not legal)."""
        return {"pile": self.pile_name, "points": self.points if self.legal else None}

    @property
    def points(self) -> int:
        """What the cards are worth melded."""
        return sum(card_value(card) for card in self.cards)

    @property
    def unfinished(self) -> bool:
        return self.legal and self.pile is None


def check_meld(cards: Sequence[Card], options: Options | None = None, decks: int = DECKS,
               field: str = "cards") -> MeldCheck:
    """Whether ``cards`` make a legal meld; cards the decks cannot hold raise."""
    check_decks(decks)
    cards = check_cards(cards, (field,))
    DECK.check_supply(cards, decks, field)
    return judge_meld(cards, resolve_options(options))


def judge_meld(cards: tuple[Card, ...], options: Options) -> MeldCheck:
    """``check_meld`` of cards already checked against the supply, with options resolved."""
    wilds = sum(1 for card in cards if is_wild(card))
    ranks = sorted({card.rank for card in cards if not is_wild(card)})
    if not cards:
        return MeldCheck(cards, f"No cards yet, and a meld needs at least {SMALLEST}.")
    if Rank.THREE in ranks:
        return MeldCheck(cards, "Threes never meld in Hand and Foot (a red 3 is a bonus laid "
                                "aside, a black 3 can only be discarded).", wilds=wilds)
    if len(ranks) > 1:
        named = " and ".join(rank.word for rank in ranks)
        return MeldCheck(cards, f"A meld is all one rank besides its wild cards, and these "
                                f"cards hold {named}.", wilds=wilds)
    rank = ranks[0] if ranks else None
    stray = next((card.stands_for for card in cards
                  if card.is_joker and card.stands_for and card.stands_for.rank is not rank), None)
    if stray is not None:  # a joker stands for one card, and it must be one its meld can take
        kind = f"a meld of {rank.word}" if rank else "a meld of wild cards only, which has no rank"
        return MeldCheck(cards, f"A joker said to stand for {stray.label} cannot be in {kind}.",
                         rank, wilds=wilds, rule=RuleAnchor.WILD)
    if len(cards) < SMALLEST:
        return MeldCheck(cards, f"A meld needs at least {SMALLEST} cards, and this one has "
                                f"{len(cards)}.", rank, wilds=wilds)
    if len(cards) > PILE:
        return MeldCheck(cards, f"A meld holds at most {PILE} cards (seven make a closed pile), "
                                f"and this one has {len(cards)}.", rank, wilds=wilds)
    limit = wild_limit(len(cards), options)
    if rank is not None and wilds > limit:
        most = "no wild card" if not limit else f"at most {limit} wild card{'s' * (limit > 1)}"
        return MeldCheck(cards, f"A meld of {len(cards)} cards may hold {most}, and this one "
                                f"has {wilds}.", rank, wilds=wilds, rule=RuleAnchor.WILD)
    return MeldCheck(cards, None, rank, _pile(len(cards), wilds), wilds)


def _pile(size: int, wilds: int) -> PileKind | None:
    if size < PILE:
        return None
    if not wilds:
        return PileKind.CLEAN
    return PileKind.WILD if wilds == size else PileKind.DIRTY


def describe(check: MeldCheck) -> str | None:
    """A legal meld in one sentence: the pile it is, or how far it is from one."""
    if not check.legal:
        return None
    size = len(check.cards)
    if check.rank is None:
        if check.pile is not None:
            return f"A wild pile ({size} wild cards), worth {check.points}."
        return (f"A meld of {size} wild cards, worth {check.points}: {PILE - size} more make "
                f"a wild pile.")
    wild = f", {check.wilds} wild" if check.wilds else ""
    if check.pile is not None:
        return (f"A {check.pile_name} pile of {check.rank.word} ({size} cards{wild}), "
                f"worth {check.points}.")
    what = f"{check.rank.word} ({size} cards{wild})" if check.wilds else f"{size} {check.rank.word}"
    more = PILE - size
    return (f"A meld of {what}, worth {check.points}: {more} more card{'s' * (more > 1)} "
            f"make{'s' * (more == 1)} a pile.")
