"""What the numbers of a hand's entry may be: card points the decks in play can make.

A held or melded total is checked against the table's own cards: in the game's steps (fives in
Eversol), within what every card is worth together, and a total some cards really make. Both a
kept game's entry (``Keeping.score``) and the questions asked alone use these checks.
"""

from __future__ import annotations

from functools import reduce
from math import gcd
from typing import TYPE_CHECKING

from ..errors import HandEntryError, Location, RefereeInputError

if TYPE_CHECKING:
    from .ruleset import TableRules


_FIGURES: dict[tuple, tuple[int, int]] = {}  # by TableRules.key: (point_step, most_points)


def _figures(table: TableRules) -> tuple[int, int]:
    figures = _FIGURES.get(table.key)
    if figures is None:
        cards = table.every_card()
        values = {table.card_value(card) for card in cards}
        values |= {table.card_value(card, low_ace_in_run=True) for card in cards}
        figures = reduce(gcd, values), sum(table.card_value(card) for card in cards)
        _FIGURES[table.key] = figures
    return figures


def point_step(table: TableRules) -> int:
    """Every total a hand can make is a multiple of this (5 in Eversol, 1 in 500).

    >>> from referee.core.games.registry import get_ruleset
    >>> point_step(get_ruleset("eversol").configure()), point_step(get_ruleset("500").configure())
    (5, 1)
    """
    return _figures(table)[0]


def most_points(table: TableRules) -> int:
    """What every card of the decks in play is worth together: no entry can exceed it."""
    return _figures(table)[1]


_TOTALS: dict[tuple, int] = {}  # by (TableRules.key, melded): every total cards could make


def _totals(table: TableRules, melded: bool) -> int:
    """Every total some cards of the decks could be worth together, as the bits of a number
    (bit n set: some cards make n). Melded cards may count as a low ace in a run (1 in 500);
    held cards never do."""
    key = (table.key, melded)
    if key not in _TOTALS:
        reach = 1  # no cards: 0
        for card in table.every_card():
            values = {table.card_value(card)}
            if melded:
                values.add(table.card_value(card, low_ace_in_run=True))
            made = 0
            for value in values:
                made |= reach << value
            reach |= made
        _TOTALS[key] = reach
    return _TOTALS[key]


def could_make(table: TableRules, value: int, melded: bool = False) -> bool:
    """Whether some cards of the decks in play, melded or held, are worth ``value`` together.

    >>> from referee.core.games.registry import get_ruleset
    >>> base, five_hundred = get_ruleset("base").configure(), get_ruleset("500").configure()
    >>> could_make(base, 1, melded=True), could_make(five_hundred, 1, melded=True)
    (False, True)
    >>> could_make(five_hundred, 1), could_make(five_hundred, 0), could_make(five_hundred, 2)
    (False, True, True)
    """
    return value >= 0 and bool(_totals(table, melded) >> value & 1)


_IN_LOTS: dict[tuple, int] = {}  # by (TableRules.key, lot): totals whole lots make


def could_make_in_lots(table: TableRules, value: int, lot: int) -> bool:
    """Whether some cards of the decks in play, in whole lots of ``lot`` cards (at least one
    lot), are worth ``value`` together: a rummy penalty is two cards a call.

    >>> from referee.core.games.registry import get_ruleset
    >>> eversol = get_ruleset("eversol").configure()
    >>> [could_make_in_lots(eversol, points, 2) for points in (5, 10, 15, 20, 100, 105)]
    [False, True, True, True, True, True]
    """
    return value > 0 and bool(_in_lots(table, lot) >> value & 1)


def least_in_lot(table: TableRules, lot: int) -> int:
    """The least ``lot`` cards of the decks in play are worth (Eversol's two: 10)."""
    totals = _in_lots(table, lot) & ~1  # leaving out no cards at all
    return (totals & -totals).bit_length() - 1


def _in_lots(table: TableRules, lot: int) -> int:
    """Every total whole lots of ``lot`` cards make, as the bits of a number (no cards: 0)."""
    key = (table.key, lot)
    if key not in _IN_LOTS:
        reach = [1] + [0] * (lot - 1)  # by how many cards, counted round the lot
        for card in table.every_card():
            value_of = table.card_value(card)
            reach = [reach[count] | reach[count - 1] << value_of for count in range(lot)]
        _IN_LOTS[key] = reach[0]
    return _IN_LOTS[key]


def check_points(table: TableRules, name: str, value: int, field_name: str | Location,
                 least: int = 0, melded: bool = False, strict: bool = True) -> None:
    """Raise ``HandEntryError`` unless some cards of the game could be worth ``value``: in the
    game's steps, from ``least`` (what one card held is worth at the least) to every card,
    and a total those cards make (``melded``: counting a low ace as the game does in a run).
    ``strict`` off leaves that last check out, for an entry saved before it.

    >>> from referee.core.games.registry import get_ruleset
    >>> check_points(get_ruleset("eversol").configure(), "Abe", 12, "total")
    Traceback (most recent call last):
    ...
    referee.core.errors.HandEntryError: Eversol points come in fives: 12 can't be right for Abe.
    """
    step, most = point_step(table), most_points(table)
    if step > 1 and value % step:
        raise HandEntryError(f"{table.ruleset.short_title} points come in {step_words(table)}: "
                             f"{value} can't be right for {name}.", field_name)
    if value < least:
        if least <= 0:  # melded or held: no card is worth less than nothing
            raise HandEntryError(f"{value} for {name} cannot be right: cards are never worth "
                                 "below 0.", field_name)
        raise HandEntryError(f"{name} did not go out, so still holds a card: at least {least}.",
                             field_name)
    if value > most:
        decks = f"{table.decks} deck{'s' if table.decks > 1 else ''}"
        raise HandEntryError(f"{value} for {name} is more than every card of {decks} is worth "
                             f"({most}).", field_name)
    if strict and not could_make(table, value, melded):
        cards = "melded or laid off" if melded else "held"
        raise HandEntryError(f"No cards {cards} in {table.ruleset.short_title} add up to "
                             f"{value}: it can't be right for {name}.", field_name)


def check_player_end(table: TableRules, name: str, out: bool, melded: int | None, held: int,
                     where: tuple[str | Location, str | Location], strict: bool = True,
                     error: type[RefereeInputError] = HandEntryError) -> None:
    """What a player's numbers at a hand's end must be, whether the table kept the game or
    asked the question alone: out, nothing held and (where melds score) something melded, as
    going out lays every card; not out, a card still held, unless the game lets a player float.
    ``where`` names the melded and the held fields; ``strict`` off leaves out the check added
    later (a player not out holding nothing), for an entry saved before it."""
    where_melded, where_held = where
    if out and held:
        raise error(f"{name} went out, so {name} holds nothing: held is 0.", where_held)
    if out and melded is not None and not melded:
        raise error(f"{name} went out, so {name} melded or laid off cards: enter what they "
                    "are worth.", where_melded)
    if strict and not out and not held and not table.ruleset.keeping.floats(table.options):
        raise error(f"{name} did not go out, so {name} still holds at least one card.",
                    where_held)


def dealt_each(table: TableRules, players: int) -> int:
    """The cards each of ``players`` is dealt, where the deal bounds an entry: only games
    whose deal is the same every hand declare such bounds (Basic, Base Rules)."""
    return table.ruleset.deal_size(players, None, table.options)


def most_held_within_deal(table: TableRules, players: int) -> tuple[int, int] | None:
    """Where a player not out never holds more than the deal (one card drawn, one thrown,
    each turn: Basic), the most one such player's cards are worth, and the most all
    ``players`` but the one out hold together; ``None`` where a hand may grow.

    >>> from referee.core.games.registry import get_ruleset
    >>> basic = get_ruleset("basic").configure()
    >>> most_held_within_deal(basic, 2), most_held_within_deal(basic, 5)
    ((100, 100), (60, 228))
    """
    if not table.ruleset.keeping.held_within_deal:
        return None
    dealt = dealt_each(table, players)
    return (table.held_points_range(dealt)[1],
            table.held_points_range(dealt * (players - 1))[1])


def least_laid_going_out(table: TableRules, players: int) -> tuple[int, int] | None:
    """Where the player out has laid down at least the cards dealt (every turn draws before
    its discard: Base Rules), so many cards and the least they are worth melded; ``None``
    where a player may go out with fewer.

    >>> from referee.core.games.registry import get_ruleset
    >>> least_laid_going_out(get_ruleset("base").configure(), 3)
    (7, 17)
    """
    if not table.ruleset.keeping.out_lays_the_deal:
        return None
    dealt = dealt_each(table, players)
    values = sorted(min(table.card_value(card), table.card_value(card, low_ace_in_run=True))
                    for card in table.every_card())
    return dealt, sum(values[:dealt])


def deal_bound_words(table: TableRules, players: int) -> str | None:
    """What the deal bounds of an entry, as the entry screen says it beside the rows.

    >>> from referee.core.games.registry import get_ruleset
    >>> deal_bound_words(get_ruleset("basic").configure(), 3)
    'Dealt 7 cards, a player not out holds 7 at most: 70 points, and 140 for the others together.'
    >>> deal_bound_words(get_ruleset("base").configure(), 3)
    'Dealt 7 cards, the player out has laid down at least 7: 17 points melded at the least.'
    """
    most = most_held_within_deal(table, players)
    if most is not None:
        dealt = dealt_each(table, players)
        together = f", and {most[1]} for the others together" if players > 2 else ""
        return (f"Dealt {dealt} cards, a player not out holds {dealt} at most: {most[0]} "
                f"points{together}.")
    least = least_laid_going_out(table, players)
    if least is not None:
        return (f"Dealt {least[0]} cards, the player out has laid down at least {least[0]}: "
                f"{least[1]} points melded at the least.")
    return None


def check_held_within_deal(table: TableRules, held: dict[str, int], out: str | None,
                           field_name: str | Location) -> None:
    """Refuse held points more than the deal's cards are worth, one player's or all of them
    together (``held`` by player, the one ``out`` holding nothing); errors at ``field_name``
    and the player."""
    most = most_held_within_deal(table, len(held))
    if most is None:
        return
    dealt = dealt_each(table, len(held))
    for name, points in held.items():
        if name != out and points > most[0]:
            raise HandEntryError(f"{name} did not go out, so holds {dealt} cards at most, "
                                 f"worth {most[0]} at the most: {points} can't be right.",
                                 (*_location(field_name), name))
    if sum(held.values()) > most[1]:
        raise HandEntryError(f"The held points come to {sum(held.values())}, more than the "
                             f"others' {dealt * (len(held) - 1)} cards can be worth "
                             f"({most[1]}): one of them is wrong.", field_name)


def check_laid_going_out(table: TableRules, name: str, melded: int, players: int,
                         field_name: str | Location) -> None:
    """Refuse the player out's melded points below what the deal's cards are worth."""
    least = least_laid_going_out(table, players)
    if least is not None and melded < least[1]:
        raise HandEntryError(f"{name} went out, so laid down at least the {least[0]} cards "
                             f"dealt, worth {least[1]} at the least: {melded} can't be right.",
                             field_name)


def _location(field_name: str | Location) -> Location:
    return field_name if isinstance(field_name, tuple) else tuple(field_name.split("."))


_STEP_WORDS = {5: "fives", 10: "tens"}


def _check_all_cards(table: TableRules, entered: int, field_name: str) -> None:
    """Every number entered counts different cards: together they cannot pass the decks."""
    most = most_points(table)
    if entered > most:
        decks = f"{table.decks} deck{'s' if table.decks > 1 else ''}"
        raise HandEntryError(f"The numbers entered come to {entered}, more than every card of "
                             f"{decks} is worth ({most}): one of them is wrong.", field_name)


def step_words(table: TableRules) -> str:
    """The game's point step in words: ``'fives'``, or ``'points'`` where any total can be."""
    return _STEP_WORDS.get(point_step(table), "points")
