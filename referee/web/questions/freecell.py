"""FreeCell with real cards: deal a numbered game (or tap a layout in), follow it move by move
with the referee refusing what the rules refuse, and ask for a hint or the whole solution.

The rules, the deal and the solver are ``referee.core.games.freecell``'s; the moves made are
kept server-side (``store.freecell``) so a phone can pick the game up from its link. Every
tap is a plain link or a form with CSRF; htmx swaps the board in place where it runs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import segno
from flask import Blueprint, abort, redirect, render_template, request, url_for
from markupsafe import Markup
from flask_wtf import FlaskForm
from wtforms import IntegerField, StringField
from wtforms.validators import InputRequired, NumberRange, Optional

from ...core.cards import Card, Rank, parse_card, parse_cards
from ...core.errors import RefereeInputError
from ...core.games.freecell import (FIRST_GAME, FOUNDATION_SUITS, LAST_GAME, SOLVED, UNKNOWN,
                                   UNSOLVABLE, Board, FreeCellError, Move, Place, Position,
                                   check_game_number, find_card, places_by_card, replay, solve)
from ...heavy_work import heavy_slot
from ...store import freecell as kept_games
from ...store.freecell import SOLVER_BUDGET
from ..shell.rendering import render_screen, wants_fragment

bp = Blueprint("freecell", __name__, url_prefix="/freecell")

COLUMN_NUMBERS = range(1, 9)


class DealForm(FlaskForm):
    game = IntegerField("Game number", validators=[
        InputRequired("Type the game's number, like 1 or 11982."),
        NumberRange(FIRST_GAME, LAST_GAME, f"A game is numbered {FIRST_GAME} to {LAST_GAME}.")])


class LayoutForm(FlaskForm):
    """Each column typed top to bottom, as the cards lie: the card dealt first, then the rest."""


for _n in COLUMN_NUMBERS:
    setattr(LayoutForm, f"column{_n}", StringField(f"Column {_n}", validators=[Optional()]))


class MoveForm(FlaskForm):
    card = StringField(validators=[InputRequired("Tap a card first.")])
    to = StringField(validators=[InputRequired("Tap where it goes.")])
    expected_version = IntegerField(validators=[InputRequired()])


class UndoForm(FlaskForm):
    expected_version = IntegerField(validators=[InputRequired()])


@bp.context_processor
def _cards():
    return {"home_card": lambda top, suit: Card(Rank(top), suit)}


# --- Words -----------------------------------------------------------------------------------

def place_words(place) -> str:
    text = str(place)
    return {"cell": "a free cell", "foundation": "the foundation"}.get(text, text)


def move_words(move: Move) -> str:
    return (f"{move.card.label}{carrying_words(move.count)} from {place_words(move.source)}"
            f" to {place_words(move.target)}")


VERDICT_WORDS = {
    SOLVED: "This deal can be won.",
    UNSOLVABLE: "This deal cannot be won: the referee searched every position it can reach.",
    UNKNOWN: "The referee could not tell in time whether this deal can be won.",
}
NO_HINT_FOR_A_LOST_DEAL = "This deal cannot be won, so there is no move to hint: try another deal."


def carrying_words(count: int) -> str:
    return f" (with the {count - 1} card{'s' if count > 2 else ''} above it)" if count > 1 else ""


def solution_words(solution) -> str:
    if solution.status == "solved":
        return f"Solvable: a solution in {len(solution.moves)} moves."
    if solution.status == "unsolvable":
        return "No solution from here: every position was searched (proved)."
    return "Couldn't tell in time: the search stopped before it found a solution."


# --- The kept game ---------------------------------------------------------------------------

def _board(kept) -> Board:
    """The kept game's position, its moves replayed through the rules."""
    start = Position.from_game(kept.game) if kept.game else Position.from_layout(
        [parse_cards(" ".join(column)) for column in kept.layout])
    board = Board(start)
    for move in kept.moves:
        board.push_card(parse_card(move["card"]), move["to"])
    return board


def _load(kept_id: str):
    try:
        kept = kept_games.load(kept_id)
    except kept_games.FreeCellNotFoundError:
        abort(404)
    return kept, _board(kept)


def _title(kept) -> str:
    return f"FreeCell game {kept.game:,}" if kept.game else "FreeCell: a layout tapped in"


# --- Views -----------------------------------------------------------------------------------

@bp.get("/")
def start():
    """The number box, and the layout tapped in: each tap is a link carrying the columns so
    far in its address (nothing is kept until "Lay it out"), so it works without JavaScript."""
    columns = [_laid(request.args.get(f"column{n}", "")) for n in COLUMN_NUMBERS]
    into = request.args.get("into", "1")
    into = int(into) if into in {str(n) for n in COLUMN_NUMBERS} else 1
    layout_form = LayoutForm(formdata=None, data={
        f"column{n}": " ".join(str(card) for card in columns[n - 1]) for n in COLUMN_NUMBERS})
    return render_screen("freecell/start.html", "freecell/start.html",
                         deal_form=DealForm(), layout_form=layout_form,
                         tapping=_tapping(columns, into),
                         tapped_in=any(columns) or "into" in request.args)


def _laid(text: str) -> list[Card]:
    """A column from the address, as far as it reads: a card it cannot read, or one already
    laid, ends it (an address typed by hand can hold anything)."""
    column: list[Card] = []
    for word in text[:200].split():
        try:
            card = parse_card(word)
        except RefereeInputError:
            break
        if card.is_joker or card in column:
            break
        column.append(card)
    return column


def _tapping(columns: list[list[Card]], into: int) -> dict:
    """The links of the tapping: a card into the chosen column, the column chosen, the last
    card of a column taken back."""
    def address(cols, chosen):
        return url_for("freecell.start", into=chosen, _anchor="tap-in", **{
            f"column{n}": " ".join(str(c) for c in cols[n - 1]) or None
            for n in COLUMN_NUMBERS})
    laid = {card for column in columns for card in column}
    cards = []
    for suit in FOUNDATION_SUITS:
        for rank in Rank:
            card = Card(rank, suit)
            with_it = [column + [card] if n == into else column
                       for n, column in enumerate(columns, 1)]
            cards.append((card, None if card in laid else address(with_it, into)))
    return {"into": into, "columns": columns, "cards": cards, "left": 52 - len(laid),
            "choose": [address(columns, n) for n in COLUMN_NUMBERS],
            "take_back": [address([c[:-1] if n == m else c for m, c in enumerate(columns, 1)], n)
                          if column else None for n, column in enumerate(columns, 1)]}


@bp.post("/deal")
def deal():
    form = DealForm()
    layout_form = LayoutForm(formdata=None)
    if not form.validate():
        return render_screen("freecell/start.html", "freecell/start.html", 422,
                             deal_form=form, layout_form=layout_form)
    kept = kept_games.start(check_game_number(form.game.data))
    return redirect(url_for("freecell.game", kept_id=kept.id), 303)


@bp.post("/layout")
def layout():
    form = LayoutForm()
    valid = form.validate()
    columns, layout_error = [], None
    for n in COLUMN_NUMBERS:
        field = form[f"column{n}"]
        try:
            columns.append(parse_cards(field.data or "", field.label.text))
        except RefereeInputError as error:
            field.errors = [*field.errors, error.message]
    if valid and not form.errors and len(columns) == len(COLUMN_NUMBERS):
        try:
            Position.from_layout(columns)
        except FreeCellError as error:
            layout_error = error.message
    if not valid or form.errors or layout_error or len(columns) < len(COLUMN_NUMBERS):
        return render_screen("freecell/start.html", "freecell/start.html", 422,
                             deal_form=DealForm(formdata=None), layout_form=form,
                             layout_error=layout_error)
    kept = kept_games.start(None, [[str(card) for card in column] for column in columns])
    return redirect(url_for("freecell.game", kept_id=kept.id), 303)


@dataclass(frozen=True)
class Taps:
    """What a tap on the board does now: the cards that can move and the places the core
    allows each (``places``), the card picked up and the places lit for it, the link that
    picks a card up (``None``: puts it down), and the element a swap gives the focus to."""

    places: dict[Card, tuple[Place, ...]]
    chosen: Card | None
    link: Callable[[Card | None], str]
    focus: str | None = None

    @property
    def lit(self) -> frozenset[str]:
        return frozenset(str(place) for place in self.places.get(self.chosen, ()))


def _game_screen(kept, board, status=200, refusal=None, chosen=None, hint=None, hinted=None,
                 focus=None):
    position = board.position
    places = places_by_card(position)
    if chosen not in places:
        chosen = None
    if hinted is not None:
        chosen, focus = hinted.card, "fc-make-move"
    elif chosen is not None:
        focus = f"fc-card-{chosen}"
    elif refusal:
        focus = "fc-said"
    taps = Taps(places, chosen, lambda card: url_for(
        "freecell.game", kept_id=kept.id, card=str(card) if card else None), focus)
    response = render_screen(
        "freecell/game.html", "freecell/_board.html", status,
        kept=kept, title=_title(kept), position=position, board=board, taps=taps,
        refusal=refusal, hint=hint, hinted=hinted, move_words=move_words,
        carrying=carrying_words(find_card(position, chosen)[1]) if chosen else "",
        last=board.move_stack[-1] if board.move_stack else None, verdict_words=VERDICT_WORDS,
        move_form=MoveForm(formdata=None), undo_form=UndoForm(formdata=None),
        watch_url=url_for("freecell.game", kept_id=kept.id, _external=True),
        watch_qr=_qr(url_for("freecell.game", kept_id=kept.id, _external=True)))
    if wants_fragment():
        response.headers["HX-Replace-Url"] = url_for("freecell.game", kept_id=kept.id,
                                                     card=str(chosen) if chosen else None)
    return response


@lru_cache(maxsize=64)  # a game's link never changes; drawing the code is most of a page's time
def _qr(url: str) -> Markup:
    svg = segno.make(url, error="m").svg_inline(
        scale=1, border=2, dark="#1b1b1b", omitsize=True, svgclass="qr",
        title="Scan to pick this game up on a phone")
    return Markup(svg)  # segno writes only the modules' path and the escaped title


@bp.get("/<kept_id>")
def game(kept_id: str):
    kept, board = _load(kept_id)
    chosen = None
    if request.args.get("card"):
        try:
            chosen = parse_card(request.args["card"][:8])
        except RefereeInputError:
            chosen = None
    hint = hinted = None
    if request.args.get("hint"):
        hint, hinted = _hint(kept, board)
    return _game_screen(kept, board, chosen=chosen, hint=hint, hinted=hinted)


def _searched(position):
    """The solver's answer from ``position``, within its budget and the server's ration of
    long answers (``ServerBusyError`` past it)."""
    with heavy_slot():
        return solve(position, SOLVER_BUDGET)


def _hint(kept, board) -> tuple[str, Move | None]:
    """The hint's words and its move: the first of a solution from here, found within the
    solver's budget (so a slow search ends by itself); at the deal, what the store knows."""
    if board.position.is_won:
        return "Every card is home: the game is won.", None
    at_the_deal = not board.move_stack
    if at_the_deal and kept.verdict == UNSOLVABLE:
        return NO_HINT_FOR_A_LOST_DEAL, None
    solution = _searched(board.position)
    if at_the_deal and kept.verdict is None:
        kept_games.save_verdict(kept, solution.status)
    if solution.moves:
        return f"Hint: move {move_words(solution.moves[0])}.", solution.moves[0]
    if solution.status == UNSOLVABLE:
        return (NO_HINT_FOR_A_LOST_DEAL if at_the_deal else "No way to win from here (every"
                " position was searched): undo some moves and ask again."), None
    return solution_words(solution), None


@bp.get("/<kept_id>/verdict")
def verdict(kept_id: str):
    """Whether the deal can be won: the solver asked once (within its budget), the answer
    kept with the game."""
    kept, board = _load(kept_id)
    if kept.verdict is None:
        kept_games.save_verdict(kept, _searched(board.start).status)
    if not wants_fragment():
        return redirect(url_for("freecell.game", kept_id=kept.id), 303)
    return render_template("freecell/_verdict.html", kept=kept, verdict_words=VERDICT_WORDS)


@bp.post("/<kept_id>/move")
def move(kept_id: str):
    kept, board = _load(kept_id)
    form = MoveForm()
    if not form.validate():
        return _game_screen(kept, board, 422, refusal="Tap a card, then where it goes.")
    if form.expected_version.data != kept.version:
        return _game_screen(kept, board, 409, refusal=(
            "Another device moved a card first: this is the game as it stands now."))
    try:
        card = parse_card(form.card.data[:8])
        made = board.push_card(card, form.to.data)
    except RefereeInputError as error:
        return _game_screen(kept, board, 422, refusal=f"Not allowed: {error.message}",
                            chosen=None)
    try:
        kept.version = kept_games.save_moves(
            kept.id, [*kept.moves, {"card": str(made.card), "to": str(made.target)}],
            kept.version)
    except kept_games.StaleFreeCellError:
        kept, board = _load(kept_id)
        return _game_screen(kept, board, 409, refusal=(
            "Another device moved a card first: this is the game as it stands now."))
    if not wants_fragment():
        return redirect(url_for("freecell.game", kept_id=kept.id), 303)
    kept, board = _load(kept_id)
    still_moves = made.card in places_by_card(board.position)
    return _game_screen(kept, board, focus=f"fc-card-{made.card}" if still_moves else "fc-said")


@bp.post("/<kept_id>/undo")
def undo(kept_id: str):
    kept, board = _load(kept_id)
    form = UndoForm()
    if not form.validate() or form.expected_version.data != kept.version or not kept.moves:
        return _game_screen(kept, board, 409, refusal=(
            "Nothing to take back." if not kept.moves else
            "Another device moved a card first: this is the game as it stands now."))
    try:
        kept_games.save_moves(kept.id, kept.moves[:-1], kept.version)
    except kept_games.StaleFreeCellError:
        pass  # the page shows the game as it now stands
    if not wants_fragment():
        return redirect(url_for("freecell.game", kept_id=kept.id), 303)
    kept, board = _load(kept_id)
    return _game_screen(kept, board, focus="fc-undo" if board.move_stack else "fc-said")


@bp.get("/<kept_id>/solution")
def solution(kept_id: str):
    """The solver's answer from the position as it stands, replayed a move at a time."""
    kept, board = _load(kept_id)
    found = _searched(board.position)
    moves = list(found.moves)
    try:
        step = max(0, min(int(request.args.get("step", "0")[:6]), len(moves)))
    except ValueError:
        step = 0
    shown = replay(board.position, moves[:step])
    upcoming = moves[step] if step < len(moves) else None
    return render_screen(
        "freecell/solution.html", "freecell/_solution.html",
        kept=kept, title=_title(kept), found=found, verdict=solution_words(found), moves=moves,
        step=step, position=shown, upcoming=upcoming, move_words=move_words,
        done=moves[step - 1] if step else None)
