"""A game played for stakes as the screens show it: each net in stakes and, where the table set
a stake, in money; what a hand paid; the fewest transfers that settle the night.

Asked of any game: ``ledger_of`` answers ``None`` where the game keeps points, not stakes, so
the screens name no game, only whether its keeping has stakes.

>>> from decimal import Decimal
>>> ledger = Ledger(Decimal("0.25"))
>>> ledger.net(3), ledger.net(-2), ledger.net(0)
('+3 stakes · 0.75', '−2 stakes · −0.50', '0 stakes · 0.00')
>>> Ledger(None).net(1), ledger.paid(Payment("Cy", "Ann", 1))
('+1 stake', 'Cy pays Ann 1 stake (0.25)')
>>> Ledger(Decimal("0.25"), "ante", pot=8).pot_words(), Ledger(None, "ante").stake_words()
('8 antes · 2.00', 'played for points: no money changes hands')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal

from ...core.game import GameState
from ...core.game.events import describe_settling
from ...core.ledger import Transfer, amount_text, stakes_text
from ...core.money import NO_CURRENCY, Currency, money_shown
from ...core.model.stakes import Outcome, Payment, Settlement
from .numbers import MINUS, signed


@dataclass(frozen=True)
class Ledger:
    stake: Decimal | None  # money one stake is worth; None: the table plays for points
    unit: str = "stake"  # what the game counts in: its ``Stakes.unit`` (Bourré's antes)
    pot: int | None = None  # a game with a pot: the pot standing now, in units
    count_words: str = "count {}"  # a player's count beside a hand's net
    currency: Currency = NO_CURRENCY  # the table's, which money is shown in

    def net(self, stakes: int) -> str:
        """A net as the table reads it: ``'+3 stakes · 0.75'``, or ``'+3 stakes'`` for points."""
        words = self.in_stakes(stakes)
        return words if self.stake is None else f"{words} · {self.money(stakes)}"

    def in_stakes(self, stakes: int) -> str:
        """``'+3 stakes'``, ``'−1 stake'``."""
        return stakes_text(stakes, signed(stakes), self.unit)

    def pot_words(self) -> str:
        """The pot standing, in units and money: ``'8 antes · 2.00'``."""
        assert self.pot is not None
        words = stakes_text(self.pot, unit=self.unit)
        return words if self.stake is None else f"{words} · {self.money(self.pot)}"

    def money(self, stakes: int) -> str:
        """Stakes in money with its cents, a true minus below zero: ``'−0.50'``."""
        assert self.stake is not None
        return self.amount(stakes * self.stake)

    def amount(self, money: Decimal) -> str:
        """Money in the table's currency, a true minus below zero: ``'−$0.50'``."""
        return money_shown(money, self.currency).replace("-", MINUS)

    def paid(self, payment: Payment) -> str:
        """``'Cy pays Ann 1 stake (0.25)'``."""
        money = "" if self.stake is None else f" ({self.money(payment.stakes)})"
        return (f"{payment.payer} pays {payment.payee} "
                f"{stakes_text(payment.stakes, unit=self.unit)}{money}")

    def transfer(self, transfer: Transfer) -> str:
        """One payment that settles the night: ``'Bob pays Ann 3.50'`` (``'3 stakes'``)."""
        return (f"{transfer.payer} pays {transfer.payee} "
                f"{amount_text(transfer.amount, self.stake, self.unit, self.currency)}")

    def stake_words(self) -> str:
        """What a stake is worth, for the pages that explain the numbers."""
        if self.stake is None:
            return "played for points: no money changes hands"
        return f"1 {self.unit} is worth {self.amount(self.stake)}"


def step_words(event, ledger: Ledger | None, noun: str = "hand",
               book_word: str = "book") -> str:
    """A step as the history and the Undo button name it: the table's end of a night for
    stakes ends the night; a hand by the game's name for one (``noun``: Piquet's deal), its
    books by the table's word for them (``book_word``: Go Fish's pairs)."""
    if event.type == "game_ended" and ledger is not None:
        return "The table ended the night"
    if event.type in ("hand_scored", "hand_corrected"):
        return event.describe(noun, book_word)
    if event.type == "upcard_turned":
        return event.describe(noun)
    return event.describe()


def ledger_of(state: GameState) -> Ledger | None:
    """The game's ledger, or ``None`` where its keeping has no stakes."""
    stakes = state.keeping.stakes
    if stakes is None:
        return None
    return Ledger(state.setup.stake_value, stakes.unit, state.pot_now, stakes.count_words,
                  state.setup.money)


def settling_up(state: GameState, ledger: Ledger | None) -> list[str]:
    """The transfers that settle everyone as things stand, in words (none: all square)."""
    if ledger is None:
        return []
    return [ledger.transfer(transfer) for transfer in state.settle_up]


def hand_ending(settling: Mapping, settlement: Settlement | None) -> str:
    """How a hand for stakes ended, short, for a standings row: ``'drop by Cy, caught'``; a
    hand played for a pot: who took it, or that it was carried."""
    if settlement is not None and settlement.in_pot:
        return (f"{settlement.ended_by[0]} took the pot" if settlement.ended_by
                else "pot carried")
    words = describe_settling(settling)
    if settlement is not None and settlement.outcome is not Outcome.WIN:
        words += f", {settlement.outcome.value}"
    return words
