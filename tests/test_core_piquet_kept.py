"""Piquet kept as a partie: six deals typed, the deal alternating, the end with its margin."""

import pytest

from referee.core.errors import GameSetupError, HandEntryError, RefereeInputError
from referee.core.game.errors import IllegalEventError
from referee.core.game.events import event_from_dict
from referee.core.game.state import replay
from referee.core.seating import GameSetup


def scored(hand, ann, ben, kind="hand_scored", **extra):
    return event_from_dict({"type": kind, "hand": hand, "went_out": None,
                            "scores": {"Ann": ann, "Ben": ben}, **extra})


def partie(*deals):
    setup = GameSetup.create("piquet", ["Ann", "Ben"], first_dealer="Ben")
    return replay(setup, [scored(hand, *deal) for hand, deal in enumerate(deals, 1)])


def test_the_deal_alternates_and_the_non_dealer_is_named_elder():
    state = partie()
    assert [state.dealer_of(hand) for hand in range(1, 7)] == ["Ben", "Ann"] * 3
    assert state.roles_of(1) == "Ann is elder (leads); Ben, the dealer, is younger."
    assert state.roles_of(2) == "Ben is elder (leads); Ann, the dealer, is younger."


def test_the_partie_ends_after_six_deals_with_the_margin():
    state = partie((30, 10), (20, 20), (20, 20), (20, 20), (20, 20))
    assert not state.finished and state.finish is None
    state = partie((30, 10), (20, 20), (20, 20), (20, 20), (20, 20), (18, 29))
    assert state.finished and state.winners == ["Ann"]
    assert state.totals == {"Ann": 128, "Ben": 119}
    assert state.finish.words == "Ann wins by 109."
    assert state.finish.fields == {"margin": 109, "rubicon": False}
    with pytest.raises(IllegalEventError):
        state.apply(scored(7, 1, 1))


def test_a_loser_under_100_adds_both_totals_the_rubicon():
    state = partie((17, 16), (20, 16), (20, 16), (20, 16), (20, 16), (20, 16))
    assert state.totals == {"Ann": 117, "Ben": 96}
    assert state.finish.words == "Ben did not reach 100: Ann wins by 313 (Rubicon)."
    assert state.finish.fields == {"margin": 313, "rubicon": True}


def test_a_correction_changes_the_result_and_undo_takes_the_deal_back():
    setup = GameSetup.create("piquet", ["Ann", "Ben"], first_dealer="Ben")
    events = [scored(hand, 20, 20) for hand in range(1, 7)]
    state = replay(setup, events)
    assert state.finish.words == "Equal totals: the partie is drawn."
    corrected = state.apply(scored(6, 21, 20, kind="hand_corrected", reason="miscounted"))
    assert corrected.finish.words == "Ann wins by 101."
    undone = replay(setup, events[:-1])
    assert not undone.finished and undone.hand == 6 and undone.dealer == "Ann"


@pytest.mark.parametrize("points, where", [
    ({"Ann": 10}, ("event", "scores", "Ben")),
    ({"Ann": -1, "Ben": 0}, ("event", "scores", "Ann")),
    ({"Ann": 900, "Ben": 0}, ("event", "scores", "Ann")),
])
def test_each_deal_needs_both_scores_within_reason(points, where):
    state = partie()
    with pytest.raises(HandEntryError) as refused:
        state.apply(event_from_dict({"type": "hand_scored", "hand": 1, "scores": points}))
    assert refused.value.location == where


def test_a_refusal_names_the_deal_not_a_hand():
    state = partie((10, 30))
    with pytest.raises(IllegalEventError) as refused:
        state.apply(scored(1, 5, 5))
    assert refused.value.message == "Deal 2 is being played, so deal 1 cannot be scored now."
    with pytest.raises(HandEntryError) as missing:
        state.apply(event_from_dict({"type": "hand_scored", "hand": 2, "scores": {"Ann": 1}}))
    assert missing.value.message == "Enter Ben's points for the deal."


def test_only_two_play_piquet():
    with pytest.raises(GameSetupError) as refused:
        GameSetup.create("piquet", ["Ann", "Ben", "Cy"])
    assert refused.value.message == "Piquet is played by 2 players; 3 were given."


SHEET = {"declarations": {"elder": 12, "younger": 10}, "tricks": {"elder": 7, "younger": 5},
         "last_trick": "younger"}


def test_a_deal_may_come_as_its_score_sheet_with_the_elder_named():
    state = partie().apply(event_from_dict({"type": "hand_scored", "hand": 1, "elder": "ann",
                                            "deal": SHEET}))
    assert state.totals == {"Ann": 37, "Ben": 19}  # 12 + 7 led + 7 taken + 10 for the cards


def test_the_dealer_named_elder_is_refused_by_piquet_itself():
    # The kept game's fold only tells Piquet's scorer who dealt; the rule is Piquet's.
    from referee.core.games.piquet.ruleset import PIQUET
    from referee.core.model.keeping import ScoreSheet
    sheet = ScoreSheet(None, elder="Ben", deal=SHEET)
    with pytest.raises(HandEntryError) as refused:
        PIQUET.keeping.score(PIQUET.configure(), ("Ann", "Ben"), sheet, dealer="Ben")
    assert refused.value.location == ("event", "elder")
    assert "the elder is Ann" in refused.value.message
    assert PIQUET.keeping.score(PIQUET.configure(), ("Ann", "Ben"), sheet,
                                dealer="Ann").scores == {"Ben": 37, "Ann": 19}


@pytest.mark.parametrize("event, where", [
    ({"elder": "Ben", "deal": SHEET}, ("event", "elder")),  # Ben deals hand 1
    ({"elder": "Ann", "deal": {**SHEET, "last_trick": "nobody"}}, ("event", "deal", "last_trick")),
    ({"elder": "Ann", "deal": SHEET, "scores": {"Ann": 1, "Ben": 1}}, ("event", "scores")),
    ({"deal": SHEET}, ("event", "elder")),
])
def test_a_deal_sheet_is_refused_where_it_is_wrong(event, where):
    with pytest.raises(RefereeInputError) as refused:
        partie().apply(event_from_dict({"type": "hand_scored", "hand": 1, **event}))
    assert tuple(refused.value.location) == where


@pytest.mark.parametrize("ann, ben, where", [
    (0, 0, "Ben"),  # no deal is without its 12 leads and 12 tricks
    (250, 250, "Ben"),  # nor makes more than the best hand's all
    (0, 24, "Ann"),  # Ann, the elder of deal 1, leads its first trick
    (1, 185, "Ben"),  # and so Ben, the younger, takes 184 at the most
])
def test_a_deal_no_cards_could_make_is_refused(ann, ben, where):
    with pytest.raises(HandEntryError) as refused:
        partie().apply(scored(1, ann, ben))
    assert refused.value.location == ("event", "scores", where)


@pytest.mark.parametrize("ann, ben", [(1, 23), (185, 0), (12, 12), (1, 184)])
def test_the_nearest_deals_the_cards_allow_are_kept(ann, ben):
    assert partie((ann, ben)).totals == {"Ann": ann, "Ben": ben}


def test_a_deal_saved_before_its_bounds_were_checked_still_loads():
    setup = GameSetup.create("piquet", ["Ann", "Ben"], first_dealer="Ben")
    assert replay(setup, [scored(1, 0, 0), scored(2, 250, 250)], strict=False).totals == {
        "Ann": 250, "Ben": 250}


def test_the_bounds_are_said_in_the_players_names():
    from referee.core.games.piquet.ruleset import PIQUET
    assert PIQUET.keeping.score_bounds(("Ann", "Ben"), "Ann").words() == (
        "Together 24 to 185; Ben at least 1; Ann 0 to 184.")


def test_the_best_hand_declared_with_its_repique_and_a_capot_is_the_most():
    from referee.core.cards import parse_cards
    from referee.core.games.piquet import declare, score_deal
    from referee.core.games.piquet.deal import MOST_DECLARED, MOST_SCORED
    found = declare(parse_cards("10C 10D 10H 10S 7C 8C 9C JC JD JH JS QS"),
                    parse_cards("AS 9S 8S 7S AH KH 9H 8H AD KD 9D 8D"), ["elder"])
    assert found.totals.elder == MOST_DECLARED + 60 and found.totals.younger == 0
    deal = score_deal(found, {"elder": 12, "younger": 0}, "elder")
    assert deal.scores.elder == MOST_SCORED == 185
