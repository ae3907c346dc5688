"""Games brought back from their JSON export (``documents.export_document``), as new games.

The export holds the game's setup as the table sees it (ruleset, players, decks,
house rules) and its whole history: every event with the version it made, and the
version that undid it, if one did. The import replays that history through the
rules, as strictly as the steps were checked when they were first entered, and
then compares what it arrives at (the dealers, every hand's scores, the totals,
the winners) with what the file says. Only a file that agrees with itself is
saved, in one transaction; anything else is refused with a sentence and nothing
is written.

The export does not name the first hand's dealer when no hand was scored by the
time it was made; every seat is tried, and the one whose replay agrees is kept.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

from ..core.errors import RefereeInputError
from ..core.game import GameSetup, GameState, event_from_dict
from ..core.games.registry import get_ruleset
from ..core.text import TextError, check_storable
from ..extensions import db
from .games import LoadedGame, load_game, new_game_row
from .models import Game, GameEvent, utc_now

# A game followed turn by turn for a whole evening exports to a few hundred KB; a file of
# every game a club keeps fits well within this.
LARGEST_GAMES_FILE = 16 * 1024 * 1024

MAX_IMPORTED_EVENTS = 20_000


class GameFileError(RefereeInputError):
    """The file is not a game's JSON export, or it does not agree with itself."""

    code = "bad_game_file"


EVERY_GAME_FORMAT = "rummy-referee-games"  # the games page's "Download every game" file


def import_games(document: Any) -> list[tuple[LoadedGame, str]]:
    """New games with the setup and history of ``document`` (one game's export, or the
    file of every game), each with its edit key. Every game is checked before any is
    saved; then all are saved in one transaction."""
    try:
        check_storable(document)
    except TextError as error:
        raise GameFileError(f"This file holds a character no game can keep, at "
                            f"{error.field or 'its top'}: {error.message}") from None
    if isinstance(document, Mapping) and document.get("format") == EVERY_GAME_FORMAT:
        games = document.get("games")
        if not isinstance(games, list) or not games:
            raise GameFileError("This file of every game holds no games.")
        checked = []
        for number, game in enumerate(games, start=1):
            try:
                checked.append(_checked(game))
            except GameFileError as error:
                raise GameFileError(f"Game {number} of {len(games)} in this file: "
                                    f"{error.message}") from error
    else:
        checked = [_checked(document)]
    made = [_new_game(setup, steps, state) for setup, steps, state in checked]
    db.session.commit()
    return [(load_game(game.id), edit_key) for game, edit_key in made]


def _new_game(setup: GameSetup, steps, state: GameState) -> tuple[Game, str]:
    edit_key = secrets.token_urlsafe(16)
    game = new_game_row(setup, edit_key, state, len(steps))
    now = utc_now()
    game.events = [GameEvent(version=version, kind=event.type, payload=event.to_dict(),
                             created_at=now, undone_in=undone,
                             undone_at=None if undone is None else now)
                   for version, payload, undone in steps if payload is not None
                   for event in [event_from_dict(payload)]]
    db.session.add(game)
    return game, edit_key


def _checked(document: Any) -> tuple[GameSetup, list[tuple[int, dict | None, int | None]],
                                      GameState]:
    """The setup, the history (per version: the event it made, or None for an undo; and
    the version that undid it) and the state it leads to, of a document that agrees with
    itself."""
    if not isinstance(document, Mapping) or not isinstance(document.get("history"), list):
        raise GameFileError("This file is not a saved game (“Save a copy of this game” on a "
                            "game's page makes one).")
    steps = _history(document["history"], document.get("version"))
    file_error: GameFileError | None = None  # the history itself is wrong, whoever dealt
    reason: str | None = None  # why a step was refused, said inside the sentence below
    for setup in _setups(document):
        try:
            state = _replayed(setup, steps)
        except GameFileError as error:
            file_error = error
            continue
        except RefereeInputError as error:
            reason = error.message
            continue
        except (TypeError, ValueError, LookupError, AttributeError) as error:
            # A value of a shape no export has: the file was edited by hand.
            reason = f"a step does not read as one ({error.__class__.__name__})"
            continue
        if _summary(state) == _summary_of(document):
            return setup, steps, state
    if file_error is not None:
        raise file_error
    reason = f" ({reason})" if reason is not None else ""
    raise GameFileError("The game's history in this file does not lead to the scores it "
                        f"shows{reason}: the file was changed or damaged, so it was not "
                        "imported.")


def _history(entries: list[Any], version: Any) -> list[tuple[int, dict | None, int | None]]:
    if len(entries) > MAX_IMPORTED_EVENTS:
        raise GameFileError(f"This game has more than {MAX_IMPORTED_EVENTS} steps; it cannot "
                            "be imported.")
    made: dict[int, tuple[dict | None, int | None]] = {}
    undoes: dict[int, int] = {}
    for entry in entries:
        if not isinstance(entry, Mapping) or not isinstance(entry.get("event"), Mapping) \
                or not _whole(entry.get("version")) \
                or not (entry.get("undone_in") is None or _whole(entry.get("undone_in"))):
            raise GameFileError("A step in this file's history is not an event with its "
                                "version: the file was changed or damaged.")
        number, undone = entry["version"], entry.get("undone_in")
        if number in made or (undone is not None and (undone in undoes or undone <= number)):
            raise GameFileError("Two steps in this file's history share a version: the file "
                                "was changed or damaged.")
        made[number] = (dict(entry["event"]), undone)
        if undone is not None:
            undoes[undone] = number
    versions = set(made) | set(undoes)
    if versions != set(range(1, len(versions) + 1)) or (
            version is not None and version != len(versions)):
        raise GameFileError("This file's history has gaps in its versions: the file was "
                            "changed or damaged.")
    if set(made) & set(undoes):
        raise GameFileError("A version in this file's history both makes and undoes a step: "
                            "the file was changed or damaged.")
    return [(number, *made[number]) if number in made else (number, None, None)
            for number in range(1, len(versions) + 1)]


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > 0


def _setups(document: Mapping[str, Any]):
    """The setups the document may have been made with: one per possible first dealer."""
    ruleset, players = document.get("ruleset"), document.get("players")
    options, decks = document.get("options"), document.get("decks")
    teams = document.get("teams")
    started = document.get("started_with")  # the seats before players came, went or renamed
    if isinstance(started, Mapping):
        players, teams = started.get("players"), started.get("teams")
    if not isinstance(ruleset, str) or not isinstance(players, list) \
            or not isinstance(options, Mapping) or not _whole(decks):
        raise GameFileError("This file does not say which game it is (its ruleset, players, "
                            "decks and house rules): it is not a game's JSON export.")
    try:
        get_ruleset(ruleset)
        checked = GameSetup.create(ruleset, players, first_dealer=0, decks=decks,
                                   options=options, teams=teams,
                                   stake=document.get("stake"),
                                   currency=document.get("currency"))
    except (RefereeInputError, LookupError) as error:
        message = getattr(error, "message", None) or f"there is no game called {ruleset}"
        raise GameFileError(f"The game in this file cannot be set up: {message}") from error
    if list(checked.players) != players:
        raise GameFileError("The players' names in this file are not as the app writes "
                            "them: the file was changed or damaged.")
    for seat in range(len(checked.players)):
        yield GameSetup(checked.ruleset, checked.players, seat, checked.decks,
                        dict(checked.options), teams=checked.teams, stake=checked.stake,
                        currency=checked.currency)


def _replayed(setup: GameSetup, steps) -> GameState:
    # The state after each step still counted, so that an undo goes back one state, not
    # through the whole game again.
    states = [GameState.start(setup)]
    active: list[int] = []  # the versions of the steps still counted, oldest first
    undoes: dict[int, int] = {}  # the version of an undo: the version of the step it undid
    for version, payload, undone in steps:
        if payload is None:  # an undo: it takes back the newest step still counted
            if not active or undoes.get(version) != active[-1]:
                raise GameFileError("An undo in this file's history does not take back the "
                                    "newest step: the file was changed or damaged.")
            active.pop()
            states.pop()
            continue
        states.append(states[-1].apply(event_from_dict(payload)))  # as strict as when entered
        active.append(version)
        if undone is not None:
            undoes[undone] = version
    return states[-1]


def _summary(state: GameState) -> dict[str, Any]:
    return {"dealer": state.dealer, "hand": state.hand, "totals": dict(state.totals),
            "finished": state.finished, "winners": list(state.winners),
            "hands": [{"dealer": state.dealer_of(r.hand), "scores": dict(r.scores)}
                      for r in state.results]}


def _summary_of(document: Mapping[str, Any]) -> dict[str, Any]:
    hands = document.get("hands")
    return {"dealer": document.get("dealer"), "hand": document.get("hand"),
            "totals": document.get("totals"), "finished": document.get("finished"),
            "winners": document.get("winners"),
            "hands": [{"dealer": h.get("dealer"), "scores": h.get("scores")}
                      for h in hands if isinstance(h, Mapping)] if isinstance(hands, list)
            else None}
