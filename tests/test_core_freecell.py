"""FreeCell's rules core: Microsoft's numbered deals, the position tapped in, every move rule
with its refusal, the supermove's count, undo, and the solver (solutions replayed through the
move rules; game 11,982 proved unsolvable).

The rules are the rule text's (003) as the rulings read them (docs/rules.md, "FreeCell").
"""

from __future__ import annotations

import time

import pytest

from referee.core.cards import Rank, Suit, natural, parse_card, parse_cards
from referee.core.games.freecell import (
    MS_DECK, Board, BuildError, CardCoveredError, CardNotInPlayError, CellError, FoundationError,
    GameNumberError, LayoutError, Move, MoveError, NothingToUndoError, Place, PlaceError,
    Position, SameColumnError, SupermoveError, apply_move, deal, hint, legal_moves, make_move,
    places_by_card, replay, solve, supermove_limit)

# Rosetta Code, "Deal cards for FreeCell": the deals in rows, as dealt (T is the ten).
GAME_1_ROWS = """
JD 2D 9H JC 5D 7H 7C 5H
KD KC 9S 5S AD QC KH 3H
2S KS 9D QD JS AS AH 3C
4C 5C TS QH 4H AC 4D 7S
3S TD 4S TH 8H 2C JH 7D
6D 8S 8D QS 6C 3D 8C TC
6S 9C 2H 6H
"""
GAME_617_ROWS = """
7D AD 5C 3S 5S 8C 2D AH
TD 7S QD AC 6D 8H AS KH
TH QC 3H 9D 6S 8D 3D TC
KD 5H 9S 3C 8S 7H 4D JS
4C QS 9C 9H 7C 6H 2C 2S
4S TS 2H 5D JC 6C JH QH
JD KS KC 4H
"""
# Game 11,982 by columns, buried card first (as Debian's make-microsoft-freecell-board gives it).
GAME_11982_COLUMNS = """
AH 3D KD JC 6C JD KC
AS 3H 6H 5D 2C 7D 8D
4H QS 5S 5C TH 8H 2S
AC QC 4D 8C QH 9C 3S
2D 8S 9H 9D 6D 2H
6S 7H JH TD TC QD
TS AD 9S KH 4S 4C
JS KS 3C 7C 7S 5H
"""


def columns_from_rows(text):
    rows = [parse_cards(line) for line in text.strip().splitlines()]
    return tuple(tuple(row[n] for row in rows if n < len(row)) for n in range(8))


def columns_from_lines(text):
    return tuple(tuple(parse_cards(line)) for line in text.strip().splitlines())


def refusal(error_type, function, *args, **kwargs):
    with pytest.raises(error_type) as caught:
        function(*args, **kwargs)
    assert caught.value.message.endswith(".")
    return caught.value


C = parse_card


# --- the deals ---

@pytest.mark.parametrize("game, columns", [
    (1, columns_from_rows(GAME_1_ROWS)),
    (617, columns_from_rows(GAME_617_ROWS)),
    (11982, columns_from_lines(GAME_11982_COLUMNS)),
])
def test_published_layouts(game, columns):
    assert deal(game) == columns
    assert Position.from_game(game).columns == columns


def test_every_deal_is_one_deck_in_seven_and_six():
    for game in (1, 2, 32000, 32001, 1_000_000, 2**31 - 1):
        columns = deal(game)
        assert [len(c) for c in columns] == [7, 7, 7, 7, 6, 6, 6, 6]
        assert sorted(MS_DECK.index(card) for c in columns for card in c) == list(range(52))


def test_numbers_above_32000_follow_the_same_generator():
    # Debian's make-microsoft-freecell-board gives these first columns.
    assert deal(100000)[0] == tuple(parse_cards("5C 6S JC 2D 2C 8S 3C"))
    assert deal(2**31 - 1)[0] == tuple(parse_cards("9S JH 7S 5S 5D 5C 7D"))


@pytest.mark.parametrize("game", [0, -1, 2**31, "1", 1.0, True, None])
def test_game_numbers_outside_the_range_are_refused(game):
    refusal(GameNumberError, deal, game)


# --- the position tapped in ---

def test_a_layout_is_checked():
    columns = [list(c) for c in deal(1)]
    assert Position.from_layout(columns) == Position.from_game(1)
    error = refusal(LayoutError, Position.from_layout, columns[:7])
    assert "8 columns, not 7" in error.message
    short = [c[:] for c in columns]
    short[0].pop()
    error = refusal(LayoutError, Position.from_layout, short)
    assert "this one has 51 (1 missing, such as 6♠)" in error.message
    twice = [c[:] for c in columns]
    twice[0][-1] = C("JD")
    assert "J♦ is laid out twice" in refusal(LayoutError, Position.from_layout, twice).message
    # A card both home and laid out: the A♣ is in column 6.
    error = refusal(LayoutError, Position.from_layout, columns, foundations={Suit.CLUBS: 1})
    assert "on its foundation and 2 in all" in error.message
    refusal(LayoutError, Position.from_layout, columns, foundations={Suit.CLUBS: 14})
    refusal(LayoutError, Position.from_layout, columns, cells=parse_cards("AS AH AD AC 2S"))
    jokered = [c[:] for c in columns]
    jokered[0][0] = parse_card("JK")
    refusal(LayoutError, Position.from_layout, jokered)


def test_a_layout_with_cells_and_foundations():
    position = Position.from_layout(
        [parse_cards("KS QH"), parse_cards("KH"), [], [], [], [], [], []],
        cells=parse_cards("QS"),
        foundations={Suit.SPADES: 11, Suit.HEARTS: 11, Suit.DIAMONDS: 13, Suit.CLUBS: 13})
    assert position.free_cells == 3 and position.empty_columns == 6
    assert position.foundation(Suit.DIAMONDS) == 13 and position.cards_home == 48
    assert not position.is_won


# --- the move rules, on game 1 (tops: 6♠ 9♣ 2♥ 6♥ 6♣ 3♦ 8♣ 10♣; the 8♥ under the 6♣) ---

def test_a_card_goes_on_the_other_colour_one_higher():
    start = Position.from_game(1)
    after = apply_move(start, make_move(start, C("6C"), "cell"))
    move = make_move(after, C("8H"), "column 2")
    assert move == Move(C("8H"), Place("column", 4), Place("column", 1))
    assert apply_move(after, move).columns[1][-2:] == (C("9C"), C("8H"))


def test_same_colour_is_refused():
    error = refusal(BuildError, make_move, Position.from_game(1), C("9C"), "column 8")
    assert error.message == ("9♣ cannot go on 10♣ in column 8: alternating colours, one lower"
                             " (a 9 of diamonds or hearts).")
    assert error.rule_text == "alternating colours, one lower"


def test_not_one_lower_is_refused():
    error = refusal(BuildError, make_move, Position.from_game(1), C("6H"), "column 1")
    assert "6♥ cannot go on 6♠" in error.message


def test_only_the_top_card_or_a_run_moves():
    error = refusal(CardCoveredError, make_move, Position.from_game(1), C("JD"), "cell")
    assert "J♦ is under 6 card(s)" in error.message
    assert error.rule_text == "alternating colours, one lower"


def test_a_cell_holds_one_card():
    board = Board.from_game(1)
    for card in ("6S", "2H", "6H", "6C"):
        board.push_card(C(card), "cell")
    error = refusal(CellError, board.push_card, C("8C"), "cell")
    assert error.message == "No free cell for 8♣: a cell holds one card, and all four are taken."
    assert error.rule_text == "a cell holds one card"
    refusal(CellError, board.push_card, C("6S"), "cell")  # from a cell to a cell
    board.pop()
    board.push_card(C("6C"), "cell")
    board.push_card(C("8H"), "column 2")  # the 6♣ is in a cell: 9♣ 8♥ is a run
    error = refusal(CellError, board.push_card, C("9C"), "cell")
    assert error.message == "2 cards cannot go to a cell: a cell holds one card."


def test_foundations_build_by_suit_from_the_ace():
    board = Board.from_game(1)
    error = refusal(FoundationError, board.push_card, C("2H"), "foundation")
    assert error.message == ("2♥ cannot go to the hearts foundation, which takes the ace:"
                             " foundations by suit from the ace.")
    assert error.rule_text == "foundations by suit from the ace"
    # Column 6 is 7♥ Q♣ A♠ A♣ 2♣ 3♦: with the 3♦ and 2♣ in cells, the aces go home.
    board.push_card(C("3D"), "cell")
    refusal(FoundationError, board.push_card, C("2C"), "foundation")  # the A♣ is not home
    board.push_card(C("2C"), "cell")
    board.push_card(C("AC"), "foundation")
    board.push_card(C("2C"), "foundation")
    board.push_card(C("AS"), "foundation")
    assert board.position.foundation(Suit.CLUBS) == 2
    assert board.position.foundation(Suit.SPADES) == 1
    error = refusal(FoundationError, board.push_card, C("3D"), "foundation")
    assert "diamonds foundation, which takes the ace" in error.message
    error = refusal(CardNotInPlayError, board.push_card, C("AC"), "cell")
    assert "on its foundation already" in error.message


def test_a_run_goes_to_a_foundation_one_card_at_a_time():
    position = Position.from_layout(
        [parse_cards("KS QH"), parse_cards("KH QS"), [], [], [], [], [], []],
        foundations={Suit.SPADES: 11, Suit.HEARTS: 11, Suit.DIAMONDS: 13, Suit.CLUBS: 13})
    refusal(FoundationError, make_move, position, C("KS"), "foundation")
    won = replay(position, [make_move(position, C("QH"), "foundation")])
    for card in ("QS", "KH", "KS"):
        won = apply_move(won, make_move(won, C(card), "foundation"))
    assert won.is_won


def test_a_move_to_its_own_column_and_bad_places_are_refused():
    start = Position.from_game(1)
    refusal(SameColumnError, make_move, start, C("6S"), "column 1")
    for place in ("column 9", "column 0", "tableau", "", 3):
        refusal(PlaceError, make_move, start, C("6S"), place)
    assert Place.parse(" Column 3 ") == Place("column", 2)
    assert str(Place.parse("FOUNDATION")) == "foundation"


# --- supermoves ---

RUN = parse_cards("9S 8H 7C 6D 5S 4H")  # six cards, alternating, one lower each


def run_position(free_cells, empty_columns, target="10D"):
    """Column 1: K♠ under the run; column 2: the target (or empty); the rest of the 4s to
    kings filling columns, with ``empty_columns`` empty ones (the target's counted)."""
    placed = set(RUN) | {C("KS")} | ({C(target)} if target else set())
    rest = [natural(Rank(r), s) for r in range(4, 14) for s in Suit
            if natural(Rank(r), s) not in placed]
    cells, rest = rest[:4 - free_cells], rest[4 - free_cells:]
    filled = 6 - (empty_columns - (0 if target else 1))
    fill = [rest[i::filled] for i in range(filled)]
    columns = [[C("KS"), *RUN], [C(target)] if target else []] + fill
    columns += [[]] * (8 - len(columns))
    position = Position.from_layout(columns, cells, {suit: 3 for suit in Suit})
    assert (position.free_cells, position.empty_columns) == (free_cells, empty_columns)
    return position


@pytest.mark.parametrize("free, empty, limit", [(4, 0, 5), (0, 0, 1), (1, 2, 8), (3, 1, 8),
                                                (2, 3, 24)])
def test_supermove_limit_from_cells_and_empty_columns(free, empty, limit):
    assert supermove_limit(free, empty) == limit
    position = run_position(free, empty)
    if limit >= 6:
        after = apply_move(position, make_move(position, C("9S"), "column 2"))
        assert after.columns[1] == (C("10D"), *RUN)
    else:
        error = refusal(SupermoveError, make_move, position, C("9S"), "column 2")
        assert (error.limit, error.count) == (limit, 6)
        assert error.message.endswith(f"this move may carry at most {limit} cards.")
        assert error.rule_text == "this move may carry at most N cards"
    assert supermove_limit(free, empty, to_empty_column=empty > 0) == (
        limit // 2 if empty else limit)


def test_a_supermove_into_an_empty_column_counts_one_empty_column_fewer():
    position = run_position(2, 1, target=None)  # column 2 is the only empty column
    assert supermove_limit(2, 1, to_empty_column=True) == 3
    error = refusal(SupermoveError, make_move, position, C("7C"), "column 2")
    assert (error.limit, error.count) == (3, 4)
    assert "(the target is one of them)" in error.message
    after = apply_move(position, make_move(position, C("6D"), "column 2"))
    assert after.columns[1] == tuple(parse_cards("6D 5S 4H"))
    # Onto a card, the same empty column counts in full: (2 + 1) × 2 = 6, the whole run.
    position = run_position(2, 2, target="10D")
    make_move(position, C("9S"), "column 2")


def test_an_empty_column_takes_any_card():
    position = run_position(4, 1, target=None)
    after = apply_move(position, make_move(position, C("4H"), "column 2"))
    assert after.columns[1] == (C("4H"),)
    from_cell = run_position(3, 1, target=None)
    cell_card = from_cell.cells[0]
    assert apply_move(from_cell, make_move(from_cell, cell_card, "column 2")).columns[1] == (
        cell_card,)


def test_a_broken_run_is_refused():
    position = Position.from_layout(
        [parse_cards("KS 9S 8H 8C 7D"), parse_cards("10D")]
        + [[natural(Rank(r), s) for r in range(4, 14) for s in Suit
            if natural(Rank(r), s) not in set(parse_cards("KS 9S 8H 8C 7D 10D"))]]
        + [[]] * 5, (), {suit: 3 for suit in Suit})
    error = refusal(CardCoveredError, make_move, position, C("9S"), "column 2")
    assert "8♣ on 8♥ breaks alternating colours, one lower" in error.message


# --- the board: push, pop, legal moves ---

def test_the_board_takes_moves_back():
    board = Board.from_game(1)
    first = board.push_card(C("6C"), "cell")
    board.push_card(C("8H"), "column 2")
    assert board.position.cells == (C("6C"),) and len(board.move_stack) == 2
    board.pop()
    assert board.pop() == first
    assert board.position == board.start == Position.from_game(1)
    refusal(NothingToUndoError, board.pop)


def test_legal_moves_are_each_allowed_and_include_the_runs():
    start = Position.from_game(1)
    assert {m.text() for m in legal_moves(start)} == {
        f"{card} from column {n} to cell" for n, card in
        enumerate(("6S", "9C", "2H", "6H", "6C", "3D", "8C", "10C"), 1)}
    board = Board(start)
    board.push_card(C("6C"), "cell")
    board.push_card(C("8H"), "column 2")
    board.push_card(C("10C"), "cell")  # column 8 shows the 7♦
    moves = board.legal_moves()
    assert {"6C from cell to column 8", "8H from column 2 to cell",
            "9C and the 1 above it from column 2 to column 2"} & {m.text() for m in moves} == {
        "6C from cell to column 8", "8H from column 2 to cell"}
    for move in moves:
        apply_move(board.position, move)


def test_the_places_offered_for_a_card_are_exactly_those_its_move_may_go_to():
    """Along game 1's solution (runs carried, cells full, columns emptied): every card in
    play, to every place, is allowed exactly where it is offered."""
    position = Position.from_game(1)
    every_place = ["foundation", "cell"] + [f"column {n}" for n in range(1, 9)]
    carried = False
    moves = solve(position).moves
    for step in range(0, len(moves), 6):
        position = replay(Position.from_game(1), moves[:step])
        offered = places_by_card(position)
        for card in [c for column in position.columns for c in column] + list(position.cells):
            allowed = []
            for place in every_place:
                try:
                    allowed.append(make_move(position, card, place).target)
                except MoveError:
                    continue
            assert offered.get(card, ()) == tuple(allowed), (card, position.text())
            carried = carried or any(make_move(position, card, str(place)).count > 1
                                     for place in allowed)
    assert carried


# --- the solver ---

def replayed_to_the_end(position, moves):
    board = Board(position)
    for move in moves:
        board.push(move)
    return board.position


@pytest.mark.parametrize("game", [1, 2, 3, 617, 11981])
def test_a_solution_replays_to_four_full_foundations(game):
    start = Position.from_game(game)
    result = solve(start)
    assert (result.status, result.solvable, result.proved) == ("solved", True, True)
    won = replayed_to_the_end(start, result.moves)
    assert won.is_won and won.foundations == (13, 13, 13, 13)


def test_single_card_moves_only():
    start = Position.from_game(1)
    result = solve(start, supermoves=False)
    assert result.status == "solved" and {m.count for m in result.moves} == {1}
    assert replayed_to_the_end(start, result.moves).is_won


def test_a_solution_from_the_middle_of_a_game():
    board = Board.from_game(617)
    for move in solve(board.position).moves[:30]:
        board.push(move)
    board.push(legal_moves(board.position)[0])
    result = solve(board.position)
    assert result.status == "solved" and replay(board.position, result.moves).is_won


def test_moves_in_the_apis_shape():
    moves = solve(Position.from_game(1)).moves
    assert all(set(m.as_dict()) <= {"card", "from", "to", "count"} for m in moves)
    assert {m.as_dict()["to"] for m in moves} >= {"foundation", "cell"}
    assert all(m.as_dict()["from"] in {f"column {n}" for n in range(1, 9)} | {"cell"}
               for m in moves)


def test_a_hint_is_the_first_move_of_a_solution():
    start = Position.from_game(1)
    assert hint(start) == solve(start).moves[0]
    won = Position.from_layout([[]] * 8, foundations={suit: 13 for suit in Suit})
    assert solve(won).status == "solved" and solve(won).moves == ()
    assert hint(won) is None


def test_a_budget_that_runs_out_is_unknown_not_unsolvable():
    result = solve(Position.from_game(11982), budget=100)
    assert (result.status, result.solvable, result.proved) == ("unknown", None, False)
    assert result.nodes == 100 and result.moves == ()


@pytest.mark.parametrize("game", [561, 721])
def test_deals_one_score_loses_its_way_on_are_won_within_a_small_budget(game):
    """Deals the search by one score took from 50,000 positions to past 200,000 to win are
    won in 30,000, well within the screens' budget: a hint in about a second."""
    start = Position.from_game(game)
    result = solve(start, budget=30_000)
    assert result.status == "solved" and replay(start, result.moves).is_won


@pytest.mark.parametrize("supermoves", [True, False])
def test_game_11982_is_proved_unsolvable(supermoves):
    began = time.perf_counter()
    result = solve(Position.from_game(11982), budget=10**7, supermoves=supermoves)
    assert (result.status, result.solvable, result.proved) == ("unsolvable", False, True)
    assert result.moves == ()
    assert time.perf_counter() - began < 30


def test_the_solver_tries_every_move_the_rules_allow():
    """Each legal move's position (auto-moves played, made canonical) is among the solver's
    children, and the solver makes no other: its search covers the rules exactly."""
    from referee.core.games.freecell import solver

    def canonical(position):
        columns, cells, found = solver._internal(position)
        columns, cells, found = solver._auto(columns, cells, found, [])
        return solver._key(columns, cells)

    board = Board.from_game(617)
    checked = 0
    for move in solve(board.position).moves:
        board.push(move)
        if board.position.is_won:
            break
        ours = {canonical(apply_move(board.position, m)) for m in legal_moves(board.position)}
        theirs = {solver._key(columns, cells) for _, columns, cells, _ in
                  solver._children(*solver._internal(board.position), True)}
        # the solver never moves a whole column into an empty one (nothing changes)
        unchanged = canonical(board.position)
        assert ours - {unchanged} == theirs - {unchanged}
        checked += 1
    assert checked > 50


def test_the_search_scores_a_position_as_a_whole_count_would():
    """The search counts each column's part of the score once per set of foundations and
    looks it up after: the score is still the whole position's, so its order is unchanged."""
    from referee.core.games.freecell import solver
    from referee.core.games.freecell.expand import _RANK, _SUIT

    def counted(columns, cells, found, weights):
        cell_w, empty_w, above_w, disorder_w = weights
        score = 52 - sum(found) + cell_w * len(cells)
        for column in columns:
            score -= empty_w if not column else 0
            low = 14
            for k, c in enumerate(column):
                score += above_w * (len(column) - 1 - k) if found[_SUIT[c]] == _RANK[c] - 1 else 0
                score += disorder_w if _RANK[c] > low else 0
                low = min(low, _RANK[c])
        return score

    board = Board.from_game(1)
    moves = solve(board.start).moves[:40]
    for weights in (solver._QUICK[0], solver._COMPLETE):
        scores = solver._scorer(weights)
        for move in moves:
            board.push(move)
            for _, columns, cells, found in solver._children(*solver._internal(board.position),
                                                             True):
                table = scores(found)
                assert (table.base + table.cells_w * len(cells)
                        + sum(map(table.__getitem__, columns))) == counted(columns, cells,
                                                                           found, weights)
        while board.move_stack:
            board.pop()
