"""The rules reference in the core: each game's sections come from its data, each house
option with its default (and a table's choice), and a refused meld names its paragraph."""

from __future__ import annotations

import pytest

from referee.core.cards import parse_cards
from referee.core.rule_anchors import RuleAnchor
from referee.core.games.registry import RULESETS, get_ruleset
from referee.core.model.reference import rules_reference


def section(key: str, anchor: RuleAnchor, chosen=None):
    return next(s for s in rules_reference(get_ruleset(key), chosen) if s.anchor is anchor)


def anchors(key: str) -> set[str]:
    return {p.anchor for s in rules_reference(get_ruleset(key)) for p in s.paragraphs} - {None}


@pytest.mark.parametrize("key", list(RULESETS))
def test_every_house_option_has_a_paragraph_with_its_default(key):
    options = section(key, RuleAnchor.OPTIONS).paragraphs
    specs = get_ruleset(key).option_specs
    assert [p.anchor for p in options if p.default is not None] == [
        f"option-{spec.name}" for spec in specs]
    assert all(p.chosen is None for p in options)


def test_a_tables_choices_are_shown_beside_the_defaults():
    options = {p.anchor: p for p in section("500", RuleAnchor.OPTIONS,
                                            {"no_jokers": True, "target_score": 500}).paragraphs}
    assert (options["option-no_jokers"].default, options["option-no_jokers"].chosen) == ("No", "Yes")
    assert options["option-target_score"].chosen == "500"
    assert options["option-discard_pile_draw"].chosen == "One taken from under the top"  # words


def test_the_sections_follow_the_games_data():
    assert [row[2] for row in section("eversol", RuleAnchor.CONTRACTS).table[1:]] == [
        "two books", "one book and one run", "two runs", "three books",
        "two books and one run", "one book and two runs"]
    assert section("basic", RuleAnchor.PLAYERS).table == (
        ("Players", "Cards each"), ("2", "10"), ("3-4", "7"), ("5-6", "6"))
    assert ("J–K", "10") in section("500", RuleAnchor.CARDS).table
    assert "at least 50 in hand 1, 90 in hand 2" in section(
        "hand-and-foot", RuleAnchor.OPENING, {"opening_1": 50}).paragraphs[0].text
    melds = section("basic", RuleAnchor.MELDS).paragraphs
    assert melds[0].text == "A group is 3 or 4 cards of one rank, every suit different."
    assert "low only" in melds[1].text
    assert "runs" not in anchors("hand-and-foot") and "wild-cards" not in anchors("tonk")
    assert "calls" in {s.anchor.value for s in rules_reference(get_ruleset("eversol"))}
    assert "calls" not in {s.anchor.value for s in rules_reference(get_ruleset("base"))}


def test_a_one_deck_game_says_it_is_never_played_with_a_second():
    texts = [p.text for p in section("basic", RuleAnchor.PLAYERS).paragraphs]
    assert "Decks: one deck, however many play, and never a second." in texts
    assert "Decks: 1 deck for 2 to 4 players and 2 decks for 5 to 8 players." in [
        p.text for p in section("500", RuleAnchor.PLAYERS).paragraphs]
    scoring = [p.text for p in section("base", RuleAnchor.SCORING).paragraphs]
    assert any(text.startswith("Length of a game: 1 hand") for text in scoring)


@pytest.mark.parametrize("key, cards, rule", [
    ("eversol", "7D 8D 9D", RuleAnchor.RUNS),
    ("500", "7D 7S", RuleAnchor.BOOKS),
    ("eversol", "JK JK", RuleAnchor.WILD),
    ("basic", "7D 9S KH", RuleAnchor.MELDS),
    ("hand-and-foot", "3S 3C 3D", RuleAnchor.BOOKS),
])
def test_a_refused_meld_names_the_paragraph_it_breaks(key, cards, rule):
    verdict = get_ruleset(key).configure().check_meld(parse_cards(cards))
    assert not verdict.valid and verdict.rule is rule
    assert rule.value in anchors(key) | {s.anchor.value for s in rules_reference(get_ruleset(key))}
