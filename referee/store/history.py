"""The family's history as the screens and the API read it: leaderboards, records, a player's
page, the players page; and names joined as one person.

Each request reads only what says whether anything changed (every game's id, version and
archived flag, and the players' joins): a few thousand small rows. While that is as before,
the answers computed from the games' kept summaries are handed out again; when it changed,
only the games that changed are read again, and a leaderboard is rated again from the first
game whose outcome changed (a correction of a finished game: from that game on). Archived
games are off the history, as they are off the games list.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from math import ceil
from threading import Lock

from flask import current_app
from sqlalchemy import select

from ..core.errors import RefereeInputError
from ..core.games.registry import RULESETS, get_ruleset
from ..core.history import (FinishedGame, Period, PlayedGame, PlayerFigures, Ratings, Record,
                            player_figures, rate, records)
from ..core.history.games import in_finish_order
from ..core.text import name_key
from ..extensions import db
from .models import Game, Player
from .queries import summaries_of

PLAYERS_PER_PAGE = 50
_READ_AT_ONCE = 500  # games read per query when their summaries changed
KEPT_PAGES = 500  # players' figures kept while nothing changes (a few KB each)


class UnknownRuleset(ValueError):
    """No game is known by this key."""


class NameNotKnown(ValueError):
    """Nobody has played under this name."""


class CannotJoin(ValueError):
    """These names cannot be joined (or parted) so."""


@dataclass(frozen=True)
class PlayerRow:
    name: str  # the person (names joined to it count as it)
    played: int
    finished: int
    won: int
    games_named: tuple[str, ...]  # the titles of the games they play, most played first
    last_played: datetime | None


@dataclass(frozen=True)
class PlayersPage:
    rows: tuple[PlayerRow, ...]
    page: int
    pages: int
    total: int  # people in all


@dataclass
class _History:
    """What the history is computed from, as of one fingerprint, and what was computed."""

    fingerprint: tuple
    games: dict[str, tuple[int, PlayedGame]]  # id -> (version, the game as history reads it)
    people: dict[str, str]  # a name's key -> the person's name (their own, or joined-to)
    ratings: dict[str, tuple[tuple, tuple, Ratings]] = field(default_factory=dict)
    rows: tuple[PlayerRow, ...] | None = None
    # Computed as asked, for as long as nothing changes.
    records: dict[str, tuple[Record, ...]] = field(default_factory=dict)
    pages: dict[tuple[str, Period, date], PlayerFigures] = field(default_factory=dict)

    def person(self, name: str) -> str:
        return self.people.get(name_key(name), name)

    @property
    def joins(self) -> tuple[tuple[str, str], ...]:
        """The names joined to another person: what ratings rated before must share (a new
        player's row changes nobody's games)."""
        return tuple(sorted((key, who) for key, who in self.people.items()
                            if name_key(who) != key))

    def played(self) -> list[PlayedGame]:
        return [played for _, played in self.games.values()]

    def finished(self, ruleset: str) -> list[FinishedGame]:
        return in_finish_order(finished for _, played in self.games.values()
                               if played.summary.ruleset == ruleset
                               and (finished := played.as_finished) is not None)


_LOCK = Lock()


def _history() -> _History:
    """The history as of the database now: kept in this process while nothing changed."""
    rows = db.session.execute(select(Game.id, Game.version, Game.archived)).all()
    players = db.session.execute(select(Player.id, Player.name, Player.name_key,
                                        Player.same_as_id).order_by(Player.id)).all()
    fingerprint = (tuple(sorted(map(tuple, rows))), tuple(map(tuple, players)))
    kept: _History | None = current_app.extensions.get("referee_history")
    if kept is not None and kept.fingerprint == fingerprint:
        return kept
    with _LOCK:
        kept = current_app.extensions.get("referee_history")
        if kept is not None and kept.fingerprint == fingerprint:
            return kept
        history = _History(fingerprint, _games(rows, kept), _people(players),
                           ratings=kept.ratings if kept is not None else {})
        current_app.extensions["referee_history"] = history
        return history


def _games(rows, kept: _History | None) -> dict[str, tuple[int, PlayedGame]]:
    """Every game not archived, read again only where its version moved on."""
    before = kept.games if kept is not None else {}
    games, changed = {}, []
    for game_id, version, archived in rows:
        if archived:
            continue
        if game_id in before and before[game_id][0] == version:
            games[game_id] = before[game_id]
        else:
            changed.append(game_id)
    for start in range(0, len(changed), _READ_AT_ONCE):
        chunk = db.session.scalars(select(Game).where(
            Game.id.in_(changed[start:start + _READ_AT_ONCE]))).all()
        for game, summary in zip(chunk, summaries_of(chunk)):
            if summary is not None:  # a damaged game counts for no one
                games[game.id] = (game.version, PlayedGame(
                    game.id, game.created_at,
                    (game.finished_at or game.updated_at) if summary.finished else None,
                    summary))
    return games


def _people(players) -> dict[str, str]:
    by_id = {player_id: name for player_id, name, _, _ in players}
    return {key: by_id.get(same_as, name) if same_as is not None else name
            for _, name, key, same_as in players}


# --- What the screens and the API ask ------------------------------------------------------

def _known(ruleset: str) -> str:
    """The game's key as the registry spells it (any case is read)."""
    try:
        return get_ruleset(ruleset).key
    except RefereeInputError:
        raise UnknownRuleset(f"No game is known as {str(ruleset)[:30]!r}.") from None


def leaderboard(ruleset: str) -> Ratings:
    """The game's ratings after every finished game of it, highest first."""
    history, ruleset = _history(), _known(ruleset)
    games = history.finished(ruleset)
    keys = tuple((game.game_id, history.games[game.game_id][0]) for game in games)
    joins = history.joins
    kept = history.ratings.get(ruleset)
    if kept is not None and kept[0] == joins and kept[1] == keys:
        return kept[2]
    unchanged = 0
    if kept is not None and kept[0] == joins:
        for unchanged, (now, then) in enumerate(zip((*keys, None), (*kept[1], None))):
            if now != then:
                break
    ratings = rate(ruleset, games, history.person, kept[2] if kept else None, unchanged)
    history.ratings[ruleset] = (joins, keys, ratings)
    return ratings


def records_of(ruleset: str) -> tuple[Record, ...]:
    history, ruleset = _history(), _known(ruleset)
    if ruleset not in history.records:
        history.records[ruleset] = records(ruleset, history.finished(ruleset), history.person)
    return history.records[ruleset]


def rated_rulesets() -> tuple[str, ...]:
    """The games with at least one finished game, in the order the app lists its games."""
    finished = {played.summary.ruleset for played in _history().played()
                if played.as_finished is not None}
    return tuple(key for key in RULESETS if key in finished)


def player_page(name: str, period: Period = Period.ALL_TIME,
                today: date | None = None) -> PlayerFigures | None:
    """The figures of the person who played as ``name``; None when nobody did."""
    history = _history()
    if name_key(name) not in history.people:
        return None
    asked = (history.person(name), period, today or date.today())
    if asked not in history.pages:
        if len(history.pages) >= KEPT_PAGES:
            history.pages.clear()
        history.pages[asked] = player_figures(asked[0], history.played(), history.person,
                                              period, asked[2])
    return history.pages[asked]


def players_page(page: int = 1, per_page: int = PLAYERS_PER_PAGE) -> PlayersPage:
    """One row a person, most games played first; ``page`` counts from 1 (kept within the
    pages there are)."""
    history = _history()
    if history.rows is None:
        history.rows = _player_rows(history)
    rows = history.rows
    pages = max(1, ceil(len(rows) / per_page))
    page = min(max(page, 1), pages)
    return PlayersPage(rows[(page - 1) * per_page:page * per_page], page, pages, len(rows))


def _player_rows(history: _History) -> tuple[PlayerRow, ...]:
    tally: dict[str, dict] = {}
    for played in history.played():
        summary = played.summary
        winners = set(summary.winners)
        for who in dict.fromkeys(history.person(player) for player in summary.players):
            row = tally.setdefault(who, {"played": 0, "finished": 0, "won": 0, "titles": {},
                                         "last": None})
            row["played"] += 1
            row["finished"] += summary.finished
            row["won"] += summary.finished and any(
                summary.side_of(player) in winners for player in summary.players
                if history.person(player) == who)
            row["titles"][summary.title] = row["titles"].get(summary.title, 0) + 1
            row["last"] = max(filter(None, (row["last"], played.at)))
    rows = [PlayerRow(who, row["played"], row["finished"], row["won"],
                      tuple(sorted(row["titles"], key=lambda t: (-row["titles"][t], t))),
                      row["last"])
            for who, row in tally.items()]
    return tuple(sorted(rows, key=lambda row: (-row.played, name_key(row.name))))


# --- Joining names -------------------------------------------------------------------------

def _player(name: str) -> Player:
    found = db.session.scalar(select(Player).where(Player.name_key == name_key(name)))
    if found is None:
        raise NameNotKnown(f"Nobody has played here as {name[:30]}.")
    return found


def join_names(name: str, into: str) -> None:
    """``name`` is the same person as ``into``: their games count as ``into``'s (and so do
    those of any name joined to ``name`` before)."""
    joined, person = _player(name), _player(into)
    if person.same_as_id is not None:
        person = db.session.get(Player, person.same_as_id)
    if person.id in (joined.id, joined.same_as_id):
        raise CannotJoin(f"{joined.name} and {person.name} are already one person.")
    for follower in db.session.scalars(select(Player).where(Player.same_as_id == joined.id)):
        follower.same_as_id = person.id
    joined.same_as_id = person.id
    db.session.commit()


def part_name(name: str) -> None:
    """Undo a join: ``name`` is a person of its own again, with its own games."""
    joined = _player(name)
    if joined.same_as_id is None:
        raise CannotJoin(f"{joined.name} is not joined to another name.")
    joined.same_as_id = None
    db.session.commit()
