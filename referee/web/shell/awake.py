"""Which screens keep the tablet's screen on: a game's own pages (its hand, entry, standings,
history, watch) and the referee's question screens, the ones left open beside the cards.
Base.html shows the "Keep screen on" switch there; static/awake.js does the keeping."""

from flask import has_request_context, request

QUESTION_SCREENS = frozenset({"checker", "arranger", "rummy_check", "questions", "lowest"})


def keeps_screen_on() -> bool:
    if not has_request_context():
        return False
    if request.blueprint in QUESTION_SCREENS:
        return True
    return request.blueprint == "games" and "game_id" in (request.view_args or {})
