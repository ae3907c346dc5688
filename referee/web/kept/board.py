"""What every device sees of a game: the hand, the standings, the chart, the history.

Open pages poll a fragment every second. The poll carries the ETag of what it
shows (If-None-Match, set by the fragment itself), and while the game's
version has not moved the answer is a bodiless 304 from one small query;
static/games.js tells htmx not to swap on it.
"""

from __future__ import annotations

from functools import lru_cache

import segno
from flask import abort, make_response, redirect, render_template, request, url_for
from markupsafe import Markup

from ...core.game import GameState, event_from_dict
from ...core.text import whole_number
from ...store.games import EditKeyError, LoadedGame, check_edit_key, current_version
from ...store.models import GameEvent
from ..forms import referee_forms
from .question_links import question_links
from .games import bp, game_or_404, not_modified, poll_etag
from ..shell.edit_rights import edit_key_for, grant_edit, may_edit
from ..shell.chart import score_chart
from .history import history_context
from .ledger import Ledger, ledger_of, settling_up, step_words
from .ruling import last_ruling
from .standings import partners, ranking_places, standings_rows
from .poll_answers import rendered_parts
from .deal_sheet_entry import saved_sheet, totals_before
from .referee_panel import referee_panel
from .round_panel import follows_rounds, round_forms, round_panel
from ..shell.rendering import render_screen, wants_fragment

POLLED_PARTS = ("board", "standings", "history", "notice", "ruling")


def undo_label(loaded: LoadedGame) -> str | None:
    """The newest step that still counts, named for the Undo button."""
    if not loaded.last_active:
        return None
    return step_label(loaded.last_active, ledger_of(loaded.state),
                      loaded.setup.table.ruleset.hand_noun)


def step_label(stored: GameEvent, ledger: Ledger | None = None, noun: str = "hand") -> str:
    """A step as the Undo button names it: ``'Hand 2 scored'``, ``'Ben drew from the stock'``
    (``noun``: what the game calls a hand)."""
    event = event_from_dict(stored.payload)
    if event.type == "hand_scored":
        return f"{noun.capitalize()} {event.hand} scored"
    if event.type == "hand_corrected":
        return f"{noun.capitalize()} {event.hand} correction"
    if event.type == "dealer_chosen":
        return f"{event.dealer} to deal first"
    return step_words(event, ledger, noun)


def board_context(loaded: LoadedGame, editing: bool) -> dict:
    state = loaded.state
    ruleset = loaded.setup.table.ruleset
    ledger = ledger_of(state)
    return {
        # The referee's panel, while the referee follows the hand turn by turn; else None.
        "referee": referee_panel(state, ruleset.book_word, ruleset.run_word),
        "referee_forms": referee_forms(state.contract.books + state.contract.runs)
        if editing and state.contract else {},
        # A round followed turn by turn, where the game follows rounds of its own.
        "round": round_panel(state),
        "round_start": follows_rounds(state) and state.live is None and not state.finished,
        "round_forms": round_forms() if editing and follows_rounds(state) else {},
        "loaded": loaded, "game": loaded.game, "state": state, "version": loaded.version,
        "ruleset": ruleset, "editing": editing,
        "cards_dealt": _cards_dealt(state, ruleset),
        "rows": standings_rows(state),
        "partners": partners(state),
        "chart": score_chart(state.sides, state.running_totals(), _chart_hands(state),
                             state.leaders, better=state.keeping.ranking.better_word),
        "last_step": undo_label(loaded),
        # The version of the step the Undo button names: an undo from a board another device
        # has moved on is made only while that step is still the newest.
        "last_version": loaded.last_active.version if loaded.last_active else None,
        "ranking": ranking_places(state.ranking),
        "evening_ranking": ranking_places(state.evening_ranking),
        "next_dealer": next_dealer(state),
        "ledger": ledger,
        "settle_up": settling_up(state, ledger),
        # The question screens, opened with this game's hand, decks, house rules and names: on
        # the scoring tablet (a watching screen offers nothing to tap).
        "questions": question_links(state, loaded.game.id)
        if editing and not state.finished else [],
    }


def next_dealer(state: GameState) -> str | None:
    """Who deals the hand after this one, where the game has one and it is known already."""
    if state.finished:
        return None
    following = state.hand + 1
    if state.hands_in_game and following > state.hands_in_game:
        return None
    return state.known_dealer_of(following)


def _cards_dealt(state: GameState, ruleset) -> int | None:
    """How many cards each player is dealt for the hand being played."""
    if state.hand is None:
        return None
    return ruleset.deal_size(len(state.players), state.hand, state.setup.options)


def _chart_hands(state: GameState) -> int | None:
    """The chart's hands: once over, those played; else the game's set number (if any)."""
    return len(state.results) if state.finished else state.hands_in_game


def _page(template: str, loaded: LoadedGame, editing: bool, part: str, **extra):
    mode = "edit" if editing else "watch"
    etag = poll_etag(loaded.game.id, loaded.version, part, mode)
    return render_template(template, etag=etag, mode=mode, **board_context(loaded, editing),
                           **extra)


@bp.get("/<game_id>")
def game_page(game_id: str):
    loaded = game_or_404(game_id)
    editing = may_edit(loaded)
    return _page("games/game.html", loaded, editing, "board",
                 share=_share(loaded) if editing else None, **_parts_shown(loaded))


def _parts_shown(loaded: LoadedGame) -> dict:
    """What each part of a hand just saved from its score sheet scored (``?parts=N``, where
    saving it leads), to show beside the word that it was saved."""
    hand = whole_number(request.args.get("parts"))
    sheet = saved_sheet(loaded.state, hand) if hand is not None else None
    if sheet is None:
        return {}
    return {"deal_parts": sheet, "parts_hand": hand,
            "parts_before": totals_before(loaded.state, hand)}


def board_screen(loaded: LoadedGame, status: int = 200, **extra):
    """The scorer's game page, or just its board for htmx: after a referee-mode form."""
    mode = "edit"
    etag = poll_etag(loaded.game.id, loaded.version, "board", mode)
    context = {**board_context(loaded, True), **extra}
    share = None if wants_fragment() else _share(loaded)
    return render_screen("games/game.html", "games/_board.html", status, etag=etag, mode=mode,
                         share=share, **context)


@bp.get("/<game_id>/watch")
def watch(game_id: str):
    """For a TV or a watching phone: this page never offers a change, whatever the device.
    Its ruling (shown on a large screen) is polled apart from the board, so the scorer's
    board is not made to work it out on every change."""
    loaded = game_or_404(game_id)
    return _page("games/watch.html", loaded, False, "board", ruling=last_ruling(loaded),
                 ruling_etag=poll_etag(game_id, loaded.version, "ruling", "watch"))


@bp.get("/<game_id>/standings")
def standings(game_id: str):
    return _page("games/standings.html", game_or_404(game_id), False, "standings")


@bp.get("/<game_id>/history")
def history(game_id: str):
    """The newest steps, or with ``before`` an older page (which does not poll: its steps
    are done with, and the poll answers the newest page)."""
    before = whole_number(request.args.get("before"))
    loaded = game_or_404(game_id)
    return _page("games/history.html", loaded, False, "history",
                 **history_context(loaded, before))


@bp.get("/<game_id>/poll/<part>")
def poll(game_id: str, part: str):
    """A polled fragment: 304 from one small query while the game has not changed."""
    if part not in POLLED_PARTS:
        abort(404)
    version = current_version(game_id)
    if version is None:
        abort(404)
    wants_edit = request.args.get("view") == "edit" and edit_key_for(game_id) is not None
    seen = request.args.get("seen", "") if part == "notice" else ""
    seen = seen if whole_number(seen) is not None else ""  # it goes into the ETag
    etag = poll_etag(game_id, version, part, "edit" if wants_edit else "watch", seen)
    if request.if_none_match.contains_weak(etag):  # a compressed answer's tag is weak
        return not_modified(etag)
    # Only the scorer's device needs the game read before the render (to check its key);
    # a watching device is answered by version, from the fragment kept for it if any.
    loaded = game_or_404(game_id) if wants_edit else None
    mode = "edit" if loaded is not None and may_edit(loaded) else "watch"
    etag = poll_etag(game_id, loaded.version if loaded else version, part, mode, seen)
    made = {"etag": etag}

    def render() -> tuple[str, bool]:
        game = loaded or game_or_404(game_id)
        made["etag"] = poll_etag(game_id, game.version, part, mode, seen)
        html = render_template(f"games/_{part}.html", etag=made["etag"], mode=mode, seen=seen,
                               **board_context(game, mode == "edit"), **_part_context(part, game))
        return html, made["etag"] == etag  # a write came in between: that version's, unkept

    response = make_response(rendered_parts().get_or_make((etag, request.script_root), render))
    response.set_etag(made["etag"])
    response.headers["Cache-Control"] = "no-cache"
    return response


def _part_context(part: str, loaded: LoadedGame) -> dict:
    """What a polled part shows beyond the board's context."""
    if part == "history":
        return history_context(loaded, None)
    if part == "ruling":
        return {"ruling": last_ruling(loaded)}
    return {}


@bp.get("/<game_id>/join/<key>")
def join(game_id: str, key: str):
    """The share link: this device may now score. The redirect takes the key out of sight."""
    loaded = game_or_404(game_id)
    try:
        check_edit_key(loaded.game, key)
    except EditKeyError:
        abort(403)
    grant_edit(game_id, key)
    return redirect(url_for("games.game_page", game_id=game_id), 303)


def _share(loaded: LoadedGame) -> dict:
    game_id = loaded.game.id
    join_url = url_for("games.join", game_id=game_id, key=edit_key_for(game_id), _external=True)
    watch_url = url_for("games.watch", game_id=game_id, _external=True)
    return {"join_url": join_url, "watch_url": watch_url,
            # Other devices cannot reach "localhost": they need this machine's network address.
            "local_only": request.host.split(":")[0] in ("localhost", "127.0.0.1", "[::1]"),
            "join_qr": _qr(join_url, "Join code: scan to score from that device"),
            "watch_qr": _qr(watch_url, "Watch code: scan to follow the game")}


@lru_cache(maxsize=256)  # drawing the codes was most of a game page's time; a game's never change
def _qr(url: str, title: str) -> Markup:
    svg = segno.make(url, error="m").svg_inline(scale=1, border=2, dark="#1b1b1b",
                                                 omitsize=True, svgclass="qr", title=title)
    return Markup(svg)  # segno writes only the path of the modules and the escaped title
