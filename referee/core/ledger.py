"""A night's ledger: stakes in money, and the fewest transfers that settle everyone.

Settling n players with balances takes n - g transfers, where g is the most groups the
players split into with each group's balances adding to zero (a group of k settles in
k - 1 transfers, never fewer). So the search is for that split: a dynamic programme over
subsets, exact up to ``EXACT_LIMIT`` players with a balance. Beyond that (a Tonk night
rarely gets there) it settles greedily: everyone is still settled, in at most n - 1
transfers, but not always the fewest.

>>> [tuple(t) for t in fewest_transfers({"Ann": 3, "Bob": -1, "Cy": -2, "Dee": 4, "Eve": -4})]
[('Bob', 'Ann', 1), ('Cy', 'Ann', 2), ('Eve', 'Dee', 4)]
>>> in_money({"Ann": 3, "Bob": -3}, stake_value("0.25"))
{'Ann': Decimal('0.75'), 'Bob': Decimal('-0.75')}
"""

from __future__ import annotations

from collections.abc import Mapping
from decimal import Decimal
from typing import Any, NamedTuple

from .errors import StakeError, UnbalancedLedgerError, WrongTypeError
from .money import CENT, NO_CURRENCY, Currency, amount_typed, money_shown

MAX_STAKE = 1_000_000
EXACT_LIMIT = 15  # 2**15 subsets: instant; 2**20 would take seconds in pure Python
Amount = int | Decimal


class Transfer(NamedTuple):
    payer: str
    payee: str
    amount: Amount


def stake_value(text: Any, location: tuple = ("stake",), unit: str = "stake") -> Decimal | None:
    """Money one stake (``unit``: one ante) is worth, read as people write money (``"0.25"``,
    ``"$0.25"``, ``"0,25"``: ``money.amount_typed``); ``None`` plays for points.

    >>> stake_value(" $0.25 "), stake_value("0,5"), stake_value("2.00"), stake_value("")
    (Decimal('0.25'), Decimal('0.50'), Decimal('2'), None)
    >>> stake_value("a quarter", unit="ante")
    Traceback (most recent call last):
    ...
    referee.core.errors.StakeError: An ante must be an amount of money, such as 0.25 or \
$0.25, not 'a quarter'.
    """
    if text is None or (isinstance(text, str) and not text.strip()):
        return None
    if isinstance(text, (bool, float)) or not isinstance(text, (str, int, Decimal)):
        raise WrongTypeError(f"Give the {unit} as text, such as 0.25, so no cent is lost.",
                             location)
    one = f"{'An' if unit[:1] in 'aeiou' else 'A'} {unit}"  # "A stake", "An ante"
    value = amount_typed(str(text))
    if value is None:
        raise StakeError(f"{one} must be an amount of money, such as 0.25 or $0.25, not "
                         f"{str(text)[:20]!r}.", location)
    if value <= 0:
        raise StakeError(f"{one} must be worth more than nothing.", location)
    if value > MAX_STAKE:
        raise StakeError(f"{one} is at most {MAX_STAKE:,}.", location)
    if value != value.quantize(CENT):
        raise StakeError(f"{one} is money: at most two places after the point, such as 0.25.",
                         location)
    return value.normalize() if value == value.to_integral() else value.quantize(CENT)


def stake_text(stake: Decimal | None) -> str | None:
    """A stake as the game keeps it: ``'0.25'``, ``'2'``; ``None`` for points.

    >>> stake_text(stake_value("0.50")), stake_text(stake_value("2.00")), stake_text(None)
    ('0.50', '2', None)
    """
    if stake is None:
        return None
    return f"{stake:f}"


def amount_text(amount: Amount, stake: Decimal | None, unit: str = "stake",
                currency: Currency = NO_CURRENCY) -> str:
    """An amount as the table reads it: money with its cents in the table's currency
    (``'3.50'``, ``'-$0.75'``), or stakes when the table plays for points (``'3 stakes'``).

    >>> amount_text(Decimal("3.5"), Decimal("0.25")), amount_text(-1, None)
    ('3.50', '-1 stake')
    """
    if stake is None:
        return stakes_text(amount, unit=unit)
    return money_shown(amount, currency)


def stakes_text(stakes: int, number: str | None = None, unit: str = "stake") -> str:
    """A count of stakes in words: ``'1 stake'``, ``'-3 stakes'``; ``number`` writes the
    count another way (a signed ``'+3'``); ``unit`` is what the game counts in (Bourré's
    antes).

    >>> stakes_text(1), stakes_text(-3), stakes_text(3, "+3"), stakes_text(2, unit="ante")
    ('1 stake', '-3 stakes', '+3 stakes', '2 antes')
    """
    return f"{stakes if number is None else number} {unit}{'' if abs(stakes) == 1 else 's'}"


def money_text(amount: Amount) -> str:
    """Money with its cents, as text that loses none, as the API and the files keep it:
    ``'2.00'`` (a player reads it with its currency: ``money.money_shown``)."""
    return f"{Decimal(amount).quantize(CENT)}"


def in_money(net: Mapping[str, int], stake: Decimal | None) -> dict[str, Amount]:
    """Each player's net in money, or in stakes when the table plays for points."""
    return {name: stakes if stake is None else stakes * stake for name, stakes in net.items()}


def fewest_transfers(net: Mapping[str, Amount]) -> list[Transfer]:
    """Transfers that bring every balance to zero, as few as can be (see the module's note).

    A positive balance is owed money, a negative one owes it; the order of ``net`` decides
    ties, so the answer is the same every time.
    """
    for name, amount in net.items():
        if isinstance(amount, (bool, float)) or not isinstance(amount, (int, Decimal)):
            raise WrongTypeError(f"{name}'s balance must be a whole number or a Decimal.",
                                 ("net", str(name)))
    if sum(net.values()) != 0:
        raise UnbalancedLedgerError("The balances do not add up to zero.", ("net",))
    open_ = [(name, amount) for name, amount in net.items() if amount]
    if len(open_) > EXACT_LIMIT:
        return _settle_group(open_)
    transfers: list[Transfer] = []
    for group in _zero_groups([amount for _, amount in open_]):
        transfers += _settle_group([open_[i] for i in group])
    return transfers


def _zero_groups(amounts: list[Amount]) -> list[list[int]]:
    """The positions of ``amounts`` split into the most groups that each add to zero."""
    n = len(amounts)
    full = (1 << n) - 1
    total = [0] * (1 << n)
    most = [0] * (1 << n)
    for mask in range(1, full + 1):
        low = mask & -mask
        total[mask] = total[mask ^ low] + amounts[low.bit_length() - 1]
        most[mask] = max(most[mask ^ (1 << i)] for i in range(n) if mask >> i & 1) + (
            total[mask] == 0)
    # Walk back from everyone, taking players off one at a time along a best path; each time
    # the players still on add to zero, the ones taken since the last time form a group.
    groups: list[list[int]] = []
    mask, current = full, []
    while mask:
        gained = total[mask] == 0
        step = next(i for i in range(n) if mask >> i & 1
                    and most[mask ^ (1 << i)] + gained == most[mask])
        if gained and current:
            groups.append(current)
            current = []
        current.append(step)
        mask ^= 1 << step
    if current:
        groups.append(current)
    return sorted(sorted(group) for group in groups)


def _settle_group(group: list[tuple[str, Amount]]) -> list[Transfer]:
    """Pay off a zero-sum group in at most one transfer fewer than its size: each transfer
    clears at least one balance, and the last clears two."""
    owing = [[name, -amount] for name, amount in group if amount < 0]
    owed = [[name, amount] for name, amount in group if amount > 0]
    transfers: list[Transfer] = []
    i = j = 0
    while i < len(owing) and j < len(owed):
        amount = min(owing[i][1], owed[j][1])
        transfers.append(Transfer(owing[i][0], owed[j][0], amount))
        owing[i][1] -= amount
        owed[j][1] -= amount
        i += owing[i][1] == 0
        j += owed[j][1] == 0
    return transfers
