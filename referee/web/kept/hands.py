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

from flask import abort, flash, make_response, redirect, render_template, request, url_for

from ...core import RefereeInputError
from ...core.game import DealerChosen, HandCorrected, HandScored
from ...core.game.entry import SeatEntry
from ...core.game.events import (DecksChanged, describe_books, describe_ending, describe_scores,
                                 describe_settling)
from ...core.model.keeping import EntryShape
from ...core.game.followed import RefereeMismatchError, still_playing
from ...store.games import (LoadedGame, OvertakenError, StaleVersionError, append_event,
                           load_game, undo_last)
from ..forms import ActionForm, add_error
from .games import bp, game_or_404, poll_etag, not_recorded
from ..shell.edit_rights import required_edit_key
from ..shell.rendering import wants_fragment
from .board import board_screen, step_label, undo_label
from .round_panel import follows_rounds
from .ledger import ledger_of
from .entry import NOBODY, WAY_WORDS
from .pot_entry import PotReading
from .stakes_entry import SettlementReading
from .scores_entry import ScoresReading
from .books_entry import BooksReading
from .team_entry import entry_form
from .deal_sheet_entry import totals_before


@bp.route("/<game_id>/hands/<int:hand>", methods=["GET", "POST"])
def hand_entry(game_id: str, hand: int):
    """Score the hand being played, or correct one already scored (with a reason)."""
    loaded = game_or_404(game_id)
    key = required_edit_key(loaded)
    state = loaded.state
    if hand < 1 or hand > (state.hands_in_game or len(state.results) + 1):
        abort(404)
    if request.method == "POST":
        return _save(loaded, hand, key)
    if hand > len(state.results) + 1 or (hand > len(state.results) and state.finished):
        abort(404)
    entry = entry_form(state, hand)
    if hand <= len(state.results):  # a correction starts from the hand as it was entered
        form = entry.prefilled(state.players_of(hand), state.results[hand - 1],
                               expected_version=loaded.version)
    elif state.live is not None and state.live.finished:  # the referee saw how it ended
        form = entry.form(len(state.players), **_seen_by_referee(state.players, state.live.result),
                          expected_version=loaded.version)
    else:
        form = entry.form(len(state.players), expected_version=loaded.version)
    return _entry_page(loaded, hand, form)


def _seen_by_referee(players, outcome) -> dict:
    """Who went out and each rummy penalty (Ari's rule), as the hand the referee followed ended."""
    return {"went_out": str(players.index(outcome.went_out)),
            "rows": [SeatEntry(penalty=outcome.rummy_penalties.get(name) or None)
                     for name in players]}


def _followed_hand(state, hand: int):
    """How the referee saw hand ``hand`` end, when it followed that hand to its end."""
    live = state.live
    return live.result if live is not None and live.finished and live.hand == hand else None


def _hand_being_followed(state, hand: int, correcting: bool) -> str | None:
    """What the referee says while it follows hand ``hand`` and nobody has gone out yet."""
    live = state.live
    if correcting or live is None or live.finished or live.hand != hand:
        return None
    return still_playing(live, state.noun)


def _save(loaded: LoadedGame, hand: int, key: str):
    state = loaded.state
    players = state.players_of(hand)  # a hand scored before the table changed keeps its own
    entry = entry_form(state, hand)
    form = entry.form(len(players), request.form)
    form.validate()
    if form.step.data or form.tap.data or form.untap.data:  # pressed without JavaScript
        if form.step.data:
            entry.step(form, form.step.data)
        else:
            entry.tap(form, form.tap.data or "", form.untap.data or "")
        return _entry_page(loaded, hand, form, quiet=True)
    reading = _read(entry, form, loaded, hand)
    if request.form.get("preview"):  # "Show the points": the hand read and scored, not saved
        return _entry_page(loaded, hand, form, reading, status=200 if reading.ok else 422)
    seen = form.expected_version.data
    if seen is None or seen > loaded.version:  # not a form this game's pages made
        return _moved_on(loaded, hand, form, reading, form.correcting.data == "1")
    shown = state if seen == loaded.version else loaded.state_at(seen)
    was_correcting = hand <= len(shown.results)
    correcting = hand <= len(state.results)
    if correcting != was_correcting or (not correcting and hand != state.hand):
        return _moved_on(loaded, hand, form, reading, was_correcting)
    if correcting and not (form.reason.data or "").strip():
        add_error(form.reason, f"Say why {state.table.ruleset.hand_noun} {hand} is corrected, "
                               "for the history.")
    if not reading.ok or form.reason.errors:
        return _entry_page(loaded, hand, form, reading, status=422)

    sheet = entry.event_fields(reading)
    if correcting:
        event = HandCorrected(hand, reason=form.reason.data.strip(), **sheet)
    else:
        event = HandScored(hand, overrides_referee=form.anyway.data == "1", **sheet)
    try:
        append_event(loaded.game.id, event, seen, key, catch_up=True)
    except OvertakenError as error:
        return _moved_on(error.loaded, hand, form, reading, was_correcting, error)
    except StaleVersionError:  # devices kept writing in between, round after round
        return _moved_on(load_game(loaded.game.id), hand, form, reading, was_correcting)
    except RefereeMismatchError as error:
        for mismatch in error.mismatches:
            reading.add_problem(players.index(mismatch.player), mismatch.message)
        return _entry_page(loaded, hand, form, reading, status=422, saving_anyway=True)
    except RefereeInputError as error:
        entry.flag(reading, players, error)
        return _entry_page(loaded, hand, form, reading, status=422)
    anyway = " (against what the referee saw)" if form.anyway.data == "1" and not correcting else ""
    noun = loaded.setup.table.ruleset.hand_noun.capitalize()
    flash(f"{noun} {hand} {'corrected' if correcting else 'saved'}{anyway}: {_ended(reading)}.")
    # A hand worked out from its score sheet: the game page shows what each part scored.
    parts = hand if isinstance(reading, ScoresReading) and reading.sheet is not None else None
    return redirect(url_for("games.game_page", game_id=loaded.game.id, parts=parts), 303)


def _ended(reading) -> str:
    """How the hand read ended, in words: a hand for stakes says its ending and who."""
    if isinstance(reading, (SettlementReading, ScoresReading, PotReading, BooksReading)):
        return reading.describe()
    return describe_ending(reading.went_out, reading.went_rummy)


def _read(entry, form, loaded: LoadedGame, hand: int):
    return entry.read(form, loaded.state.players_of(hand), request.form.getlist("went_out"))


def _moved_on(fresh: LoadedGame, hand: int, form, reading, was_correcting: bool,
              overtaken: OvertakenError | None = None):
    """Another device changed the game so that this entry no longer fits: show the fresh
    game, keep what was typed, and say what happened."""
    game_id = fresh.game.id
    state = fresh.state
    form.expected_version.data = fresh.version
    if hand <= len(state.results) and not was_correcting:
        done = state.results[hand - 1]
        ended = (done.settlement.reason.rstrip(".") if done.settlement is not None
                 else describe_settling(done.settling) if done.settling
                 else describe_books(done.books, state.book_word) if done.books
                 else describe_scores(done.scores) if state.keeping.shape is EntryShape.SCORES
                 else describe_ending(done.went_out, done.went_rummy))
        message = (f"Another device saved hand {hand} first ({ended}). Nothing "
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
        where = (f"it is at hand {state.hand} now" if state.hand is not None
                 else "the game is over")
        flash(f"Another device changed this game first: {where}, so hand {hand} cannot be "
              "saved. Nothing was saved.", "problem")
        return redirect(url_for("games.game_page", game_id=game_id), 303)
    return _entry_page(fresh, hand, form, reading, status=409, message=message)


def _entry_page(loaded: LoadedGame, hand: int, form, reading=None, status: int = 200,
                message: str | None = None, quiet: bool = False, saving_anyway: bool = False):
    state = loaded.state
    entry = entry_form(state, hand)
    if reading is None:
        reading = _read(entry, form, loaded, hand) if form.is_submitted() else None
    correcting = hand <= len(state.results)
    seen = str(form.expected_version.data)
    ruleset = loaded.setup.table.ruleset
    players = state.players_of(hand)
    page = render_template(
        "games/hand.html", loaded=loaded, game=loaded.game, state=state, hand=hand,
        ruleset=ruleset, contract=state.contracts[hand - 1] if state.contracts else None,
        cards_dealt=ruleset.deal_size(len(state.players_of(hand)), hand, state.setup.options),
        players=state.players_of(hand),
        dealer=state.dealer_of(hand), entry=entry, shape=entry.shape.value,
        has_jokers=state.table.has_jokers,  # the examples offer only the cards of the game
        form=form, reading=reading,
        show_problems=reading is not None and not quiet, correcting=correcting,
        scored=state.results[hand - 1] if correcting else None, message=message,
        out_penalty=state.keeping.out_penalty(state.setup.options),
        seen=seen, last_step=undo_label(loaded), followed=_followed_hand(state, hand),
        following=_hand_being_followed(state, hand, correcting),
        # the board's panel that follows it: a game's own rounds have theirs (#round)
        followed_anchor="round" if follows_rounds(state) else "referee",
        saving_anyway=saving_anyway, way_words=WAY_WORDS, nobody=NOBODY,
        etag=poll_etag(loaded.game.id, loaded.version, "notice", "edit", seen),
        totals_before=totals_before(state, hand))
    response = make_response(page, status)
    response.vary.add("HX-Request")
    return response


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
    """Undo the newest step. The referee's panel sends it as its other taps (board.js) and
    gets its board back, saying what was undone; a page gets a redirect and a flash."""
    loaded = game_or_404(game_id)
    key = required_edit_key(loaded)
    form = ActionForm()
    problem, status = None, 409
    try:
        undone = undo_last(game_id, _expected(form), key, undoes=form.undoes.data)
    except OvertakenError as error:
        problem = f"{not_recorded(error)} Nothing was undone."
    except StaleVersionError:
        problem = ("Another device changed the game a moment ago, so nothing was undone. "
                   "Here it is as it stands now.")
    except RefereeInputError as error:
        problem, status = error.message, 422
    else:
        step = undone.undone_by_this_version()
        noun = undone.state.table.ruleset.hand_noun
        said = (f"Undone: {step_label(step, ledger_of(undone.state), noun)}. It stays in the "
                "history, struck through.")
        if wants_fragment():
            return board_screen(undone, referee_said=said)
        flash(said)
    if problem is not None and wants_fragment():
        return board_screen(load_game(game_id), status, referee_message=problem)
    if problem is not None:
        flash(problem, "problem")
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
