"""What a live hand knows at one moment: the record its steps are folded into.

The record is plain data; ``turns`` and ``melding`` change a copy of it for
each step and ``hand.LiveHand`` keeps the result only when the step was legal.
Held cards are counted, not named: the referee sees only what lies face up.

>>> from referee.core.seating import GameSetup
>>> record = HandRecord.deal(GameSetup.create("eversol", ["Abe", "Ben", "Carl"], "Abe"), 2)
>>> record.dealer, record.current, record.held, record.stock
('Ben', 'Carl', {'Abe': 7, 'Ben': 7, 'Carl': 7}, 32)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from enum import Enum
from typing import TYPE_CHECKING

from collections.abc import Iterable

from ....cards import Card, parse_card
from ....rummy.contracts import contract_for
from ....model.ruleset import Contract, TableRules, short_deal
from ....table import TableMeld
from ....text import name_key
from .errors import IllegalStepError
from .steps import Source
from .supply import CardsSeen

if TYPE_CHECKING:  # the kept game's setup, which deals the hand
    from ....seating import GameSetup


class Phase(Enum):
    """Where the player whose turn it is stands."""

    DRAW = "draw"  # must draw first: the stock's top card, or the top discard free
    PLAY = "play"  # has drawn: may go down or lay off, and must discard to end the turn
    OVER = "over"  # someone went out


@dataclass(frozen=True)
class TopDiscard:
    """The face-up card that can still be taken, bought or called rummy."""

    card: Card | None  # None: the referee was not told which card it is
    by: str | None  # who threw it; None for the upcard turned at the deal
    # The melds' cards as they lay when it was thrown: a rummy card is judged by them.
    table_then: tuple[tuple[Card, ...], ...] = ()


@dataclass(frozen=True)
class LaidMeld:
    """A meld on the table and the player who laid it."""

    owner: str
    meld: TableMeld


@dataclass
class HandRecord:
    setup: GameSetup
    hand: int
    turn: int  # the seat whose turn it is
    held: dict[str, int]
    stock: int
    top: TopDiscard | None
    drawn: Source | None = None  # this turn's draw, once made
    down: list[str] = field(default_factory=list)  # in the order they went down
    melds: list[LaidMeld] = field(default_factory=list)
    dead: list[Card | None] = field(default_factory=list)
    # Ari's rule: called rummy cards lie by their thrower, out of play and never restocked.
    set_aside: dict[str, list[Card]] = field(default_factory=dict)
    new_stocks: list[int] = field(default_factory=list)  # each stock turned from dead cards
    calls: list[int | None] = field(default_factory=list)  # each called card's meld, if any
    claims: list[str] = field(default_factory=list)  # asking to buy the top discard
    buys: dict[str, int] = field(default_factory=dict)
    penalties: dict[str, int] = field(default_factory=dict)  # Ari's rule, by thrower
    warnings: list[str] = field(default_factory=list)  # about the top discard
    went_out: str | None = None
    cards: CardsSeen | None = None  # where the cards seen so far are
    turns: int = 0  # turns ended so far: which turn a step was meant for
    throws: int = 0  # discards so far: which top discard a step was meant for (0: the upcard)

    @classmethod
    def deal(cls, setup: GameSetup, hand: int, upcard: Card | None = None,
             strict: bool = True) -> HandRecord:
        """The hand as dealt: the player left of the dealer to draw, the upcard on the pile.

        A deal the decks cannot make is refused (unless ``strict`` is off: a hand saved
        before that was checked must still replay).
        """
        table = setup.table
        contract = contract_for(table, hand)
        players = setup.players
        short = short_deal(table, len(players), hand)
        if short is not None and strict:
            raise IllegalStepError(short.message, "hand")
        stock = table.deck.size(setup.decks) - contract.cards_dealt * len(players) - 1
        record = cls(setup, hand, (setup.first_dealer + hand) % len(players),
                     dict.fromkeys(players, contract.cards_dealt), max(stock, 0),
                     TopDiscard(upcard, None), buys=dict.fromkeys(players, 0),
                     penalties=dict.fromkeys(players, 0),
                     set_aside={name: [] for name in players}, cards=CardsSeen(table, strict))
        record.cards.face_up(upcard, "to turn up", "upcard")
        record.cards.strict = True
        return record

    def copy(self) -> HandRecord:
        return replace(self, held=dict(self.held), down=list(self.down), melds=list(self.melds),
                       dead=list(self.dead), claims=list(self.claims), buys=dict(self.buys),
                       set_aside={name: list(cards) for name, cards in self.set_aside.items()},
                       new_stocks=list(self.new_stocks), calls=list(self.calls),
                       penalties=dict(self.penalties), warnings=list(self.warnings),
                       cards=self.cards.copy())

    # ------------------------------------------------------------------ reading

    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    @property
    def table(self) -> TableRules:
        return self.setup.table

    @property
    def contract(self) -> Contract:
        return self.table.ruleset.contracts[self.hand - 1]

    @property
    def current(self) -> str:
        return self.players[self.turn]

    @property
    def dealer(self) -> str:
        return self.players[(self.setup.first_dealer + self.hand - 1) % len(self.players)]

    @property
    def phase(self) -> Phase:
        if self.went_out is not None:
            return Phase.OVER
        return Phase.DRAW if self.drawn is None else Phase.PLAY

    def table_cards(self) -> list[tuple[Card, ...]]:
        return [laid.meld.cards for laid in self.melds]

    @property
    def strict(self) -> bool:
        """Off while a step saved earlier is replayed: checks added since then do not apply."""
        return self.cards.strict

    # ------------------------------------------------------------------ checks shared by steps

    def player(self, name: str, field_name: str = "step.player") -> str:
        """The player so named (any case, spaces squeezed), or a refusal."""
        wanted = name_key(name)
        for known in self.players:
            if name_key(known) == wanted:
                return known
        raise IllegalStepError(f"Nobody called {str(name)[:30]} plays in this hand.", field_name)

    def open(self) -> None:
        """Refuse any step once someone has gone out."""
        if self.went_out is not None:
            raise IllegalStepError(f"The hand is over: {self.went_out} went out.", "step")

    def on_turn(self, player: str, doing: str) -> None:
        """Refuse a step only the player whose turn it is may take, and only after the draw."""
        if player != self.current:
            raise IllegalStepError(f"It is {self.current}'s turn, and only the player whose "
                                   f"turn it is may {doing}.", "step.player")
        if self.drawn is None:
            raise IllegalStepError(f"{player} must draw before {_gerund(doing)}.", "step")

    def meld_at(self, index: int, field_name: str) -> TableMeld:
        if not 0 <= index < len(self.melds):
            count = len(self.melds)
            lying = f"{count} meld{'s' if count != 1 else ''}"
            raise IllegalStepError(f"There is no meld {index + 1}: the table has {lying}.",
                                   field_name)
        return self.melds[index].meld

    # ------------------------------------------------------------------ changes shared by steps

    def take_from_stock(self, count: int) -> None:
        """Draw ``count`` cards from the stock, turning the dead cards over when it runs out.

        Cards set aside by Ari's rule stay by their thrower: they are charged to that
        player, so they never come back into play.
        """
        for _ in range(count):
            if not self.stock:
                if not self.dead:
                    raise IllegalStepError("The stock is empty and the discard pile has no "
                                           "card to turn over, so nobody can draw from it.",
                                           "step")
                self.cards.turned_down(self.dead)
                self.stock, self.dead = len(self.dead), []
                self.new_stocks.append(self.stock)
            self.stock -= 1

    # ------------------------------------------------------------------ cards coming to light

    def places(self) -> list[tuple[str, Iterable[Card]]]:
        """Where the face-up cards lie, in words, for a refusal naming them."""
        top = [] if self.top is None or self.top.card is None else [self.top.card]
        return [("on the table", [c for meld in self.table_cards() for c in meld]),
                ("the top discard", top),
                ("in the discard pile", [c for c in self.dead if c is not None]),
                *((f"set aside by {name} (Ari's rule)", cards)
                  for name, cards in self.set_aside.items() if cards)]

    def shown(self, card: Card | None, doing: str, field_name: str) -> None:
        """A card from the stock comes face up (a card the referee is told of)."""
        self.cards.face_up(card, doing, field_name, self.places)

    def shown_into_hand(self, player: str, card: Card | None, doing: str, field_name: str,
                        was_face_up: bool = False) -> None:
        """A card goes into ``player``'s hand in plain sight."""
        self.cards.into_hand(player, card, doing, field_name, self.places, was_face_up)

    def played(self, player: str, card: Card | None, doing: str, field_name: str) -> None:
        """``player`` lays or throws ``card`` face up (``None``: a discard not said)."""
        if card is None:
            self.cards.unsaid_from_hand(player)
        else:
            self.cards.face_up_from_hand(player, card, doing, field_name, self.places)


def read_card(text: str | None, field_name: str) -> Card | None:
    """A card as written in a step (``None`` when not told); bad notation raises
    ``CardSyntaxError``."""
    if text is None:
        return None
    return parse_card(text, field_name)


def read_cards(texts: Sequence[str], field_name: str) -> list[Card]:
    return [parse_card(text, f"{field_name}[{i}]") for i, text in enumerate(texts)]


_GERUNDS = {"draw": "drawing", "discard": "discarding", "go down": "going down",
            "lay off": "laying off"}


def _gerund(doing: str) -> str:
    return _GERUNDS.get(doing, doing)
