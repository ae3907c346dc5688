"""Jack Change It's referee question: POST /jack-change-it/play, whether cards may go on the
top card and what follows for the next player.

A thin view: the fields are read here, ``referee.core.games.jack_change_it`` answers."""

from __future__ import annotations

from flask import jsonify

from ..core.games.jack_change_it import JackInputError, Pending, can_play
from . import api
from .requests import cards, json_object
from .table_fields import one_card, suit, text, whole_number


@api.post("/jack-change-it/play")
def jack_change_it_play():
    body = json_object()
    pending = text(body, "pending", None)
    if pending is not None and pending not in {kind.value for kind in Pending}:
        # Refused even with no draw pending (the core would not look): the field is wrong.
        raise JackInputError('pending is "two" or "ace_of_hearts".', "pending")
    verdict = can_play(whole_number(body, "players"), one_card(body, "top"), cards(body, "cards"),
                       suit=suit(body, "suit", JackInputError, None),
                       pending_draw=whole_number(body, "pending_draw", 0),
                       pending=pending,
                       hand_left=whole_number(body, "hand_left"),
                       call=suit(body, "call", JackInputError, None))
    effect = verdict.next
    return jsonify({
        "legal": verdict.legal,
        "reason": verdict.reason,
        "rule": verdict.rule.value if verdict.rule else None,
        "next": None if effect is None else {
            "skip": effect.skip, "reverse": effect.reverse, "draw": effect.draw,
            "suit": effect.suit.value if effect.suit else None},
    })
