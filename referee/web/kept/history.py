"""The history page's lines: every step of a game, each scored hand in its own game's terms.

A game scored by what each player was caught with says that, and how it was
counted; one scored as melded minus held gives each player's score with what
they melded and held; one where the winner collects says what the winner
collects. The words follow the entry's shape, which the ruleset names.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...core import RefereeInputError
from ...core.game import GameState, event_from_dict
from ...core.model.keeping import EntryShape, ScoredHand
from ...core.model.stakes import Settlement
from ...core.text import name_key
from ...store.games import LoadedGame
from ...store.models import GameEvent
from .games import MINUS, signed
from .entry import describe_entry
from .ledger import Ledger, ledger_of, step_words

@dataclass(frozen=True)
class HistoryItem:
    stored: GameEvent  # its times and whether (and when) it was undone
    title: str
    points: tuple[tuple[str, str], ...]  # each player's line, for hands
    notes: tuple[str, ...] = ()  # what did not agree with the followed hand, when saved anyway
    reason: str = ""  # a hand for stakes: why it paid as it did
    payments: tuple[str, ...] = ()  # a hand for stakes: who paid whom




def history_context(loaded: LoadedGame, before: int | None) -> dict:
    """A page of the history: the newest steps (``before`` None) or those before version
    ``before``; ``older`` is where the page before it starts, None at the game's start."""
    events, more = loaded.history_page(before)
    return {"history": history_items(loaded, events), "before": before,
            "older": events[0].version if more and events else None}


def history_items(loaded: LoadedGame, events: list[GameEvent]) -> list[HistoryItem]:
    items = []
    state = loaded.state
    ledger = ledger_of(state)
    # A hand is read with the players it was entered for: after names were corrected or
    # players came or went, the game as it stood then (folded; the table rarely changes).
    changed = (loaded.setup.players != state.players or bool(state.left)
               or loaded.setup.teams != state.setup.teams)
    # A hand played for a pot, too: read against the pot as it stood when it was entered.
    changed = changed or state.standing_pot is not None
    for stored in events:
        event = event_from_dict(stored.payload)
        lines: tuple[tuple[str, str], ...] = ()
        notes: tuple[str, ...] = ()
        settled = None
        if event.type in ("hand_scored", "hand_corrected"):
            then = loaded.state_at(stored.version - 1) if changed else state
            lines, notes, settled = _hand_lines(then, event, ledger)
        if event.type == "hand_scored" and event.overrides_referee:
            notes = _saved_anyway(loaded, stored, event.hand)
        reason, payments = ("", ()) if settled is None or ledger is None else (
            settled.reason, tuple(ledger.paid(payment) for payment in settled.payments))
        words = step_words(event, ledger, state.table.ruleset.hand_noun, state.book_word)
        items.append(HistoryItem(stored, words, lines, notes, reason, payments))
    return items


def _hand_lines(state: GameState, event, ledger: Ledger | None
                ) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...], Settlement | None]:
    """Each player's line for a scored (or corrected) hand, any note about the entry, and a
    hand for stakes' settlement."""
    shape = state.keeping.shape
    if shape is EntryShape.HELD:
        return _held_lines(state.players, event), (), None
    # A hand played for a pot is settled against the pot the hand before it left.
    before = (state.results[event.hand - 2].settlement
              if 2 <= event.hand <= len(state.results) + 1 else None)
    try:
        scored = state.keeping.score(state.table, state.players, event.sheet,
                                     teams=state.setup.teams, before=before,
                                     dealer=state.dealer_of(event.hand))
    except RefereeInputError as error:  # an undone entry the game's decks now refuse
        return (), (f"As entered then, this hand no longer adds up: {error.message}",), None
    if ledger is not None and scored.settlement is not None:
        counts = scored.settling.get(state.keeping.stakes.counts_field)
        return tuple((name, _settled_line(ledger, scored.scores[name], (counts or {}).get(name)))
                     for name in state.players), (), scored.settlement
    if shape is EntryShape.MELDED_MINUS_HELD:
        lines = tuple((name, _melded_line(scored, name)) for name in state.players)
    elif shape is EntryShape.TEAMS:
        lines = tuple((name, _team_line(state, scored, name)) for name in state.sides)
    elif scored.books:
        lines = tuple((name, _books_line(state, scored, name)) for name in state.players)
    elif shape is EntryShape.SCORES:
        lines = tuple((name, f"{scored.scores[name]} points") for name in state.players)
    elif shape is EntryShape.WENT_OUT:  # the round is a win for one, and nothing for the rest
        lines = tuple((name, "went out, won the round") for name in state.players
                      if name == scored.went_out)
    else:
        lines = tuple((name, _collected_line(scored, name)) for name in state.players)
    return lines, (), None


def _books_line(state: GameState, scored, name: str) -> str:
    """A player's books in one game of a night, and whether they won it: ``'5 books, won'``."""
    word = state.keeping.books.word(state.setup.options)
    count = scored.books[name]
    return (f"{count} {word}{'' if count == 1 else 's'}"
            + (", won" if scored.scores[name] else ""))


def _settled_line(ledger: Ledger, net: int, count: int | None) -> str:
    """A player's net for a hand for stakes, with the count that settled it, if one did:
    ``'+2 stakes · 0.50 (count 5)'``."""
    line = ledger.net(net)
    return line if count is None else f"{line} ({ledger.count_words.format(count)})"


def _melded_line(scored: ScoredHand, name: str) -> str:
    """``'+45 (45 melded)'``, ``'−12 (20 melded, 32 held)'``; ``'went out, +45 (...)'``."""
    parts = [f"{scored.melded[name]} melded" if scored.melded[name] else "",
             f"{scored.held[name]} held" if scored.held[name] else ""]
    how = ", ".join(filter(None, parts))
    line = f"{signed(scored.scores[name])}{f' ({how})' if how else ''}"
    return f"went out, {line}" if name == scored.went_out else line


def _team_line(state: GameState, scored: ScoredHand, team: str) -> str:
    """``'4,205 (melded 905, 1 wild, 2 clean, 2 dirty piles, 1 red 3, went out)'``: the
    team's score and what made it, in its game's words."""
    partnerships = state.keeping.partnerships
    points = scored.scores[team]
    line = f"{MINUS if points < 0 else ''}{abs(points):,}"
    if partnerships is None or partnerships.sheet is None:
        return line
    return f"{line} ({partnerships.sheet.summary(scored.teams[team], state.setup.options)})"


def _collected_line(scored: ScoredHand, name: str) -> str:
    """The winner ``'collects 38 (double)'``; the others ``'12 held'``."""
    if name == scored.went_out:
        return f"collects {scored.scores[name]}{' (double)' if scored.went_rummy else ''}"
    return f"{scored.held[name]} held"


def _held_lines(players, event) -> tuple[tuple[str, str], ...]:
    given = {name_key(name): value for name, value in event.points.items()}
    how = {name_key(name): entry for name, entry in event.entries.items()}
    out = name_key(event.went_out or "")
    return tuple((name, _held_line(given.get(name_key(name)), how.get(name_key(name)),
                                   name_key(name) == out))
                 for name in players)


def _held_line(points: int | None, entry: Mapping | None, went_out: bool) -> str:
    """``'35 (7 × 2–9)'``, or ``'went out, 0'`` (``'went out, 25 (25 rummy penalty)'``)."""
    how = describe_entry(entry)
    words = " ".join(filter(None, ["" if points is None else str(points),
                                   f"({how})" if how else ""]))
    if went_out:
        return f"went out, {words}" if points else "went out, 0"
    return words


def _saved_anyway(loaded: LoadedGame, stored: GameEvent, hand: int) -> tuple[str, ...]:
    said = "Saved anyway, against what the referee saw"
    results = loaded.state.results
    if stored.undone_in is not None or hand > len(results) or not results[hand - 1].saved_anyway:
        return (f"{said}.",)
    return (f"{said}:", *(m.message for m in results[hand - 1].saved_anyway))
