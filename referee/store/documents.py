"""A kept game as a JSON document: what the API answers and the JSON export downloads.

It lives below both, so the screens and the API never import each other.
"""

from __future__ import annotations

from typing import Any

from ..core.game import GameState
from ..core.ledger import in_money, money_text
from ..core.games.followed_hands import LiveHand
from ..core.model.stakes import Settlement
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
        "left": list(state.left),
        "teams": [{"name": team.name, "players": list(team.players)}
                  for team in state.setup.teams] or None,
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
                   **settlement_document(r.settlement),
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
        **ledger_document(state),
        **finish_document(state),
    }


def finish_document(state: GameState) -> dict[str, Any]:
    """What a game's own end says beyond the winners (Piquet's margin and Rubicon), once its
    rules ended it, with the sentence the screens show; nothing in other games."""
    finish = state.finish
    if finish is None:
        return {}
    return {**finish.fields, "finish": finish.words}


def settlement_document(settlement: Settlement | None) -> dict[str, Any]:
    """A hand played for stakes: how it came out, who paid whom and why (nothing in other
    games)."""
    if settlement is None:
        return {}
    pot = {"pot": settlement.pot} if settlement.in_pot else {}  # a game with a pot
    return {"outcome": settlement.outcome.value, "reason": settlement.reason,
            "payments": [{"from": p.payer, "to": p.payee, "stakes": p.stakes}
                         for p in settlement.payments], **pot}


def ledger_document(state: GameState) -> dict[str, Any]:
    """A game played for stakes: the stake, each player's net in money, and the fewest
    payments that square everyone now (money as text, "0.75"; stakes when playing for
    points). Nothing in other games."""
    if state.keeping.stakes is None:
        return {}
    stake = state.setup.stake_value
    standing, pot = state.pot_now, {}
    if state.keeping.stakes.pot:  # before the first hand: the antes of those seated
        pot["pot"] = None if standing is None else (
            standing if stake is None else money_text(standing * stake))
    return {"stake": state.setup.stake, "currency": state.setup.currency, **pot,
            "totals_in_money": None if stake is None else {
                name: money_text(amount) for name, amount in in_money(state.totals, stake).items()},
            "settle_up": [{"from": t.payer, "to": t.payee,
                           "amount": t.amount if stake is None else money_text(t.amount)}
                          for t in state.settle_up]}


def export_document(loaded: LoadedGame) -> dict[str, Any]:
    """A game as a file to take away (and to import again): its document and its whole
    history."""
    document = {**game_document(loaded), "history": history_document(loaded.events)}
    if loaded.setup.players != loaded.state.players or loaded.setup.teams != \
            loaded.state.setup.teams:
        # Names corrected or players come and gone: the seats the history starts from.
        document["started_with"] = {
            "players": list(loaded.setup.players),
            "teams": [{"name": team.name, "players": list(team.players)}
                      for team in loaded.setup.teams] or None}
    return document


def history_document(events: list[GameEvent]) -> list[dict[str, Any]]:
    """Stored events as the history resource and the JSON export list them. Not in the game
    document: that is polled by every watching device, and a long game's log is long."""
    return [{"version": e.version, "type": e.kind, "event": e.payload,
             "at": e.created_at.isoformat() + "Z", "undone_in": e.undone_in} for e in events]


def live_document(live: LiveHand | None) -> dict[str, Any] | None:
    """The hand followed live, as its snapshot shows it, with what a client needs besides.

    ``upcard`` stays after the card is taken or covered; ``steps`` counts the steps
    played (an undo takes back the newest event, which may be one of them);
    ``last_step`` is that step, to say what an undo would take back; ``rummy_callers``
    who may call rummy on the top discard, as the referee's screen offers it; ``scoring``
    is what the scorer needs once someone went out: who, the rummy penalties
    under Ari's rule, and how many cards everyone still holds.
    """
    if live is None:
        return None
    if not isinstance(live, LiveHand):  # a game's own followed round says itself
        return live.document()
    steps, outcome = live.steps, live.result
    return {
        **live.snapshot(),
        "upcard": live.upcard,
        "steps": len(steps),
        "last_step": None if not steps else {**steps[-1].to_dict(),
                                             "description": steps[-1].describe()},
        "buys_left": live.buys_left,
        "rummy_callers": list(live.rummy_callers),
        "scoring": None if outcome is None else {
            "went_out": outcome.went_out, "rummy_penalties": dict(outcome.rummy_penalties),
            "held": dict(outcome.held),
            "held_points": {name: dict(zip(("least", "most"), points))
                            for name, points in outcome.held_points(live.table).items()}},
    }
