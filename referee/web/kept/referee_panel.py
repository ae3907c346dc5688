"""What the referee's panel shows, worked out from the hand being followed.

The panel is read at arm's length, so everything a template would otherwise
have to work out (whose turn, which buttons make sense now, the melds
numbered as the steps number them) is decided here once. What the rules
decide is asked of the hand: who may call rummy is ``LiveHand.rummy_callers``,
the answer the API gives too.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core import Card, parse_card
from ...core.game import GameState
from ...core.games.followed_hands import (
    BuyOutcome,
    BuyRuling,
    Discarded,
    LiveHand,
    Phase,
    RummyCalled,
    rummy_penalty_points,
    shown,
)
from ...core.rule_anchors import RuleAnchor
from ...core.model.ruleset import Contract
from ...core.melds import MeldRules
from ...core.table import TableMeld


@dataclass(frozen=True)
class TableMeldShown:
    number: int  # from 1: the steps count melds from 0, people from 1
    owner: str
    meld: TableMeld

    @property
    def has_joker(self) -> bool:
        return any(card.is_joker for card in self.meld.cards)

    @property
    def words(self) -> str:
        """The cards in a few characters, for a button: ``'8♣ 8♠ JK'``."""
        return " ".join("JK" if card.is_joker else card.label for card in self.meld.cards)


@dataclass(frozen=True)
class SeatShown:
    name: str
    held: int
    buys: int
    down: bool
    penalty: int  # Ari's rule: points charged for rummy cards this player threw
    claiming: bool  # asks to buy the top discard now
    melds: tuple[TableMeldShown, ...]
    set_aside: tuple[Card, ...] = ()  # Ari's rule: the called cards lying by this player


@dataclass(frozen=True)
class RefereePanel:
    hand: LiveHand
    seats: tuple[SeatShown, ...]
    melds: tuple[TableMeldShown, ...]
    meld_labels: tuple[str, ...]  # the contract's melds, as the go-down fields are named
    meld_fewest: tuple[int, ...]  # the fewest cards each of those melds may have
    buy_limit: int | None
    aris_rule: bool
    rummy_card_on_meld: bool  # house option: a called rummy card goes on a meld

    # ------------------------------------------------------------------ the turn

    @property
    def current(self) -> str:
        return self.hand.current

    @property
    def phase(self) -> str:
        return self.hand.phase.value

    @property
    def finished(self) -> bool:
        return self.hand.phase is Phase.OVER

    @property
    def current_is_down(self) -> bool:
        return self.current in self.hand.down

    @property
    def can_discard(self) -> bool:
        # Hand 6 has no discard to go out with, but a turn that does not go down still ends
        # with one.
        return self.hand.phase is Phase.PLAY

    @property
    def can_go_down(self) -> bool:
        return self.hand.phase is Phase.PLAY and not self.current_is_down

    @property
    def can_lay_off(self) -> bool:
        return (self.hand.phase is Phase.PLAY and self.current_is_down
                and self.hand.contract.discard and bool(self.melds))

    @property
    def jokers_on_table(self) -> bool:
        return any(meld.has_joker for meld in self.melds)

    @staticmethod
    def tapped(text: str | None) -> tuple[str, ...]:
        """The cards typed or tapped into a meld's field, as the chips show them (``'8♣'``,
        ``'Joker as 9♥'``); a word that is not a card as it was written."""
        return tuple(shown(word) for word in (text or "").replace(",", " ").split())

    # ------------------------------------------------------------------ the pile

    @property
    def top_card(self) -> Card | None:
        top = self.hand.top
        return None if top is None else top.card

    @property
    def top_words(self) -> str:
        """The top discard as said aloud: ``'Q♣'``, or ``'the upcard'`` when not told."""
        top = self.hand.top
        if top is None:
            return ""
        if top.card is not None:
            return top.card.label
        return "the upcard" if top.by is None else "the discard"

    @property
    def thrown_by(self) -> str | None:
        return None if self.hand.top is None else self.hand.top.by

    @property
    def claimants(self) -> tuple[str, ...]:
        """Who may be shown a "Who wants it?" toggle: anyone, while a card is there."""
        return () if self.hand.top is None or self.finished else self.hand.players

    @property
    def ruling(self) -> BuyRuling | None:
        return self.hand.pending_buy

    @property
    def buyer(self) -> str | None:
        ruling = self.ruling
        return ruling.player if ruling and ruling.outcome is BuyOutcome.BUY else None

    @property
    def buy_words(self) -> str:
        """The buy button: the player in turn who has not drawn passes in the same tap."""
        ruling = self.ruling
        card = self.top_words or "it"
        if ruling is None or ruling.waits_for is None:
            return f"{self.buyer} buys {card}"
        return f"{ruling.waits_for} passes: {self.buyer} buys {card}"

    @property
    def rummy_callers(self) -> tuple[str, ...]:
        """Who Rummy! is offered to: the hand's answer, which the API shows too."""
        return self.hand.rummy_callers

    def shows(self, form: str) -> bool:
        """Whether the panel shows referee-mode form ``form`` (to put a refusal beside it)."""
        return {"draw": self.phase == "draw", "discard": self.can_discard,
                "down": self.can_go_down, "layoff": self.can_lay_off,
                "claim": bool(self.claimants), "bought": self.buyer is not None,
                "rummy": bool(self.rummy_callers)}.get(form, False)

    @property
    def calls_rule(self) -> RuleAnchor:
        """The paragraph a ruling on the pile applies: buying and calling alike."""
        return BuyRuling.rule

    @property
    def rummy_note(self) -> str | None:
        """What a rummy call did, while it is the newest step: the dead cards, the penalty."""
        steps = self.hand.steps
        if not steps or not isinstance(steps[-1], RummyCalled):
            return None
        call = steps[-1]
        thrown = next(step for step in reversed(steps) if isinstance(step, Discarded))
        card = parse_card(thrown.card)  # a call needs a known card
        own = parse_card(call.callers_discard) if call.callers_discard else None
        owns = f"{call.caller}’s {own.label if own else 'card'}"
        placed = self.hand.rummy_calls[-1]
        # Under Ari's rule the dead cards lie by the thrower: no new stock takes them back.
        lying = f" by {thrown.player}" if self.aris_rule else ""
        if placed is not None:
            fate = f"{card.label} goes on meld {placed + 1} and {owns} is dead"
            fate += f", lying{lying}" if lying else ""
        elif lying:
            fate = f"{card.label} and {owns} are dead and lie{lying}"
        else:
            fate = f"{card.label} is dead, and so is {owns}"
        note = f"{call.caller} called rummy on {thrown.player}’s {card.label}: {fate}."
        if own is not None and self.aris_rule:
            points = rummy_penalty_points(card, own, self.hand.table.options)
            note += f" {thrown.player} is charged {points} (Ari’s rule)."
        return note

    # ------------------------------------------------------------------ out of play

    @property
    def dead_known(self) -> tuple[Card, ...]:
        return tuple(card for card in self.hand.dead if card is not None)

    @property
    def dead_unsaid(self) -> int:
        return sum(card is None for card in self.hand.dead)

    @property
    def new_stock(self) -> int | None:
        """How many dead cards the latest new stock was turned from, once the stock ran out."""
        return self.hand.new_stocks[-1] if self.hand.new_stocks else None

    @property
    def set_aside(self) -> int:
        return sum(len(seat.set_aside) for seat in self.seats)

    @property
    def penalties(self) -> tuple[SeatShown, ...]:
        return tuple(seat for seat in self.seats if seat.penalty)


def referee_panel(state: GameState, book_word: str = "book", run_word: str = "run"
                  ) -> RefereePanel | None:
    """The panel for the hand being followed, or ``None`` when the table only keeps score."""
    hand = state.live
    if not isinstance(hand, LiveHand):  # none, or a game's own round (``round_panel``)
        return None
    melds = tuple(TableMeldShown(index + 1, laid.owner, laid.meld)
                  for index, laid in enumerate(hand.melds))
    seats = tuple(
        SeatShown(name, hand.held[name], hand.buys[name], name in hand.down,
                  hand.rummy_penalties[name], name in hand.claims,
                  tuple(m for m in melds if m.owner == name),
                  tuple(parse_card(card) for card in hand.set_aside[name]))
        for name in hand.players)
    options = hand.table.options
    return RefereePanel(hand, seats, melds, meld_labels(hand.contract, book_word, run_word),
                        meld_fewest(hand.contract, hand.table.melds), options["buy_limit"],
                        bool(options["aris_rule"]), options["rummy_card"] == "meld")


def meld_fewest(contract: Contract, rules: MeldRules) -> tuple[int, ...]:
    """The fewest cards of each meld of the contract, in the order of ``meld_labels``: the
    going-down grid fills a meld that far before it moves on to the next.

    >>> meld_fewest(Contract(2, 7, 1, 1), MeldRules(game="Eversol Rummy", min_run=4))
    (3, 4)
    """
    return (rules.min_book,) * contract.books + (rules.min_run,) * contract.runs


def meld_labels(contract: Contract, book_word: str = "book", run_word: str = "run"
                ) -> tuple[str, ...]:
    """``('Book 1', 'Book 2')``, ``('Book', 'Run')``: one label per meld of the contract."""
    labels = []
    for count, word in ((contract.books, book_word), (contract.runs, run_word)):
        labels += [word.capitalize() + (f" {n}" if count > 1 else "")
                   for n in range(1, count + 1)]
    return tuple(labels)
