"""A live Eversol hand, followed turn by turn as a fold over its steps.

Like a chess board with its move stack: ``apply`` (or ``push``) takes a step
when the rules allow it and refuses it with ``IllegalStepError`` otherwise,
leaving the hand as it was; ``pop`` undoes the last step by replaying the rest.
Everything else is read from the fold: whose turn it is, the phase of the turn,
the top discard and who asked to buy it, the melds on the table, how many cards
each player holds, the dead cards, rummy penalties, and who went out.

Seats go round the table in playing order, as in a kept game: the player left
of the dealer draws first (and has the upcard first), then play passes left.

>>> hand = LiveHand(["Abe", "Ben", "Carl"], dealer="Abe", hand=2, upcard="QC")
>>> hand.current, hand.phase.value, str(hand.top.card)
('Ben', 'draw', 'QC')
>>> hand.apply(WentDown("Ben", [["8C", "8S", "JK"], ["5H", "6H", "7H", "8H"]]))
Traceback (most recent call last):
...
referee.core.games.eversol.hand.errors.IllegalStepError: Ben must draw before going down.
>>> hand.apply(Drew("Ben", "stock", "8C"))
>>> hand.apply(Discarded("Ben", "KC"))
>>> hand.current, hand.held, hand.top.by
('Carl', {'Abe': 7, 'Ben': 7, 'Carl': 7}, 'Ben')
>>> hand.pop().describe(), hand.phase.value
('Ben discarded K♣', 'play')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from ....cards import Card
from ....rummy.contracts import contract_for
from ....errors import RefereeInputError
from ....seating import GameSetup
from ....model.ruleset import Contract, TableRules
from ....table import TableMeld
from . import melding, turns
from .buys import BuyRuling
from .errors import IllegalStepError
from .record import HandRecord, LaidMeld, Phase, TopDiscard, read_card
from .steps import (About, Bought, BuyClaimed, BuyWithdrawn, Discarded, Drew, LaidOff,
                    RummyCalled, Source, Step, WentDown)
from .view import HandOutcome, snapshot

_RULES: dict[type, Callable[[HandRecord, Any], None]] = {
    Drew: turns.drew, Discarded: turns.discarded, BuyClaimed: turns.buy_claimed,
    BuyWithdrawn: turns.buy_withdrawn, Bought: turns.bought, RummyCalled: turns.rummy_called,
    WentDown: melding.went_down, LaidOff: melding.laid_off}


class LiveHand:
    """One hand (1-6) of an Eversol game, from the deal to whoever goes out."""

    settles = False  # its end is scored by the table: the points held are not seen

    def __init__(self, players: Sequence[str], dealer: str, hand: int,
                 options: Mapping[str, Any] | None = None, decks: int | None = None,
                 upcard: str | None = None):
        setup = GameSetup.create("eversol", players, first_dealer=dealer, decks=decks,
                                 options=options)
        contract_for(setup.table, hand)
        # The kept game's seating: the dealer of hand h sits at first_dealer + h - 1.
        first = (setup.first_dealer - hand + 1) % len(setup.players)
        self._start(replace(setup, first_dealer=first), hand, upcard)

    @classmethod
    def for_game(cls, setup: GameSetup, hand: int, upcard: str | None = None,
                 steps: Iterable[Step] = (), strict: bool = True) -> LiveHand:
        """Hand ``hand`` of a kept game, with the steps taken so far.

        ``strict`` off replays steps saved earlier: the rules they were checked by
        then still apply, but not checks added since (where the cards are, whether
        the decks can deal the hand), so a game saved before never stops loading.
        """
        live = cls.__new__(cls)
        live._start(setup, hand, upcard, strict)
        for step in steps:
            live._record = live._folded(live._record, step, strict)
            live._steps.append(step)
        return live

    def _start(self, setup: GameSetup, hand: int, upcard: str | None,
               strict: bool = True) -> None:
        self._setup, self._hand, self._upcard = setup, hand, upcard
        self._steps: list[Step] = []
        self._record = HandRecord.deal(setup, hand, read_card(upcard, "upcard"), strict)

    # ------------------------------------------------------------------ the move stack

    def apply(self, step: Step) -> None:
        """Take ``step``, or raise ``IllegalStepError`` (the hand unchanged) if it is not legal.

        Bad notation raises ``CardSyntaxError``, cards beyond the decks' supply
        ``TooManyCopiesError``; they too leave the hand as it was.
        """
        self._record = self._folded(self._record, step)
        self._steps.append(step)

    push = apply

    def after(self, step: Step, strict: bool = True) -> LiveHand:
        """A new hand with ``step`` taken; this one stays as it was (for a kept game's fold)."""
        nxt = LiveHand.__new__(LiveHand)
        nxt._setup, nxt._hand, nxt._upcard = self._setup, self._hand, self._upcard
        nxt._record = self._folded(self._record, step, strict)
        nxt._steps = [*self._steps, step]
        return nxt

    def pop(self) -> Step:
        """Undo the last step and return it; the hand is replayed from the deal without it."""
        if not self._steps:
            raise IllegalStepError("Nothing has happened in this hand yet, so there is nothing "
                                   "to undo.", "step")
        step = self._steps.pop()
        record = HandRecord.deal(self._setup, self._hand, read_card(self._upcard, "upcard"),
                                 strict=False)
        for earlier in self._steps:
            record = self._folded(record, earlier, strict=False)
        self._record = record
        return step

    def recorded(self, step: Step) -> Step:
        """``step`` as the game keeps it: with what the referee saw filled in, so the history
        can say it (the card taken or bought from the pile, the card a rummy call was on,
        its thrower and what Ari's rule charged). Fields already given are kept.

        >>> hand = LiveHand(["Abe", "Ben", "Carl"], dealer="Abe", hand=2, upcard="QC")
        >>> hand.recorded(Drew("Ben", "discard")).describe()
        'Ben drew Q♣ from the discard'
        """
        top = self._record.top
        if top is None or top.card is None:
            return step
        if isinstance(step, (Drew, Bought)) and step.card is None and (
                not isinstance(step, Drew) or step.source is Source.DISCARD):
            return replace(step, card=str(top.card))
        if isinstance(step, RummyCalled) and step.card is None:
            return turns.recorded_call(self._record, step)
        return step

    def refusal(self, step: Step) -> str | None:
        """Why ``step`` would be refused now (illegal, or bad input such as a card the decks
        do not hold), or ``None`` if it is legal; nothing changes."""
        try:
            self._folded(self._record, step)
        except RefereeInputError as error:
            return error.message
        return None

    def copy(self) -> LiveHand:
        return LiveHand.for_game(self._setup, self._hand, self._upcard, self._steps,
                                 strict=False)

    @staticmethod
    def _folded(record: HandRecord, step: Step, strict: bool = True) -> HandRecord:
        rule = _RULES.get(type(step))
        if rule is None:
            raise IllegalStepError("That is not a step a live hand knows.", "step.type")
        changed = record.copy()
        changed.cards.strict = strict
        rule(changed, step)
        changed.cards.strict = True
        return changed

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(self._steps)

    # ------------------------------------------------------------------ the table

    @property
    def setup(self) -> GameSetup:
        return self._setup

    @property
    def players(self) -> tuple[str, ...]:
        return self._setup.players

    @property
    def hand(self) -> int:
        return self._hand

    @property
    def table(self) -> TableRules:
        return self._setup.table

    @property
    def contract(self) -> Contract:
        return self._record.contract

    @property
    def dealer(self) -> str:
        return self._record.dealer

    @property
    def upcard(self) -> str | None:
        return self._upcard

    # ------------------------------------------------------------------ the turn

    @property
    def current(self) -> str:
        """Whose turn it is (the player who went out, once the hand is over)."""
        return self._record.current

    @property
    def phase(self) -> Phase:
        return self._record.phase

    def moment(self, about: About) -> int:
        """Which turn of the hand it is, or which discard lies on top (0: the upcard)."""
        return self._record.turns if about is About.TURN else self._record.throws

    @property
    def top(self) -> TopDiscard | None:
        """The top discard while it can still be taken, bought or called rummy."""
        return self._record.top

    @property
    def claims(self) -> tuple[str, ...]:
        """Who has asked to buy the top discard, in the order they asked."""
        return tuple(self._record.claims)

    @property
    def pending_buy(self) -> BuyRuling | None:
        """How the requests to buy would be settled now (``None`` when nobody asked)."""
        return turns.pending_buy(self._record)

    @property
    def rummy_callers(self) -> tuple[str, ...]:
        """Who may be offered a call of rummy on the top discard now (``turns.rummy_callers``):
        never on a card thrown before anyone was down, nor by its thrower."""
        return turns.rummy_callers(self._record)

    @property
    def buys(self) -> dict[str, int]:
        """Cards each player bought this hand."""
        return dict(self._record.buys)

    @property
    def buys_left(self) -> dict[str, int | None]:
        """Buys each player has left under the table's limit (``None``: no limit)."""
        limit = self.table.options["buy_limit"]
        return {name: None if limit is None else max(0, limit - n)
                for name, n in self._record.buys.items()}

    @property
    def warnings(self) -> tuple[str, ...]:
        """Etiquette warnings about the top discard (a thrown joker buyer); never a ban."""
        return tuple(self._record.warnings)

    # ------------------------------------------------------------------ the cards

    @property
    def down(self) -> tuple[str, ...]:
        """Who has gone down, in the order they did."""
        return tuple(self._record.down)

    @property
    def melds(self) -> tuple[LaidMeld, ...]:
        """The melds on the table in the order laid; steps name them by this index."""
        return tuple(self._record.melds)

    @property
    def melds_by_player(self) -> dict[str, list[tuple[int, TableMeld]]]:
        """Each player's melds with their table index (lay-offs change them in place)."""
        grouped: dict[str, list[tuple[int, TableMeld]]] = {name: [] for name in self.players}
        for index, laid in enumerate(self._record.melds):
            grouped[laid.owner].append((index, laid.meld))
        return grouped

    @property
    def held(self) -> dict[str, int]:
        """How many cards each player holds."""
        return dict(self._record.held)

    @property
    def stock(self) -> int:
        """Cards left in the stock (dead cards are turned over when it runs out)."""
        return self._record.stock

    @property
    def new_stocks(self) -> tuple[int, ...]:
        """How many cards each new stock turned from the dead cards held, in turn."""
        return tuple(self._record.new_stocks)

    @property
    def dead(self) -> tuple[Card | None, ...]:
        """Cards out of play, turned over if the stock runs out: covered discards, and called
        rummy cards without Ari's rule (``None``: not told)."""
        return tuple(self._record.dead)

    @property
    def set_aside(self) -> dict[str, tuple[str, ...]]:
        """Ari's rule: the called rummy cards lying by each thrower, out of play for good."""
        return {name: tuple(str(card) for card in cards)
                for name, cards in self._record.set_aside.items()}

    @property
    def rummy_calls(self) -> tuple[int | None, ...]:
        """Where each called rummy card went: the meld it was put on, or ``None`` (dead)."""
        return tuple(self._record.calls)

    @property
    def rummy_penalties(self) -> dict[str, int]:
        """Ari's rule: points charged to each player for rummy cards they threw."""
        return dict(self._record.penalties)

    # ------------------------------------------------------------------ the end

    @property
    def finished(self) -> bool:
        return self._record.went_out is not None

    @property
    def went_out(self) -> str | None:
        return self._record.went_out

    @property
    def result(self) -> HandOutcome | None:
        """Hints for scoring the hand once someone went out; ``None`` until then."""
        if not self.finished:
            return None
        cards = self._record.cards
        seen = {name: tuple(cards.seen_in_hand(name)) for name in self.players}
        return HandOutcome(self._record.went_out, MappingProxyType(self.rummy_penalties),
                           MappingProxyType(self.held), MappingProxyType(seen),
                           face_up=tuple(cards.known.elements()))

    def snapshot(self) -> dict[str, Any]:
        """Everything derived, as JSON: for screens, and to compare two moments of a hand."""
        return snapshot(self._record)


def replay(players: Sequence[str], dealer: str, hand: int, steps: Iterable[Step],
           options: Mapping[str, Any] | None = None, decks: int | None = None,
           upcard: str | None = None) -> LiveHand:
    """A hand with every step applied in turn (the first illegal one raises)."""
    live = LiveHand(players, dealer, hand, options=options, decks=decks, upcard=upcard)
    for step in steps:
        live.apply(step)
    return live
