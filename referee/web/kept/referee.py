"""Referee mode: the hand screen follows a hand turn by turn and settles disputes at once.

Every button and form of the referee's panel posts one step of the hand (a game
event) with the version of the game it was shown at. The core rules on it: a
legal step is saved; a refused one comes back beside its input with the rule's
sentence (422, nothing saved). A step tapped on a board another device had
moved on is saved if it still means the same and is still legal; if not, it
comes back beside its input saying what happened meanwhile (409, nothing
saved), so no tap is ever lost without a word. static/board.js sends each tap
at once and gets the board alone; a browser without JavaScript gets the whole
page (after a saved step, a redirect).
"""

from __future__ import annotations

from collections.abc import Callable

from flask import abort, redirect, request, url_for

from ...core import RefereeInputError
from ...core.game import Event
from ...core.game.events import UpcardTurned
from ...core.rule_anchors import RuleAnchor
from ...core.games.followed_hands import (Bought, BuyClaimed, BuyWithdrawn, Discarded, Drew,
                                         JokerSwap, LaidOff, RummyCalled, Source, WentDown)
from ...store.games import (LoadedGame, OvertakenError, StaleVersionError, append_event,
                           load_game)
from ..forms import REFEREE_FORMS, referee_form, referee_forms
from .games import bp, game_or_404, not_recorded
from ..shell.edit_rights import required_edit_key
from .board import board_screen, undo_label
from .referee_panel import meld_fewest, meld_labels, referee_panel
from ..shell.rendering import wants_fragment


@bp.post("/<game_id>/referee/<action>")
def referee_step(game_id: str, action: str):
    loaded = game_or_404(game_id)
    key = required_edit_key(loaded)
    if action not in REFEREE_FORMS:
        abort(404)
    form = referee_form(action, _meld_count(loaded), request.form)
    form.validate()
    if loaded.state.finished:
        form.form_errors.append(f"All {loaded.state.hands_in_game} hands are scored: there is "
                                "no hand to follow.")
        return _with_form(loaded, action, form, status=422)
    if action == "down" and (form.tap.data or form.untap.data):  # tapped without JavaScript
        if form.tap.data:
            _tap_into(form, meld_fewest(loaded.state.contract, loaded.setup.table.melds))
        else:
            _untap(form)
        return _with_form(loaded, action, form, status=200)
    seen = form.expected_version.data
    if seen is None or seen > loaded.version:  # not a form this game's pages made
        return _moved_on(loaded)
    event = None if form.errors else READERS[action](form, loaded)
    if event is None:
        return _with_form(loaded, action, form, status=422)
    try:
        fresh = append_event(game_id, event, seen, key, catch_up=True)
    except OvertakenError as error:
        form.flag(error.location, not_recorded(error))
        return _with_form(error.loaded, action, form, status=409)
    except StaleVersionError:  # devices kept writing in between, round after round
        return _moved_on(load_game(game_id))
    except RefereeInputError as error:
        if action == "rummy" and form.still_to_say(error.location):
            return _with_form(loaded, action, form, status=200, asking=error.message)
        form.flag(error.location, error.message)
        return _with_form(loaded, action, form, status=422, rule=error.rule)
    if wants_fragment():
        return board_screen(fresh)
    return redirect(url_for("games.game_page", game_id=game_id, _anchor="referee"), 303)


def _with_form(loaded: LoadedGame, action: str, form, status: int, asking: str | None = None,
               rule: RuleAnchor | None = None):
    """The board again with this form as it was filled in, and its problems beside it; or,
    when the hand has no place for that form now, the problems at the top of the panel.

    ``asking`` is what the rules still need to know before the step can be taken (the
    card a rummy caller throws, under Ari's rule): asked beside the form, not refused.
    ``rule`` is the paragraph the core's refusal applies, linked beside it.
    """
    ruleset = loaded.setup.table.ruleset
    panel = referee_panel(loaded.state, ruleset.book_word, ruleset.run_word)
    shown = panel.shows(action) if panel else action == "start"
    message = None if shown or status == 200 else " ".join(_problems(form))
    return board_screen(loaded, status, referee_message=message, referee_asking=asking,
                        referee_rule=rule,
                        referee_forms={**referee_forms(_meld_count(loaded)), action: form})


def _problems(form) -> list[str]:
    """Every message on the form, its own and its fields' (however deep), in order."""
    found: list[str] = []

    def walk(errors) -> None:
        for item in errors.values() if isinstance(errors, dict) else errors:
            if isinstance(item, str):
                found.append(item)
            else:
                walk(item)

    walk(form.errors)
    return found


def _moved_on(fresh: LoadedGame):
    latest = undo_label(fresh) or "the start"
    return board_screen(fresh, 409, referee_message=(
        f"Another device changed this game first (latest: {latest}). Nothing was saved: "
        "here is the hand as it stands now."))


def _meld_count(loaded: LoadedGame) -> int:
    contract = loaded.state.contract
    return 0 if contract is None else contract.books + contract.runs


def _player(form, loaded: LoadedGame) -> str:
    """Whose turn the screen showed; the core refuses the step if that has changed."""
    live = loaded.state.live
    return form.player.data or (live.current if live else loaded.state.first_player or "")


# --- Reading each form into its step: None when something is missing (flagged on the form) ---

def _start(form, loaded: LoadedGame) -> Event:
    return UpcardTurned(loaded.state.hand, form.upcard.form.card)


def _draw(form, loaded: LoadedGame) -> Event:
    return Drew(_player(form, loaded), Source(form.source.data))


def _discard(form, loaded: LoadedGame) -> Event | None:
    card = form.card.form.card
    if card is None and form.unsaid.data != "1":
        form.card.form.rank.errors.append("Tap the card's rank and suit, or discard without "
                                          "saying it.")
        return None
    return Discarded(_player(form, loaded), card)


def _claim(form, loaded: LoadedGame) -> Event | None:
    if form.claim.data:
        return BuyClaimed(form.claim.data)
    if form.withdraw.data:
        return BuyWithdrawn(form.withdraw.data)
    form.form_errors.append("Tap the name of whoever wants the discard.")
    return None


def _bought(form, loaded: LoadedGame) -> Event:
    return Bought(form.buyer.data, passed=form.passed.data or None)


def _rummy(form, loaded: LoadedGame) -> Event:
    meld = form.meld.data
    return RummyCalled(form.caller.data, form.card.form.card, None if meld is None else meld - 1)


def _down(form, loaded: LoadedGame) -> Event | None:
    melds = [(field.data or "").replace(",", " ").split() for field in form.melds]
    ruleset = loaded.setup.table.ruleset
    labels = meld_labels(loaded.state.contract, ruleset.book_word, ruleset.run_word)
    for field, cards, label in zip(form.melds, melds, labels):
        if not cards:
            name = label.lower() if label[-1].isdigit() else f"the {label.lower()}"
            field.errors.append(f"Type or tap the cards of {name}.")
    swaps = [JokerSwap(swap.meld.data - 1, swap.card.data.strip())
             for swap in form.swaps if swap.meld.data is not None]
    if any(field.errors for field in form.melds):
        return None
    return WentDown(_player(form, loaded), melds, swaps)


def _lay_off(form, loaded: LoadedGame) -> Event | None:
    card = (form.typed.data or "").strip() or form.card.data
    if not card:
        form.card.errors.append("Tap the card that is laid off, or type it.")
        return None
    return LaidOff(_player(form, loaded), form.meld.data - 1, card)


READERS: dict[str, Callable] = {
    "start": _start, "draw": _draw, "discard": _discard, "claim": _claim,
    "bought": _bought, "rummy": _rummy, "down": _down, "layoff": _lay_off}


def _untap(form) -> None:
    """Take a tapped card back out of its meld's field, as static/referee.js does."""
    if form.untap.errors:
        return
    meld, index = (int(part) for part in form.untap.data.split(":"))
    if meld < len(form.melds):
        cards = (form.melds[meld].data or "").split()
        if index < len(cards):
            del cards[index]
            form.melds[meld].data = " ".join(cards)
            form.tap_into.data = meld  # the card taken back is replaced where it was


def _tap_into(form, fewest: tuple[int, ...]) -> None:
    """Add the tapped card to the meld field it was tapped for, as static/referee.js does;
    once that meld has its fewest cards, the next taps go into the next meld still short of
    its own."""
    into = form.tap_into.data or 0
    if form.tap.errors or form.tap_into.errors or not 0 <= into < len(form.melds):
        return
    field = form.melds[into]
    field.data = f"{field.data or ''} {form.tap.data}".strip()
    held = [len((meld.data or "").replace(",", " ").split()) for meld in form.melds]
    if held[into] >= fewest[into]:
        short = [index for index, count in enumerate(held) if count < fewest[index]]
        later = [index for index in short if index > into] or short
        form.tap_into.data = later[0] if later else into
