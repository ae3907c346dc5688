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
from functools import cached_property
from typing import Any

from sqlalchemy import bindparam, delete, func, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.attributes import set_committed_value

from ..core.errors import Location, RefereeInputError
from ..core.game import (Event, GameSetup, GameState, GameSummary, IllegalEventError,
                         event_from_dict)
from ..core.game.catch_up import overtaken
from ..core.text import name_key, repaired
from ..extensions import db
from . import snapshots
from .folds import folds
from .models import EditRight, Game, GameEvent, GameSeat, GameSnapshot, Player, utc_now


# What secrets.token_urlsafe makes, and no longer than the column.
_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


HISTORY_PAGE = 50  # steps a page of history shows, on the screens and in the API

class GameNotFoundError(LookupError):
    pass


class DamagedGameError(Exception):
    """A kept game whose record cannot be read (an event that is no longer JSON, a setup
    without its players): shown as damaged, never as a crash, so every other game still works.

    ``players`` and ``created_at`` are what could still be read of it (empty/None if not).
    """

    def __init__(self, game: Game, reason: str):
        super().__init__(f"Game {game.id} cannot be read: {reason}")
        self.game_id = game.id
        self.created_at = game.created_at
        players = game.setup.get("players") if isinstance(game.setup, dict) else None
        self.players = ([name for name in players if isinstance(name, str)]
                        if isinstance(players, list) else [])


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
    """A game at one version: its row, its setup and its state (folded, or kept from an
    earlier fold). The events themselves are read only when asked for."""

    game: Game
    setup: GameSetup
    state: GameState

    @property
    def version(self) -> int:
        return self.game.version

    def state_at(self, version: int) -> GameState:
        """The game as a screen made at ``version`` showed it."""
        return fold_at(self.game.id, self.setup, version)

    def changes_since(self, version: int) -> list[str]:
        """What happened after ``version``, oldest first, in a few words each."""
        changes = []
        for stored in _events_since(self.game.id, version, self.version):
            if stored.version > version:
                changes.append((stored.version, event_from_dict(stored.payload).describe()))
            if stored.undone_in is not None and version < stored.undone_in <= self.version:
                undone = event_from_dict(stored.payload).describe()
                changes.append((stored.undone_in, f"someone undid “{undone}”"))
        return [words for _, words in sorted(changes)]

    @cached_property
    def events(self) -> list[GameEvent]:
        """Every event to this version, undone ones included, oldest first: the whole log,
        for an export. Screens and polls read a page of it (``history_page``)."""
        return _events_since(self.game.id, 0, self.version)

    @cached_property
    def last_active(self) -> GameEvent | None:
        """The newest event that still counts: the one an undo would take back."""
        newest = _read_events(
            self.game.id,
            select(GameEvent).where(GameEvent.game_id == self.game.id,
                                    GameEvent.version <= self.version,
                                    or_(GameEvent.undone_in.is_(None),
                                        GameEvent.undone_in > self.version))
            .order_by(GameEvent.version.desc()).limit(1))
        return newest[0] if newest else None

    def undone_by_this_version(self) -> GameEvent | None:
        """The event this version undid, when this version was an undo."""
        undone = _read_events(self.game.id, select(GameEvent).where(
            GameEvent.game_id == self.game.id, GameEvent.undone_in == self.version))
        return undone[0] if undone else None

    def history_page(self, before: int | None,
                     limit: int = HISTORY_PAGE) -> tuple[list[GameEvent], bool]:
        """Up to ``limit`` events made before version ``before`` (the newest ones without it),
        oldest first, and whether there are older ones still."""
        newest = self.version if before is None else min(before - 1, self.version)
        rows = _read_events(
            self.game.id,
            select(GameEvent).where(GameEvent.game_id == self.game.id,
                                    GameEvent.version <= newest)
            .order_by(GameEvent.version.desc()).limit(limit + 1))
        return rows[:limit][::-1], len(rows) > limit


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def summary_columns(state: GameState, version: int) -> dict[str, Any]:
    """The game row's summary of ``state``, the game at ``version``: set by every change, in
    the transaction that makes the version."""
    return {"summary": GameSummary.of(state).to_dict(), "summary_version": version}


def new_game_row(setup: GameSetup, edit_key: str, state: GameState | None = None,
                 version: int = 0, **columns) -> Game:
    """A new game's row with its seats, not yet added: at ``version``, which ``state`` (by
    default the game's start) describes; only the edit key's hash is kept."""
    state = state or GameState.start(setup)
    game = Game(id=secrets.token_urlsafe(12), edit_key_hash=hash_key(edit_key),
                ruleset=setup.ruleset, setup=setup.to_dict(), version=version,
                finished=state.finished, finished_at=utc_now() if state.finished else None,
                **summary_columns(state, version), **columns)
    game.seats = [GameSeat(seat=seat, player=player_named(name))
                  for seat, name in enumerate(setup.players)]
    return game


def create_game(setup: GameSetup) -> tuple[LoadedGame, str]:
    """A new game at version 0, and its edit key (shown once; only its hash is kept)."""
    edit_key = secrets.token_urlsafe(16)
    game = new_game_row(setup, edit_key)
    db.session.add(game)
    db.session.commit()
    return load_game(game.id), edit_key


def player_named(name: str) -> Player:
    key = name_key(name)  # the seating's rule for who is who
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
    game = (db.session.get(Game, game_id, populate_existing=True)
            if is_game_id(game_id) else None)
    if game is None:
        raise GameNotFoundError(game_id)
    try:
        _repair(game)
        setup = GameSetup.from_dict(game.setup)
        return LoadedGame(game, setup, fold_at(game_id, setup, game.version))
    except DAMAGE as error:
        raise DamagedGameError(game, "its setup or an event is not as kept") from error


# What reading a record changed on disk raises: JSON that no longer parses (a ValueError),
# a setup or event missing a field, or a field of the wrong kind.
DAMAGE = (ValueError, LookupError, TypeError, AttributeError, RefereeInputError)


def fold_at(game_id: str, setup: GameSetup, version: int) -> GameState:
    """The game's state at ``version``: kept from an earlier request, or folded from the
    newest state known before it (kept in this process, or a snapshot in the database; the
    whole log when there is neither).

    Every version leaves its number on an event (made or undone in it), so the
    events with higher numbers, which another device may be writing now, are
    simply not counted.
    """
    kept = folds()
    state = kept.get(game_id, version)
    if state is not None:
        return state
    base = _base(game_id, setup, version + 1)
    while True:
        start, state = base
        stored = _events_since(game_id, start, version)
        # An event the base state counts that was undone since: fold from before it.
        undone = [e.version for e in stored if e.version <= start
                  and e.undone_in is not None and e.undone_in <= version]
        if not undone:
            break
        base = _base(game_id, setup, min(undone))
    folded = 0
    for event in stored:
        if event.version > start and (event.undone_in is None or event.undone_in > version):
            # Saved events were checked when they were written: checks added since must
            # not stop an old game from loading.
            state = state.apply(event_from_dict(event.payload), strict=False)
            folded += 1
    kept.put(game_id, version, state)
    if folded > snapshots.SNAPSHOT_EVERY:  # the next process to start need not fold them
        snapshots.keep_after_read(game_id, version, state)
    return state


def _base(game_id: str, setup: GameSetup, before: int) -> tuple[int, GameState]:
    """The newest state known of the game before version ``before``, and its version: kept
    in this process, or a snapshot when this process keeps none within ``SNAPSHOT_EVERY``
    (the database is asked only then); else the game's start."""
    kept = folds().newest_before(game_id, before)
    floor = kept[0] if kept else 0
    if before - floor > snapshots.SNAPSHOT_EVERY:
        stored = snapshots.newest_before(game_id, before, after=floor)
        if stored is not None:
            return stored
    return kept or (0, GameState.start(setup))


def _events_since(game_id: str, version: int, upto: int) -> list[GameEvent]:
    """The events made or undone after ``version``, made by ``upto`` at the latest,
    oldest first."""
    return _read_events(
        game_id,
        select(GameEvent).where(GameEvent.game_id == game_id, GameEvent.version <= upto,
                                or_(GameEvent.version > version, GameEvent.undone_in > version))
        .order_by(GameEvent.version))


def _read_events(game_id: str, query) -> list[GameEvent]:
    """The events ``query`` selects (of the game ``game_id``), as stored now, their text
    repaired (``_repair``). ``DamagedGameError`` when one is no longer JSON."""
    try:
        events = list(db.session.scalars(query.execution_options(populate_existing=True)))
    except ValueError as error:
        raise DamagedGameError(db.session.get(Game, game_id), "an event is not JSON") from error
    for event in events:
        set_committed_value(event, "payload", repaired(event.payload))
    return events


def _repair(game: Game) -> None:
    """Text kept before a NUL or lone surrogate was refused is shown with U+FFFD instead
    (in events too, as ``_read_events`` reads them).

    Set as the committed value, so reading a game never writes to it.
    """
    set_committed_value(game, "setup", repaired(game.setup))


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
        # What the referee saw, filled in as the screen that sent it saw it.
        event = (loaded.state_at(expected_version) if stale else loaded.state).recorded(event)
        try:
            after = loaded.state.apply(event)  # raises for an illegal step, before any write
        except RefereeInputError as error:
            if stale and _legal_on(loaded.state_at(expected_version), event):
                raise OvertakenError(loaded, expected_version, error.message,
                                     error.location) from error
            raise  # refused as it would have been on the screen it was tapped on
        try:
            version = _claim_version(game_id, loaded.version, after)
        except StaleVersionError:
            if catch_up:
                continue
            raise
        db.session.add(GameEvent(game_id=game_id, version=version, kind=event.type,
                                 payload=event.to_dict()))
        snapshots.keep_with_write(game_id, version, after)
        return _commit_as_written(game_id, loaded.setup, after)
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
        last = loaded.last_active
        if loaded.version != expected_version:
            if undoes is None:
                raise StaleVersionError(loaded.version)
            if last is None or last.version != undoes:
                latest = (event_from_dict(last.payload).describe() if last
                          else "nothing is left to undo")
                raise OvertakenError(loaded, expected_version,
                                     f"The newest step is now: {latest}.")
        if last is None:
            raise IllegalEventError("There is nothing to undo yet.", "expected_version")
        # Without its newest event the game is as it was just before that event was made:
        # every event before it still counted then and still does (undo goes newest first).
        remaining = loaded.state_at(last.version - 1)
        try:
            version = _claim_version(game_id, loaded.version, remaining)
        except StaleVersionError:
            if undoes is not None:
                continue
            raise
        db.session.execute(update(GameEvent).where(GameEvent.id == last.id)
                           .values(undone_in=version, undone_at=utc_now()))
        snapshots.keep_with_write(game_id, version, remaining)
        return _commit_as_written(game_id, loaded.setup, remaining)
    raise StaleVersionError(current_version(game_id) or expected_version)


def _commit_as_written(game_id: str, setup: GameSetup, after: GameState) -> LoadedGame:
    """Commit the write under way and answer with the game as of the version it made.

    The row is read inside the write's own transaction, where it is as this write left it
    (its version, summary, finished), and taken out of the session so the commit does not
    expire it: read again after the commit, it may already be another server's later
    version, and the answer would name a version this write did not make. ``after``, the
    state the write folded, is the game at that version: kept, not folded again.
    """
    game = db.session.get(Game, game_id, populate_existing=True)
    _repair(game)
    db.session.expunge(game)
    db.session.commit()
    folds().put(game_id, game.version, after)
    return LoadedGame(game, setup, after)


def _claim_version(game_id: str, expected: int, after: GameState) -> int:
    """Move the game to the next version, where it is ``after``, if nobody else did first."""
    db.session.rollback()  # end the read, so the conditional update sees the latest row
    now = utc_now()
    moved = db.session.execute(
        update(Game).where(Game.id == game_id, Game.version == expected)
        .values(version=expected + 1, finished=after.finished, updated_at=now,
                # Finished once, it stays finished at that moment through corrections.
                finished_at=func.coalesce(Game.finished_at, now) if after.finished else None,
                **summary_columns(after, expected + 1)))
    if moved.rowcount != 1:
        db.session.rollback()
        raise StaleVersionError(current_version(game_id) or expected)
    _seat_players(game_id, (*after.players, *after.left))
    return expected + 1


def _seat_players(game_id: str, names: tuple[str, ...]) -> None:
    """The game's seats as its players are now (a name corrected, a player come or gone,
    or any of them undone), in the transaction that moves its version."""
    seats = db.session.scalars(select(GameSeat).where(GameSeat.game_id == game_id)
                               .order_by(GameSeat.seat)).all()
    if tuple(seat.player.name for seat in seats) == names:
        return
    for seat in seats:
        db.session.delete(seat)
    db.session.flush()
    db.session.add_all(GameSeat(game_id=game_id, seat=number, player=player_named(name))
                       for number, name in enumerate(names))


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
    _claim_version(game_id, expected_version, loaded.state)  # no other write gets in between
    # Its snapshots and the devices' rights to it by hand: SQLite does not enforce the
    # foreign keys' cascade (and a backup with rights to no game would not restore elsewhere).
    db.session.execute(delete(GameSnapshot).where(GameSnapshot.game_id == game_id))
    db.session.execute(delete(EditRight).where(EditRight.game_id == game_id))
    db.session.delete(db.session.get(Game, game_id))  # its seats and events go with it
    db.session.commit()
    folds().forget(game_id)
    return loaded
