"""The last event in a game, as the watch page shows it across the room, under a heading
that says what it was.

While the referee follows a hand, what it ruled on its latest call (a rummy call, a buy,
the hand's end): "The referee's last ruling". Otherwise the newest scored (or corrected)
hand, "Last hand", told by what the game's keeping recorded: why a hand for stakes paid as
it did, or who went out and what each side scored. Asked of the state, so no game is named
here.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.game import GameState, HandResult, event_from_dict
from ...core.games.followed_hands import Bought
from ...store.games import LoadedGame
from .ledger import ledger_of
from .numbers import signed
from .referee_panel import RefereePanel, referee_panel

HAND_EVENTS = ("hand_scored", "hand_corrected")


REFEREES_CALL = "The referee’s last ruling"


@dataclass(frozen=True)
class Ruling:
    heading: str  # what the event was: the referee’s call, or the last hand scored
    title: str = ""  # ``'Hand 3'``, ``'Deal 2, corrected'``, ``'Hand 4, as it is played'``
    words: str = ""  # the ruling in one sentence or two; none before anything happened
    scores: tuple[tuple[str, str], ...] = ()  # each side and what the hand gave it (in points)
    payments: tuple[str, ...] = ()  # a hand for stakes: who paid whom
    note: str = ""  # a correction's reason


def last_ruling(loaded: LoadedGame) -> Ruling:
    """The newest event in the game; before anything happened, a ruling without words."""
    state = loaded.state
    live = _live_ruling(state)
    if live is not None:
        return live
    result = _newest_result(loaded)
    return Ruling(_hand_heading(state)) if result is None else hand_ruling(state, result)


def _hand_heading(state: GameState) -> str:
    """A hand scored is what the table entered, not the referee's call: ``'Last hand'``."""
    return f"Last {state.noun}"


def hand_ruling(state: GameState, result: HandResult) -> Ruling:
    """A scored hand as ruled: for stakes, why it paid as it did; else who went out and
    what each side scored."""
    title = f"{state.noun.capitalize()} {result.hand}{', corrected' if result.corrections else ''}"
    note = result.corrections[-1] if result.corrections else ""
    ledger = ledger_of(state)
    if ledger is not None and result.settlement is not None:  # the payments say each net
        return Ruling(_hand_heading(state), title, result.settlement.reason, (),
                      tuple(ledger.paid(payment) for payment in result.settlement.payments),
                      note)
    if result.went_out is None:
        words = "Nobody went out." if state.keeping.shape.names_who_went_out else ""
    else:
        double = " in one go: it counts double" if result.went_rummy else ""
        words = f"{result.went_out} went out{double}."
    scores = tuple((side, signed(result.scores[side])) for side in state.sides
                   if side in result.scores)
    return Ruling(_hand_heading(state), title, words, scores, (), note)


def _newest_result(loaded: LoadedGame) -> HandResult | None:
    """The hand the newest step scored or corrected; else the last hand scored."""
    results = loaded.state.results
    if not results:
        return None
    stored = loaded.last_active
    event = event_from_dict(stored.payload) if stored is not None else None
    if event is not None and event.type in HAND_EVENTS and event.hand <= len(results):
        return results[event.hand - 1]
    return results[-1]


def _live_ruling(state: GameState) -> Ruling | None:
    """What the referee ruled last in the hand it follows, if it has ruled on anything."""
    panel = referee_panel(state)
    if panel is None:
        return None
    words = _live_words(panel)
    if words is None:
        return None
    return Ruling(REFEREES_CALL, f"Hand {panel.hand.hand}, as it is played", words)


def _live_words(panel: RefereePanel) -> str | None:
    hand = panel.hand
    if panel.finished:
        charged = ", ".join(f"{seat.name} {seat.penalty}" for seat in panel.penalties)
        return f"{hand.went_out} went out." + (f" Rummy penalties: {charged}." if charged else "")
    if panel.rummy_note:
        return panel.rummy_note
    if panel.ruling is not None:
        return panel.ruling.reason
    bought = next((step for step in reversed(hand.steps) if isinstance(step, Bought)), None)
    return None if bought is None else f"{bought.describe()}."
