"""Money as people write it and as a table reads it: an amount typed with a currency sign,
spaces and a comma or a point for the decimal mark; shown with the currency the table set up.

The one place amounts are read from text and written for a player (the screens and the
exports call ``money_shown``; the API keeps plain numbers, ``"0.25"``).

>>> [str(amount_typed(text)) for text in ("$0.25", "0,25", " 0.25 ", "1 000,50 €", "£1,000")]
['0.25', '0.25', '0.25', '1000.50', '1000']
>>> money_shown(Decimal("-0.5"), currency_named("USD")), money_shown(2, currency_named("EUR"))
('-$0.50', '2,00 €')
>>> [currency_for_locale(locale).code for locale in ("en-GB", "de", "ja-JP")]
['GBP', 'EUR', '']
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from .errors import CurrencyError

CENT = Decimal("0.01")


@dataclass(frozen=True)
class Currency:
    code: str  # ISO 4217, as the setup keeps it; "" for amounts shown without a sign
    name: str  # as the setup offers it
    symbol: str = ""
    after: bool = False  # written after the amount: "0,25 €"
    decimal_mark: str = "."


NO_CURRENCY = Currency("", "No currency sign")
CURRENCIES: tuple[Currency, ...] = (
    Currency("USD", "US dollar ($)", "$"),
    Currency("EUR", "Euro (€)", "€", after=True, decimal_mark=","),
    Currency("GBP", "Pound sterling (£)", "£"),
    Currency("CAD", "Canadian dollar ($)", "$"),
    Currency("AUD", "Australian dollar ($)", "$"),
    Currency("NZD", "New Zealand dollar ($)", "$"),
    Currency("MXN", "Mexican peso ($)", "$"),
    Currency("BRL", "Brazilian real (R$)", "R$ ", decimal_mark=","),
    Currency("CHF", "Swiss franc (CHF)", "CHF "),
    Currency("SEK", "Swedish krona (kr)", "kr", after=True, decimal_mark=","),
    Currency("NOK", "Norwegian krone (kr)", "kr", after=True, decimal_mark=","),
    Currency("DKK", "Danish krone (kr.)", "kr.", after=True, decimal_mark=","),
    Currency("PLN", "Polish złoty (zł)", "zł", after=True, decimal_mark=","),
    Currency("INR", "Indian rupee (₹)", "₹"),
    Currency("ZAR", "South African rand (R)", "R"),
    NO_CURRENCY,
)
_BY_CODE = {currency.code: currency for currency in CURRENCIES}

# Where a browser's locale names a country, the money spent there; a bare language, the
# country most who speak it at a card table would mean.
CURRENCY_BY_REGION: dict[str, str] = {
    "US": "USD", "GB": "GBP", "CA": "CAD", "AU": "AUD", "NZ": "NZD", "MX": "MXN", "BR": "BRL",
    "CH": "CHF", "LI": "CHF", "SE": "SEK", "NO": "NOK", "DK": "DKK", "PL": "PLN", "IN": "INR",
    "ZA": "ZAR", **dict.fromkeys(("AT", "BE", "CY", "DE", "EE", "ES", "FI", "FR", "GR", "HR",
                                  "IE", "IT", "LT", "LU", "LV", "MT", "NL", "PT", "SI", "SK"),
                                 "EUR")}
REGION_BY_LANGUAGE: dict[str, str] = {
    "en": "US", "de": "DE", "fr": "FR", "es": "ES", "it": "IT", "nl": "NL", "pt": "BR",
    "sv": "SE", "nb": "NO", "nn": "NO", "no": "NO", "da": "DK", "pl": "PL", "hi": "IN",
    "fi": "FI", "el": "GR"}

_GROUPED = {",": re.compile(r"[1-9]\d{0,2}(,\d{3})+"), ".": re.compile(r"[1-9]\d{0,2}(\.\d{3})+")}
_NUMBER = re.compile(r"\d+(\.\d*)?|\.\d+")
_PARTS = re.compile(r"(?P<before>[^\d.,]*)(?P<number>[\d.,][\d.,\s'’]*)(?P<after>.*)", re.DOTALL)
_SPACES = re.compile(r"[\s'’]+")  # spaces (a no-break one too) and apostrophes group thousands
_SIGNS = {sign.strip().casefold() for currency in CURRENCIES for sign in
          (currency.symbol, currency.code) if sign.strip()}


def currency_named(code: str | None) -> Currency:
    """The currency the setup keeps by its code; ``None`` or ``""``: amounts without a sign."""
    if code is None:
        return NO_CURRENCY
    if not isinstance(code, str) or code.strip().upper() not in _BY_CODE:
        raise CurrencyError(f"{str(code)[:20]!r} is not a currency this table can use.",
                            ("currency",))
    return _BY_CODE[code.strip().upper()]


def currency_for_locale(tag: str | None) -> Currency:
    """The currency a browser's locale (``"en-GB"``, ``"de"``) suggests; none it does not know.

    >>> currency_for_locale("fr-CA").code, currency_for_locale("en_IE").code
    ('CAD', 'EUR')
    """
    parts = re.split(r"[-_]", (tag or "").strip())
    region = next((part.upper() for part in parts[1:] if len(part) == 2 and part.isalpha()),
                  REGION_BY_LANGUAGE.get(parts[0].lower(), ""))
    return _BY_CODE.get(CURRENCY_BY_REGION.get(region, ""), NO_CURRENCY)


def amount_typed(text: str) -> Decimal | None:
    """The amount in ``text`` as people write money, or ``None`` where it is none: a currency
    sign or code before or after, a minus, spaces; a comma or a point as the decimal mark, the
    other (or spaces) grouping thousands. A lone comma before three digits groups them
    (``"1,000"``), as a decimal mark it would leave a fraction of a cent.

    >>> amount_typed("-$1.50"), amount_typed("CHF 2.-"), amount_typed("0.2.5")
    (Decimal('-1.50'), None, None)
    """
    number = text.strip()
    negative = number[:1] in ("-", "−")
    number = number[1:] if negative else number
    parts = _PARTS.fullmatch(number)
    if parts is None:
        return None
    before, number, after = parts["before"].strip(), parts["number"], parts["after"].strip()
    if (before and after) or not all(_is_sign(sign) for sign in (before, after) if sign):
        return None
    number = _plain(_SPACES.sub("", number))
    if number is None or not _NUMBER.fullmatch(number):
        return None
    try:
        amount = Decimal(number)
    except InvalidOperation:  # pragma: no cover - the pattern admits only plain decimals
        return None
    return -amount if negative else amount


def money_shown(amount: int | Decimal, currency: Currency = NO_CURRENCY) -> str:
    """An amount as a player reads it, with its cents and the table's currency: ``'$0.25'``,
    ``'-0,50 €'``, ``'0.25'`` (no currency); a hyphen for the minus, for the screens to
    print as they print minus signs."""
    cents = Decimal(amount).quantize(CENT)
    digits = f"{abs(cents)}".replace(".", currency.decimal_mark)
    shown = (f"{digits} {currency.symbol}" if currency.after else
             f"{currency.symbol}{digits}") if currency.symbol else digits
    return f"-{shown}" if cents < 0 else shown


def _is_sign(text: str) -> bool:
    """A currency sign or code as typed beside an amount: ``$``, ``R$``, ``EUR``, ``kr``."""
    symbols = [char for char in text if unicodedata.category(char) == "Sc"]
    return text.casefold() in _SIGNS or bool(symbols) and all(
        char.isalpha() or char in symbols for char in text)


def _plain(number: str) -> str | None:
    """The digits with a point for the decimal mark and no grouping; None when they cannot
    be read one way."""
    marks = [char for char in number if char in ".,"]
    if not marks:
        return number
    if len(set(marks)) == 2:  # "1.000,50", "1,000.50": the last mark is the decimal one
        decimal, grouping = marks[-1], "," if marks[-1] == "." else "."
        if marks.count(decimal) > 1 or number.rindex(grouping) > number.index(decimal):
            return None
        whole, cents = number.split(decimal)
        return whole.replace(grouping, "") + "." + cents if _GROUPED[grouping].fullmatch(
            whole) else None
    mark = marks[0]
    if _GROUPED[mark].fullmatch(number) and (mark == "," or len(marks) > 1):
        return number.replace(mark, "")
    return number.replace(",", ".") if len(marks) == 1 else None
