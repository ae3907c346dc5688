"""A game taken away: CSV and JSON files, a printable score sheet."""

from __future__ import annotations

import csv
import io
import json
import re
import unicodedata
from decimal import Decimal

from flask import Blueprint, Response, abort, render_template

from ...core.ledger import CENT, in_money
from ...core.model.keeping import EntryShape
from ...store.documents import export_document
from ...store.games import GameNotFoundError, LoadedGame, load_game
from .ledger import Ledger, hand_ending, ledger_of, settling_up

bp = Blueprint("exports", __name__)
TARGET_GAME_BLANK_ROWS = 4  # on a printed sheet of a game to a target: rows to fill in by hand


def _game_or_404(game_id: str) -> LoadedGame:
    try:
        return load_game(game_id)
    except GameNotFoundError:
        abort(404)


@bp.get("/games/<game_id>/export.json")
def game_json(game_id: str):
    loaded = _game_or_404(game_id)
    body = json.dumps(export_document(loaded), indent=2, ensure_ascii=False)
    return _download(body, "application/json", f"{_file_stem(loaded)}.json")


@bp.get("/games/<game_id>/export.csv")
def game_csv(game_id: str):
    loaded = _game_or_404(game_id)
    state = loaded.state
    out = io.StringIO()
    writer = _SpreadsheetSafeWriter(out)
    ledger = ledger_of(state)
    if ledger is not None:
        _ledger_rows(writer, state, ledger)
        return _download(out.getvalue(), "text/csv", f"{_file_stem(loaded)}.csv")
    sides = state.sides  # the teams, in a game of teams
    # The numbers each side entered, where the game scores them, after everyone's score.
    fields = _entered_fields(state)
    # Where the table charges rummy penalties each has its own column: a side's hand column
    # is what it was caught with, and hand plus penalty make its score.
    penalties = state.keeping.out_penalty(state.setup.options)
    penalised = sides if penalties else ()
    writer.writerow(["hand", "dealer", "went out", *sides, "corrections",
                     *(f"{side} {field.replace('_', ' ')}" for side in sides for field in fields),
                     *(f"{side} rummy penalty" for side in penalised)])
    for result in state.results:
        writer.writerow([result.hand, state.dealer_of(result.hand),
                         _ending(result) if state.keeping.goes_out else "",
                         *(result.scores[side] - result.penalty(side) if penalties
                           else result.scores[side] for side in sides),
                         "; ".join(result.corrections), *_entered(state, result, fields),
                         *(result.penalty(side) for side in penalised)])
    blank = [""] * len(fields) * len(sides)
    writer.writerow(["total", "", "", *(state.totals[side] for side in sides), "", *blank,
                     *(sum(r.penalty(side) for r in state.results) for side in penalised)])
    blank += [""] * len(penalised)
    if state.finished:
        places = {p.name: p.place for p in state.ranking}
        writer.writerow(["place", "", "", *(places[side] for side in sides), "", *blank])
        writer.writerow(["won", "", "", *("yes" if side in state.winners else ""
                                          for side in sides), "", *blank])
    # Flask adds "; charset=utf-8" to a text type itself.
    return _download(out.getvalue(), "text/csv", f"{_file_stem(loaded)}.csv")


def _ledger_rows(writer: _SpreadsheetSafeWriter, state, ledger: Ledger) -> None:
    """A night for stakes: a row a hand (how it ended, who, each count, who paid whom, each
    net in stakes), the night's net in stakes and money, and the payments that settle it."""
    stakes, players = state.keeping.stakes, state.sides  # who left keeps a column
    head = ["hand", "dealer", "ending", "who", "outcome", *players, "corrections",
            *(f"{name} count" for name in players), "payments"]
    writer.writerow(head)
    for result in state.results:
        settlement, settling = result.settlement, result.settling
        ending = stakes.ending(settling.get(stakes.ending_field))
        counts = settling.get(stakes.counts_field) or {}
        writer.writerow([result.hand, state.dealer_of(result.hand),
                         # A hand with no ending (played for a pot): what it did to the pot.
                         ending.label if ending else settlement.reason,
                         ", ".join(settlement.ended_by),
                         settlement.outcome.value,
                         *(result.scores.get(name, 0) for name in players),
                         "; ".join(result.corrections), *(counts.get(name, "") for name in players),
                         "; ".join(ledger.paid(payment) for payment in settlement.payments)])
    pad = [""] * (len(head) - 5 - len(players))
    writer.writerow([f"net {ledger.unit}s", "", "", "", "", *state.totals.values(), *pad])
    if ledger.stake is not None:
        writer.writerow(["net money", "", "", "", "",
                         *(Decimal(amount).quantize(CENT) for amount in
                           in_money(state.totals, ledger.stake).values()),
                         *pad])
    for line in settling_up(state, ledger):
        writer.writerow(["settle up", "", line, *[""] * (len(head) - 3)])


def _entered_fields(state) -> tuple[str, ...]:
    """The numbers a side's entry holds, where the file gives them: a team's whole entry,
    or a player's melded and held points."""
    shape = state.keeping.shape
    if shape is EntryShape.TEAMS and state.keeping.partnerships.sheet is not None:
        return state.keeping.partnerships.sheet.fields
    return ("melded", "held") if shape is EntryShape.MELDED_MINUS_HELD else ()


def _entered(state, result, fields: tuple[str, ...]) -> list:
    if state.keeping.shape is EntryShape.TEAMS:
        cells = [(result.teams.get(side) or {}).get(field, "") for side in state.sides
                 for field in fields]
        return ["yes" if cell is True else "no" if cell is False else cell for cell in cells]
    by_part = {"melded": result.melded, "held": result.held}
    return [by_part[field].get(name, "") for name in state.sides for field in fields]


# A spreadsheet reads a cell starting with one of these as a formula to run: their wide forms
# (＝ ＋ － ＠) too, and after controls or spaces it skips.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _runs(cell: str) -> bool:
    if cell.startswith(_FORMULA_STARTS):
        return True
    lead = next((c for c in cell if not (c.isspace() or unicodedata.category(c) in ("Cc", "Cf"))),
                "")
    return unicodedata.normalize("NFKC", lead).startswith(_FORMULA_STARTS)


def spreadsheet_safe(cell: object) -> object:
    """A text cell a spreadsheet would run as a formula, made text with a leading apostrophe;
    numbers (negative scores too) stay numbers.

    >>> print(spreadsheet_safe("=1+2"), spreadsheet_safe("-Ann"), spreadsheet_safe(-20))
    '=1+2 '-Ann -20
    >>> spreadsheet_safe("\\x01=1+2"), spreadsheet_safe("\\uff1d1"), spreadsheet_safe("Ann")
    ("'\\x01=1+2", "'＝1", 'Ann')
    """
    if isinstance(cell, str) and _runs(cell):
        return "'" + cell
    return cell


class _SpreadsheetSafeWriter:
    """A ``csv.writer`` whose every text cell goes through ``spreadsheet_safe``."""

    def __init__(self, out: io.StringIO):
        self._writer = csv.writer(out)

    def writerow(self, row: list) -> None:
        self._writer.writerow([spreadsheet_safe(cell) for cell in row])


def _ending(result) -> str:
    """Who went out, as a cell: ``Ann``, ``Ann (rummy)``, or ``nobody: the stock ran out``."""
    if result.went_out is None:
        return "nobody: the stock ran out"
    return f"{result.went_out} (rummy)" if result.went_rummy else result.went_out


FILE_NAMES_AT_MOST = 80  # characters of a file's name before its extension


def _file_stem(loaded: LoadedGame) -> str:
    """The game, the day it started and who played, as a file's name:

    >>> from types import SimpleNamespace as S
    >>> from datetime import datetime
    >>> _file_stem(S(setup=S(ruleset="eversol", players=("Ann", "Bob", "Cy", "Zoë O'Neil")),
    ...              game=S(created_at=datetime(2026, 11, 27, 20, 5), id="x1")))
    'eversol-2026-11-27-ann-bob-cy-zoe-o-neil'
    """
    names = "-".join(filter(None, (_slug(name) for name in loaded.setup.players)))
    stem = f"{loaded.setup.ruleset}-{loaded.game.created_at:%Y-%m-%d}-{names}".rstrip("-")
    return stem[:FILE_NAMES_AT_MOST].rstrip("-")


def _slug(text: str) -> str:
    """Lower-case letters and digits in runs joined by hyphens, accents dropped: a name any
    device's files accept."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return "-".join(re.findall(r"[a-z0-9]+", plain))


@bp.get("/games/<game_id>/sheet")
def score_sheet(game_id: str):
    loaded = _game_or_404(game_id)
    state = loaded.state
    ledger = ledger_of(state)
    return render_template("exports/sheet.html", loaded=loaded, state=state,
                           ruleset=loaded.setup.table.ruleset, running=state.running_totals(),
                           blank_rows=_blank_rows(state),
                           places={p.name: p.place for p in state.ranking}, ledger=ledger,
                           endings={r.hand: hand_ending(r.settling, r.settlement)
                                    for r in state.results} if ledger else {},
                           settle_up=settling_up(state, ledger))


def _blank_rows(state) -> range:
    """The hands still to write in by hand: those left of a set number, a few of a target game."""
    if state.finished:
        return range(0)
    played = len(state.results)
    last = state.hands_in_game or played + TARGET_GAME_BLANK_ROWS
    return range(played + 1, last + 1)


def _download(body: str, mimetype: str, filename: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
