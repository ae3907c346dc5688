"""What the scorer changes: a hand's points, a correction, the first dealer, the decks, an undo.

Every change names the version of the game the form was made from. When another
device changed the game since, the change is still made if it means the same
on the game as it is now (a hand scored while someone drew the dealer again);
otherwise nothing is saved and the form comes back with the entries kept, the
fresh state, and what happened meanwhile.

After a hand the referee followed, the entry is checked against what it saw;
what does not agree is shown beside the player, and the scorer may save it
anyway (the referee may have missed a step), which the history keeps.
"""

from __future__ import annotations

import random

from flask import abort, flash, redirect, render_template, request, url_for

from ..core import RefereeInputError
from ..core.game import DealerChosen, HandCorrected, HandScored
from ..core.game.events import DecksChanged
from ..core.game.followed import RefereeMismatchError
from ..store.games import (LoadedGame, OvertakenError, StaleVersionError, append_event,
                           load_game, undo_last)
from .forms import ActionForm, hand_form
from .games import bp, game_or_404, live_etag, not_recorded, required_edit_key
from .games_board import step_label, undo_label
from .games_entry import (CARD_BUTTONS, COUNT_FIELDS, VALUE_CLASSES, WAY_WORDS, prefilled,
                          read_hand, way_entered)


@bp.route("/<game_id>/hands/<int:hand>", methods=["GET", "POST"])
def hand_entry(game_id: str, hand: int):
    """Score the hand being played, or correct one already scored (with a reason)."""
    loaded = game_or_404(game_id)
    key = required_edit_key(loaded)
    if not 1 <= hand <= loaded.state.hands_in_game:
        abort(404)
    if request.method == "POST":
        return _save(loaded, hand, key)
    state = loaded.state
    if hand > len(state.results) + 1:
        abort(404)
    data = {}
    if hand <= len(state.results):  # a correction starts from the hand as it was entered
        result = state.results[hand - 1]
        data = prefilled(state.players, result.went_out, result.held, result.entries)
    elif state.live is not None and state.live.finished:  # the referee saw how it ended
        data = _seen_by_referee(state.players, state.live.result)
    return _entry_page(loaded, hand, hand_form(len(state.players), expected_version=loaded.version,
                                               **data))


def _seen_by_referee(players, outcome) -> dict:
    """Who went out and each rummy penalty (Ari's rule), as the live hand ended."""
    return {"went_out": players.index(outcome.went_out),
            "held": [{"penalty": outcome.rummy_penalties.get(name) or None} for name in players]}


def _followed_hand(state, hand: int):
    """How the referee saw hand ``hand`` end, when it followed that hand to its end."""
    live = state.live
    return live.result if live is not None and live.finished and live.hand == hand else None


def _save(loaded: LoadedGame, hand: int, key: str):
    state = loaded.state
    form = hand_form(len(state.players), request.form)
    form.validate()
    if form.step.data or form.tap.data or form.untap.data:  # pressed without JavaScript
        _step(form, form.step.data or "")
        _tap(form, form.tap.data or "", form.untap.data or "")
        return _entry_page(loaded, hand, form, quiet=True)
    reading = _read(form, loaded)
    seen = form.expected_version.data
    if seen is None or seen > loaded.version:  # not a form this game's pages made
        return _moved_on(loaded, hand, form, reading, form.correcting.data == "1")
    shown = state if seen == loaded.version else loaded.state_at(seen)
    was_correcting = hand <= len(shown.results)
    correcting = hand <= len(state.results)
    if correcting != was_correcting or (not correcting and hand != state.hand):
        return _moved_on(loaded, hand, form, reading, was_correcting)
    if correcting and not (form.reason.data or "").strip():
        form.reason.errors = [*form.reason.errors, f"Say why hand {hand} is corrected, "
                                                   "for the history."]
    if not reading.ok or form.reason.errors:
        return _entry_page(loaded, hand, form, reading, status=422)

    if correcting:
        event = HandCorrected(hand, reading.went_out, reading.points,
                              form.reason.data.strip(), reading.entries)
    else:
        event = HandScored(hand, reading.went_out, reading.points, reading.entries,
                           overrides_referee=form.anyway.data == "1")
    try:
        append_event(loaded.game.id, event, seen, key, catch_up=True)
    except OvertakenError as error:
        return _moved_on(error.loaded, hand, form, reading, was_correcting, error)
    except StaleVersionError:  # devices kept writing in between, round after round
        return _moved_on(load_game(loaded.game.id), hand, form, reading, was_correcting)
    except RefereeMismatchError as error:
        for mismatch in error.mismatches:
            seat = state.players.index(mismatch.player)
            reading.problems[seat] = " ".join(filter(None, [reading.problems.get(seat),
                                                             mismatch.message]))
        return _entry_page(loaded, hand, form, reading, status=422, saving_anyway=True)
    except RefereeInputError as error:
        _flag(reading, state.players, error)
        return _entry_page(loaded, hand, form, reading, status=422)
    anyway = " (against what the referee saw)" if form.anyway.data == "1" and not correcting else ""
    flash(f"Hand {hand} {'corrected' if correcting else 'saved'}{anyway}: {reading.went_out} "
          "went out.")
    return redirect(url_for("games.game_page", game_id=loaded.game.id), 303)


def _read(form, loaded: LoadedGame):
    players = loaded.state.players
    seats = [int(v) for v in request.form.getlist("went_out") if v.isdigit()]
    reading = read_hand(players, seats, [entry.data for entry in form.held], loaded.state.decks,
                        rummy_penalties=_aris_rule(loaded))
    for seat, entry in enumerate(form.held):
        went_out = players[seat] == reading.went_out
        mistyped = [e for field in entry for e in field.errors
                    if not went_out or field.short_name == "penalty"]
        if mistyped:
            reading.problems[seat] = f"{players[seat]}: {mistyped[0]}"
    return reading


def _aris_rule(loaded: LoadedGame) -> bool:
    return bool(loaded.setup.options.get("aris_rule"))


def _step(form, step: str) -> None:
    seat, _, rest = step.partition(":")
    field, _, delta = rest.partition(":")
    if not seat.isdigit() or int(seat) >= len(form.held) or field not in COUNT_FIELDS:
        return
    held = form.held[int(seat)]
    held[field].data = max(0, (held[field].data or 0) + (1 if delta == "+1" else -1))
    _one_way(held, keep=field)


def _tap(form, tap: str, untap: str) -> None:
    """Add a tapped card to a player's cards, or take one back."""
    seat, _, what = (tap or untap).partition(":")
    if not seat.isdigit() or int(seat) >= len(form.held):
        return
    held = form.held[int(seat)]
    words = (held["cards"].data or "").split()
    if tap and what in CARD_BUTTONS:
        words.append(what)
    elif untap and what.isdigit() and int(what) < len(words):
        del words[int(what)]
    held["cards"].data = " ".join(words)
    _one_way(held, keep="cards")


def _one_way(held, keep: str) -> None:
    """Counting, tapping or typing: the way just used replaces the others, as on screen."""
    for field in (*COUNT_FIELDS, "cards", "total"):
        if field != keep and not (field in COUNT_FIELDS and keep in COUNT_FIELDS):
            held[field].data = None


def _flag(reading, players, error: RefereeInputError) -> None:
    """Put a problem the core found next to the player it names."""
    for seat, name in enumerate(players):
        if error.field == f"event.points.{name}":
            reading.problems[seat] = error.message
            return
    reading.went_out_problem = error.message


def _moved_on(fresh: LoadedGame, hand: int, form, reading, was_correcting: bool,
              overtaken: OvertakenError | None = None):
    """Another device changed the game so that this entry no longer fits: show the fresh
    game, keep what was typed, and say what happened."""
    game_id = fresh.game.id
    state = fresh.state
    form.expected_version.data = fresh.version
    if hand <= len(state.results) and not was_correcting:
        done = state.results[hand - 1]
        message = (f"Another device saved hand {hand} first ({done.went_out} went out). Nothing "
                   "of yours was saved; your entries are still below. If they are the right ones, "
                   "say why and save them as a correction.")
    elif overtaken is not None:
        message = (f"{not_recorded(overtaken)} Your entries are still below: check them against "
                   "the fresh standings and save again.")
    elif hand <= len(state.results) or hand == state.hand:
        message = (f"Another device changed this game while you were entering it "
                   f"(latest: {undo_label(fresh) or 'the start'}). Nothing was saved: check the "
                   "entries below against the fresh standings and save again.")
    else:
        flash(f"Another device changed this game first: it is at hand {state.hand or 6} now, "
              f"so hand {hand} cannot be saved. Nothing was saved.", "problem")
        return redirect(url_for("games.game_page", game_id=game_id), 303)
    return _entry_page(fresh, hand, form, reading, status=409, message=message)


def _entry_page(loaded: LoadedGame, hand: int, form, reading=None, status: int = 200,
                message: str | None = None, quiet: bool = False, saving_anyway: bool = False):
    state = loaded.state
    if reading is None:
        reading = _read(form, loaded) if form.is_submitted() else None
    correcting = hand <= len(state.results)
    seen = str(form.expected_version.data)
    return render_template(
        "games/hand.html", loaded=loaded, game=loaded.game, state=state, hand=hand,
        contract=state.contracts[hand - 1], dealer=state.dealer_of(hand),
        form=form, reading=reading,
        show_problems=reading is not None and not quiet, correcting=correcting,
        scored=state.results[hand - 1] if correcting else None, message=message,
        value_classes=VALUE_CLASSES, card_buttons=CARD_BUTTONS, aris_rule=_aris_rule(loaded),
        seen=seen, last_step=undo_label(loaded), followed=_followed_hand(state, hand),
        saving_anyway=saving_anyway, way_entered=way_entered, way_words=WAY_WORDS,
        etag=live_etag(loaded.game.id, loaded.version, "notice", "edit", seen),
    ), status


@bp.post("/<game_id>/dealer")
def choose_dealer(game_id: str):
    """Draw the first dealer again (or name one), before the first hand is scored."""
    loaded = game_or_404(game_id)
    key = required_edit_key(loaded)
    form = ActionForm()
    dealer = form.dealer.data or random.SystemRandom().choice(loaded.state.players)
    drawn = not form.dealer.data
    if _changed(loaded, DealerChosen(dealer, drawn=drawn), form, key):
        flash(f"{'Drawn' if drawn else 'Chosen'}: {dealer} deals first.")
    return redirect(url_for("games.game_page", game_id=game_id), 303)


@bp.post("/<game_id>/decks")
def change_decks(game_id: str):
    """Play on with more decks: a hand the decks in play cannot deal needs them."""
    loaded = game_or_404(game_id)
    key = required_edit_key(loaded)
    form = ActionForm()
    decks = form.decks.data
    if decks is None:
        flash("Say how many decks the table plays with.", "problem")
    elif _changed(loaded, DecksChanged(decks), form, key):
        flash(f"The game goes on with {decks} decks.")
    return redirect(url_for("games.game_page", game_id=game_id), 303)


@bp.post("/<game_id>/undo")
def undo(game_id: str):
    loaded = game_or_404(game_id)
    key = required_edit_key(loaded)
    form = ActionForm()
    try:
        undone = undo_last(game_id, _expected(form), key, undoes=form.undoes.data)
    except OvertakenError as error:
        flash(f"{not_recorded(error)} Nothing was undone.", "problem")
    except StaleVersionError:
        flash("Another device changed the game a moment ago, so nothing was undone. "
              "Here it is as it stands now.", "problem")
    except RefereeInputError as error:
        flash(error.message, "problem")
    else:
        step = next(e for e in undone.events if e.undone_in == undone.version)
        flash(f"Undone: {step_label(step)}. It stays in the history, struck through.")
    return redirect(url_for("games.game_page", game_id=game_id), 303)


def _changed(loaded: LoadedGame, event, form, key: str) -> bool:
    try:
        append_event(loaded.game.id, event, _expected(form), key, catch_up=True)
    except OvertakenError as error:
        flash(f"{not_recorded(error)} Nothing was changed.", "problem")
        return False
    except StaleVersionError:
        flash("Another device changed the game a moment ago, so nothing was changed. "
              "Here it is as it stands now.", "problem")
        return False
    except RefereeInputError as error:
        flash(error.message, "problem")
        return False
    return True


def _expected(form: ActionForm) -> int:
    """The version the button was shown at; a button without one is refused as stale."""
    version = form.expected_version.data
    return version if isinstance(version, int) else -1
