"""The scorekeeper's screens: the games list, and what every game screen shares.

A device may change a game only if its session holds the game's edit key: the
device that made the game gets it, and so does any device that opens the
game's join link (``shell.edit_rights``). Every other device watches. The views of the game
itself sit in ``new`` (setting up), ``board`` (what everyone sees) and ``hands`` (what the
scorer changes), beside this module; they all join this blueprint (the package imports them).
"""

from __future__ import annotations

from datetime import datetime, timezone

from flask import (Blueprint, Response, abort, flash, redirect, render_template, request,
                   url_for)
from flask_wtf.csrf import CSRFError
from sqlalchemy import select

from ...core.game import GameSummary
from ...core.games.registry import RULESETS
from ...core.words import ordinal, place_words, with_article
from ...extensions import db
from ...store.games import GameNotFoundError, LoadedGame, OvertakenError, load_game, set_archived
from ...store.models import Game
from ...store.queries import summaries_of
from ..forms import ActionForm, ImportGameForm
from .numbers import MINUS, signed
from ..shell.edit_rights import editable_of, required_edit_key
from ..shell.errors import no_such_game
from ..shell.sign_in import guarded

bp = Blueprint("games", __name__, url_prefix="/games")

LISTED_GAMES = 60


def game_or_404(game_id: str) -> LoadedGame:
    try:
        return load_game(game_id)
    except GameNotFoundError:
        abort(404)


# --- What the templates share ----------------------------------------------------------------

def local_time(moment: datetime | None) -> datetime | None:
    """A stored (naive UTC) time in this machine's zone; games.js redoes it in the device's."""
    return None if moment is None else moment.replace(tzinfo=timezone.utc).astimezone()


@bp.app_template_filter("clock")
def clock(moment: datetime | None) -> str:
    return "" if moment is None else local_time(moment).strftime("%H:%M")


@bp.app_template_filter("day")
def day(moment: datetime) -> str:
    return local_time(moment).strftime("%a %d %b")


@bp.app_template_filter("iso_utc")
def iso_utc(moment: datetime | None) -> str:
    return "" if moment is None else moment.replace(microsecond=0).isoformat() + "Z"


bp.add_app_template_filter(ordinal, "ordinal")
bp.add_app_template_filter(place_words, "place_words")
bp.add_app_template_filter(with_article, "with_article")


def not_recorded(error: OvertakenError) -> str:
    """What a player reads beside a tap another device overtook: what happened meanwhile,
    and why the tap did not count.

    >>> class Seen:
    ...     meanwhile, reason = ["Carl drew from the stock", "Carl discarded 4♣"], "K♣ is gone."
    >>> not_recorded(Seen())
    'Not recorded: meanwhile Carl drew from the stock, then Carl discarded 4♣. K♣ is gone.'
    """
    changes = error.meanwhile
    if len(changes) > 3:
        shown = f"{len(changes)} steps were taken, the last: {changes[-1]}"
    else:
        shown = ", then ".join(changes) or "the game changed"
    return f"Not recorded: meanwhile {shown}. {error.reason}"


def poll_etag(game_id: str, version: int, part: str, mode: str, seen: str = "") -> str:
    """What a polled fragment depends on: the game's version, which part, who looks."""
    return f"{game_id}.{version}.{part}.{mode}{'.' + seen if seen else ''}"


def not_modified(etag: str) -> Response:
    response = Response(status=304)
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    return response


bp.add_app_template_filter(signed, "signed")


@bp.app_template_filter("total")
def total(points: int) -> str:
    """A total, with a true minus sign below zero (read aloud as "minus", not "dash")."""
    return f"{MINUS}{-points}" if points < 0 else str(points)


# --- The list of games -----------------------------------------------------------------------

@bp.get("")
@guarded
def list_games():
    return games_list_page(ImportGameForm())


def games_list_page(import_form: ImportGameForm, status: int = 200):
    """The games page, with the import form as it stands (its message, after a refusal)."""
    newest = select(Game).order_by(Game.created_at.desc(), Game.id).limit(LISTED_GAMES)
    games = db.session.scalars(newest.where(Game.archived.is_(False))).all()
    archived = db.session.scalars(newest.where(Game.archived.is_(True))).all()
    return render_template("games/list.html", games=_listed(games), archived=_listed(archived),
                           import_form=import_form), status


def _listed(games: list[Game]) -> list[dict]:
    editable = editable_of([game.id for game in games])
    return [_line(game, summary, game.id in editable)
            for game, summary in zip(games, summaries_of(games))]


def _noun(key: str) -> str:
    """What the game calls a hand ("deal" in Piquet); "hand" for a game no longer offered."""
    return RULESETS[key].hand_noun if key in RULESETS else "hand"


def _line(game: Game, summary: GameSummary | None, editable: bool) -> dict:
    """A line of the list: which game, who plays, which hand, who leads or won; or, for a
    game whose record cannot be read (no summary), that it is damaged."""
    if summary is None:
        players = game.setup.get("players") if isinstance(game.setup, dict) else None
        return {"game": game, "damaged": True, "editable": editable,
                "players": [p for p in players if isinstance(p, str)]
                if isinstance(players, list) else []}
    return {"game": game, "title": summary.title, "end": summary.end,
            "players": summary.players, "sides": summary.sides, "teams": bool(summary.teams),
            "hand": summary.hand, "hands": summary.hands_in_game,
            "noun": _noun(summary.ruleset),
            "leading": summary.leading, "winners": list(summary.winners),
            "finished": summary.finished, "editable": editable,
            "deletable": editable and not summary.hands_played}


@bp.post("/<game_id>/archive")
def archive(game_id: str):
    loaded = game_or_404(game_id)
    archived = ActionForm().archived.data == "1"
    set_archived(game_id, archived, required_edit_key(loaded))
    flash(f"{'Archived' if archived else 'Brought back'}: {', '.join(loaded.setup.players)}.")
    return redirect(url_for("games.list_games"), 303)


# --- Refusals, as pages a player can read -----------------------------------------------------

@bp.errorhandler(403)
def refused(error):
    message = ("This device can watch this game but not change it. To score from here, "
               "scan the join code on the scoring tablet (Share this game).")
    return render_template("games/message.html", title="View only", message=message,
                           game_id=(request.view_args or {}).get("game_id")), 403


@bp.errorhandler(404)
def not_found(error):
    return no_such_game(error)


@bp.errorhandler(CSRFError)
def form_expired(error):
    return render_template("games/message.html", title="Please try again",
                           message="This device lost track of the form (the browser may have "
                                   "forgotten its cookies). Nothing was saved: go back, reload "
                                   "the page and try again.",
                           game_id=(request.view_args or {}).get("game_id")), 400
