"""The melds a player says they laid, tapped by rank at a hand's end, checked as they are
tapped: a meld no suits could make ("3 5 9") is named with the meld check's own reason.

Cards tapped by rank alone have no suit, so each meld is asked of the game's meld check with
the suits that would suit it best: a rank's first copy spades, its next hearts, and so on
(a run in one suit, a group in different ones). Fewer cards than the smallest meld say
nothing: they may be cards laid off on another player's meld.

>>> from referee.core.games.registry import get_ruleset
>>> base = get_ruleset("base").configure()
>>> (problem,) = not_melds("3 4 5 / 3 5 9 / 7 7", base)
>>> problem.meld, problem.cards, problem.reason[-38:]
(2, '3 5 9', 'it is missing 4 cards between 3 and 9.')
>>> not_melds("Q Q Q / 9 10 J", base)
()
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ..cards import Card, Suit, natural, parse_card, rank_from_text
from ..errors import RefereeInputError
from ..model.ruleset import TableRules
from .held import MELD_BREAK, split_words

_SUITS = tuple(Suit)
_BARE_SUIT = "\u2660"  # the suit a bare rank is asked with, left out of the reason again


@dataclass(frozen=True)
class MeldProblem:
    meld: int  # counted from 1, as the player tapped them
    cards: str  # as tapped: "3 5 9"
    reason: str  # the game's meld check's words


def not_melds(cards: str | Iterable[str], table: TableRules) -> tuple[MeldProblem, ...]:
    """The melds among ``cards`` (``/`` between melds) that cannot be one, whatever their
    suits; cards that do not read as cards of the game are left to the entry's own check."""
    melds: list[list[str]] = [[]]
    for word in split_words(cards):
        if word == MELD_BREAK:
            melds.append([])
        else:
            melds[-1].append(word.upper())
    smallest = min(table.melds.min_book, table.melds.min_run)
    problems = []
    for number, words in enumerate((meld for meld in melds if meld), 1):
        if len(words) < smallest:
            continue
        reason = _reason(words, table)
        if reason:
            problems.append(MeldProblem(number, " ".join(words), reason))
    return tuple(problems)


def _reason(words: list[str], table: TableRules) -> str | None:
    seen: Counter = Counter()
    cards: list[Card] = []
    try:
        for word in words:
            rank = rank_from_text(word)
            if rank is None:
                cards.append(parse_card(word))
                continue
            cards.append(natural(rank, _SUITS[seen[rank] % len(_SUITS)]))
            seen[rank] += 1
        verdict = table.check_meld(cards)
    except RefereeInputError:
        return None
    if verdict.valid:
        return None
    bare = all(rank_from_text(word) is not None for word in words)
    return verdict.reason.replace(_BARE_SUIT, "") if bare else verdict.reason
