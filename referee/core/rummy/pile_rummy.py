"""Rummy in the pile (500 Rummy): may anyone call "Rummy!" on the discard pile as it lies?

Once a card is thrown, anyone but its thrower may call when some card in the
pile could be melded straight away with no card from a hand: laid off on a meld
on the table, or put with other pile cards above it into a meld of their own.
The caller takes that card and every card on top of it, so of several such
cards the referee names the one nearest the top. The table's ``rummy_calls``
house rule may narrow calls to the top card laid off, or allow none.

Only the pile and the table count: the referee never sees a hand. A joker
lying in the pile stands for nothing until someone melds it.

>>> from referee.core import parse_cards
>>> from referee.core.games.registry import FIVE_HUNDRED
>>> rules = FIVE_HUNDRED.configure(decks=1)
>>> pile, table = parse_cards("7H 2C 9S"), [parse_cards("4H 5H 6H")]
>>> verdict = check_pile_rummy(pile, table, rules)
>>> str(verdict.card), verdict.depth, verdict.lays_off_on
('7H', 3, (0,))
>>> verdict.reason
'The 7♥, 3rd card down, lays off on the sequence 4♥ 5♥ 6♥, so anyone but the player who \
just threw may call “Rummy!” and take the pile down to it (3 cards).'
>>> top_only = FIVE_HUNDRED.configure(decks=1, options={"rummy_calls": "top_card"})
>>> check_pile_rummy(pile, table, top_only).rummy
False
>>> made = check_pile_rummy(parse_cards("8C 5D 5S 5H"), [], rules)
>>> str(made.card), made.depth, made.reason
('5D', 3, 'The 5♦, 3rd card down, makes a group of fives (5♠ 5♥ 5♦) with cards above it in \
the pile, so anyone but the player who just threw may call “Rummy!” and take the pile down to \
it (3 cards).')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar
from itertools import combinations

from ..cards import Card, Rank
from ..errors import NotInRulesetError
from ..melds import MeldKind, MeldRules, Reading, check_meld
from ..table import TableMeld, lie_table, table_fields
from ..rule_anchors import RuleAnchor
from ..words import ordinal
from ..model.ruleset import TableRules

CALL = "“Rummy!”"
_MOST_JOKERS_IN_A_TRIO = 2  # three cards make a meld only with a natural card among them


@dataclass(frozen=True)
class PileRummyVerdict:
    """Whether anyone may call, and if so what the caller takes and why."""

    rummy: bool
    reason: str
    card: Card | None = None  # the deepest card the caller must take
    depth: int | None = None  # how many cards from the top that takes: 1 is the top card alone
    lays_off_on: tuple[int, ...] = ()  # indices of the table melds the card lays off on
    pile_meld: Reading | None = None  # else the meld it makes with pile cards above it
    rule: ClassVar[RuleAnchor] = RuleAnchor.CALLS


def check_pile_rummy(discard_pile: Sequence[Card], table: Sequence[Sequence[Card]],
                     rules: TableRules) -> PileRummyVerdict:
    """Whether anyone but the last thrower may call "Rummy!" now, under ``rules``.

    ``discard_pile`` runs bottom to top; ``table`` is every meld laid down, each
    as it lies. The pile and the table must exist at once in the decks; errors
    name the request's fields (``discard_pile[3]``, ``table[1][2]``).
    """
    calls = _calls_allowed(rules)
    rules.deck.check_named_supply(
        [*((f"discard_pile[{i}]", card) for i, card in enumerate(discard_pile)),
         *table_fields(table)], rules.decks)
    laid = lie_table(table, rules.melds)
    if calls == "none":
        return PileRummyVerdict(False, f"Nobody may call {CALL}: this table plays without "
                                       "rummy calls.")
    if not discard_pile:
        return PileRummyVerdict(False, f"The discard pile is empty, so there is nothing to call "
                                       f"{CALL} on.")
    pile = [card.bare() for card in discard_pile]
    reach = 1 if calls == "top_card" else len(pile)
    found = _nearest_call(pile, laid, rules.melds, reach)
    if found is not None:
        return found
    if calls == "top_card":
        return _top_card_refused(pile, laid, rules.melds)
    return PileRummyVerdict(False, _nothing_meldable(bool(table), rules.melds))


def _calls_allowed(rules: TableRules) -> str:
    calls = rules.options.get("rummy_calls")
    if calls is None:
        raise NotInRulesetError(
            f"{rules.ruleset.title} has no rummy calls on the discard pile.", "ruleset")
    return calls


# --- Searching the pile from the top down -----------------------------------------------------

def _nearest_call(pile: Sequence[Card], laid: list[list[TableMeld]], rules: MeldRules,
                  reach: int) -> PileRummyVerdict | None:
    """The call taking the fewest cards, looking no deeper than ``reach`` cards."""
    above: list[Card] = []  # one of each card seen so far, at most two jokers
    for depth, card in enumerate(reversed(pile), start=1):
        if depth > reach:
            break
        # A second copy can do nothing the copy above it could not, with fewer cards taken.
        if card in above and not (card.is_joker and above.count(card) < _MOST_JOKERS_IN_A_TRIO):
            continue
        fits = _lay_offs(card, laid, rules)
        if fits:
            places = _spoken_or([_describe(meld, rules) for meld in fits.values()])
            return PileRummyVerdict(True, _call_reason(card, depth, f"lays off on {places}"),
                                    card, depth, lays_off_on=tuple(fits))
        meld = _meld_with(card, above, rules)
        if meld is not None:
            made = f"makes {_describe_reading(meld, rules)} with cards above it in the pile"
            return PileRummyVerdict(True, _call_reason(card, depth, made), card, depth,
                                    pile_meld=meld)
        above.append(card)
    return None


def _lay_offs(card: Card, laid: list[list[TableMeld]], rules: MeldRules) -> dict[int, TableMeld]:
    """The table melds (by index) ``card`` lays off on, each as it reads to take the card."""
    fits = {}
    for index, readings in enumerate(laid):
        reading = next((meld for meld in readings if meld.extend([card], rules).valid), None)
        if reading is not None:
            fits[index] = reading
    return fits


def _meld_with(card: Card, above: Sequence[Card], rules: MeldRules) -> Reading | None:
    """A meld of ``card`` and two cards from ``above``, if any: naturals tried first.

    Three cards are enough: any larger meld holding ``card`` has three of its cards
    that are a meld holding it too.
    """
    partners = [other for other in above if card.is_joker or other.is_joker or _near(card, other)]
    partners.sort(key=lambda other: other.is_joker)
    for first, second in combinations(partners, 2):
        if first.is_joker or second.is_joker or _near(first, second):
            verdict = check_meld([card, first, second], rules)
            if verdict.valid:
                return verdict.readings[0]
    return None


def _near(one: Card, other: Card) -> bool:
    """Whether two natural cards could lie in one meld of three (the meld check decides)."""
    if one.is_joker or other.is_joker or one.rank is other.rank:
        return True
    return one.suit is other.suit and any(
        abs(a - b) <= 2 for a in _positions(one.rank) for b in _positions(other.rank))


def _positions(rank: Rank) -> tuple[int, ...]:
    return (1, 14) if rank is Rank.ACE else (int(rank),)


# --- Words ------------------------------------------------------------------------------------

def _call_reason(card: Card, depth: int, what_it_does: str) -> str:
    if depth == 1:
        return (f"The top card, {card.label}, {what_it_does}, so anyone but the player who threw "
                f"it may call {CALL} and take it.")
    return (f"The {card.label}, {ordinal(depth)} card down, {what_it_does}, so anyone but the "
            f"player who just threw may call {CALL} and take the pile down to it "
            f"({depth} cards).")


def _top_card_refused(pile: Sequence[Card], laid: list[list[TableMeld]],
                      rules: MeldRules) -> PileRummyVerdict:
    """Only the top card counts at this table: say so, and name any deeper card that would."""
    top = pile[-1]
    refused = (f"At this table only the top card may be called, and {top.label} lays off on no "
               "meld on the table")
    deeper = _nearest_call(pile, laid, rules, len(pile))
    if deeper is None:
        return PileRummyVerdict(False, refused + ".")
    return PileRummyVerdict(False, (
        f"{refused}; the {deeper.card.label}, {ordinal(deeper.depth)} card down, would count "
        "only where calls reach into the pile."))


def _nothing_meldable(anyone_melded: bool, rules: MeldRules) -> str:
    three = f"no three cards in the pile make a {rules.book_word} or {rules.run_word}"
    if not anyone_melded:
        return f"Nobody has melded yet and {three}, so nobody may call {CALL}."
    return f"No card in the pile lays off on a meld on the table and {three}, so nobody may " \
           f"call {CALL}."


def _describe(meld: TableMeld, rules: MeldRules) -> str:
    if meld.kind is MeldKind.BOOK:
        return f"the {rules.book_word} of {meld.rank.word}"
    return f"the {rules.run_word} {' '.join(card.label for card in meld.cards)}"


def _describe_reading(reading: Reading, rules: MeldRules) -> str:
    cards = " ".join(card.label for card in reading.cards)
    if reading.kind is MeldKind.BOOK:
        return f"a {rules.book_word} of {reading.rank.word} ({cards})"
    return f"a {rules.run_word} ({cards})"


def _spoken_or(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"
