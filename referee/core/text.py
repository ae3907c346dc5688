"""Text and numbers from a request, checked by one set of rules for the forms and the API.

Every text is made NFC, so a name typed on two keyboards is one name. A NUL or half of a
surrogate pair is refused in any text: neither can be stored on every database, nor
encoded as UTF-8 to be shown again. A name also refuses the characters that show nothing
(controls, zero-width and direction marks, and every other that Unicode marks default
ignorable: the Hangul fillers, the combining grapheme joiner...), which would make a blank
name or two names that look alike, except a joiner inside a word or emoji and a variation
selector after the character it varies; names are compared without those. A correction's
reason has them tidied away (normal_reason).

>>> clean_name("  Zoe\\u0301  Ann ", "players[0]")
'Zoé Ann'
>>> clean_name("Ab\\u200be", "players[1]")
Traceback (most recent call last):
...
referee.core.text.TextError: A name cannot hold invisible characters (U+200B).
>>> clean_name("\\U0001F468\\u200d\\U0001F467", "players[2]") == "\\U0001F468\\u200d\\U0001F467"
True
>>> clean_name("Ann\\u3164", "players[3]")
Traceback (most recent call last):
...
referee.core.text.TextError: A name cannot hold invisible characters (U+3164).
>>> name_key("\\u2764\\ufe0f Ann") == name_key("\\u2764 Ann")
True
>>> clean_text("Carl had \\x00 a joker", "reason", MAX_REASON)
Traceback (most recent call last):
...
referee.core.text.TextError: This text holds a character that cannot be kept (U+0000).
>>> whole_number("12"), whole_number("²"), whole_number("١٢"), whole_number(" 3")
(12, None, None, None)
>>> repaired({"reason": "bad \\ud800", "x\\x00": ["ok"]})
{'reason': 'bad \\ufffd', 'x\\ufffd': ['ok']}
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from typing import Any

from .errors import Location, RefereeInputError

MAX_NAME = 30
MAX_REASON = 200
# Longest stretch of ASCII digits read as a number: more is never a count in a card game.
MAX_DIGITS = 9

_NUMBER = re.compile(r"(-?)([0-9]{1,%d})" % MAX_DIGITS)
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
# Unicode's categories for controls, format characters (zero-width, bidi marks) and the
# separators of lines and paragraphs.
_INVISIBLE = {"Cc", "Cf", "Zl", "Zp"}
# The joiners: invisible, yet an emoji family (man ZWJ woman ZWJ girl), a Persian word or an
# Indic conjunct needs one between two of its own characters (letters, marks, symbols).
_JOINERS = "\u200c\u200d"
_JOINABLE = ("L", "M", "S")
# Default_Ignorable_Code_Point, the characters a font draws as nothing, as Unicode's
# DerivedCoreProperties.txt derives it (Unicode 15.1, https://www.unicode.org/Public/UCD/
# latest/ucd/DerivedCoreProperties.txt): Other_Default_Ignorable_Code_Point + Cf +
# Variation_Selector - White_Space - FFF9..FFFB - 13430..1343F - Prepended_Concatenation_Mark.
# Python's unicodedata has the categories but not these properties: their ranges are PropList.txt's.
_OTHER_DEFAULT_IGNORABLE = ((0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5),
                            (0x2065, 0x2065), (0x3164, 0x3164), (0xFFA0, 0xFFA0),
                            (0xFFF0, 0xFFF8), (0xE0000, 0xE0000), (0xE0002, 0xE001F),
                            (0xE0080, 0xE00FF), (0xE01F0, 0xE0FFF))
_VARIATION_SELECTORS = ((0x180B, 0x180D), (0x180F, 0x180F), (0xFE00, 0xFE0F),
                        (0xE0100, 0xE01EF))
_SHOWN_FORMATS = ((0xFFF9, 0xFFFB), (0x13430, 0x1343F),  # and Prepended_Concatenation_Mark:
                  (0x0600, 0x0605), (0x06DD, 0x06DD), (0x070F, 0x070F), (0x0890, 0x0891),
                  (0x08E2, 0x08E2), (0x110BD, 0x110BD), (0x110CD, 0x110CD))
# Drawn as nothing, though Unicode counts it a symbol and not ignorable: the braille cell
# with no dots, the blank most often pasted for a name that looks empty.
_BLANK_SYMBOLS = "\u2800"
# What a variation selector may follow: the letter, digit or symbol (an emoji) it varies.
_VARIABLE = ("L", "N", "S")
# Bidi embeddings and overrides (U+202A-U+202E) turn what follows around until a pop that
# may never come: a reason keeps none. Isolates (U+2066-U+2069) are kept only when paired.
_EMBEDDINGS = set("\u202a\u202b\u202c\u202d\u202e")
_ISOLATE_OPENS, _ISOLATE_CLOSE = set("\u2066\u2067\u2068"), "\u2069"
REPLACEMENT = "\ufffd"


class TextError(RefereeInputError):
    """A text that cannot be kept as given: a character refused, or too long."""

    code = "bad_text"


def name_key(name: object) -> str:
    """What makes two names one person at a real table: case, spacing and Unicode forms aside.

    >>> name_key("  Ben  Lee "), name_key("BEN LEE") == name_key("ben lee")
    ('ben lee', True)
    """
    text = " ".join(unicodedata.normalize("NFC", str(name)).split()).casefold()
    if text.isascii():  # nothing in ASCII is ignorable: most names, at once
        return text
    return "".join(c for c in text if not default_ignorable(c))  # joiners, selectors: unseen


def default_ignorable(char: str) -> bool:
    """Whether Unicode has ``char`` drawn as nothing where a font has no use for it
    (Default_Ignorable_Code_Point).

    >>> [default_ignorable(c) for c in "\\u200b\\u3164\\ufe0f\\u034f\\u00ad\\u0600 a"]
    [True, True, True, True, True, False, False, False]
    """
    code = ord(char)
    if unicodedata.category(char) == "Cf":
        return not char.isspace() and not _within(code, _SHOWN_FORMATS)
    return _within(code, _OTHER_DEFAULT_IGNORABLE) or _within(code, _VARIATION_SELECTORS)


def _within(code: int, ranges: tuple[tuple[int, int], ...]) -> bool:
    return any(low <= code <= high for low, high in ranges)


def spoken_list(words: Sequence[str]) -> str:
    """A list as said aloud.

    >>> spoken_list(["Ann"]), spoken_list(["Ann", "Bob"]), spoken_list(["Ann", "Bob", "Cy"])
    ('Ann', 'Ann and Bob', 'Ann, Bob and Cy')
    """
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)


def counted(count: int, word: str) -> str:
    """A count with its word, plural but for one.

    >>> counted(1, "book"), counted(3, "pair"), counted(0, "perfect draw")
    ('1 book', '3 pairs', '0 perfect draws')
    """
    return f"{count} {word}{'' if count == 1 else 's'}"


def _code_point(char: str) -> str:
    return f"U+{ord(char):04X}"


def refuse_unstorable(text: str, field: str | Location) -> None:
    """A NUL (PostgreSQL keeps none in a text) or a lone surrogate (UTF-8 encodes none) is a
    ``TextError`` naming ``field``."""
    found = _UNSTORABLE.search(text)
    if found:
        raise TextError(f"This text holds a character that cannot be kept "
                        f"({_code_point(found.group())}).", field)


def clean_text(value: str, field: str | Location, max_length: int) -> str:
    """``value`` in NFC with its ends trimmed, or a ``TextError`` naming ``field``."""
    refuse_unstorable(value, field)
    text = unicodedata.normalize("NFC", value).strip()
    if len(text) > max_length:
        raise TextError(f"Keep this to {max_length} letters.", field)
    return text


def clean_name(value: str, field: str | Location, max_length: int = MAX_NAME) -> str:
    """A player's name: ``clean_text``, its spaces made single, no invisible characters."""
    refuse_unstorable(value, field)
    text = " ".join(unicodedata.normalize("NFC", value).split())
    hidden = [c for i, c in enumerate(text) if _shows_nothing(c) and not _joins(text, i)
              and not _varies(text, i)]
    if hidden:
        raise TextError(f"A name cannot hold invisible characters "
                        f"({', '.join(dict.fromkeys(map(_code_point, hidden)))}).", field)
    if len(text) > max_length:
        raise TextError(f"Keep names to {max_length} letters: {text[:max_length]}…", field)
    return text


def _shows_nothing(char: str) -> bool:
    return (unicodedata.category(char) in _INVISIBLE or default_ignorable(char)
            or char in _BLANK_SYMBOLS)


def _varies(text: str, i: int) -> bool:
    """Whether ``text[i]`` is a variation selector after a character it may vary."""
    return (_within(ord(text[i]), _VARIATION_SELECTORS) and i > 0
            and unicodedata.category(text[i - 1])[0] in _VARIABLE)


def _joins(text: str, i: int) -> bool:
    """Whether ``text[i]`` is a joiner between two characters of one word or emoji."""
    return (text[i] in _JOINERS and 0 < i < len(text) - 1
            and unicodedata.category(text[i - 1])[0] in _JOINABLE
            and unicodedata.category(text[i + 1])[0] in _JOINABLE)


def _noncharacter(char: str) -> bool:
    code = ord(char)
    return 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE


def normal_reason(value: str) -> str:
    """A correction's reason as the history and the CSV show it: NFC, controls dropped, line
    breaks and spaces made single spaces, no bidi override, isolates only in pairs.

    Normalised, not refused: a reason saved before this must still load and show plainly.

    >>> normal_reason("joker\\x07\\x1b\\u2028by \\u202eDee\\ufffe")
    'joker by Dee'
    """
    kept = "".join(c for c in unicodedata.normalize("NFC", value) if c.isspace() or not (
        unicodedata.category(c) == "Cc" or c in _EMBEDDINGS or _noncharacter(c)))
    text, opened = [], []  # opened: where each isolate not yet closed sits in ``text``
    for char in " ".join(kept.split()):
        if char in _ISOLATE_OPENS:
            opened.append(len(text))
        elif char == _ISOLATE_CLOSE:
            if not opened:
                continue
            opened.pop()
        text.append(char)
    for at in reversed(opened):  # isolates never closed
        del text[at]
    return "".join(text)


def check_storable(value: Any, location: Location = ()) -> None:
    """``refuse_unstorable`` for every text in a JSON value, its keys too, at its path."""
    if isinstance(value, str):
        refuse_unstorable(value, location)
    elif isinstance(value, dict):
        for key, item in value.items():
            refuse_unstorable(str(key), location)
            check_storable(item, (*location, str(key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            check_storable(item, (*location, index))


def repaired(value: Any) -> Any:
    """A JSON value with every NUL and lone surrogate replaced by U+FFFD.

    For what was stored before those were refused: it must still be shown.
    """
    if isinstance(value, str):
        return _UNSTORABLE.sub(REPLACEMENT, value)
    if isinstance(value, dict):
        return {repaired(key): repaired(item) for key, item in value.items()}
    if isinstance(value, list):
        return [repaired(item) for item in value]
    return value


def whole_number(text: str | None, signed: bool = False) -> int | None:
    """The number ``text`` writes in ASCII digits alone (``None`` for anything else).

    ``str.isdigit`` also takes "²" (which ``int`` refuses) and "١٢" (which it reads);
    a number typed or sent here is plain digits, or it is not a number. A minus sign
    is read only where a number may be ``signed``.

    >>> whole_number("-5"), whole_number("-5", signed=True), whole_number("1_000")
    (None, -5, None)
    """
    found = _NUMBER.fullmatch(text) if isinstance(text, str) else None
    if found is None or (found.group(1) and not signed):
        return None
    return int(found.group(0))
