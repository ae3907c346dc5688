"""How near a hand is to its Eversol contract: the melds it can already make, and what is missing.

Toward a contract what counts is the melds made, so a hand that cannot make the
whole contract is shown the most of it that it can: the largest choice of the
contract's books and runs that these cards make at once, and among choices of as
many melds the one leaving the fewest points held. Each choice is solved
exactly by the contract solver, as a smaller contract.

>>> from referee.core import get_ruleset, parse_cards
>>> table = get_ruleset("eversol").configure(decks=2)
>>> near = contract_progress(parse_cards("5H 5S 5D 9C KD"), table, hand=2)
>>> [" ".join(map(str, meld)) for meld in near.melds], near.missing.describe()
(['5S 5H 5D'], 'one run')
>>> contract_progress(parse_cards("2C 9H KD"), table, hand=4).missing.describe()
'three books'
>>> contract_progress(parse_cards("3H 3S 3D KD KC JK"), table, hand=1).complete
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ...cards import Card
from ..contracts import contract_for
from ...melds import MeldKind
from ...model.ruleset import Contract, TableRules
from .contract import solve_contract
from .limits import check_card_count
from .result import Arrangement, sort_cards


@dataclass(frozen=True)
class ContractProgress:
    """The melds of the contract a hand can make at once, the cards they leave, and the books
    and runs still missing (a ``Contract`` of none when the whole contract can be made)."""

    melds: tuple[tuple[Card, ...], ...]
    kinds: tuple[MeldKind, ...]
    leftover: tuple[Card, ...]
    leftover_points: int
    missing: Contract

    @property
    def complete(self) -> bool:
        return not (self.missing.books or self.missing.runs)


def contract_progress(cards: Sequence[Card], table: TableRules, hand: int) -> ContractProgress:
    """The most of ``hand``'s contract ``cards`` can make, and what is still missing.

    Leftover cards are no concern here (hand 6's "every card must fit" is the
    arranger's answer): only which melds can be made.
    """
    check_card_count(len(cards), table)
    contract = contract_for(table, hand)
    table.check_supply(cards)
    bare = [card.bare() for card in cards]
    for size in range(contract.books + contract.runs, 0, -1):
        best: tuple[Arrangement, int] | None = None
        for books in range(min(size, contract.books), max(0, size - contract.runs) - 1, -1):
            part = replace(contract, books=books, runs=size - books, discard=True)
            found = solve_contract(bare, table, part)
            if found.melds and (best is None
                                or found.leftover_points < best[0].leftover_points):
                best = (found, books)
        if best is not None:
            found, books = best
            missing = replace(contract, books=contract.books - books,
                              runs=contract.runs - (size - books))
            return ContractProgress(found.melds, found.kinds, found.leftover,
                                    found.leftover_points, missing)
    return ContractProgress((), (), tuple(sort_cards(cards)),
                            sum(table.card_value(card) for card in cards), contract)
