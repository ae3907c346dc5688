"""Names that show nothing, or look like another's (issue 39): a character Unicode draws as
nothing is refused in a name, wherever a name is given (a new game, a rename, a latecomer;
the forms and the API ask the same rule), and a variation selector or joiner kept in a name
is not counted when names are compared."""

from __future__ import annotations

import re
import unicodedata

import pytest

from referee.core import RefereeInputError
from referee.core.game import GameSetup, HandScored, replay
from referee.core.game.events import PlayerRenamed, PlayerSeated
from referee.core.text import TextError, clean_name, default_ignorable, name_key

# Fillers and blanks pasted for a name that looks empty: Hangul fillers, the braille blank,
# the combining grapheme joiner, Khmer's inherent vowels, variation selectors with nothing
# to vary.
SHOWING_NOTHING = ["\u3164", "\u2800", "\u115f", "\u1160", "\uffa0", "\u17b4", "\u17b5",
                   "\u034f", "\ufe0f", "\ufe00", "\U000e0100"]


@pytest.mark.parametrize("blank", SHOWING_NOTHING)
def test_a_character_that_shows_nothing_is_no_name_alone_or_around_one(blank):
    for name in (blank, f"{blank}Ann", f"Ann {blank}", f"Ann{blank}"):
        if name == f"Ann{blank}" and text_selector(blank):
            continue  # kept after the letter it would vary, but not compared (below)
        with pytest.raises(TextError, match=re.escape(f"U+{ord(blank):04X}")):
            clean_name(name, "players[0]")


def text_selector(char: str) -> bool:
    return "VARIATION SELECTOR" in unicodedata.name(char)


def test_the_table_of_four_that_looked_like_two_blanks_and_ann_twice_is_refused():
    with pytest.raises(RefereeInputError, match="U\\+3164"):
        GameSetup.create("eversol", ["\u3164", "\u2800", "Ann", "Ann\u3164"])
    with pytest.raises(RefereeInputError, match="Two players are called"):
        GameSetup.create("eversol", ["Ann", "Ann\ufe0f", "Bob"])


def test_every_format_character_and_every_default_ignorable_one_is_refused():
    """The rule is Unicode's property, not a list: every assigned format character but the
    few drawn visibly, and the ranges Unicode adds to them, show nothing."""
    planes = [*range(0x20000), *range(0xE0000, 0xE1000)]  # where Unicode assigns them
    ignorable = [chr(code) for code in planes
                 if default_ignorable(chr(code)) and unicodedata.category(chr(code)) != "Cn"]
    assert {"\u00ad", "\u200b", "\u2060", "\ufeff", "\u3164", "\u034f", "\ufe0f"} <= set(ignorable)
    assert not {"\u0600", "\u06dd", "\ufff9", " ", "a", "\u2800"} & set(ignorable)
    for char in ignorable:
        with pytest.raises(TextError):
            clean_name(char, "players[0]")


def test_emoji_and_words_keep_the_selectors_and_joiners_they_need():
    for name in ("\u2764\ufe0f Ann", "1\ufe0f\u20e3", "\U0001F468\u200d\U0001F467",
                 "\u8fbb\U000e0100"):
        assert clean_name(name, "players[0]") == name
    assert name_key("\u2764\ufe0f Ann") == name_key("\u2764 Ann")


def test_a_rename_or_latecomer_that_shows_nothing_or_looks_like_another_is_refused():
    state = replay(GameSetup.create("eversol", ["Abe", "Ben", "Carl"], first_dealer="Abe"),
                   [HandScored(1, "Ben", {"Abe": 15, "Carl": 35})])
    for event in (PlayerRenamed("Ben", "\u2800"), PlayerRenamed("Ben", "Abe\u3164"),
                  PlayerSeated("\uffa0"), PlayerRenamed("Ben", "Abe\ufe0f")):
        with pytest.raises(RefereeInputError):
            state.apply(event)


def test_a_game_saved_with_such_a_name_before_it_was_refused_still_loads():
    setup = GameSetup.create("eversol", ["Abe", "Ben", "Carl"], first_dealer="Abe")
    state = replay(setup, [PlayerRenamed("Ben", "Abe\u3164")], strict=False)
    assert state.players == ("Abe", "Abe\u3164", "Carl")
