"""How the screens say places and things: an ordinal, a shared place, "a" or "an".

Written once here, so a standings list, a ruling and a refusal all say "tied 2nd" and
"an 8 of diamonds" the same way.

>>> ordinal(1), ordinal(2), ordinal(3), ordinal(11), ordinal(12), ordinal(22), ordinal(104)
('1st', '2nd', '3rd', '11th', '12th', '22nd', '104th')
>>> place_words(2), place_words(2, tied=True)
('2nd', 'tied 2nd')
>>> with_article("8 of diamonds"), with_article("ace"), with_article("7"), with_article("11")
('an 8 of diamonds', 'an ace', 'a 7', 'an 11')
>>> with_article("jack of clubs"), with_article("one-eyed jack"), with_article("ante")
('a jack of clubs', 'a one-eyed jack', 'an ante')
"""

from __future__ import annotations

import re

# Words spelt with a vowel that are said with a consonant first ("a one", "a unit").
_SAID_WITH_A_CONSONANT = ("one", "once", "uni", "use", "usu", "eu")
_NUMBER = re.compile(r"\d+")


def ordinal(number: int) -> str:
    """A place as written: 1st, 2nd, 3rd, 4th; 11th to 13th; 21st."""
    teen = 10 <= number % 100 <= 20
    return f"{number}{'th' if teen else {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th')}"


def place_words(place: int, tied: bool = False) -> str:
    """A place in the standings, "tied" where another side shares it."""
    return f"tied {ordinal(place)}" if tied else ordinal(place)


def article(words: str) -> str:
    """"a" or "an", as ``words`` are said aloud: "an 8", "an 11", "an ace", "a one"."""
    number = _NUMBER.match(words)
    if number:
        digits = number.group()
        # eight..., eleven, eighteen (and their thousands: eleven thousand)
        said_with_vowel = digits[0] == "8" or (len(digits) % 3 == 2 and digits[:2] in ("11", "18"))
        return "an" if said_with_vowel else "a"
    lowered = words.lower()
    if lowered[:1] in ("a", "e", "i", "o", "u") and not lowered.startswith(_SAID_WITH_A_CONSONANT):
        return "an"
    return "a"


def with_article(words: str) -> str:
    """``words`` after "a" or "an": "an 8 of diamonds", "a king"."""
    return f"{article(words)} {words}"
