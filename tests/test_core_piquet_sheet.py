"""A Piquet deal scored from its sheet as the players said it: declarations typed in words,
carte blanche, the tricks; what each part scores, and each refusal at its own box."""

import pytest

from referee.core.errors import RefereeInputError
from referee.core.games.piquet.kept import deal_scores
from referee.core.games.piquet.sheet import read_sheet

PLAYERS = ("Ann", "Ben")  # Ben deals: Ann is elder


def sheet(**values):
    return read_sheet(PLAYERS, "Ben", {"elder_tricks": 7, "younger_tricks": 5,
                                       "last_trick": "younger", **values})


def parts(score):
    return {row.label: row.points for row in score.rows}


def test_carte_blanche_counts_first_toward_a_repique():
    # Ben: carte blanche 10, point of 6 (6), sixième 16 = 32 before Ann scores: repique.
    score = sheet(carte_blanche="younger", younger_point="6",
                  younger_sequences="sixième to the ace", elder_point="5",
                  elder_sets="three kings", younger_sets="")
    assert parts(score)["Carte blanche"] == (0, 10)
    assert parts(score)["Repique"] == (0, 60)
    assert parts(score)["Sets"] == (3, 0)  # Ann's trio still scores, after the repique
    assert score.scores == {"Ann": 3 + 8 + 7 + 10, "Ben": 92 + 4 + 5}  # 8 led, 7 taken


def test_a_capot_needs_no_last_trick_and_the_sheet_keeps_to_the_question_s_body():
    score = read_sheet(PLAYERS, "Ben", {"elder_point": "point of 7 worth 64",
                                        "younger_point": "5", "elder_tricks": 12,
                                        "younger_tricks": 0})
    assert parts(score)["Capot"] == (30, 0) and parts(score)["The cards"] == (10, 0)
    assert parts(score)["Pique"] == (30, 0)  # Ben never scored
    assert score.scores == {"Ann": 7 + 12 + 12 + 10 + 30 + 30, "Ben": 0}
    assert score.event["elder"] == "Ann"
    assert deal_scores(PLAYERS, "Ann", score.event["deal"]) == score.scores


def test_equal_points_are_decided_by_their_worth_or_scored_by_nobody():
    assert parts(sheet(elder_point="5 worth 48", younger_point="5 worth 46"))["Point"] == (5, 0)
    assert parts(sheet(elder_point="5 48", younger_point="5, 48"))["Point"] == (0, 0)
    assert sheet(elder_point="5 48", younger_point="5, 48").rows[0].words == (
        "Equal: nobody scores")


@pytest.mark.parametrize("values, box", [
    ({"elder_point": "5", "younger_point": "5"}, "elder_point"),  # say the worth
    ({"elder_point": "9"}, "elder_point"),
    ({"elder_point": "4 worth 20"}, "elder_point"),
    ({"elder_sequences": "quint to the nine"}, "elder_sequences"),
    ({"younger_sequences": "tierce to the nose"}, "younger_sequences"),
    ({"younger_sets": "three nines"}, "younger_sets"),
    ({"elder_sets": "four aces", "younger_sets": "three aces"}, "younger_sets"),
    ({"elder_tricks": 8}, "elder_tricks"),  # 13 tricks
    ({"younger_tricks": None}, "younger_tricks"),
    ({"last_trick": ""}, "last_trick"),
    ({"carte_blanche": "both"}, "carte_blanche"),
])
def test_what_no_deal_makes_is_refused_at_its_box(values, box):
    with pytest.raises(RefereeInputError) as refused:
        sheet(**values)
    assert refused.value.location == (box,)


def test_a_pique_the_order_of_the_tricks_decides_is_asked_in_the_players_names():
    # Ann: 25 in declarations, Ben none; 7 tricks: she may or may not reach 30 first.
    values = {"elder_point": "6", "elder_sequences": "quint to the ace", "younger_point": "5",
              "elder_tricks": 7, "younger_tricks": 5, "last_trick": "younger"}
    with pytest.raises(RefereeInputError) as refused:
        read_sheet(PLAYERS, "Ben", values)
    assert refused.value.location == ("pique_reached",)
    assert "did Ann reach 30 before Ben scored" in refused.value.message
    score = read_sheet(PLAYERS, "Ben", {**values, "pique_reached": "yes"})
    assert parts(score)["Pique"] == (30, 0)
    assert deal_scores(PLAYERS, "Ann", score.event["deal"]) == score.scores
