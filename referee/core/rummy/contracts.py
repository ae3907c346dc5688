"""Does a set of melds meet an Eversol hand's contract?

Each meld must be legal; then the melds must read as exactly the contract's
books and runs. A meld that reads both ways (``AS JK JK JK``) takes whichever
reading makes the contract work, which is a tiny matching problem: the melds
that can only be books must fit the books, the ones that can only be runs the
runs, and the two-way melds fill what is left.

>>> from referee.core import get_ruleset, parse_cards
>>> table = get_ruleset("eversol").configure(decks=2)
>>> two_books = [parse_cards("3H 3S 3D"), parse_cards("KD KC JK")]
>>> check_contract(two_books, table, hand=1).valid
True
>>> check_contract(two_books, table, hand=2).reason
'Hand 2 asks for one book and one run; these melds are two books.'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import Card
from ..errors import NotInRulesetError, RefereeInputError
from ..melds import MeldKind
from ..rule_anchors import RuleAnchor
from ..model.ruleset import Contract, TableRules


@dataclass(frozen=True)
class ContractVerdict:
    valid: bool
    kinds: tuple[MeldKind, ...] | None = None  # the reading of each meld that meets it
    reason: str | None = None
    broken_meld: int | None = None  # the meld at fault, when one is
    rule: RuleAnchor | None = RuleAnchor.CONTRACTS  # the paragraph the verdict applies


def contract_for(table: TableRules, hand: object) -> Contract:
    """The contract of ``hand`` (1-6); raises for other games or hands."""
    contracts = table.ruleset.contracts
    if not contracts:
        raise NotInRulesetError(f"{table.ruleset.title} has no contracts.", "ruleset")
    if not isinstance(hand, int) or isinstance(hand, bool) or not 1 <= hand <= len(contracts):
        raise RefereeInputError(
            f"{table.ruleset.title} has hands 1 to {len(contracts)}.", "hand")
    return contracts[hand - 1]


def check_contract(melds: Sequence[Sequence[Card]], table: TableRules, hand: int,
                   remaining: int = 0) -> ContractVerdict:
    """Whether laying down ``melds`` (with ``remaining`` cards still held) meets the contract."""
    contract = contract_for(table, hand)
    all_cards = [card for meld in melds for card in meld]
    table.check_supply(all_cards, "melds")
    want = contract.describe(table.melds.book_word, table.melds.run_word)
    readings: list[set[MeldKind]] = []
    for index, meld in enumerate(melds):
        verdict = table.check_meld(meld)
        if not verdict.valid:
            return ContractVerdict(False, reason=f"Meld {index + 1} is not legal: {verdict.reason}",
                                   broken_meld=index, rule=verdict.rule)
        readings.append({reading.kind for reading in verdict.readings})
    kinds = _match(readings, contract)
    if kinds is None:
        return ContractVerdict(False, reason=(
            f"Hand {hand} asks for {want}; these melds are {_describe(readings, table)}."))
    if not contract.discard and remaining:
        held = "card is" if remaining == 1 else "cards are"
        return ContractVerdict(False, tuple(kinds), reason=(
            f"Hand {hand} has no discard: every card must go into the melds, "
            f"but {remaining} {held} left over."))
    return ContractVerdict(True, tuple(kinds))


def _match(readings: list[set[MeldKind]], contract: Contract) -> list[MeldKind] | None:
    """A reading per meld giving exactly the contract's books and runs, if there is one."""
    if len(readings) != contract.books + contract.runs:
        return None
    only_books = sum(1 for r in readings if r == {MeldKind.BOOK})
    only_runs = sum(1 for r in readings if r == {MeldKind.RUN})
    if only_books > contract.books or only_runs > contract.runs:
        return None
    books_to_fill = contract.books - only_books
    kinds = []
    for reading in readings:
        if len(reading) == 1:
            kinds.append(next(iter(reading)))
        elif books_to_fill:
            kinds.append(MeldKind.BOOK)
            books_to_fill -= 1
        else:
            kinds.append(MeldKind.RUN)
    return kinds


def _describe(readings: list[set[MeldKind]], table: TableRules) -> str:
    """What the melds add up to, in words: 'two books', 'one book and one meld of either kind'."""
    if not readings:
        return "nothing"
    counts = {"book": 0, "run": 0, "either": 0}
    for reading in readings:
        counts["either" if len(reading) == 2 else next(iter(reading)).value] += 1
    words = {"book": table.melds.book_word, "run": table.melds.run_word, "either": "meld"}
    numbers = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}
    parts = [f"{numbers.get(n, str(n))} {words[key]}{'s' if n > 1 else ''}"
             f"{' that could be either' if key == 'either' else ''}"
             for key, n in counts.items() if n]
    return " and ".join(parts)
