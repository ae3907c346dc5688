"""Bourré's referee questions: POST /bourre/legal (what a player may play on a trick),
/bourre/cinch (whether three tricks are certain) and /bourre/pot (one hand's pot).

Thin views: the fields are read here, ``referee.core.games.bourre`` answers."""

from __future__ import annotations

from flask import jsonify

from ..core.games.bourre import TrumpError, is_cinch, legal_plays, settle_hand
from ..core.ledger import money_text
from . import api
from .requests import cards, field, json_object
from .table_fields import counts, names, suit, text, true_or_false, whole_number


@api.post("/bourre/legal")
def bourre_legal():
    body = json_object()
    answer = legal_plays(suit(body, "trump", TrumpError), cards(body, "hand"), cards(body, "trick"),
                         true_or_false(body, "cinch", False))
    return jsonify({
        "legal": [str(card) for card in answer.legal],
        "refused": {str(card): refusal.reason for card, refusal in answer.refused.items()},
        "rules": {str(card): refusal.rule.value for card, refusal in answer.refused.items()},
    })


@api.post("/bourre/cinch")
def bourre_cinch():
    body = json_object()
    leads = field(body, "leads", None)
    verdict = is_cinch(suit(body, "trump", TrumpError), cards(body, "hand"),
                       whole_number(body, "tricks_taken"), cards(body, "played", []),
                       whole_number(body, "players"),
                       None if leads is None else true_or_false(body, "leads"))
    return jsonify({"cinch": verdict.cinch, "reason": verdict.reason,
                    "certain_tricks": verdict.certain_tricks, "proved": verdict.proved})


@api.post("/bourre/pot")
def bourre_pot():
    body = json_object()
    result = settle_hand(names(body, "players"), text(body, "ante", example='"0.25"'),
                         text(body, "pot", example='"1.00"'),
                         names(body, "played"), counts(body, "tricks"),
                         names(body, "penalties", []))
    next_pot = result.next_pot
    return jsonify({
        "winner": result.winner,
        "carried": result.carried,
        "next_pot": {"from_pot": money_text(next_pot.from_pot),
                     "antes": {name: money_text(v) for name, v in next_pot.antes.items()},
                     "bourre": {name: money_text(v) for name, v in next_pot.bourre.items()},
                     "total": money_text(next_pot.total)},
        "payments": [{"from": p.payer, "to": p.payee, "amount": money_text(p.amount),
                      "why": p.why} for p in result.payments],
    })
