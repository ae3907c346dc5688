"""Where every card the referee has seen is, so a card named twice too often is caught.

The referee never sees a whole hand, but it sees a lot: the upcard, every card
laid on the table, the discards (the top one and the dead ones under it), and
cards that go into a hand face up: a discard drawn or bought, a stock card or
penalty card a player shows. Each of those is one copy of its card in a known
place. A step that names a card when every copy the decks hold is already in a
known place elsewhere cannot have happened, and is refused.

A card a player holds unseen (drawn from the stock, dealt) may be any card, so
it counts against nothing until it comes face up. A discard not said does the
opposite: the player may have thrown one of the cards seen going into their
hand, so those are no longer known to be there (the referee refuses only what
is impossible, never what merely looks unlikely).

>>> from referee.core import get_ruleset, parse_card
>>> seen = CardsSeen(get_ruleset("eversol").configure(decks=1))
>>> seen.into_hand("Abe", parse_card("KC"), "to take")  # shown going into Abe's hand
>>> seen.face_up_from_hand("Abe", parse_card("KC"), "to meld")  # the same card, melded
>>> seen.face_up(parse_card("KC"), "to discard")
Traceback (most recent call last):
...
referee.core.errors.TooManyCopiesError: There is no K♣ left to discard: the deck has one \
K♣, and it is face up already.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence

from ....cards import Card
from ....errors import TooManyCopiesError
from ....text import spoken_list
from ....model.ruleset import TableRules

# Where the face-up copies lie, in words, asked for only to word a refusal: a long hand's
# dead pile is long, and almost every card named is allowed.
Places = Callable[[], Sequence[tuple[str, Iterable[Card]]]]
_COUNTS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
           8: "eight"}


class CardsSeen:
    """The copies of each card seen so far, and which of them are in a player's hand.

    ``strict`` off makes it count without refusing: for steps saved before a
    rule was checked, which must still replay.
    """

    def __init__(self, table: TableRules, strict: bool = True):
        self.table = table
        self.strict = strict
        self.known: Counter[Card] = Counter()  # every copy in a known place, by physical card
        self.in_hands: dict[str, Counter[Card]] = {}

    def copy(self) -> CardsSeen:
        other = CardsSeen(self.table, self.strict)
        other.known = self.known.copy()
        other.in_hands = {name: held.copy() for name, held in self.in_hands.items() if held}
        return other

    # ------------------------------------------------------------------ cards coming to light

    def face_up(self, card: Card | None, doing: str, field: str = "step.card",
                places: Places = tuple) -> None:
        """A card comes face up from where nobody saw it (the stock, or a hand's unseen cards).

        ``places`` name where the face-up copies lie, for the refusal's sentence.
        """
        if card is None:
            return
        physical = card.bare()
        supply = self.table.deck.copies_of(physical, self.table.decks)
        if self.strict and self.known[physical] >= supply:
            raise TooManyCopiesError(self._none_left(physical, supply, doing, places), field)
        self.known[physical] += 1

    def into_hand(self, player: str, card: Card | None, doing: str, field: str = "step.card",
                  places: Places = tuple, was_face_up: bool = False
                  ) -> None:
        """A card seen going into ``player``'s hand: from the table (``was_face_up``) or shown."""
        if card is None:
            return
        if not was_face_up:
            self.face_up(card, doing, field, places)
        self.in_hands.setdefault(player, Counter())[card.bare()] += 1

    def face_up_from_hand(self, player: str, card: Card, doing: str, field: str = "step.card",
                          places: Places = tuple) -> None:
        """``player`` lays or throws ``card``: the copy seen in their hand, or a new one."""
        held = self.in_hands.get(player)
        physical = card.bare()
        if held and held[physical]:
            held[physical] -= 1
        else:
            self.face_up(card, doing, field, places)

    # ------------------------------------------------------------------ cards going unseen

    def unsaid_from_hand(self, player: str) -> None:
        """``player`` threw a card the referee was not told: any card seen in that hand may
        be the one, so none is known to be there any longer."""
        for card, count in self.in_hands.pop(player, Counter()).items():
            self.known[card] -= count

    def turned_down(self, cards: Iterable[Card | None]) -> None:
        """Dead cards turned over to make a new stock: unseen again."""
        for card in cards:
            if card is not None:
                self.known[card.bare()] -= 1

    # ------------------------------------------------------------------ reading

    def seen_in_hand(self, player: str) -> list[Card]:
        return sorted(self.in_hands.get(player, Counter()).elements(), key=str)

    def _none_left(self, card: Card, supply: int, doing: str,
                   places: Places) -> str:
        label = "joker" if card.is_joker else card.label
        decks = self.table.decks
        holds = "the deck has" if decks == 1 else f"the {decks} decks have"
        word = _COUNTS.get(supply, str(supply))
        plural = "s" if card.is_joker and supply != 1 else ""
        found = [name for name, cards in places() if any(c.bare() == card for c in cards)]
        found += [f"in {name}'s hand" for name, held in self.in_hands.items() if held[card]]
        where = spoken_list(found) if found else "face up already"
        if supply == 0:
            return f"There is no {label} in this game."
        subject = "it is" if supply == 1 else ("both are" if supply == 2 else "all are")
        return (f"There is no {label} left {doing}: {holds} {word} {label}{plural}, and "
                f"{subject} {where}.")


