"""What a live hand shows: its state as JSON, and the hints for scoring it once over.

>>> from referee.core.seating import GameSetup
>>> from .record import HandRecord
>>> seats = GameSetup.create("eversol", ["Abe", "Ben", "Carl"], "Abe")
>>> shown = snapshot(HandRecord.deal(seats, 1))
>>> shown["current"], shown["phase"], shown["top"], shown["held"]["Carl"]
('Ben', 'draw', {'card': None, 'by': None}, 6)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ....cards import Card
from ....model.ruleset import TableRules
from .record import HandRecord
from .turns import pending_buy


@dataclass(frozen=True)
class HandOutcome:
    """What the scorer needs once someone went out.

    ``rummy_penalties`` are Ari's rule's points by thrower, to add to what each
    player was caught with; the player who went out is charged those alone.
    ``seen`` are cards the referee saw going into a hand and still there (a discard
    taken or bought, a penalty card shown, a joker bought off the table): what
    each player holds is worth at least those. ``face_up`` are all the cards it saw
    and knows where they lie (on the table, dead, on the pile, in a hand): a player's
    unseen cards are none of those but their own.
    """

    went_out: str
    rummy_penalties: Mapping[str, int]
    held: Mapping[str, int]  # cards each player still holds: the steppers' counts
    seen: Mapping[str, tuple[Card, ...]] = field(default_factory=lambda: MappingProxyType({}))
    face_up: tuple[Card, ...] = ()

    def held_range(self, table: TableRules, name: str) -> tuple[int, int]:
        """The least and most ``name``'s cards can be worth: those seen going in, and any
        others not seen lying elsewhere.

        >>> from referee.core.cards import JOKER
        >>> from referee.core.games.eversol.ruleset import EVERSOL
        >>> seen = HandOutcome("Ben", {}, {"Abe": 2, "Ben": 0}, {"Abe": (JOKER,)})
        >>> seen.held_range(EVERSOL.configure(decks=1), "Abe")
        (55, 100)
        >>> laid = HandOutcome("Ben", {}, {"Abe": 2, "Ben": 0}, {}, face_up=(JOKER,))
        >>> laid.held_range(EVERSOL.configure(decks=1), "Abe")  # the other joker is on the table
        (10, 65)
        """
        own = self.seen.get(name, ())
        elsewhere = Counter(card.bare() for card in self.face_up)
        elsewhere.subtract(card.bare() for card in own)
        return table.held_points_range(self.held[name], own, tuple((+elsewhere).elements()))

    def held_points(self, table: TableRules) -> dict[str, tuple[int, int]]:
        """The least and most each player but the one out can be caught with."""
        return {name: self.held_range(table, name)
                for name in self.held if name != self.went_out}

    def points(self, caught: Mapping[str, int]) -> dict[str, int]:
        """Everyone's points for the hand, given what the others were caught with.

        >>> HandOutcome("Ben", {"Abe": 0, "Ben": 20, "Carl": 0}, {}).points({"Abe": 15})
        {'Abe': 15, 'Ben': 20, 'Carl': 0}
        """
        return {name: extra + (0 if name == self.went_out else caught.get(name, 0))
                for name, extra in self.rummy_penalties.items()}


def snapshot(record: HandRecord) -> dict[str, Any]:
    """Everything the record says, as JSON; equal snapshots are the same moment of play."""
    pending = pending_buy(record)
    return {
        "hand": record.hand, "dealer": record.dealer, "current": record.current,
        "phase": record.phase.value,
        "drew": None if record.drawn is None else record.drawn.value,
        "top": None if record.top is None else {
            "card": _text(record.top.card), "by": record.top.by},
        "claims": list(record.claims),
        "pending_buy": None if pending is None else {
            "outcome": pending.outcome.value, "player": pending.player,
            "reason": pending.reason},
        "buys": dict(record.buys), "down": list(record.down),
        "melds": [{"owner": laid.owner, "kind": laid.meld.kind.value,
                   "cards": [str(card) for card in laid.meld.cards]}
                  for laid in record.melds],
        "held": dict(record.held), "stock": record.stock,
        "new_stocks": list(record.new_stocks),
        "dead": [_text(card) for card in record.dead],
        "set_aside": {name: [str(card) for card in cards]
                      for name, cards in record.set_aside.items()},
        "rummy_penalties": dict(record.penalties), "warnings": list(record.warnings),
        "went_out": record.went_out,
        # Cards seen going into a hand (a discard taken or bought, a card shown) still there.
        "seen": {name: [str(card) for card in record.cards.seen_in_hand(name)]
                 for name in record.players if record.cards.seen_in_hand(name)},
    }


def _text(card: Card | None) -> str | None:
    return None if card is None else str(card)
