"""Hand and Foot's hand arranger asked through the shared entry
(``referee.core.rummy.solver.arrange``): books within the wild-card limits, piles first and one
unfinished meld of a rank, the fewest points left held, red 3s laid aside, and how near the melds
come to the hand's opening minimum.

Every answer is checked by the game's own meld checker and opening rule (one unfinished meld
of a rank), and against a search of every way to share the wild cards out on small hands.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from referee.core import get_ruleset, parse_cards
from referee.core.errors import HandNumberError, TooManyCopiesError
from referee.core.games.hand_and_foot import check_meld, check_opening
from referee.core.rummy.solver import arrange

VALUES = {"JK": 50, "2": 20, "A": 20, "K": 10, "Q": 10, "J": 10, "10": 10, "9": 10, "8": 10,
          "7": 5, "6": 5, "5": 5, "4": 5, "3": 5}  # a black 3; a red 3 is laid aside


def best(cards: str, hand=None, **options):
    table = get_ruleset("hand-and-foot").configure(options=options or None)
    return arrange(parse_cards(cards), table, hand)


def texts(melds):
    return [" ".join(map(str, meld)) for meld in melds]


def held(answer):
    return sum(VALUES["JK" if str(c) == "JK" else str(c)[:-1]] for c in answer.leftover)


def test_books_of_one_rank_leave_the_fewest_points_held():
    answer = best("9S 9H 9D KS KH JK 5C")
    assert texts(answer.melds) == ["9S 9H 9D", "KS KH JK"]
    assert [kind.value for kind in answer.kinds] == ["book", "book"]
    assert [str(c) for c in answer.leftover] == ["5C"] and answer.leftover_points == 5
    assert answer.possible


def test_the_wild_card_limits_decide_what_melds():
    answer = best("9S 9H 2D 2C")  # one wild card in a meld of 3 to 5
    assert texts(answer.melds) == ["9S 9H 2D"] and answer.leftover_points == 20
    assert texts(best("9S 9H 2D 2C", short_meld_wilds=2).melds) == ["9S 9H 2D 2C"]
    assert best("9S 9H JK", short_meld_wilds=0).melds == ()


def test_jokers_go_into_the_melds_before_twos():
    answer = best("9S 9H JK 2C")
    assert texts(answer.melds) == ["9S 9H JK"] and [str(c) for c in answer.leftover] == ["2C"]


def test_seven_make_a_pile_and_a_rank_keeps_at_most_one_unfinished_meld():
    assert texts(best("KS KH KD KC KS KH KD KC KS KH").melds) == [
        "KS KS KS KH KH KH KD", "KD KC KC"]
    answer = best("KS KH KD KC KS KH KD KC KS")  # two left: no meld of two, none beside it
    assert len(answer.melds) == 1 and answer.leftover_points == 20


def test_wild_cards_alone_meld_and_two_are_too_few():
    assert texts(best("JK JK 2S").melds) == ["2S JK JK"]
    assert best("JK 2S").melds == () and best("JK 2S").leftover_points == 70


def test_threes_never_meld_and_a_red_three_is_laid_aside():
    answer = best("3S 3C 3S 3H 3D 9S 9H 9D")
    assert texts(answer.melds) == ["9S 9H 9D"]
    assert [str(c) for c in answer.leftover] == ["3S", "3S", "3C"] and answer.leftover_points == 15
    assert [str(c) for c in answer.laid_aside] == ["3H", "3D"]


def test_a_joker_said_to_stand_for_a_card_is_just_a_joker_in_a_hand():
    assert texts(best("9S 9H JK=4C").melds) == ["9S 9H JK"]


@pytest.mark.parametrize("cards, hand, points, reason", [
    ("KS KH KD AS AH JK", 2, 120, None),
    ("KS KH KD AS AH JK", 4, 120, "These melds are worth 120, and hand 4 needs 150 to open: "
                                  "30 more."),
    ("9S 9H 9D 5C", 1, 30, "These melds are worth 30, and hand 1 needs 50 to open: 20 more."),
    ("9S 5C", 1, 0, "These cards make no meld, and hand 1 needs 50 to open."),
])
def test_the_answer_says_how_near_the_melds_come_to_the_hands_opening_minimum(cards, hand, points,
                                                                              reason):
    opening = best(cards, hand).opening
    assert (opening.hand, opening.points, opening.reason, opening.opens) == (
        hand, points, reason, reason is None)
    assert best(cards).opening is None


def test_a_house_schedule_sets_the_minimum_and_a_hand_the_game_lacks_is_refused():
    assert best("9S 9H 9D", 1, opening_1=30).opening.opens
    with pytest.raises(HandNumberError):
        best("9S 9H 9D", 5)


def test_cards_the_five_decks_cannot_hold_are_refused():
    with pytest.raises(TooManyCopiesError):
        best("9S 9S 9S 9S 9S 9S")


def _most_points(cards: list[str], options) -> int:
    """The most points any legal melds of these cards make, by trying every way to give each
    rank some wild cards (small hands only): written out from the rules, not the core."""
    table = get_ruleset("hand-and-foot").configure(options=options)
    ranks = Counter(c[:-1] for c in cards if c[:-1] in VALUES and c[:-1] not in ("2", "3"))
    wilds = sorted((VALUES["JK" if c == "JK" else "2"] for c in cards
                    if c == "JK" or c[:-1] == "2"), reverse=True)

    def melds_of(rank: str, naturals: int, wild: int) -> int | None:
        """Most naturals of a rank that melds with exactly ``wild`` wild cards."""
        most = None
        for sizes in itertools.product(range(3, 8), repeat=2):  # one pile and one meld at most
            for count in (1, 2):
                chosen = sizes[:count]
                if sum(1 for s in chosen if s < 7) > 1:
                    continue
                for split in itertools.product(range(wild + 1), repeat=count):
                    if sum(split) != wild:
                        continue
                    nat = [s - w for s, w in zip(chosen, split)]
                    if min(nat) < 1 or sum(nat) > naturals:
                        continue
                    legal = all(check_meld(parse_cards(" ".join(
                        [f"{rank}{'SHDC'[i % 4]}" for i in range(n)] + ["JK"] * w)),
                        table.options).legal for n, w in zip(nat, split))
                    if legal:
                        most = max(most or 0, sum(nat))
        return 0 if not wild and most is None else most

    best_points = 0
    rank_list = sorted(ranks)
    for shares in itertools.product(range(len(wilds) + 1), repeat=len(rank_list)):
        if sum(shares) > len(wilds):
            continue
        points, ok = 0, True
        for rank, wild in zip(rank_list, shares):
            used = melds_of(rank, ranks[rank], wild)
            if used is None:
                ok = False
                break
            points += used * VALUES[rank]
        if not ok:
            continue
        rest = len(wilds) - sum(shares)
        alone = rest // 7 * 7 + (rest % 7 if rest % 7 >= 3 else 0)  # piles, then one meld
        points += sum(wilds[:sum(shares) + alone])
        best_points = max(best_points, points)
    return best_points


@pytest.mark.parametrize("seed", range(40))
def test_every_answer_is_legal_keeps_every_card_and_melds_the_most_points(seed):
    rng = random.Random(seed)
    deck = ([f"{r}{s}" for r in ["A", "2", "3", "4", "7", "9", "K"] for s in "SHDC"] * 2
            + ["JK"] * 4)
    cards = rng.sample(deck, rng.randint(4, 9))
    options = rng.choice([{}, {"short_meld_wilds": 0}, {"short_meld_wilds": 2}])
    answer = best(" ".join(cards), **options)
    checks = [check_meld(meld, options) for meld in answer.melds]
    assert all(check.legal for check in checks)
    assert check_opening(answer.melds, 1, {**options, "opening_1": 0}).valid or not answer.melds
    given = Counter(cards)
    kept = Counter(str(c) for c in (*answer.leftover, *answer.laid_aside))
    assert Counter(str(c) for meld in answer.melds for c in meld) + kept == given
    assert answer.leftover_points == held(answer)
    melded = sum(check.points for check in checks)
    assert melded == _most_points(cards, options)
