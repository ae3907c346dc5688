"""A round of Jack Change It followed step by step: a fold over plays and draws.

The referee sees what the table sees: the face-up pile, how many cards each player holds and
how many the stock has. From that and the steps so far it knows whose turn it is, the suit in
force, the direction, the draw waiting for the next player, and who went out. Undo is the
same fold without the last step.

>>> from referee.core.cards import parse_card, parse_cards
>>> setup = RoundSetup(players=("Ann", "Bob", "Cy"), dealer="Cy", upcard=parse_card("9H"))
>>> state = fold(setup, [Play("Ann", parse_cards("QH")), Play("Cy", parse_cards("2H")),
...                      Draw("Bob")])  # the queen reverses: Cy, then Bob draws two
>>> state.turn, state.hands, state.stock
('Ann', {'Ann': 6, 'Bob': 9, 'Cy': 6}, 28)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ...cards import Card, Rank, Suit, natural
from ...errors import PlayerNameError, RefereeInputError, WrongTypeError
from .cards import ACE_OF_HEARTS, DECK, HAND_SIZE, check_card, check_cards, check_players
from .errors import JackInputError, RefusedStepError
from .moment import JackRule, Pending, PlayVerdict, can_play, is_pair, pending_of, refuse


@dataclass(frozen=True)
class RoundSetup:
    """The players in seating order (play goes to the left: down the list), the dealer and
    the card turned up to start the pile (it acts as an ordinary card)."""

    players: tuple[str, ...]
    dealer: str
    upcard: Card


@dataclass(frozen=True)
class Play:
    player: str
    cards: tuple[Card, ...]
    call: Suit | None = None  # the suit a jack names


@dataclass(frozen=True)
class Draw:
    """The player draws: the whole pending draw, else one card; the turn passes."""

    player: str


@dataclass(frozen=True)
class RoundState:
    players: tuple[str, ...]
    turn: str
    hands: dict[str, int]  # cards each holds
    stock: int
    pile: tuple[Card, ...]  # face up since the stock was last made, the top card last
    direction: int = 1  # 1: to the left (down the list); -1: to the right
    suit: Suit | None = None  # called by a jack, in force
    pending_draw: int = 0
    pending: Pending | None = None
    winner: str | None = None
    rebuilds: int = 0  # times the pile under the top card became the stock

    @property
    def top(self) -> Card:
        return self.pile[-1]


@dataclass(frozen=True)
class StepVerdict:
    legal: bool
    reason: str
    rule: JackRule | None
    state: RoundState  # after the step (unchanged when refused)


def start(setup: RoundSetup) -> RoundState:
    if not isinstance(setup, RoundSetup):
        raise WrongTypeError("A round starts from a RoundSetup.", ("setup",))
    names = tuple(setup.players)
    check_players(len(names), ("players",))
    if len(set(names)) != len(names) or not all(isinstance(n, str) and n for n in names):
        raise PlayerNameError("Every player needs a name of their own.", ("players",))
    if setup.dealer not in names:
        raise PlayerNameError(f"The dealer, {setup.dealer}, is not a player.", ("dealer",))
    upcard = check_card(setup.upcard, ("upcard",))
    first = names[(names.index(setup.dealer) + 1) % len(names)]
    return RoundState(names, first, dict.fromkeys(names, HAND_SIZE),
                      DECK.size() - HAND_SIZE * len(names) - 1, (upcard,))


def _next(state: RoundState, direction: int, skip: bool) -> str:
    at = state.players.index(state.turn)
    return state.players[(at + direction * (2 if skip else 1)) % len(state.players)]


def step(state: RoundState, move: Play | Draw) -> StepVerdict:
    """The round after one more step, or the step refused with the rule it breaks."""
    if not isinstance(move, (Play, Draw)):
        raise WrongTypeError("A step is a Play or a Draw.", ("step",))
    if move.player not in state.players:
        raise PlayerNameError(f"{move.player} is not playing.", ("player",))
    if state.winner is not None:
        return _refused(state, refuse(JackRule.OVER, f"The round is over: {state.winner} "
                                                     "went out."))
    if move.player != state.turn:
        return _refused(state, refuse(JackRule.TURN, f"It is {state.turn}'s turn."))
    if isinstance(move, Draw):
        return _draw(state)
    cards = check_cards(move.cards, ("cards",))
    held = state.hands[move.player]
    if len(cards) > held:
        return _refused(state, refuse(JackRule.HAND, f"{move.player} holds {held} "
                                                     f"card{'s' if held != 1 else ''}."))
    DECK.check_named_supply([(("pile", i), c) for i, c in enumerate(state.pile)]
                            + [(("cards", i), c) for i, c in enumerate(cards)], decks=1)
    verdict = can_play(len(state.players), state.top, cards, state.suit, state.pending_draw,
                       state.pending and state.pending.value, held - len(cards), move.call)
    if not verdict.legal:
        return _refused(state, verdict)
    if any(c.rank is Rank.JACK for c in cards) and move.call is None:
        raise JackInputError("A jack names a suit: say which.", ("call",))
    if is_pair(cards):  # the A♥ goes on top
        cards = tuple(sorted(cards, key=lambda c: c == ACE_OF_HEARTS))
    effect = verdict.next
    direction = -state.direction if effect.reverse else state.direction
    hands = {**state.hands, move.player: held - len(cards)}
    after = replace(state, hands=hands, pile=state.pile + cards, direction=direction,
                    suit=effect.suit, pending_draw=effect.draw,
                    pending=pending_of(cards[-1], effect.draw, None))
    if hands[move.player] == 0:
        return StepVerdict(True, f"{move.player} is out and wins the round.", None,
                           replace(after, winner=move.player))
    return StepVerdict(True, verdict.reason, None,
                       replace(after, turn=_next(after, direction, effect.skip)))


def _draw(state: RoundState) -> StepVerdict:
    wanted = state.pending_draw or 1
    stock, pile, rebuilds = state.stock, state.pile, state.rebuilds
    if stock < wanted and len(pile) > 1:  # the pile under the top card becomes the stock
        stock, pile, rebuilds = stock + len(pile) - 1, pile[-1:], rebuilds + 1
    drawn = min(wanted, stock)
    hands = {**state.hands, state.turn: state.hands[state.turn] + drawn}
    after = replace(state, hands=hands, stock=stock - drawn, pile=pile, pending_draw=0,
                    pending=None, rebuilds=rebuilds)
    reason = f"{state.turn} draws {drawn}" + (" (the stock rebuilt from the pile)"
                                               if rebuilds > state.rebuilds else "")
    if drawn < wanted:
        reason += f"; only {drawn} could be drawn"
    return StepVerdict(True, reason + ".", None,
                       replace(after, turn=_next(after, state.direction, False)))


def pairs_now(state: RoundState) -> bool:
    """Whether the player whose turn it is could play a 2 and the A♥ together: the A♥ is not
    on the pile, and a 2 not on it goes down with it by the rules (it matches, no A♥ is
    waiting, and the player keeps a card after the two).

    >>> from referee.core.cards import parse_card, parse_cards
    >>> setup = RoundSetup(players=("Ann", "Bob", "Cy"), dealer="Cy", upcard=parse_card("9S"))
    >>> pairs_now(start(setup)), pairs_now(fold(setup, [Play("Ann", parse_cards("2S AH"))]))
    (True, False)
    """
    if state.winner is not None or ACE_OF_HEARTS in state.pile:
        return False
    twos = (natural(Rank.TWO, suit) for suit in Suit)
    return any(step(state, Play(state.turn, (two, ACE_OF_HEARTS))).legal
               for two in twos if two not in state.pile)


def _refused(state: RoundState, verdict: PlayVerdict) -> StepVerdict:
    return StepVerdict(False, verdict.reason, verdict.rule, state)


def fold(setup: RoundSetup, steps: Sequence[Play | Draw]) -> RoundState:
    """The round after ``steps``; a refused step is bad input, located in ``steps``."""
    state = start(setup)
    for i, move in enumerate(steps):
        try:
            verdict = step(state, move)
        except RefereeInputError as error:
            raise error.within("steps", i) from None
        if not verdict.legal:
            error = RefusedStepError(verdict.reason, ("steps", i))
            error.play_rule = verdict.rule
            raise error
        state = verdict.state
    return state


def undo(setup: RoundSetup, steps: Sequence[Play | Draw]) -> tuple[RoundState, list]:
    """The round without its last step, and the steps left."""
    kept = list(steps[:-1])
    return fold(setup, kept), kept
