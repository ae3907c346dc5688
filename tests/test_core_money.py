"""Money as people write it, read once in the core for a Tonk stake and a Bourré ante alike,
and shown in the currency the table set up."""

from __future__ import annotations

from decimal import Decimal

import pytest

from referee.core.errors import CurrencyError, GameSetupError, StakeError
from referee.core.game import GameSetup
from referee.core.games.bourre import settle_hand
from referee.core.money import (CURRENCIES, amount_typed, currency_for_locale, currency_named,
                                money_shown)

AS_TYPED = ("$0.25", "0,25", " 0.25 ", "0.25 €", "US$ 0.25", "£0.25", "0,25\u00a0kr")


@pytest.mark.parametrize("typed", AS_TYPED)
def test_a_stake_and_an_ante_are_read_as_people_write_money(typed):
    tonk = GameSetup.create("tonk", ["Ann", "Bob"], first_dealer="Ann", stake=typed)
    bourre = GameSetup.create("bourre", ["Ann", "Bob"], first_dealer="Ann", stake=typed)
    assert tonk.stake == bourre.stake == "0.25"
    # The ante as the pot reads it too (the API's one-hand settling).
    assert settle_hand(["Ann", "Bob"], typed, "0.50", ["Ann"]).next_pot.antes == {
        "Ann": Decimal("0.25"), "Bob": Decimal("0.25")}


@pytest.mark.parametrize("typed, amount", [
    ("1,000", "1000"), ("1.000,50", "1000.50"), ("1,000.50", "1000.50"), ("1 000,50", "1000.50"),
    ("1'000.50", "1000.50"), ("0,5", "0.5"), (",75", "0.75"), ("2.", "2"), ("EUR 3", "3"),
    ("-$1", "-1"),
])
def test_a_comma_or_a_point_is_the_decimal_mark_the_other_groups_thousands(typed, amount):
    assert amount_typed(typed) == Decimal(amount)


@pytest.mark.parametrize("typed", ["a quarter", "0.2.5", "1,00,0", "$", "$1 €", "1.000,5,0",
                                   "25c", "abc 1", "1,000.000,5"])
def test_what_is_no_money_is_read_as_none(typed):
    assert amount_typed(typed) is None


@pytest.mark.parametrize("typed, unit, message", [
    ("a quarter", "stake", "A stake must be an amount of money, such as 0.25 or $0.25, not "
                           "'a quarter'."),
    ("0,125", "ante", "An ante is money: at most two places after the point, such as 0.25."),
    ("-$1", "ante", "An ante must be worth more than nothing."),
])
def test_money_refused_says_why_in_the_games_own_word(typed, unit, message):
    game = "tonk" if unit == "stake" else "bourre"
    with pytest.raises(StakeError) as refused:
        GameSetup.create(game, ["Ann", "Bob"], first_dealer="Ann", stake=typed)
    assert refused.value.message == message and refused.value.location == ("stake",)


def test_the_currency_is_kept_with_the_setup_and_shows_the_money():
    setup = GameSetup.create("bourre", ["Ann", "Bob"], first_dealer="Ann", stake="0,50",
                             currency="eur")
    assert setup.currency == "EUR" and GameSetup.from_dict(setup.to_dict()) == setup
    assert setup.stake_shown == "0,50 €"
    dollars = GameSetup.create("tonk", ["Ann", "Bob"], first_dealer="Ann", stake="0.25",
                               currency="USD")
    assert dollars.stake_shown == "$0.25"
    plain = GameSetup.create("tonk", ["Ann", "Bob"], first_dealer="Ann", stake="0.25")
    assert plain.currency is None and plain.stake_shown == "0.25"


def test_a_currency_the_table_cannot_use_or_in_a_game_for_points_is_refused():
    with pytest.raises(CurrencyError) as unknown:
        GameSetup.create("tonk", ["Ann", "Bob"], stake="1", currency="DOGE")
    assert unknown.value.location == ("currency",)
    with pytest.raises(GameSetupError) as points:
        GameSetup.create("basic", ["Ann", "Bob"], currency="USD")
    assert points.value.field == "currency"


@pytest.mark.parametrize("code, amount, shown", [
    ("USD", "-1.5", "-$1.50"), ("EUR", "1234.5", "1234,50 €"), ("GBP", "0.05", "£0.05"),
    ("BRL", "2", "R$ 2,00"), ("", "-0.25", "-0.25"),
])
def test_an_amount_is_shown_with_its_cents_and_its_currency(code, amount, shown):
    assert money_shown(Decimal(amount), currency_named(code)) == shown


def test_what_money_shows_it_reads_back():
    for currency in CURRENCIES:
        assert amount_typed(money_shown(Decimal("1234.56"), currency)) == Decimal("1234.56")


@pytest.mark.parametrize("locale, code", [
    ("en-US", "USD"), ("en-GB", "GBP"), ("de-AT", "EUR"), ("fr", "EUR"), ("pt-BR", "BRL"),
    ("en", "USD"), ("zh-TW", ""), (None, ""), ("", ""),
])
def test_a_browsers_locale_suggests_a_currency(locale, code):
    assert currency_for_locale(locale).code == code
