"""A kept game as a JSON document: what the API answers and the JSON export downloads.

It lives below both, so the screens and the API never import each other.
"""

from __future__ import annotations

from typing import Any

from ..core.rulesets.followed_hands import LiveHand
from .games import LoadedGame
from .models import GameEvent


def game_document(loaded: LoadedGame) -> dict[str, Any]:
    """The derived state of a game, as the API and the JSON export give it (the export adds
    the whole history; the API pages it at a resource of its own)."""
    state, game = loaded.state, loaded.game
    contract, end = state.contract, state.end
    return {
        "id": game.id,
        "version": loaded.version,
        "ruleset": loaded.setup.ruleset,
        "decks": state.decks,
        "options": dict(loaded.setup.options),
        "players": list(state.players),
        "teams": [{"name": team.name, "players": list(team.players)}
                  for team in loaded.setup.teams] or None,
        "hand": state.hand,
        "hands_in_game": state.hands_in_game,
        "dealer": state.dealer,
        "first_player": state.first_player,
        "contract": None if contract is None else {
            "hand": contract.hand, "cards_dealt": contract.cards_dealt, "books": contract.books,
            "runs": contract.runs, "discard": contract.discard,
            "description": contract.describe("book", "run")},
        "hands": [{"hand": r.hand, "went_out": r.went_out, "dealer": state.dealer_of(r.hand),
                   **state.as_entered(r), "scores": dict(r.scores),
                   "corrections": list(r.corrections),
                   "saved_anyway": [{"player": m.player, "message": m.message}
                                    for m in r.saved_anyway]}
                  for r in state.results],
        "short_deal": None if state.short_deal is None else {
            "message": state.short_deal.message, "decks_needed": state.short_deal.decks_needed},
        "totals": state.totals,
        "leaders": state.leaders,
        "finished": state.finished,
        "winners": state.winners,
        "end": {"hands": end.hands, "target": end.target, "must_go_out": end.must_go_out,
                "description": end.describe()},
        "ranking_order": state.keeping.ranking.value,
        "ranking": [{"place": p.place, "name": p.name, "total": p.total} for p in state.ranking],
        "archived": game.archived,
        "live": live_document(state.live),
    }


def export_document(loaded: LoadedGame) -> dict[str, Any]:
    """A game as a file to take away (and to import again): its document and its whole
    history."""
    return {**game_document(loaded), "history": history_document(loaded.events)}


def history_document(events: list[GameEvent]) -> list[dict[str, Any]]:
    """Stored events as the history resource and the JSON export list them. Not in the game
    document: that is polled by every watching device, and a long game's log is long."""
    return [{"version": e.version, "type": e.kind, "event": e.payload,
             "at": e.created_at.isoformat() + "Z", "undone_in": e.undone_in} for e in events]


def live_document(live: LiveHand | None) -> dict[str, Any] | None:
    """The hand followed live, as its snapshot shows it, with what a client needs besides.

    ``upcard`` stays after the card is taken or covered; ``steps`` counts the steps
    played (an undo takes back the newest event, which may be one of them);
    ``last_step`` is that step, to say what an undo would take back; ``scoring``
    is what the scorer needs once someone went out: who, the rummy penalties
    under Ari's rule, and how many cards everyone still holds.
    """
    if live is None:
        return None
    steps, outcome = live.steps, live.result
    return {
        **live.snapshot(),
        "upcard": live.upcard,
        "steps": len(steps),
        "last_step": None if not steps else {**steps[-1].to_dict(),
                                             "description": steps[-1].describe()},
        "buys_left": live.buys_left,
        "scoring": None if outcome is None else {
            "went_out": outcome.went_out, "rummy_penalties": dict(outcome.rummy_penalties),
            "held": dict(outcome.held)},
    }
