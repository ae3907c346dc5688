"""Books (the fishing family), Authors and Go Fish: books add up to what the deck holds when
a game is over, the most books win, ties share, the pairs house option, a night's games.

Each rule comes from the rule text (003) as the rulings read it (docs/rules.md, "Authors and
Go Fish").
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.cards import Rank, parse_cards
from referee.core.errors import OptionValueError, PlayerCountError, WrongTypeError
from referee.core.fishing import BooksError, books_in, books_in_deck, check_books, night_totals
from referee.core.games import authors, go_fish

SETTINGS = settings(max_examples=40, deadline=None, derandomize=True, database=None)


def refusal(error_type, function, *args, **kwargs):
    with pytest.raises(error_type) as caught:
        function(*args, **kwargs)
    assert caught.value.message.endswith(".")
    return caught.value


def test_a_deck_holds_thirteen_books_of_four_or_twenty_six_pairs():
    assert books_in_deck(4) == authors.BOOKS == go_fish.books_in_game() == 13
    assert books_in_deck(2) == go_fish.books_in_game(pairs=True) == 26
    assert refusal(BooksError, books_in_deck, 3).field == "size"


def test_books_found_in_cards():
    cards = parse_cards("7S 7H 7D 7C 9S 9H 9D KC")
    assert [rank for rank, _ in books_in(cards, 4)] == [Rank.SEVEN]
    assert [rank for rank, _ in books_in(cards, 2)] == [Rank.SEVEN, Rank.SEVEN, Rank.NINE]
    assert refusal(BooksError, books_in, parse_cards("JK 7S"), 2).field == "cards"


def test_a_finished_game_has_made_every_book():
    assert authors.score_game({"Ann": 7, "Bob": 6}).winners == ("Ann",)
    error = refusal(BooksError, authors.score_game, {"Ann": 7, "Bob": 5})
    assert error.field == "books" and "12" in error.message and "13" in error.message
    assert authors.score_game({"Ann": 7, "Bob": 5}, finished=False).winners == ("Ann",)
    error = refusal(BooksError, go_fish.score_game, {"Ann": 14, "Bob": 13}, pairs=True)
    assert "pairs add up to 27" in error.message


def test_a_tie_at_the_top_shares_the_win():
    result = authors.score_game({"Ann": 5, "Bob": 5, "Cy": 3})
    assert result.winners == ("Ann", "Bob") and result.shared
    result = go_fish.score_game({"Ann": 13, "Bob": 13}, pairs=True)  # pairs can tie two ways
    assert result.winners == ("Ann", "Bob")
    assert not authors.score_game({"Ann": 13, "Bob": 0}).shared


def test_go_fish_plays_books_of_four_unless_the_pairs_option():
    assert go_fish.score_game({"Ann": 8, "Bob": 5}).winners == ("Ann",)
    refusal(BooksError, go_fish.score_game, {"Ann": 20, "Bob": 6})
    assert go_fish.score_game({"Ann": 20, "Bob": 6}, pairs=True).winners == ("Ann",)
    assert refusal(OptionValueError, go_fish.book_size, "yes").field == "options.pairs"


@pytest.mark.parametrize("books, error_type, field", [
    ({"Ann": -1, "Bob": 14}, BooksError, "books.Ann"),
    ({"Ann": 2.5, "Bob": 10.5}, BooksError, "books.Ann"),
    ({"Ann": True, "Bob": 12}, BooksError, "books.Ann"),
    ({"Ann": 13}, PlayerCountError, "books"),
    ([("Ann", 13)], WrongTypeError, "books"),
])
def test_books_that_cannot_be(books, error_type, field):
    assert refusal(error_type, check_books, books, 4).field == field


def test_a_night_of_games_counts_wins_and_shared_wins():
    games = [authors.score_game({"Ann": 6, "Bob": 4, "Cy": 3}),
             authors.score_game({"Ann": 5, "Bob": 5, "Cy": 3}),
             authors.score_game({"Ann": 1, "Bob": 2, "Cy": 10})]
    totals = night_totals(games)
    assert totals.wins == {"Ann": 2, "Bob": 1, "Cy": 1}
    assert totals.shared_wins == {"Ann": 1, "Bob": 1, "Cy": 0}
    assert totals.games == 3
    assert refusal(WrongTypeError, night_totals, [{"Ann": 6}]).field == "games[0]"


@SETTINGS
@given(st.lists(st.integers(0, 13), min_size=2, max_size=6), st.booleans())
def test_winners_hold_the_most_and_only_complete_counts_finish(counts, pairs):
    names = [f"P{i}" for i in range(len(counts))]
    books = dict(zip(names, counts))
    total = go_fish.books_in_game(pairs)
    if sum(counts) != total:
        with pytest.raises(BooksError):
            go_fish.score_game(books, pairs)
    if sum(counts) > total:
        return
    result = go_fish.score_game(books, pairs, finished=False)
    assert all(books[w] == max(counts) for w in result.winners)
    assert len(result.winners) == counts.count(max(counts))
    assert result.shared == (len(result.winners) > 1)
