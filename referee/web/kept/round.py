"""A round followed turn by turn where the game follows rounds of its own (Jack Change It):
the deal's upcard, then each turn a card played (or a 2 and the A♥ together) or a draw; a
jack tapped is answered with the question of the suit it calls, and only the jack's answer
carries a suit. Each button posts one event with the version its screen showed,
as referee mode's steps do (``referee``): a refused card comes back beside the picker with
its rule (422, nothing saved), a tap another device overtook says so (409), and a browser
without JavaScript gets the whole page. The round's state, its words and its refusals are the
core's (``FollowedRound``); an undo is the game's.
"""

from __future__ import annotations

from flask import abort, redirect, request, url_for

from ...core import RefereeInputError
from ...core.cards import parse_card
from ...core.game.events import UpcardTurned, event_from_dict
from ...core.games.followed_hands import FollowedRound
from ...store.games import (LoadedGame, OvertakenError, StaleVersionError, append_event,
                           load_game)
from ..shell.edit_rights import required_edit_key
from ..shell.rendering import wants_fragment
from .board import board_screen, undo_label
from .games import bp, game_or_404, not_recorded
from .round_panel import FORMS, SHOWN_AS, SuitQuestion, follows_rounds, round_forms

@bp.post("/<game_id>/round/<action>")
def round_step(game_id: str, action: str):
    loaded = game_or_404(game_id)
    key = required_edit_key(loaded)
    if action not in FORMS or not follows_rounds(loaded.state):
        abort(404)
    form = FORMS[action](formdata=request.form)
    form.validate()
    if loaded.state.finished:
        form.form_errors.append("The night is over: there is no round to follow.")
        return _again(loaded, action, form, 422)
    seen = form.expected_version.data
    if seen is None or seen > loaded.version:  # not a form this game's pages made
        return _moved_on(loaded)
    event = None if _problems(form) else _event(action, form, loaded)
    if event is None:
        return _again(loaded, action, form, 422)
    if isinstance(event, SuitQuestion):  # nothing to save yet: the jack's suit first
        return _again(loaded, action, form, 200, round_call=event)
    try:
        fresh = append_event(game_id, event, seen, key, catch_up=True)
    except OvertakenError as error:
        form.form_errors.append(not_recorded(error))
        return _again(error.loaded, action, form, 409)
    except StaleVersionError:
        return _moved_on(load_game(game_id))
    except RefereeInputError as error:
        form.flag(error.location, error.message)
        return _again(loaded, action, form, 422, rule=error.rule)
    if wants_fragment():
        return board_screen(fresh)
    return redirect(url_for("games.game_page", game_id=game_id, _anchor="round"), 303)


def _event(action: str, form, loaded: LoadedGame):
    state = loaded.state
    if action == "deal":
        card = form.upcard.form.card
        if card is None:
            form.upcard.form.rank.errors.append("Tap the card turned up: its suit, then its "
                                                "rank.")
            return None
        return UpcardTurned(state.hand, card)
    player = form.player.data or (state.live.current if state.live else "")
    if action == "draw":
        return event_from_dict({"type": "drew_cards", "player": player})
    card = form.card.form.card
    if card is None:
        form.card.form.rank.errors.append("Tap the card played: its suit, then its rank.")
        return None
    live = state.live
    cards = FollowedRound.paired(card) if action == "pair" else (card,)
    suits = live.suits_to_name(cards) if live and player == live.current else ()
    # A suit counts only with the jack it was asked for: any other card clears it.
    call = form.call.data if form.call.data in {suit.value for suit in suits} else None
    if suits and call is None:
        return SuitQuestion(player, parse_card(card).label, suits)
    return event_from_dict({"type": "cards_played", "player": player, "cards": list(cards),
                            "call": call})


def _problems(form) -> bool:
    return bool(form.errors) or bool(getattr(form, "card", None) and form.card.form.problems) \
        or bool(getattr(form, "upcard", None) and form.upcard.form.problems)


def _again(loaded: LoadedGame, action: str, form, status: int, rule=None, **extra):
    """The board again with this form as it was filled in, its problems beside it."""
    shown = {**round_forms(), SHOWN_AS.get(action, action): form}
    return board_screen(loaded, status, round_forms=shown, referee_rule=rule, **extra)


def _moved_on(fresh: LoadedGame):
    latest = undo_label(fresh) or "the start"
    return board_screen(fresh, 409, referee_message=(
        f"Another device changed this game first (latest: {latest}). Nothing was saved: "
        "here is the round as it stands now."))
