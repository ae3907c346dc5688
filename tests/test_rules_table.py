"""Melds as they lie on the table: laying them in order, lay-offs, and swapping out a joker.

Rulings covered:
- rulings.md "Melds, common to every game": on the table each run's jokers have a fixed
  identity (where the player put them); an ambiguous reading is settled by the player;
- api.md "Melds as they lie on the table": a run lies low to high or high to low, each joker
  standing for the card at its place; JK=... may say so and must agree; out of order is bad input;
- lay-offs: a book takes more cards of its rank (Eversol: repeats allowed with several decks;
  500: only a fourth card of a missing suit), a run takes cards at either end, never in the
  middle, never past the ace, never round the corner;
- Eversol: a card that only matches what a joker stands for cannot be laid off;
- Eversol, buying a played joker: the natural given must be the card the joker stands for
  (in a book, any card of its rank); other games leave jokers where they lie.
"""

from __future__ import annotations

import pytest

from referee.core import MeldKind, get_ruleset, parse_card, parse_cards
from referee.core.errors import TableMeldError, TooManyCopiesError


def table(key: str = "eversol", decks: int = 2, **options):
    return get_ruleset(key).configure(options=options, decks=decks)


def lay(cards: str, key: str = "eversol", decks: int = 2, kind: MeldKind | None = None,
        **options):
    rules = table(key, decks, **options)
    return rules, rules.lay(parse_cards(cards), kind)


def extend(meld_cards: str, add: str, key: str = "eversol", decks: int = 2, **options):
    rules, meld = lay(meld_cards, key, decks, **options)
    return meld, meld.extend(parse_cards(add), rules.melds)


def swap(meld_cards: str, card: str, key: str = "eversol", decks: int = 2, **options):
    rules, meld = lay(meld_cards, key, decks, **options)
    return meld, meld.swap_joker(parse_card(card), rules.melds)


def refused(result, meld, *words: str) -> None:
    assert not result.valid
    assert result.meld == meld                  # nothing changes on the table
    assert not result.freed_joker
    for word in words:
        assert word in result.reason, f"{word!r} not in {result.reason!r}"


def accepted(result, lying: str) -> None:
    assert result.valid, result.reason
    assert result.reason is None
    assert str(result.meld) == lying


# =========================================================================================
# Laying a meld: a run lies in order and each joker is the card at its place
# =========================================================================================

class TestLay:
    @pytest.mark.parametrize("cards, lying", [
        ("7D 8D 9D 10D", "7D 8D 9D 10D"),
        ("10D 9D 8D 7D", "7D 8D 9D 10D"),           # high to low is in order too
        ("7D JK 9D 10D", "7D JK=8D 9D 10D"),
        ("10D 9D JK 7D", "7D JK=8D 9D 10D"),
    ])
    def test_a_run_in_order_lies_low_to_high(self, cards, lying):
        _, meld = lay(cards)
        assert meld.kind is MeldKind.RUN
        assert str(meld) == lying

    # The same three naturals and a joker: where the joker lies says which card it is.
    @pytest.mark.parametrize("cards, lying", [
        ("7D 8D 9D JK", "7D 8D 9D JK=10D"),
        ("JK 7D 8D 9D", "JK=6D 7D 8D 9D"),
        ("9D 8D 7D JK", "JK=6D 7D 8D 9D"),
        ("JK 9D 8D 7D", "7D 8D 9D JK=10D"),
        ("JK JK 7D 8D", "JK=5D JK=6D 7D 8D"),
    ])
    def test_a_joker_at_an_end_is_the_card_at_its_place(self, cards, lying):
        assert str(lay(cards)[1]) == lying

    @pytest.mark.parametrize("cards, lying", [
        ("AD 2D 3D JK", "AD 2D 3D JK=4D"),
        ("AD KD QD JD", "JD QD KD AD"),
        ("JK KD QD JD", "JD QD KD JK=AD"),
        ("JK JK KD AD", "JK=JD JK=QD KD AD"),
        ("AD JK=KD JK JK", "JK=JD JK=QD JK=KD AD"),   # the player names the joker to go high
    ])
    def test_aces_lie_low_or_high_as_laid(self, cards, lying):
        assert str(lay(cards, kind=MeldKind.RUN)[1]) == lying

    def test_a_joker_that_names_its_card_must_agree_with_its_place(self):
        assert str(lay("JK=6D 7D 8D 9D")[1]) == "JK=6D 7D 8D 9D"
        with pytest.raises(TableMeldError) as caught:
            lay("7D 8D 9D JK=6D")
        assert "not in order" in str(caught.value)

    @pytest.mark.parametrize("cards", ["7D 9D 8D 10D", "JK AD 2D 3D", "QD KD AD JK"])
    def test_a_run_out_of_order_is_bad_input(self, cards):
        with pytest.raises(TableMeldError) as caught:
            lay(cards)
        assert "not in order" in str(caught.value)
        assert "low to high or high to low" in str(caught.value)

    def test_an_illegal_meld_cannot_lie_on_the_table(self):
        with pytest.raises(TableMeldError) as caught:
            lay("7D 8D 9D")
        assert "at least 4 cards" in str(caught.value)

    def test_laying_checks_the_supply(self):
        with pytest.raises(TooManyCopiesError):
            lay("3H 3H 3S", decks=1)

    def test_a_book_lies_as_given_with_its_rank(self):
        _, meld = lay("3H 3S 3D")
        assert meld.kind is MeldKind.BOOK
        assert meld.rank.label == "3"

    # "when a run's reading is ambiguous the player says which card each joker is"
    def test_cards_that_read_both_ways_are_a_book_unless_the_player_says_run(self):
        assert lay("7D JK JK JK")[1].kind is MeldKind.BOOK
        _, run = lay("7D JK JK JK", kind=MeldKind.RUN)
        assert str(run) == "7D JK=8D JK=9D JK=10D"
        _, run = lay("JK JK JK 7D", kind=MeldKind.RUN)
        assert str(run) == "JK=4D JK=5D JK=6D 7D"

    def test_asking_for_a_kind_the_cards_are_not_is_bad_input(self):
        with pytest.raises(TableMeldError) as caught:
            lay("7D 8D 9D 10D", kind=MeldKind.BOOK)
        assert "book" in str(caught.value)

    def test_games_with_short_runs_lay_them_in_either_direction(self):
        assert str(lay("3H 2H AH", key="basic", decks=1)[1]) == "AH 2H 3H"
        assert str(lay("AH KH QH", key="500", decks=1)[1]) == "QH KH AH"
        assert str(lay("KS QS JS", key="base", decks=1)[1]) == "JS QS KS"


# =========================================================================================
# Lay-offs onto books
# =========================================================================================

class TestBookLayOffs:
    def test_eversol_book_takes_another_card_of_its_rank(self):
        _, result = extend("3H 3S 3D", "3C")
        accepted(result, "3H 3S 3D 3C")

    def test_eversol_book_takes_a_repeated_card_with_several_decks(self):
        _, result = extend("3H 3S 3D", "3H")
        accepted(result, "3H 3S 3D 3H")

    def test_eversol_book_takes_several_cards_and_jokers_at_once(self):
        _, result = extend("3H 3S 3D", "3C JK 3S", decks=3)
        accepted(result, "3H 3S 3D 3C JK 3S")

    def test_a_card_of_another_rank_does_not_fit_a_book(self):
        meld, result = extend("3H 3S 3D", "4H")
        refused(result, meld, "4♥", "does not fit", "threes")

    def test_a_joker_named_as_another_rank_does_not_fit_a_book(self):
        meld, result = extend("3H 3S 3D", "JK=4H")
        refused(result, meld, "does not fit")

    def test_500_group_of_three_takes_the_fourth_suit(self):
        _, result = extend("3H 3S 3D", "3C", key="500")
        accepted(result, "3H 3S 3D 3C")

    def test_500_group_takes_a_joker_for_the_missing_suit(self):
        _, result = extend("3H 3S 3D", "JK", key="500")
        accepted(result, "3H 3S 3D JK")

    def test_500_group_refuses_a_suit_it_already_has(self):
        meld, result = extend("3H 3S 3D", "3H", key="500")
        refused(result, meld, "different suits")

    @pytest.mark.parametrize("add", ["3H", "JK"])
    def test_500_group_of_four_takes_nothing_more(self, add):
        meld, result = extend("3H 3S 3D 3C", add, key="500")
        refused(result, meld, "at most 4 cards")

    def test_500_joker_in_a_group_already_holds_the_last_suit(self):
        meld, result = extend("3H 3S JK", "3C 3D", key="500")
        refused(result, meld, "at most 4 cards")
        _, result = extend("3H 3S JK", "3C", key="500")
        accepted(result, "3H 3S JK 3C")

    def test_basic_group_takes_the_fourth_card(self):
        _, result = extend("QS QH QD", "QC", key="basic", decks=1)
        accepted(result, "QS QH QD QC")


# =========================================================================================
# Lay-offs onto runs
# =========================================================================================

class TestRunLayOffs:
    @pytest.mark.parametrize("add, lying", [
        ("6D", "6D 7D 8D 9D 10D"),            # the low end
        ("JD", "7D 8D 9D 10D JD"),            # the high end
        ("6D JD", "6D 7D 8D 9D 10D JD"),      # both ends at once
        ("JD 5D 6D QD", "5D 6D 7D 8D 9D 10D JD QD"),
    ])
    def test_a_run_takes_cards_at_either_end(self, add, lying):
        _, result = extend("7D 8D 9D 10D", add)
        accepted(result, lying)

    def test_the_result_lies_low_to_high_whichever_way_it_was_laid(self):
        _, result = extend("10D 9D 8D 7D", "6D")
        accepted(result, "6D 7D 8D 9D 10D")

    def test_a_card_already_in_the_run_cannot_be_added(self):
        meld, result = extend("7D 8D 9D 10D", "8D")
        refused(result, meld, "already has 8♦")

    def test_a_card_of_another_suit_does_not_fit(self):
        meld, result = extend("7D 8D 9D 10D", "6H")
        refused(result, meld, "6♥", "diamond")

    def test_a_card_that_leaves_a_gap_does_not_fit(self):
        meld, result = extend("7D 8D 9D 10D", "5D")
        refused(result, meld, "without gaps", "6♦")

    def test_a_gap_is_fine_when_the_same_lay_off_fills_it(self):
        _, result = extend("7D 8D 9D 10D", "5D 6D")
        accepted(result, "5D 6D 7D 8D 9D 10D")

    # Eversol rummy cards / 500: a joker's identity on the table is fixed, so the card it
    # stands for is not a lay-off.
    @pytest.mark.parametrize("key, meld_cards, add", [
        ("eversol", "7D JK 9D 10D", "8D"), ("500", "7H JK 9H", "8H"),
    ])
    def test_the_card_a_joker_stands_for_cannot_be_laid_off(self, key, meld_cards, add):
        meld, result = extend(meld_cards, add, key=key)
        refused(result, meld, "joker already stands for", "either end")

    def test_500_a_joker_stays_what_it_was_laid_as(self):
        # 7 JK 9: the joker is the 8, so a 10 or a 6 can be added but the joker does not move.
        _, result = extend("7H JK 9H", "10H", key="500")
        accepted(result, "7H JK=8H 9H 10H")
        _, result = extend("7H JK 9H", "6H", key="500")
        accepted(result, "6H 7H JK=8H 9H")

    def test_a_joker_laid_off_goes_on_an_end(self):
        _, result = extend("7D 8D 9D 10D", "JK")
        assert result.valid
        assert str(result.meld) in {"7D 8D 9D 10D JK=JD", "JK=6D 7D 8D 9D 10D"}

    def test_a_joker_laid_off_fills_a_gap_first(self):
        _, result = extend("7D 8D 9D 10D", "QD JK")
        accepted(result, "7D 8D 9D 10D JK=JD QD")

    def test_a_joker_that_names_its_card_goes_there(self):
        _, result = extend("7D 8D 9D 10D", "JK=6D")
        accepted(result, "JK=6D 7D 8D 9D 10D")

    def test_a_joker_named_as_a_card_already_there_does_not_fit(self):
        meld, result = extend("7D 8D 9D 10D", "JK=9D")
        refused(result, meld, "already has 9♦")

    # Aces on the table
    def test_an_ace_goes_above_a_king(self):
        _, result = extend("10D JD QD KD", "AD")
        accepted(result, "10D JD QD KD AD")

    def test_an_ace_goes_below_a_two(self):
        _, result = extend("2D 3D 4D 5D", "AD")
        accepted(result, "AD 2D 3D 4D 5D")

    def test_a_run_with_a_low_ace_takes_cards_at_the_top(self):
        _, result = extend("AD 2D 3D 4D", "5D")
        accepted(result, "AD 2D 3D 4D 5D")

    def test_a_run_with_a_high_ace_takes_cards_at_the_bottom(self):
        _, result = extend("JD QD KD AD", "10D")
        accepted(result, "10D JD QD KD AD")

    @pytest.mark.parametrize("meld_cards, add", [
        ("AD 2D 3D 4D", "KD"), ("JD QD KD AD", "2D"), ("2D 3D 4D 5D", "AD KD"),
    ])
    def test_a_run_never_turns_the_corner(self, meld_cards, add):
        meld, result = extend(meld_cards, add)
        refused(result, meld, "never both", "turn the corner")

    def test_an_ace_to_king_run_is_full(self):
        meld, result = extend("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD", "JK")
        refused(result, meld, "no room")

    def test_a_two_to_king_run_takes_one_more_ace_and_no_more(self):
        full = "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"
        _, result = extend(full, "AD")
        assert result.valid and len(result.meld.cards) == 13
        meld, result = extend(full, "JK JK")
        refused(result, meld, "no room")

    def test_basic_ace_is_low_only_on_the_table_too(self):
        meld, result = extend("JH QH KH", "AH", key="basic", decks=1)
        refused(result, meld, "ace is low only")
        _, result = extend("2H 3H 4H", "AH", key="basic", decks=1)
        accepted(result, "AH 2H 3H 4H")

    def test_basic_with_ace_high_takes_an_ace_above_the_king(self):
        _, result = extend("JH QH KH", "AH", key="basic", decks=1, ace_high=True)
        accepted(result, "JH QH KH AH")

    def test_base_sequences_go_from_two_to_king(self):
        _, result = extend("JS QS KS", "10S 9S", key="base", decks=1)
        accepted(result, "9S 10S JS QS KS")
        _, result = extend("3S 4S 5S", "2S", key="base", decks=1)
        accepted(result, "2S 3S 4S 5S")

    def test_base_rules_runs_take_no_ace_at_either_end(self):
        meld, result = extend("2S 3S 4S", "AS", key="base", decks=1)
        refused(result, meld, "without aces")
        meld, result = extend("JS QS KS", "AS", key="base", decks=1)
        refused(result, meld, "without aces")

    def test_nothing_added_is_no_change(self):
        meld, result = extend("7D 8D 9D 10D", "")
        assert result.valid and result.meld == meld

    def test_a_lay_off_leaves_the_original_meld_as_it_was(self):
        meld, result = extend("7D 8D 9D 10D", "6D")
        assert result.valid
        assert str(meld) == "7D 8D 9D 10D"


# =========================================================================================
# Swapping a natural card for a joker on the table ("buying a played joker", Eversol)
# =========================================================================================

class TestJokerSwap:
    def test_the_card_a_run_joker_stands_for_frees_it(self):
        _, result = swap("7D JK 9D 10D", "8D")
        accepted(result, "7D 8D 9D 10D")
        assert result.freed_joker

    def test_a_joker_at_the_end_of_a_run_stands_for_the_card_at_its_place(self):
        _, result = swap("7D 8D 9D JK", "10D")
        accepted(result, "7D 8D 9D 10D")
        meld, result = swap("7D 8D 9D JK", "6D")
        refused(result, meld, "stands for 10♦", "not 6♦")

    @pytest.mark.parametrize("card", ["8H", "9D", "6D"])
    def test_any_other_card_cannot_take_a_run_jokers_place(self, card):
        meld, result = swap("7D JK 9D 10D", card)
        refused(result, meld, "stands for 8♦", f"not {parse_card(card).label}")

    def test_a_run_with_two_jokers_gives_up_the_one_named(self):
        _, result = swap("JK 8D JK 10D", "9D")
        accepted(result, "JK=7D 8D 9D 10D")
        assert result.freed_joker

    def test_a_book_joker_is_freed_by_any_card_of_its_rank(self):
        for card in ("6D", "6C", "6H"):
            _, result = swap("6H 6S JK", card)
            assert result.valid and result.freed_joker, card
            assert str(result.meld) == f"6H 6S {card}"

    def test_a_book_joker_named_for_one_suit_is_still_freed_by_any_card_of_its_rank(self):
        _, result = swap("6H 6S JK=6D", "6C")
        accepted(result, "6H 6S 6C")
        assert result.freed_joker

    def test_a_book_joker_cannot_be_freed_by_another_rank(self):
        meld, result = swap("6H 6S JK", "7D")
        refused(result, meld, "only a 6", "not 7♦")

    def test_a_meld_without_a_joker_has_none_to_give(self):
        meld, result = swap("7D 8D 9D 10D", "8D")
        refused(result, meld, "no joker")
        meld, result = swap("6H 6S 6D", "6C")
        refused(result, meld, "no joker")

    def test_a_joker_cannot_take_a_jokers_place(self):
        meld, result = swap("6H 6S JK", "JK")
        refused(result, meld, "natural card")

    def test_after_the_swap_the_meld_is_still_legal(self):
        rules, meld = lay("7D JK 9D 10D")
        result = meld.swap_joker(parse_card("8D"), rules.melds)
        assert rules.check_meld(list(result.meld.cards)).kinds == ("run",)

    @pytest.mark.parametrize("key, meld_cards, card", [
        ("500", "7H JK 9H", "8H"), ("500", "5H 5S JK", "5D"),
    ])
    def test_other_games_leave_a_joker_where_it_lies(self, key, meld_cards, card):
        meld, result = swap(meld_cards, card, key=key)
        refused(result, meld, "stays there", "500 Rummy")
