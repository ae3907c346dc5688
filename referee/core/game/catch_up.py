"""A change tapped on a screen that another device had already moved on.

Two devices at one table often tap within a second of each other: the tablet
records a draw while a phone asks to buy the discard. The phone's tap was made
on the game as it stood before the draw. It still counts if it means the same
on the game as it stands now, and is still legal there: asking to buy the same
top discard, a rummy call on it, the same player's turn. It does not count when
what it was about has gone: the turn ended, the card it was about was covered
or taken, the hand it scored was scored by someone else.

``overtaken`` says which, in a sentence for the player; the legality is then
the game's ordinary ``apply``.

>>> from referee.core.game import GameSetup, HandScored, replay
>>> from referee.core.games.followed_hands import BuyClaimed, Discarded, Drew
>>> seats = GameSetup.create("eversol", ["Abe", "Ben", "Carl"], first_dealer="Abe")
>>> seen = replay(seats, [Drew("Ben", "stock"), Discarded("Ben", "KC")])
>>> now = seen.apply(Drew("Carl", "stock"))
>>> overtaken(BuyClaimed("Abe"), seen, now) is None  # still Ben's K♣ on top
True
>>> overtaken(BuyClaimed("Abe"), seen, now.apply(Discarded("Carl", "4C")))
'K♣ is no longer the top discard.'
>>> overtaken(Drew("Carl", "stock"), seen, now.apply(Discarded("Carl", "4C")))
"Carl's turn is over."
"""

from __future__ import annotations

from ..games.followed_hands import STEP_TYPES, About
from .events import DealerChosen, DecksChanged, Event, HandCorrected, HandScored, UpcardTurned
from .state import GameState


def overtaken(event: Event, seen: GameState, now: GameState) -> str | None:
    """Why ``event``, tapped on a screen showing ``seen``, would not mean the same on ``now``
    (one sentence), or ``None`` when it still does."""
    if type(event) in STEP_TYPES.values() or isinstance(event, UpcardTurned):
        return _live_moved_on(event, seen, now)
    if isinstance(event, HandScored):
        if seen.hand != now.hand:
            return f"Hand {seen.hand} has been scored already."
        return None
    if isinstance(event, HandCorrected):
        if _result(seen, event.hand) != _result(now, event.hand):
            return f"Hand {event.hand} was changed."
        return None
    if isinstance(event, DealerChosen):
        if seen.first_dealer != now.first_dealer or seen.results != now.results:
            return f"{now.dealer_of(1)} deals first now."
        return None
    if isinstance(event, DecksChanged):
        if seen.decks != now.decks:
            return f"The game is played with {now.decks} decks now."
        return None
    return None


def _live_moved_on(event: Event, seen: GameState, now: GameState) -> str | None:
    if seen.hand != now.hand:
        return f"Hand {seen.hand or seen.hands_in_game} is over."
    if isinstance(event, UpcardTurned):
        if now.live is not None and seen.live is None:
            return f"Hand {now.hand} is being followed already."
        return None
    if _moment(seen, event.about) == _moment(now, event.about):
        return None
    if event.about is About.TURN:
        current = seen.live.current if seen.live else seen.first_player
        return f"{current}'s turn is over."
    top = seen.live.top if seen.live else None
    if top is not None and top.card is not None:
        return f"{top.card.label} is no longer the top discard."
    return "That card is no longer the top discard."


def _moment(state: GameState, about: About) -> int:
    """Which turn, or which top discard, of the hand being played (a hand not yet
    followed is at its deal)."""
    return 0 if state.live is None else state.live.moment(about)


def _result(state: GameState, hand: int):
    return state.results[hand - 1] if 1 <= hand <= len(state.results) else None
