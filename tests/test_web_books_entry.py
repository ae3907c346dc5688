"""A night of book games on the screens (Authors, Go Fish): each player's books counted with
+ and −, the books not yet given, refusals 422 beside the field, children's mode; games are
made through the API and joined with the edit key, as a second scoring tablet would."""

from __future__ import annotations

import re

from referee.store.games import load_game
from tests.test_web_entry_shapes import api_game, entry
from tests.test_web_games import errors, send, text, version_of


def books(version: int, *counts: int, **extra) -> dict:
    return entry(version, None, {f"books{seat}": count for seat, count in enumerate(counts)},
                 **extra)


def left(page: str) -> str:
    return re.search(r'id="books-left" data-books-left aria-live="polite">([^<]*)<', page).group(1)


def test_an_authors_game_asks_each_players_books_and_saves_them(client, app):
    game_id = api_game(client, "authors")
    page = client.get(f"/games/{game_id}/hands/1").get_data(as_text=True)
    assert left(page) == "13 books not yet given"
    assert 'aria-label="One book more for Bo"' in page and "book-picture" not in page
    assert "End of game 1" in text(client.get(f"/games/{game_id}/hands/1"))
    saved = send(client, f"/games/{game_id}/hands/1", books(0, 5, 5, 3))
    assert saved.status_code == 303, errors(saved)
    with app.app_context():
        loaded = load_game(game_id)
        assert loaded.state.totals == {"Ann": 1, "Bo": 1, "Cy": 0}
        assert loaded.events[-1].payload["books"] == {"Ann": 5, "Bo": 5, "Cy": 3}
    board = text(client.get(f"/games/{game_id}"))
    assert "Game 1 saved: Ann 5 books, Bo 5 books, Cy 3 books." in board


def test_books_that_do_not_add_up_are_422_beside_the_count_not_given(client, app):
    game_id = api_game(client, "authors")
    refused = send(client, f"/games/{game_id}/hands/1", books(0, 5, 4, 3))
    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    assert left(page) == "1 book not yet given"
    assert re.search(r'id="books-error" class="field-error" role="alert">The books add up to '
                     r"12; the deck holds 13", page)
    assert 'aria-describedby="books-error"' in page
    missing = send(client, f"/games/{game_id}/hands/1", books(0, 5, 4, **{"books2": "x"}))
    assert missing.status_code == 422
    assert 'id="books2-error"' in missing.get_data(as_text=True)
    assert version_of(app, game_id) == 0


def test_plus_and_minus_work_without_javascript(client, app):
    game_id = api_game(client, "authors", players=("Ann", "Bo"))
    data = books(0, 6, 6, step="books1:+1")
    del data["save"]
    page = send(client, f"/games/{game_id}/hands/1", data).get_data(as_text=True)
    assert re.search(r'name="books1"[^>]*value="7"', page)
    assert left(page) == "All 13 books given"
    assert version_of(app, game_id) == 0


def test_go_fish_with_pairs_and_childrens_mode_draws_each_pair(client):
    game_id = api_game(client, "go-fish", players=("Ann", "Bo"), pairs=True, children=True)
    data = books(0, 2, 0, step="books0:+1")
    del data["save"]
    page = send(client, f"/games/{game_id}/hands/1", data).get_data(as_text=True)
    assert left(page) == "23 pairs not yet given"
    assert "books-entry--children" in page
    assert re.search(r'role="img" aria-label="Ann: 3 pairs">(<span class="book-picture">'
                     r"</span>){3}</span>", page)
    assert 'aria-label="One pair more for Bo"' in page


def test_a_game_of_pairs_is_titled_in_pairs_in_the_history(client):
    game_id = api_game(client, "go-fish", players=("Ann", "Bo"), pairs=True)
    saved = send(client, f"/games/{game_id}/hands/1", books(0, 16, 10))
    assert saved.status_code == 303, errors(saved)
    history = text(client.get(f"/games/{game_id}/history"))
    assert "Game 1: Ann 16 pairs, Bo 10 pairs" in history and "books" not in history


def test_an_authors_board_deals_seven_each_and_names_the_stock(client):
    board = text(client.get(f"/games/{api_game(client, 'authors')}"))
    assert "Deal 7 cards each" in board
    assert "The rest of the deck is the stock" in board
