"""Piquet's rules core: declarations with their tie-breaks, carte blanche, repique and pique,
the play's points, capot, and the partie with the Rubicon.

Each rule comes from the rule text (003) as the rulings read it (docs/rules.md, "Piquet").
Every hand below is a real deal: twelve cards each, no card twice.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.core.cards import Rank, Suit, natural, parse_cards
from referee.core.errors import (CardNotInGameError, HandNumberError, PlayerCountError,
                                 TooManyCopiesError, WrongTypeError)
from referee.core.games.piquet import (DECK, CardInBothHandsError, CarteBlancheError,
                                       PartieResult, PiquetHandError, PiquetScoreError,
                                       PiqueUnknownError, Side, SideError, SideScores,
                                       TrickCountError, declare, elder_in_deal, partie_result,
                                       score_deal, sequences)
from referee.core.tricks import playable, trick_winner

ELDER, YOUNGER = Side.ELDER, Side.YOUNGER
SETTINGS = settings(max_examples=60, deadline=None, derandomize=True, database=None)


def deal(elder: str, younger: str, carte_blanche=None):
    return declare(parse_cards(elder), parse_cards(younger), carte_blanche)


def refusal(error_type, function, *args, **kwargs):
    with pytest.raises(error_type) as caught:
        function(*args, **kwargs)
    assert caught.value.message.endswith(".")
    return caught.value


def tricks(elder, younger):
    return {"elder": elder, "younger": younger}


# --- The deck and the hands ------------------------------------------------------------------

def test_the_deck_is_thirty_two_cards_seven_to_ace():
    assert DECK.size() == 32
    assert sorted(DECK.ranks) == [Rank.ACE, *range(7, 14)]


def test_a_six_is_not_a_piquet_card_and_the_field_says_where():
    error = refusal(CardNotInGameError, deal, "AS KS QS 6S 10S 9S 8S 7S AH KH QH JH",
                    "AD KD QD JD 10D 9D 8D 7D AC KC QC JC")
    assert error.field == "elder[3]" and "sixes" in error.message


def test_each_hand_has_twelve_cards():
    error = refusal(PiquetHandError, deal, "AS KS QS JS 10S 9S 8S 7S AH KH QH JH",
                    "AD KD QD JD 10D 9D 8D 7D AC KC QC")
    assert error.field == "younger" and "11" in error.message


def test_a_card_in_both_hands_is_refused():
    error = refusal(CardInBothHandsError, deal, "AS KS QS JS 10S 9S 8S 7S AH KH QH JH",
                    "AD KD QD JD 10D 9D 8D 7D AC KC QC AS")
    assert error.field == "younger[11]" and error.code == "card_in_both_hands"
    assert isinstance(error, TooManyCopiesError)


def test_a_card_twice_in_one_hand_is_refused():
    error = refusal(TooManyCopiesError, deal, "AS AS QS JS 10S 9S 8S 7S AH KH QH JH",
                    "AD KD QD JD 10D 9D 8D 7D AC KC QC JC")
    assert error.field == "elder[1]"


def test_hands_must_be_lists_of_cards():
    assert refusal(WrongTypeError, declare, "AS KS", []).field == "elder"


# --- Point -----------------------------------------------------------------------------------

def test_the_longest_suit_wins_the_point_and_scores_a_point_a_card():
    found = deal("7S 8S 9S 10S QS KS  AH KH  AD KD  AC KC",
                 "AS JS  7H 8H 9H 10H QH  7D 8D  7C 8C 9C")
    assert (found.point.winner, found.point.points, found.point.declared) == (
        ELDER, 6, ("point of 6",))


def test_equal_lengths_go_to_the_higher_value_ace_eleven_faces_ten():
    # Five spades each way: A K 9 8 7 (45) against Q J 10 9 8 hearts (47).
    found = deal("AS KS 9S 8S 7S  QD JD  QC JC 10C  AH KH",
                 "QH JH 10H 9H 8H  JS 10S  AD KD  AC KC 9C")
    assert (found.point.winner, found.point.points, found.point.declared) == (
        YOUNGER, 5, ("point of 5, worth 47",))


def test_equal_length_and_value_scores_nobody():
    found = deal("AH KH 9H 8H 7H  QS JS 10S  AD KD  AC KC",
                 "AS KS 9S 8S 7S  QH JH 10H  QD JD  QC JC")
    assert found.point.winner is None and found.point.tied and found.point.points == 0
    assert found.point.declared == ()


# --- Sequences -------------------------------------------------------------------------------

def test_the_longest_sequence_wins_and_its_holder_scores_every_sequence():
    # Quart to the ten and tierce to the king against three tierces (one to the ace).
    found = deal("7S 8S 9S 10S  JH QH KH  AD 8D  AC 9C 7C",
                 "QS KS AS  7H 8H  9D 10D JD  8C 10C JC QC")
    assert found.sequence.winner is ELDER
    assert found.sequence.points == 4 + 3
    assert found.sequence.declared == ("quart to the ten", "tierce to the king")


def test_equal_lengths_go_to_the_higher_top_card():
    found = deal("9H 10H JH QH KH  7S 9S  7D 9D JD  7C 9C",
                 "10S JS QS KS AS  7H 8H  8D 10D  8C 10C JC")
    assert (found.sequence.winner, found.sequence.points, found.sequence.declared) == (
        YOUNGER, 15, ("quint to the ace",))


def test_equal_sequences_score_nobody():
    found = deal("7H 8H 9H 10H  QS AS  QD AD 8D  QC AC 8C",
                 "7S 8S 9S 10S  JH KH  7D 9D JD  7C 9C JC")
    assert found.sequence.winner is None and found.sequence.tied
    assert found.sequence.points == 0


@pytest.mark.parametrize(("length", "points", "name"), [
    (3, 3, "tierce"), (4, 4, "quart"), (5, 15, "quint"), (6, 16, "sixième"),
    (7, 17, "septième"), (8, 18, "huitième")])
def test_what_each_sequence_scores(length, points, name):
    # Hearts from the seven up, then clubs and diamonds that make no sequence of their own.
    ranks = sorted(DECK.ranks, key=lambda r: 14 if r is Rank.ACE else int(r))
    elder = [natural(r, Suit.HEARTS) for r in ranks[:length]]
    elder += [natural(r, s) for s in (Suit.CLUBS, Suit.DIAMONDS)
              for r in (Rank.SEVEN, Rank.NINE, Rank.JACK, Rank.KING)][:12 - length]
    held = sequences(elder)
    assert [(s.points, s.words().split()[0]) for s in held] == [(points, name)]
    assert sum(s.points for s in held) == points


# --- Sets ------------------------------------------------------------------------------------

def test_a_four_beats_any_three_and_its_holder_scores_every_set():
    found = deal("10S 10H 10D 10C  JS JH JD  7S 8H 9D 7C 8C",
                 "AS AH AD  KS KH  QS QH  9S 9H 9C 8S 7H")
    assert found.sets.winner is ELDER
    assert (found.sets.points, found.sets.declared) == (14 + 3, ("four tens", "three jacks"))


def test_threes_are_compared_by_rank():
    found = deal("QS QH QD  7S 8S  7H 8H  7D 8D  7C 8C 9C",
                 "KS KH KD  9S 10S  9H 10H  9D 10D  JC AC AS")
    # Three kings beat three queens; the younger's three tens then score too.
    assert (found.sets.winner, found.sets.points, found.sets.declared) == (
        YOUNGER, 3 + 3, ("three kings", "three tens"))


def test_nines_and_below_make_no_set():
    found = deal("9S 9H 9D 9C  8S 8H 8D  7S 7H 7D  AS KH",
                 "AH AD AC  KS KD KC  QS QH  JS JH  10S 10H")
    assert found.sets.winner is YOUNGER  # the nines count for nothing
    assert found.sets.declared == ("three aces", "three kings")


# --- Carte blanche and repique ---------------------------------------------------------------

def test_carte_blanche_scores_ten_and_is_in_the_totals():
    hands = ("AH KH QH JH 7H  QS JS 10S  AD KD  AC KC", "AS KS 9S 8S 7S  9H 8H 10H  QD JD  QC JC")
    found, without = deal(*hands, carte_blanche=["younger"]), deal(*hands)
    assert found.carte_blanche == SideScores(elder=0, younger=10)
    assert found.totals == SideScores(elder=without.totals.elder,
                                      younger=without.totals.younger + 10)


def test_both_players_cannot_hold_carte_blanche():
    hands = ("AH KH 9H 8H 7H  QS JS 10S  AD KD  AC KC", "AS KS 9S 8S 7S  QH JH 10H  QD JD  QC JC")
    assert refusal(CarteBlancheError, deal, *hands,
                   carte_blanche=["elder", "younger"]).field == "carte_blanche"
    assert refusal(SideError, deal, *hands, carte_blanche=["dealer"]).field == "carte_blanche[0]"


def test_carte_blanche_keeps_seven_cards_below_the_jack_or_aces_after_the_exchange():
    # At most five cards come in the exchange: a hand shown without a king, queen or jack
    # holds at most five of them after it.
    error = refusal(CarteBlancheError, deal, "AH KH QH JH AS KS QS JS AC KC QC JC",
                    "10H 9H 8H 7H 10S 9S 8S 7S 10C 9C 8C 7C", carte_blanche=["elder"])
    assert error.field == "carte_blanche" and "9 kings, queens and jacks" in error.message
    five = deal("AH KH QH JH 7H  10S 9S 8S  AD 10D  AC KC",
                "AS KS QS JS 7S  9H 8H 10H  QD JD  QC JC", carte_blanche=["elder"])
    assert five.carte_blanche == SideScores(elder=10, younger=0)


# Elder: point of 7 (spades), septième to the ace, four aces: 7 + 17 + 14 = 38.
STRONG = "AS KS QS JS 10S 9S 8S  AH KH  AD  AC  7C"
WEAK = "7S 10H 9H 8H 7H QH JH  KD QD JD 10D  KC"


def test_thirty_in_declarations_with_nothing_to_the_other_is_a_repique_of_sixty():
    found = deal(STRONG, WEAK)
    assert found.repique is ELDER
    assert found.totals == SideScores(elder=38 + 60, younger=0)


def test_carte_blanche_counts_first_so_it_stops_the_others_repique():
    found = deal(STRONG, WEAK.replace("KC", "9C"), carte_blanche=["younger"])
    assert found.repique is None
    assert found.totals == SideScores(elder=38, younger=10)


def test_carte_blanche_counts_toward_a_repique():
    # Younger: carte blanche 10, point of 7 (7), septième to the king (17): 34 before the
    # elder scores anything.
    found = deal("AS AD AC  KS QS  KD QD JD  KC QC JC 10C",
                 "7H 8H 9H 10H JH QH KH  7S 8S 9S  7D 8D", carte_blanche=["younger"])
    assert found.repique is YOUNGER
    assert found.sequence.declared == ("septième to the king", "tierce to the nine")
    assert found.totals.younger == 10 + 7 + 17 + 3 + 60
    # Three aces, kings and queens, counted after the younger reached 30.
    assert found.sets.winner is ELDER
    assert found.totals.elder == 3 + 3 + 3


def test_a_point_won_by_the_other_first_stops_a_repique():
    # The younger's point of 6 is counted before the elder's sequence and sets.
    found = deal("AS KS QS JS 10S  AH AD AC  KH KC  7C 8C",
                 "7D 8D 10D JD QD KD  7H 9H JH  7S 9S 9C")
    assert found.point.winner is YOUNGER
    assert found.totals.elder == 15 + 14 + 3  # quint to the ace, four aces, three kings
    assert found.totals.younger == 6
    assert found.repique is None


# --- The play: following suit, the trick's winner, leads, tricks, the cards, capot ------

def test_suit_must_be_followed_and_the_highest_of_the_suit_led_wins():
    hand = parse_cards("7S AS 8H KD")
    assert playable(hand, parse_cards("9S")) == tuple(parse_cards("7S AS"))
    assert playable(hand, parse_cards("9C")) == tuple(hand)  # no club: any card
    assert trick_winner(parse_cards("9S AS")) == 1  # the ace is high
    assert trick_winner(parse_cards("9S AH")) == 0  # Piquet has no trumps


def test_a_point_for_each_lead_and_each_trick_and_ten_for_seven_tricks():
    score = score_deal({"elder": 0, "younger": 5}, tricks(7, 5), "younger")
    # The elder led the first trick and after each of its 7; the younger after 4 of its 5.
    assert score.elder.leads == 8 and score.younger.leads == 4
    assert score.elder.the_cards == 10 and score.younger.the_cards == 0
    assert score.scores == SideScores(elder=8 + 7 + 10, younger=5 + 4 + 5)


def test_six_tricks_each_score_nobody_the_cards_and_the_last_trick_scores_nothing_extra():
    score = score_deal({"elder": 0, "younger": 5}, tricks(6, 6), "elder")
    assert (score.elder.the_cards, score.younger.the_cards) == (0, 0)
    assert score.elder.leads + score.younger.leads == 12
    assert score.scores == SideScores(elder=6 + 6, younger=5 + 6 + 6)


def test_capot_is_forty_with_the_cards():
    score = score_deal({"elder": 3, "younger": 0}, tricks(0, 12), "younger")
    assert (score.younger.the_cards, score.younger.capot) == (10, 30)
    assert score.younger.leads == 11 and score.elder.leads == 1
    assert score.scores == SideScores(elder=3 + 1, younger=11 + 12 + 40)


def test_tricks_must_be_twelve_and_the_last_taken_by_someone_with_a_trick():
    assert refusal(TrickCountError, score_deal, {"elder": 0, "younger": 0}, tricks(7, 4),
                   "elder").field == "tricks"
    assert refusal(TrickCountError, score_deal, {"elder": 0, "younger": 5}, tricks(12, 0),
                   "younger").field == "last_trick"
    assert refusal(PiquetScoreError, score_deal, {"elder": 0, "younger": 5}, tricks(-1, 13),
                   "younger").field == "tricks.elder"
    assert refusal(SideError, score_deal, {"elder": 0, "younger": 5}, tricks(6, 6),
                   "dealer").field == "last_trick"
    assert refusal(PiquetScoreError, score_deal, {"elder": "3", "younger": 5}, tricks(6, 6),
                   "elder").field == "declarations.elder"


# --- Pique -----------------------------------------------------------------------------------

def test_twenty_nine_and_the_first_lead_is_a_pique():
    score = score_deal({"elder": 29, "younger": 0}, tricks(1, 11), "younger")
    assert score.elder.pique == 30 and score.younger.pique == 0


def test_no_pique_once_the_younger_has_scored_in_declarations():
    score = score_deal({"elder": 29, "younger": 1}, tricks(12, 0), "elder")
    assert score.elder.pique == 0


def test_no_pique_after_a_repique():
    found = deal(STRONG, WEAK)
    assert score_deal(found, tricks(12, 0), "elder").elder.pique == 0


def test_a_capot_alone_makes_the_pique_without_counting_the_capot():
    # 12 leads, 12 tricks and 10 for the cards come before the younger scores anything.
    score = score_deal({"elder": 0, "younger": 0}, tricks(12, 0), "elder")
    assert (score.elder.pique, score.elder.capot) == (30, 30)
    assert score.elder.total == 12 + 12 + 10 + 30 + 30


def test_when_the_order_of_the_tricks_decides_the_question_must_say():
    error = refusal(PiqueUnknownError, score_deal, {"elder": 20, "younger": 0}, tricks(8, 4),
                    "younger")
    assert error.field == "pique_reached"
    yes = score_deal({"elder": 20, "younger": 0}, tricks(8, 4), "younger", pique_reached=True)
    no = score_deal({"elder": 20, "younger": 0}, tricks(8, 4), "younger", pique_reached=False)
    assert (yes.elder.pique, no.elder.pique) == (30, 0)


def test_the_last_trick_taken_by_the_elder_cannot_come_before_the_youngers():
    # 23 + 1 + 2 for each of at most 2 tricks first: 28, never 30.
    assert score_deal({"elder": 23, "younger": 0}, tricks(3, 9), "elder").elder.pique == 0
    # With the last trick the younger's, all 3 may come first: 30, so it depends.
    refusal(PiqueUnknownError, score_deal, {"elder": 23, "younger": 0}, tricks(3, 9),
            "younger")


def test_a_pique_the_tricks_make_impossible_is_refused():
    error = refusal(PiqueUnknownError, score_deal, {"elder": 10, "younger": 0}, tricks(5, 7),
                    "younger", pique_reached=True)
    assert error.field == "pique_reached"


def test_the_youngers_one_trick_the_last_makes_the_elders_run_certain():
    # Tricks 1-11 the elder's, all twelve led: 7 + 12 + 11 = 30 before the younger scores.
    certain = score_deal({"elder": 7, "younger": 0}, tricks(11, 1), "younger")
    assert certain.elder.pique == 30 and certain.elder.total == 7 + 12 + 11 + 10 + 30
    error = refusal(PiqueUnknownError, score_deal, {"elder": 7, "younger": 0}, tricks(11, 1),
                    "younger", pique_reached=False)
    assert error.field == "pique_reached" and "certain pique" in error.message
    # One short of 30 that way is no pique, and with two tricks the younger's first may
    # come early: the order decides.
    assert score_deal({"elder": 6, "younger": 0}, tricks(11, 1), "younger").elder.pique == 0
    refusal(PiqueUnknownError, score_deal, {"elder": 9, "younger": 0}, tricks(10, 2),
            "younger")


def test_a_deal_saved_with_its_pique_answered_scores_as_it_was_kept():
    saved = score_deal({"elder": 7, "younger": 0}, tricks(11, 1), "younger",
                       pique_reached=False, strict=False)
    assert saved.elder.pique == 0


def test_thirty_in_declarations_against_nothing_holds_its_repique():
    error = refusal(PiquetScoreError, score_deal, {"elder": 35, "younger": 0}, tricks(6, 6),
                    "younger")
    assert error.field == "declarations.elder" and "90" in error.message
    assert refusal(PiquetScoreError, score_deal, {"elder": 0, "younger": 89}, tricks(6, 6),
                   "younger").field == "declarations.younger"
    # With its 60, or against something, or under 30, the same points stand.
    assert score_deal({"elder": 95, "younger": 0}, tricks(6, 6), "younger").elder.total == 108
    assert score_deal({"elder": 35, "younger": 1}, tricks(6, 6), "younger").elder.total == 48
    assert score_deal({"elder": 29, "younger": 0}, tricks(6, 6), "younger").elder.pique == 30
    assert score_deal({"elder": 35, "younger": 0}, tricks(6, 6), "younger",
                      strict=False).elder.total == 48  # as a saved deal was kept


def test_the_younger_never_piques():
    # The elder's first lead scores before the younger can score in play.
    score = score_deal({"elder": 0, "younger": 29}, tricks(0, 12), "younger")
    assert score.younger.pique == 0 and score.elder.leads == 1


# --- The partie ------------------------------------------------------------------------------

def test_the_winner_over_a_loser_past_the_rubicon_wins_by_the_difference_and_100():
    assert partie_result({"Ann": 128, "Bob": 119}) == PartieResult("Ann", 109, False)


def test_a_loser_under_100_adds_both_totals_to_100():
    assert partie_result({"Ann": 117, "Bob": 96}) == PartieResult("Ann", 313, True)


def test_both_under_100_the_totals_are_still_added():
    assert partie_result({"Ann": 80, "Bob": 95}) == PartieResult("Bob", 275, True)


def test_a_loser_on_exactly_100_has_crossed():
    assert partie_result({"Ann": 150, "Bob": 100}) == PartieResult("Ann", 150, False)


def test_equal_totals_are_a_tie_without_margin():
    assert partie_result({"Ann": 120, "Bob": 120}) == PartieResult(None, None, False)


def test_a_partie_is_for_two_players_with_whole_totals():
    refusal(PlayerCountError, partie_result, {"Ann": 1, "Bob": 2, "Cy": 3})
    assert refusal(PiquetScoreError, partie_result, {"Ann": 1, "Bob": -2}).field == "totals.Bob"


def test_the_deal_alternates_over_six_deals():
    assert [elder_in_deal(n, "Ann", "Bob") for n in range(1, 7)] == ["Bob", "Ann"] * 3
    refusal(HandNumberError, elder_in_deal, 7, "Ann", "Bob")


# --- Properties ------------------------------------------------------------------------------

FULL_DECK = [natural(r, s) for s in Suit for r in sorted(DECK.ranks)]
deals = st.permutations(FULL_DECK).map(lambda cards: (cards[:12], cards[12:24]))


@SETTINGS
@given(deals)
def test_each_declaration_scores_one_side_at_most_and_swapping_hands_swaps_it(hands):
    elder, younger = hands
    found, swapped = declare(elder, younger), declare(younger, elder)
    for mine, theirs in ((found.point, swapped.point), (found.sequence, swapped.sequence),
                         (found.sets, swapped.sets)):
        assert (mine.winner is None) == (mine.points == 0)
        assert mine.winner is None or mine.winner.other is theirs.winner
        assert mine.points == theirs.points
    assert (found.totals.elder, found.totals.younger) == (swapped.totals.younger,
                                                           swapped.totals.elder)
    assert found.repique is None or found.totals[found.repique.other] == 0


@SETTINGS
@given(st.integers(0, 12), st.integers(0, 40), st.integers(0, 40), st.sampled_from(Side),
       st.booleans())
def test_a_deal_shares_the_leads_and_the_cards_never_both_ways(elder_tricks, elder_declared,
                                                               younger_declared, last, reached):
    taken = tricks(elder_tricks, 12 - elder_tricks)
    if taken[last.value] == 0:
        last = last.other
    # 30 against nothing is a repique: its 60 are in the declarations.
    elder_declared += 60 if elder_declared >= 30 and not younger_declared else 0
    younger_declared += 60 if younger_declared >= 30 and not elder_declared else 0
    try:
        score = score_deal({"elder": elder_declared, "younger": younger_declared}, taken, last)
    except PiqueUnknownError:
        score = score_deal({"elder": elder_declared, "younger": younger_declared}, taken, last,
                           pique_reached=reached)
    assert score.elder.leads + score.younger.leads == 12
    assert score.elder.tricks + score.younger.tricks == 12
    assert not (score.elder.the_cards and score.younger.the_cards)
    assert score.younger.pique == 0
    assert not (score.elder.pique and younger_declared)


def test_totals_no_six_deals_could_make_are_refused():
    # Six deals of 12 leads and 12 tricks each, three of them led by each player.
    assert refusal(PiquetScoreError, partie_result, {"Ann": 0, "Bob": 0}).field == "totals.Bob"
    assert refusal(PiquetScoreError, partie_result, {"Ann": 142, "Bob": 2}).field == "totals.Bob"
    assert refusal(PiquetScoreError, partie_result, {"Ann": 1108, "Bob": 2}).field == "totals.Ann"
    assert partie_result({"Ann": 141, "Bob": 3}) == PartieResult("Ann", 244, True)
    assert partie_result({"Ann": 1107, "Bob": 3}).margin == 1210
