"""A kept game's state, folded from its setup and its events.

>>> setup = GameSetup.create("eversol", ["Abe", "Ben", "Carl"], first_dealer="Abe")
>>> state = replay(setup, [HandScored(1, "Ben", {"Abe": 15, "Carl": 35}),
...                        HandScored(2, "Abe", {"Ben": 20, "Carl": 5})])
>>> [(p.place, p.name, p.total) for p in state.ranking]
[(1, 'Abe', 15), (2, 'Ben', 20), (3, 'Carl', 40)]
>>> state.apply(HandScored(3, "Carl", {"Abe": 12, "Ben": 5}))
Traceback (most recent call last):
...
referee.core.game.errors.HandEntryError: Eversol points come in fives: 12 cannot be right for Abe.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..errors import DeckCountError
from ..live.steps import STEP_TYPES
from ..rulesets import get_ruleset
from ..rulesets.model import Contract, ShortDeal, TableRules, short_deal
from .errors import GameSetupError, HandEntryError, IllegalEventError
from .events import DealerChosen, DecksChanged, Event, HandCorrected, HandScored, UpcardTurned
from .followed import Mismatch, RefereeMismatchError, mismatches
from .setup import GameSetup, seat_of

if TYPE_CHECKING:  # the live hand reads the game's setup, so it is imported when first needed
    from ..live.hand import LiveHand

# Held values of a whole deck in Eversol: 32 cards 2-9 at 5, 16 tens to kings at
# 10, 4 aces at 15, 2 jokers at 50. No hand can hold more than every deck in play.
DECK_POINTS = 32 * 5 + 16 * 10 + 4 * 15 + 2 * 50


@dataclass(frozen=True)
class HandResult:
    hand: int
    went_out: str
    points: Mapping[str, int]  # every player, the one who went out at 0
    corrections: tuple[str, ...] = ()  # the reasons, oldest first
    entries: Mapping[str, Any] | None = None
    # Saved although it contradicted the hand the referee followed: what did not agree.
    saved_anyway: tuple[Mismatch, ...] = ()


@dataclass(frozen=True)
class Place:
    place: int  # equal totals share a place: 1, 1, 3
    name: str
    total: int


@dataclass(frozen=True)
class GameState:
    setup: GameSetup
    first_dealer: int
    results: tuple[HandResult, ...] = ()
    live: LiveHand | None = None  # the hand being played, when the referee follows it
    decks: int = 0  # in play now (the table may add decks between hands)
    dealer_drawn: bool = True  # the first dealer was drawn at random, not chosen

    @classmethod
    def start(cls, setup: GameSetup) -> GameState:
        return cls(setup, setup.first_dealer, decks=setup.decks, dealer_drawn=setup.dealer_drawn)

    # ------------------------------------------------------------------ the table now

    @property
    def players(self) -> tuple[str, ...]:
        return self.setup.players

    @property
    def contracts(self) -> tuple[Contract, ...]:
        return self.setup.table.ruleset.contracts

    @property
    def hands_in_game(self) -> int:
        return len(self.contracts)

    @property
    def finished(self) -> bool:
        return len(self.results) >= self.hands_in_game

    @property
    def hand(self) -> int | None:
        """The hand being played now (1-6), or ``None`` once the game is over."""
        return None if self.finished else len(self.results) + 1

    def dealer_of(self, hand: int) -> str:
        return self.players[(self.first_dealer + hand - 1) % len(self.players)]

    def first_player_of(self, hand: int) -> str:
        """The player left of the dealer, who plays first and has the upcard first."""
        return self.players[(self.first_dealer + hand) % len(self.players)]

    @property
    def dealer(self) -> str | None:
        return None if self.hand is None else self.dealer_of(self.hand)

    @property
    def first_player(self) -> str | None:
        return None if self.hand is None else self.first_player_of(self.hand)

    @property
    def contract(self) -> Contract | None:
        return None if self.hand is None else self.contracts[self.hand - 1]

    @property
    def table(self) -> TableRules:
        """The game's rules with the decks in play now."""
        return get_ruleset(self.setup.ruleset).configure(options=self.setup.options,
                                                         decks=self.decks)

    @property
    def short_deal(self) -> ShortDeal | None:
        """Why the decks in play cannot deal the hand being played, if they cannot."""
        if self.hand is None:
            return None
        return short_deal(self.table, len(self.players), self.hand)

    # ------------------------------------------------------------------ the score

    @property
    def totals(self) -> dict[str, int]:
        return {name: sum(r.points[name] for r in self.results) for name in self.players}

    def running_totals(self) -> list[dict[str, int]]:
        """After each scored hand, everyone's total so far."""
        running, out = dict.fromkeys(self.players, 0), []
        for result in self.results:
            running = {name: running[name] + result.points[name] for name in self.players}
            out.append(running)
        return out

    @property
    def ranking(self) -> list[Place]:
        """Lowest total first; equal totals share a place."""
        seat = {name: i for i, name in enumerate(self.players)}
        ordered = sorted(self.totals.items(), key=lambda item: (item[1], seat[item[0]]))
        places, previous = [], None
        for position, (name, total) in enumerate(ordered, 1):
            place = places[-1].place if previous == total else position
            places.append(Place(place, name, total))
            previous = total
        return places

    @property
    def leaders(self) -> list[str]:
        """Whoever has the lowest total (all of them when tied); nobody before the first hand."""
        if not self.results:
            return []
        return [p.name for p in self.ranking if p.place == 1]

    # ------------------------------------------------------------------ steps

    def apply(self, event: Event, strict: bool = True) -> GameState:
        """The state after ``event``; an event the game cannot take raises and changes nothing.

        ``strict`` off folds an event saved earlier: the rules it was checked by then
        still hold, but not checks added since (the cards the referee saw, whether
        the decks can deal a hand, the score against the followed hand), so that a
        game saved before them never stops loading.
        """
        if type(event) in STEP_TYPES.values():
            return self._step(event, strict)
        if isinstance(event, UpcardTurned):
            return self._deal(event, strict)
        if isinstance(event, DealerChosen):
            return self._dealer(event)
        if isinstance(event, DecksChanged):
            return self._decks(event)
        if isinstance(event, HandScored):
            return self._scored(event, strict)
        if isinstance(event, HandCorrected):
            if not 1 <= event.hand <= len(self.results):
                raise IllegalEventError(f"Hand {event.hand} has not been scored, so there is "
                                        "nothing to correct.", "event.hand")
            old = self.results[event.hand - 1]
            fixed = self._result(event.hand, event.went_out, event.points, event.entries)
            fixed = replace(fixed, corrections=(*old.corrections, event.reason),
                            saved_anyway=old.saved_anyway)
            results = list(self.results)
            results[event.hand - 1] = fixed
            return replace(self, results=tuple(results))
        raise IllegalEventError("That is not a step this game knows.", "event.type")

    # ------------------------------------------------------------------ between hands

    def _dealer(self, event: DealerChosen) -> GameState:
        if self.results or self.live is not None:
            raise IllegalEventError("The first dealer can only change before hand 1 "
                                    "begins.", "event.dealer")
        try:
            seat = seat_of(self.players, event.dealer, "event.dealer")
        except GameSetupError as error:
            raise IllegalEventError(error.message, error.field) from None
        return replace(self, first_dealer=seat, dealer_drawn=event.drawn)

    def _decks(self, event: DecksChanged) -> GameState:
        if self.finished:
            raise IllegalEventError(f"All {self.hands_in_game} hands are scored.", "event.decks")
        if self.live is not None:
            raise IllegalEventError(f"Hand {self.hand} is being followed: change the decks "
                                    "before a hand is dealt.", "event.decks")
        try:
            table = get_ruleset(self.setup.ruleset).configure(
                options=self.setup.options, decks=event.decks)
        except DeckCountError as error:
            raise IllegalEventError(error.message, "event.decks") from None
        short = short_deal(table, len(self.players), self.hand)
        if short is not None:
            raise IllegalEventError(short.message, "event.decks")
        return replace(self, decks=event.decks)

    def _scored(self, event: HandScored, strict: bool) -> GameState:
        if self.finished:
            raise IllegalEventError(f"All {self.hands_in_game} hands are scored; "
                                    "correct a hand instead.", "event.hand")
        if event.hand != self.hand:
            raise IllegalEventError(f"Hand {self.hand} is being played, so hand "
                                    f"{event.hand} cannot be scored now.", "event.hand")
        if strict:
            self._can_deal("event.hand")
        result = self._result(event.hand, event.went_out, event.points, event.entries)
        live = self.live
        if live is not None and live.finished:
            if result.went_out != live.went_out:
                raise IllegalEventError(f"The referee saw {live.went_out} go out in hand "
                                        f"{event.hand}, not {result.went_out}.",
                                        "event.went_out")
            found = mismatches(live.result, self.table, result.points, event.entries)
            if found and strict and not event.overrides_referee:
                raise RefereeMismatchError(found)
            result = replace(result, saved_anyway=tuple(found))
        return replace(self, results=(*self.results, result), live=None)

    # ------------------------------------------------------------------ a hand followed live

    def _seating(self) -> GameSetup:
        """The setup with the first dealer and the decks as the game has them now."""
        return replace(self.setup, first_dealer=self.first_dealer, decks=self.decks)

    def _can_deal(self, field_name: str) -> None:
        short = self.short_deal
        if short is not None:
            raise IllegalEventError(short.message, field_name)

    def _deal(self, event: UpcardTurned, strict: bool) -> GameState:
        if self.finished or event.hand != self.hand:
            raise IllegalEventError(f"Hand {self.hand or self.hands_in_game} is the one being "
                                    f"played, so hand {event.hand} cannot be dealt now.",
                                    "event.hand")
        if self.live is not None and self.live.steps:
            raise IllegalEventError("The upcard is turned at the deal, before anyone plays: "
                                    "undo the hand's steps to change it.", "event.card")
        if strict:
            self._can_deal("event.hand")
        from ..live.hand import LiveHand
        return replace(self, live=LiveHand.for_game(self._seating(), event.hand, event.card,
                                                    strict=strict))

    def _step(self, step, strict: bool) -> GameState:
        if self.finished:
            raise IllegalEventError(f"All {self.hands_in_game} hands are scored.", "event.type")
        from ..live.hand import LiveHand
        if self.live is None and strict:
            self._can_deal("event")
        live = self.live or LiveHand.for_game(self._seating(), self.hand, strict=strict)
        return replace(self, live=live.after(step, strict))

    def _result(self, hand: int, went_out: str, points: Mapping[str, int],
                entries: Mapping[str, Any]) -> HandResult:
        try:
            out = self.players[seat_of(self.players, went_out, "event.went_out")]
        except GameSetupError as error:
            raise HandEntryError(error.message, error.field) from None
        given: dict[str, int] = {}
        for name, value in points.items():
            try:
                player = self.players[seat_of(self.players, name, f"event.points.{name}")]
            except GameSetupError as error:
                raise HandEntryError(error.message, error.field) from None
            given[player] = value
        check_hand_points(self.players, out, given, self.decks,
                          rummy_penalties=bool(self.setup.options.get("aris_rule")))
        return HandResult(hand, out, {name: given.get(name, 0) for name in self.players},
                          entries=dict(entries))


def check_hand_points(players: Sequence[str], went_out: str, points: Mapping[str, int],
                      decks: int, rummy_penalties: bool = False) -> None:
    """Refuse end-of-hand points no Eversol table could have, naming the player.

    With Ari's rule, a player charged for throwing a rummy card may still go out
    later in the hand: their score is then the penalty alone, not 0.
    """
    most = DECK_POINTS * decks
    out_points = points.get(went_out, 0)
    if out_points and not rummy_penalties:
        raise HandEntryError(f"{went_out} went out, so {went_out} scores 0 this hand.",
                             f"event.points.{went_out}")
    if out_points % 5 or not 0 <= out_points <= most:
        raise HandEntryError(f"{went_out} went out: only a rummy penalty, in fives, can count "
                             f"against them, not {out_points}.", f"event.points.{went_out}")
    for name in players:
        if name == went_out:
            continue
        if name not in points:
            raise HandEntryError(f"Enter what {name} was caught with.", f"event.points.{name}")
        value = points[name]
        if value % 5:
            raise HandEntryError(f"Eversol points come in fives: {value} cannot be right for "
                                 f"{name}.", f"event.points.{name}")
        if value <= 0:
            raise HandEntryError(f"Only {went_out} went out: {name} still holds a card, "
                                 "so at least 5.", f"event.points.{name}")
        if value > most:
            raise HandEntryError(f"{value} for {name} is more than every card of "
                                 f"{decks} deck{'s' if decks > 1 else ''} is worth ({most}).",
                                 f"event.points.{name}")


def replay(setup: GameSetup, events: Sequence[Event], strict: bool = True) -> GameState:
    """Fold the events (those not undone) over the setup; ``strict`` off for events saved
    earlier (``GameState.apply``)."""
    state = GameState.start(setup)
    for event in events:
        state = state.apply(event, strict)
    return state
