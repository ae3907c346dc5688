"""A round of a kept Jack Change It night followed turn by turn: its steps are events of the
game's log (a card or a 2 and the A♥ played, a draw), its state the round's fold
(``round.fold``), and an undo takes back the newest step as it does any event.

The kept game hands over its setup (the players, the first dealer) and the round's number;
the round starts from the upcard turned at its deal. A refused step is bad input with its
rule (``RefusedStepError``): nothing is saved.

>>> class Night:  # what the kept game's setup offers
...     players, first_dealer = ("Ann", "Bo", "Cy"), 2
>>> live = FollowedRound.for_game(Night(), 1, "9H")
>>> live.dealer, live.current
('Cy', 'Ann')
>>> live = live.after(CardsPlayed("Ann", ("QH",))).after(CardsPlayed("Cy", ("2H",)))
>>> live.recorded(DrewCards("Bo")).describe()
'Bo drew 2'
>>> live.after(CardsPlayed("Bo", ("9C",)))
Traceback (most recent call last):
...
referee.core.games.jack_change_it.errors.RefusedStepError: A 2 is waiting: answer with a 2 or draw 2.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from ...cards import Card, Rank, Suit, parse_card
from ...errors import RefereeInputError, WrongTypeError
from .cards import ACE_OF_HEARTS, read_suit, suits_named
from .errors import JackInputError, RefusedStepError
from .moment import JackRule, Pending
from .round import Draw, Play, RoundSetup, RoundState, pairs_now, start, step


@dataclass(frozen=True)
class CardsPlayed:
    """The player whose turn it is plays a card (or a 2 and the A♥ together); a jack names
    the suit it changes to (``call``)."""

    type: ClassVar[str] = "cards_played"
    player: str
    cards: tuple[str, ...]
    call: str | None = None

    def describe(self) -> str:
        cards = " and ".join(_label(card) for card in self.cards)
        called = read_suit(self.call, ("call",)) if self.call else None
        return f"{self.player} played {cards}" + (f", changed to {called.word}" if called
                                                  else "")


@dataclass(frozen=True)
class DrewCards:
    """The player whose turn it is draws (the whole waiting draw, else one card); ``drawn``
    is what the referee counted, filled in when the step is recorded."""

    type: ClassVar[str] = "drew_cards"
    player: str
    drawn: int | None = None

    def describe(self) -> str:
        return f"{self.player} drew" + (f" {self.drawn}" if self.drawn is not None else "")


STEP_TYPES: dict[str, type] = {kind.type: kind for kind in (CardsPlayed, DrewCards)}


def step_from_dict(data: Any) -> CardsPlayed | DrewCards:
    """A step written as JSON; a wrong shape raises ``WrongTypeError``."""
    player = data.get("player")
    if not isinstance(player, str) or not player.strip():
        raise WrongTypeError("player must be given as text.", "event.player")
    if data.get("type") == DrewCards.type:
        return DrewCards(player.strip())
    cards, call = data.get("cards"), data.get("call")
    if (not isinstance(cards, list) or not 1 <= len(cards) <= 2
            or not all(isinstance(card, str) for card in cards)):
        raise WrongTypeError("cards must be a list of one card, or a 2 and the A♥, such as "
                             '["7D"] or ["2H", "AH"].', "event.cards")
    if call is not None and not isinstance(call, str):
        raise WrongTypeError("call must be a suit, S, H, D or C.", "event.call")
    return CardsPlayed(player.strip(), tuple(card.strip().upper() for card in cards), call)


def _label(card: str) -> str:
    try:
        return parse_card(card).label
    except RefereeInputError:
        return card


@dataclass(frozen=True)
class FollowedRound:
    """Round ``hand`` followed: its steps as events, and the round's state after them."""

    hand: int
    dealer: str
    upcard: str
    steps: tuple[CardsPlayed | DrewCards, ...]
    state: RoundState
    said: str = ""  # what the referee said of the last step: "Bo draws 2."
    drawn: tuple[int, ...] = field(default=())  # cards each draw took, in order
    skipped: str | None = None  # the player an 8 just played skips
    rebuilt: int = 0  # cards the last draw turned from the pile into the stock (0: none)
    # Its result is who went out, the whole of a round's entry: the kept game scores the round
    # when someone goes out.
    settles: ClassVar[bool] = True
    phase: ClassVar[None] = None  # no draw-then-play within a turn: a turn is one step

    @classmethod
    def for_game(cls, setup: Any, hand: int, upcard: str | None = None,
                 strict: bool = True) -> FollowedRound:
        """Round ``hand`` of a kept night (``setup``: its players and first dealer, by seat),
        from the upcard turned at its deal."""
        if upcard is None:
            raise JackInputError("Say the card turned up: the round's pile starts from it.",
                                 ("event", "card"))
        players = tuple(setup.players)
        dealer = players[(setup.first_dealer + hand - 1) % len(players)]
        try:
            card = parse_card(upcard)
            state = start(RoundSetup(players, dealer, card))
        except RefereeInputError as error:
            raise error.within("event") from None
        return cls(hand, dealer, str(card), (), state)

    # ------------------------------------------------------------------ what the kept game asks

    @property
    def players(self) -> tuple[str, ...]:
        return self.state.players

    @property
    def current(self) -> str:
        return self.state.turn

    @property
    def finished(self) -> bool:
        return self.state.winner is not None

    @property
    def went_out(self) -> str | None:
        return self.state.winner

    def moment(self, about: Any) -> int:
        """Which turn it is: a step tapped on an older screen counts only on the same turn."""
        return len(self.steps)

    def after(self, event: CardsPlayed | DrewCards, strict: bool = True) -> FollowedRound:
        """The round after one more step; a step the rules refuse raises ``RefusedStepError``
        with its rule."""
        move = self._move(event)
        try:
            verdict = step(self.state, move)
        except RefereeInputError as error:
            raise error.within("event") from None
        if not verdict.legal:
            refused = RefusedStepError(verdict.reason, _where(verdict.rule))
            refused.play_rule = verdict.rule
            raise refused
        drawn, after = self.drawn, verdict.state
        if isinstance(event, DrewCards):
            drawn = (*drawn, after.hands[event.player] - self.state.hands[event.player])
        rebuilt = len(self.state.pile) - 1 if after.rebuilds > self.state.rebuilds else 0
        skipped = None
        if isinstance(move, Play) and after.winner is None and any(
                card.rank is Rank.EIGHT for card in move.cards):
            at = after.players.index(event.player) + after.direction
            skipped = after.players[at % len(after.players)]
        return replace(self, steps=(*self.steps, event), state=after, said=verdict.reason,
                       drawn=drawn, skipped=skipped, rebuilt=rebuilt)

    def recorded(self, event: CardsPlayed | DrewCards) -> CardsPlayed | DrewCards:
        """The step as the log keeps it: a draw with the cards the referee counted."""
        if isinstance(event, DrewCards) and event.drawn is None:
            after = self.after(event)
            return replace(event, drawn=after.drawn[-1])
        return event

    @staticmethod
    def _move(event: CardsPlayed | DrewCards) -> Play | Draw:
        if isinstance(event, DrewCards):
            return Draw(event.player)
        cards = []
        for index, text in enumerate(event.cards):
            try:
                cards.append(parse_card(text))
            except RefereeInputError as error:
                raise error.within("event", "cards", index) from None
        return Play(event.player, tuple(cards), read_suit(event.call, ("event", "call")))

    # ------------------------------------------------------------------ what the screens show

    def document(self) -> dict[str, Any]:
        """The round as the game's document shows it."""
        state = self.state
        last = self.steps[-1] if self.steps else None
        return {"hand": self.hand, "dealer": self.dealer, "upcard": self.upcard,
                "turn": state.turn, "top": str(state.top),
                "suit": state.suit.value if state.suit else None,
                "direction": "left" if state.direction == 1 else "right",
                "pending_draw": state.pending_draw,
                "pending": state.pending.value if state.pending else None,
                "hands": dict(state.hands), "stock": state.stock, "rebuilds": state.rebuilds,
                "steps": len(self.steps), "said": self.said,
                "last_step": None if last is None else {**last.to_dict(),
                                                        "description": last.describe()}}

    def suits_to_name(self, cards: tuple[str, ...]) -> tuple[Suit, ...]:
        """The suits the player whose turn it is may name with these cards: the other three
        for a jack the rules let go down now; none for any other card, or for a jack refused
        (its refusal says why once it is played).

        >>> class Night:
        ...     players, first_dealer = ("Ann", "Bo", "Cy"), 2
        >>> live = FollowedRound.for_game(Night(), 1, "9H")
        >>> [suit.word for suit in live.suits_to_name(("JH",))]
        ['spades', 'diamonds', 'clubs']
        >>> live.suits_to_name(("JC",)), live.suits_to_name(("7H",))
        ((), ())
        """
        try:
            move = self._move(CardsPlayed(self.current, cards))
        except RefereeInputError:
            return ()
        jack = next((card for card in move.cards if card.rank is Rank.JACK), None)
        suits = suits_named(jack) if jack is not None else ()
        try:
            legal = bool(suits) and step(self.state, replace(move, call=suits[0])).legal
        except RefereeInputError:
            return ()
        return suits if legal else ()

    @property
    def pairs(self) -> bool:
        """Whether a 2 and the A♥ could go down together on this turn (``round.pairs_now``)."""
        return pairs_now(self.state)

    @staticmethod
    def paired(card: str) -> tuple[str, ...]:
        """The cards of a 2 played with the A♥."""
        return (card, str(ACE_OF_HEARTS))

    @property
    def waiting(self) -> str | None:
        """The draw waiting for the player to play, and what may answer it, in words.

        >>> class Night:
        ...     players, first_dealer = ("Ann", "Bo", "Cy"), 2
        >>> live = FollowedRound.for_game(Night(), 1, "9S").after(CardsPlayed("Ann", ("2S",)))
        >>> live.waiting
        'Bo must draw 2, or answer with a 2 (or a 2 and the A♥ together, seven more).'
        """
        state = self.state
        if not state.pending_draw or self.finished:
            return None
        draw = f"{state.turn} must draw {state.pending_draw}"
        if state.pending is Pending.ACE_OF_HEARTS:
            return f"{draw}, or block it with the 5♥."
        if self.pairs:
            return f"{draw}, or answer with a 2 (or a 2 and the A♥ together, seven more)."
        return f"{draw}, or answer with a 2."

    @property
    def top(self) -> Card:
        return self.state.top

    @property
    def suit_in_force(self) -> Suit | None:
        return self.state.suit


def _where(rule: JackRule | None) -> tuple[str, ...]:
    """The field a refusal is about: a play's cards, but for a turn or an over round."""
    return ("event", "player") if rule in (JackRule.TURN, JackRule.OVER) else ("event", "cards")
