"""Make, read and change kept games. Every change names the version it saw.

Two devices that both saw version 7 may both try to write: the update of the
game row is conditional on the version still being 7, so exactly one succeeds
and the other gets ``StaleVersionError`` with nothing written. The rules check
(the state's ``apply``) runs before anything is written, so an illegal step
changes nothing either.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass

from sqlalchemy import bindparam, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.attributes import set_committed_value

from ..core.errors import Location, RefereeInputError
from ..core.game import Event, GameSetup, GameState, IllegalEventError, event_from_dict, replay
from ..core.game.catch_up import overtaken
from ..core.text import repaired
from ..extensions import db
from .models import Game, GameEvent, GameSeat, Player, utc_now


# What secrets.token_urlsafe makes, and no longer than the column.
_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


class GameNotFoundError(LookupError):
    pass


class StaleVersionError(Exception):
    def __init__(self, current: int):
        super().__init__(f"The game has moved on to version {current}.")
        self.current = current


class OvertakenError(Exception):
    """A change tapped on an older screen that does not fit the game as it is now: either
    what it was about has gone, or the rules refuse it now. Nothing was written.

    ``meanwhile`` says what changed since that screen, oldest first; ``reason`` why the
    change was not made; ``location`` the input it is about, when the rules name one.
    """

    def __init__(self, loaded: LoadedGame, seen_version: int, reason: str,
                 location: Location = ()):
        super().__init__(reason)
        self.loaded = loaded
        self.meanwhile = loaded.changes_since(seen_version)
        self.reason = reason
        self.location = location


class EditKeyError(PermissionError):
    pass


@dataclass(frozen=True)
class LoadedGame:
    game: Game
    setup: GameSetup
    events: list[GameEvent]  # all of them, undone ones included, oldest first
    state: GameState

    @property
    def version(self) -> int:
        return self.game.version

    @property
    def active_events(self) -> list[GameEvent]:
        return [e for e in self.events if e.undone_in is None]

    def state_at(self, version: int) -> GameState:
        """The game as a screen made at ``version`` showed it."""
        counted = [e for e in self.events
                   if e.version <= version and (e.undone_in is None or e.undone_in > version)]
        return replay(self.setup, [event_from_dict(e.payload) for e in counted], strict=False)

    def changes_since(self, version: int) -> list[str]:
        """What happened after ``version``, oldest first, in a few words each."""
        changes = []
        for stored in self.events:
            if stored.version > version:
                changes.append((stored.version, event_from_dict(stored.payload).describe()))
            if stored.undone_in is not None and stored.undone_in > version:
                undone = event_from_dict(stored.payload).describe()
                changes.append((stored.undone_in, f"{undone} was undone"))
        return [words for _, words in sorted(changes)]


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def create_game(setup: GameSetup) -> tuple[LoadedGame, str]:
    """A new game at version 0, and its edit key (shown once; only its hash is kept)."""
    edit_key = secrets.token_urlsafe(16)
    game = Game(id=secrets.token_urlsafe(12), edit_key_hash=hash_key(edit_key),
                ruleset=setup.ruleset, setup=setup.to_dict(), version=0)
    game.seats = [GameSeat(seat=seat, player=_player(name))
                  for seat, name in enumerate(setup.players)]
    db.session.add(game)
    db.session.commit()
    return load_game(game.id), edit_key


def _player(name: str) -> Player:
    key = name.casefold()
    found = db.session.scalar(select(Player).where(Player.name_key == key))
    if found is None:
        found = Player(name=name, name_key=key)
        try:
            with db.session.begin_nested():
                db.session.add(found)
        except IntegrityError:  # another device added the same name a moment ago
            found = db.session.scalar(select(Player).where(Player.name_key == key))
    return found


def is_game_id(game_id: object) -> bool:
    """Could be a game's id: asked before a query, as PostgreSQL refuses a NUL in a text."""
    return isinstance(game_id, str) and _GAME_ID.fullmatch(game_id) is not None


def load_game(game_id: str) -> LoadedGame:
    game = db.session.get(Game, game_id) if is_game_id(game_id) else None
    if game is None:
        raise GameNotFoundError(game_id)
    while True:
        events = list(db.session.scalars(
            select(GameEvent).where(GameEvent.game_id == game_id).order_by(GameEvent.version)
            .execution_options(populate_existing=True)))
        # Every version leaves its number on an event (made or undone in it). A newer
        # number than the game row's: another device wrote between the two reads, so
        # read the row again, lest a game at version v be folded from v + 1's events.
        if max((max(e.version, e.undone_in or 0) for e in events), default=0) <= game.version:
            break
        db.session.refresh(game)
    _repair(game, events)
    setup = GameSetup.from_dict(game.setup)
    # Saved events were checked when they were written: checks added since must not
    # stop an old game from loading.
    state = replay(setup, [event_from_dict(e.payload) for e in events if e.undone_in is None],
                   strict=False)
    return LoadedGame(game, setup, events, state)


def _repair(game: Game, events: list[GameEvent]) -> None:
    """Text kept before a NUL or lone surrogate was refused is shown with U+FFFD instead.

    Set as the committed value, so reading a game never writes to it.
    """
    set_committed_value(game, "setup", repaired(game.setup))
    for event in events:
        set_committed_value(event, "payload", repaired(event.payload))


# Built once: a poll's whole work while nothing changed.
_VERSION_OF = select(Game.__table__.c.version).where(Game.__table__.c.id == bindparam("game_id"))


def current_version(game_id: str) -> int | None:
    """Just the version: what a poll needs to answer 304.

    One query by primary key on a pooled connection of its own, around the ORM
    session (which cost a 304 over half of the app's time): it sees what is
    committed, so call it while the session holds no write of its own.
    """
    if not is_game_id(game_id):
        return None
    with db.engine.connect() as connection:
        return connection.scalar(_VERSION_OF, {"game_id": game_id})


def check_edit_key(game: Game, key: str | None) -> None:
    if not key or not hmac.compare_digest(game.edit_key_hash, hash_key(key)):
        raise EditKeyError("This device may only watch the game: its edit key is missing.")


# How often a write that catches up looks at the game again when yet another device wrote
# in the moment between its read and its write. Each round is one write by someone else.
CATCH_UP_ROUNDS = 5


def append_event(game_id: str, event: Event, expected_version: int,
                 edit_key: str | None, catch_up: bool = False) -> LoadedGame:
    """Append ``event`` to the game that was at ``expected_version`` on the writer's screen.

    If another device wrote since, the API's way (``catch_up`` off) is a
    ``StaleVersionError``: the client reloads and decides. A tap on a screen
    (``catch_up`` on) is applied to the game as it is now if it still means the
    same there and the rules allow it; otherwise ``OvertakenError`` says why.
    """
    for _ in range(CATCH_UP_ROUNDS):
        loaded = load_game(game_id)
        check_edit_key(loaded.game, edit_key)
        stale = loaded.version != expected_version
        if stale and not catch_up:
            raise StaleVersionError(loaded.version)
        if stale:
            _check_still_meant(loaded, event, expected_version)
        try:
            after = loaded.state.apply(event)  # raises for an illegal step, before any write
        except RefereeInputError as error:
            if stale and _legal_on(loaded.state_at(expected_version), event):
                raise OvertakenError(loaded, expected_version, error.message,
                                     error.location) from error
            raise  # refused as it would have been on the screen it was tapped on
        try:
            version = _claim_version(game_id, loaded.version, finished=after.finished)
        except StaleVersionError:
            if catch_up:
                continue
            raise
        db.session.add(GameEvent(game_id=game_id, version=version, kind=event.type,
                                 payload=event.to_dict()))
        db.session.commit()
        return load_game(game_id)
    raise StaleVersionError(current_version(game_id) or expected_version)


def _legal_on(state: GameState, event: Event) -> bool:
    try:
        state.apply(event)
    except RefereeInputError:
        return False
    return True


def _check_still_meant(loaded: LoadedGame, event: Event, seen_version: int) -> None:
    reason = overtaken(event, loaded.state_at(seen_version), loaded.state)
    if reason is not None:
        raise OvertakenError(loaded, seen_version, reason)


def undo_last(game_id: str, expected_version: int, edit_key: str | None,
              undoes: int | None = None) -> LoadedGame:
    """Mark the newest event that still counts as undone; it stays in the history.

    ``undoes`` is the version of the event the undo button named: with it, an undo
    from an older screen is made if that event is still the newest, and refused
    with ``OvertakenError`` otherwise (without it, another device's write first is a
    ``StaleVersionError``).
    """
    for _ in range(CATCH_UP_ROUNDS):
        loaded = load_game(game_id)
        check_edit_key(loaded.game, edit_key)
        active = loaded.active_events
        if loaded.version != expected_version:
            if undoes is None:
                raise StaleVersionError(loaded.version)
            if not active or active[-1].version != undoes:
                latest = (event_from_dict(active[-1].payload).describe() if active
                          else "nothing is left to undo")
                raise OvertakenError(loaded, expected_version,
                                     f"The newest step is now: {latest}.")
        if not active:
            raise IllegalEventError("There is nothing to undo yet.", "expected_version")
        last = active[-1]
        remaining = replay(loaded.setup, [event_from_dict(e.payload) for e in active[:-1]],
                           strict=False)
        try:
            version = _claim_version(game_id, loaded.version, finished=remaining.finished)
        except StaleVersionError:
            if undoes is not None:
                continue
            raise
        db.session.execute(update(GameEvent).where(GameEvent.id == last.id)
                           .values(undone_in=version, undone_at=utc_now()))
        db.session.commit()
        return load_game(game_id)
    raise StaleVersionError(current_version(game_id) or expected_version)


def _claim_version(game_id: str, expected: int, finished: bool) -> int:
    """Move the game to the next version, if nobody else did first."""
    db.session.rollback()  # end the read, so the conditional update sees the latest row
    moved = db.session.execute(
        update(Game).where(Game.id == game_id, Game.version == expected)
        .values(version=expected + 1, finished=finished, updated_at=utc_now()))
    if moved.rowcount != 1:
        db.session.rollback()
        raise StaleVersionError(current_version(game_id) or expected)
    return expected + 1


def set_archived(game_id: str, archived: bool, edit_key: str | None) -> LoadedGame:
    loaded = load_game(game_id)
    check_edit_key(loaded.game, edit_key)
    loaded.game.archived = archived
    db.session.commit()
    return load_game(game_id)


def delete_game(game_id: str, expected_version: int, edit_key: str | None) -> LoadedGame:
    """Delete a game with no hand scored yet (set up wrongly, say): it is gone with its seats
    and events, on every device. A game with a hand scored is kept (archive it instead)."""
    loaded = load_game(game_id)
    check_edit_key(loaded.game, edit_key)
    if loaded.version != expected_version:
        raise StaleVersionError(loaded.version)
    if loaded.state.results:
        raise IllegalEventError("This game has a hand scored, so it is kept: archive it "
                                "instead to take it off the list.", "game")
    _claim_version(game_id, expected_version, finished=False)  # no other write gets in between
    db.session.delete(db.session.get(Game, game_id))  # its seats and events go with it
    db.session.commit()
    return loaded
