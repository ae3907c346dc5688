"""The words the screens build from the core: places and ties, "a" or "an" before a card,
and each house rule as the question a table asks with its answers."""

from __future__ import annotations

import re

import pytest

from referee.core.cards import Rank
from referee.core.games.registry import RULESETS
from referee.core.words import article, ordinal, place_words, with_article


@pytest.mark.parametrize("number, written", [
    (1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"), (13, "13th"),
    (21, "21st"), (22, "22nd"), (101, "101st"), (111, "111th")])
def test_an_ordinal_is_written_as_said(number, written):
    assert ordinal(number) == written


def test_a_shared_place_is_said_tied_not_with_an_equals_sign():
    assert place_words(2) == "2nd"
    assert place_words(2, tied=True) == "tied 2nd"
    assert place_words(1, tied=True) == "tied 1st"


@pytest.mark.parametrize("words, said", [
    ("8 of diamonds", "an 8 of diamonds"), ("ace", "an ace"), ("ace of spades", "an ace of spades"),
    ("11", "an 11"), ("18", "an 18"), ("80", "an 80"), ("800", "an 800"),
    ("7 of clubs", "a 7 of clubs"), ("2", "a 2"), ("10", "a 10"), ("100", "a 100"),
    ("jack", "a jack"), ("king of hearts", "a king of hearts"), ("joker", "a joker"),
    ("one-eyed jack", "a one-eyed jack"), ("ante", "an ante"), ("stake", "a stake")])
def test_a_or_an_is_chosen_as_the_words_are_said(words, said):
    assert with_article(words) == said


def test_every_rank_takes_the_article_its_spoken_name_needs():
    vowel_sounds = {Rank.ACE, Rank.EIGHT}
    for rank in Rank:
        assert article(rank.spoken) == ("an" if rank in vowel_sounds else "a"), rank


def test_every_house_rule_is_a_question_with_answers_in_words():
    for ruleset in RULESETS.values():
        for spec in ruleset.option_specs:
            assert spec.question.endswith("?"), (ruleset.key, spec.name)
            answers = [spec.answer(value) for value in spec.offered]
            assert len(set(answers)) == len(answers), (ruleset.key, spec.name)
            for words in (spec.question, spec.hint, *answers):
                assert not re.search(r"\b\w+_\w+\b", words), (ruleset.key, spec.name, words)
            for value in spec.choices:  # no answer is its choice's key, said as is
                assert spec.answer(value) != str(value).replace("_", " ").capitalize() or \
                    isinstance(value, int), (ruleset.key, spec.name, value)


def test_a_yes_or_no_house_rule_answers_yes_and_no():
    no_jokers = next(spec for spec in RULESETS["500"].option_specs if spec.name == "no_jokers")
    assert no_jokers.offered == (True, False)
    assert [no_jokers.answer(value) for value in no_jokers.offered] == ["Yes", "No"]
    going_out = next(spec for spec in RULESETS["500"].option_specs if spec.name == "going_out")
    assert going_out.asked == "How does a player go out?"
    assert going_out.answer("floating") == "By melding every card, then waiting for their turn"
