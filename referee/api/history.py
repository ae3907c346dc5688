"""The family's history: GET /ratings?ruleset=KEY (a game's leaderboard) and
GET /players/{name}/stats (a player's figures per game). Thin views over ``store.history``."""

from __future__ import annotations

from flask import Response, jsonify, request

from ..core.errors import RefereeInputError
from ..core.history import Period
from ..store.history import UnknownRuleset, leaderboard, player_page
from .blueprint import api
from .errors import error_response
from .password import password_guarded


class BadQueryError(RefereeInputError):
    """A query parameter missing, or not one of the values it takes."""

    code = "bad_query"


class PlayerNotFound(LookupError):
    pass


def _query(name: str, required: bool = True) -> str | None:
    given = request.args.getlist(name)
    if not given or not given[0].strip():
        if required:
            raise BadQueryError(f"Say which {name} with ?{name}=.", name)
        return None
    if len(given) > 1:
        raise BadQueryError(f"Give {name} once.", name)
    return given[0].strip()


@api.get("/ratings")
@password_guarded
def ratings_view():
    ratings = leaderboard(_query("ruleset"))
    return jsonify({"ruleset": ratings.ruleset, "players": [
        {"name": rating.name, "mu": rating.mu, "sigma": rating.sigma,
         "ordinal": rating.ordinal, "games": rating.games, "settling": rating.settling,
         "words": rating.words}
        for rating in ratings.players]})


@api.get("/players/<name>/stats")
@password_guarded
def player_stats_view(name: str):
    period = _query("period", required=False)
    try:
        chosen = Period(period) if period is not None else Period.ALL_TIME
    except ValueError:
        raise BadQueryError("The period is this-year, last-year or all-time.",
                            "period") from None
    figures = player_page(name, chosen)
    if figures is None:
        raise PlayerNotFound(name)
    return jsonify({
        "name": figures.name, "names_played_as": list(figures.names_played_as),
        "period": chosen.value, "money": figures.money,
        "games": {game.ruleset: {
            "title": game.title, "played": game.played, "finished": game.finished,
            "won": game.won, "win_rate": game.win_rate, "average_place": game.average_place,
            "average_hand": game.average_hand, "best_total": game.best_total,
            "worst_total": game.worst_total, "best_hand": game.best_hand,
            "worst_hand": game.worst_hand, "longest_win_streak": game.longest_win_streak,
            "current_streak": game.current_streak} for game in figures.games},
        "head_to_head": [{"opponent": h.opponent, "games_together": h.games_together,
                          "ahead": h.ahead, "behind": h.behind, "level": h.level}
                         for h in figures.head_to_head]})


@api.errorhandler(UnknownRuleset)
def _unknown_ruleset(error: UnknownRuleset) -> Response:
    return error_response(404, "unknown_ruleset", str(error), "ruleset")


@api.errorhandler(PlayerNotFound)
def _player_not_found(error: PlayerNotFound) -> Response:
    return error_response(404, "player_not_found", "Nobody has played here under that name.",
                          "name")
