"""The family's history in the core: ratings checked against openskill's own Plackett-Luce run
directly on the same outcomes (a tie, a partnership, a correction after the end), records and
a player's figures from real games' summaries."""

from __future__ import annotations

from datetime import date, datetime

from openskill.models import PlackettLuce

from referee.core.game import GameSetup, HandCorrected, HandScored, replay
from referee.core.game.events import event_from_dict
from referee.core.game.stats import GameSummary
from referee.core.history import (FinishedGame, Period, PlayedGame, player_figures, rate,
                                  records)


def eversol(players, hands, *more):
    """A whole Eversol game (six hands, lowest total best): ``hands`` are each hand's
    (who went out, the others' points)."""
    events = [HandScored(n, out, points) for n, (out, points) in enumerate(hands, start=1)]
    return replay(GameSetup.create("eversol", players, first_dealer=players[0]),
                  [*events, *more])


def finished(n, state, ruleset_day=1):
    return FinishedGame(f"g{n:02}", datetime(2026, 3, ruleset_day, n),
                        GameSummary.from_dict(GameSummary.of(state).to_dict()))


SIX = [("Ann", {"Bo": 10, "Cy": 20}), ("Ann", {"Bo": 10, "Cy": 20}),
       ("Bo", {"Ann": 5, "Cy": 5}), ("Ann", {"Bo": 10, "Cy": 20}),
       ("Cy", {"Ann": 5, "Bo": 5}), ("Ann", {"Bo": 10, "Cy": 20})]
# Ann 10, Bo 45, Cy 85: Ann first; the tie: Ann 10, Bo and Cy level on 55.
TIED = [("Ann", {"Bo": 20, "Cy": 20}), ("Ann", {"Bo": 20, "Cy": 20}),
        ("Bo", {"Ann": 5, "Cy": 5}), ("Cy", {"Ann": 5, "Bo": 5}),
        ("Ann", {"Bo": 5, "Cy": 5}), ("Ann", {"Bo": 5, "Cy": 5})]


def renamed(hands, old="Bo", new="Di"):
    def name(who):
        return new if who == old else who
    return [(name(out), {name(who): points for who, points in held.items()})
            for out, held in hands]


def hand_and_foot():
    players = ["Ann", "Bo", "Cy", "Di"]
    teams = [{"name": "Us", "players": ["Ann", "Cy"]}, {"name": "Them", "players": ["Bo", "Di"]}]
    entry = {"held": 0, "clean_piles": 0, "dirty_piles": 0, "wild_piles": 0, "red_threes": 0,
             "went_out": False}
    hands = [event_from_dict({"type": "hand_scored", "hand": n, "teams": {
        "Us": {**entry, "melded": 50}, "Them": {**entry, "melded": 100}}}) for n in range(1, 5)]
    return replay(GameSetup.create("hand-and-foot", players, first_dealer="Ann", teams=teams),
                  hands)


def openskill_run(outcomes):
    """openskill itself: each outcome a list of (team of names, rank)."""
    model, current = PlackettLuce(), {}
    for outcome in outcomes:
        teams = [[current.get(name) or model.rating(name=name) for name in names]
                 for names, _ in outcome]
        rated = model.rate(teams, ranks=[rank for _, rank in outcome])
        for (names, _), team in zip(outcome, rated):
            current.update(zip(names, team))
    return {name: (rating.mu, rating.sigma) for name, rating in current.items()}


def ours(ratings):
    return {rating.name: (rating.mu, rating.sigma) for rating in ratings.players}


def test_every_rating_is_openskills_own_plackett_luce_on_the_same_outcomes():
    games = [finished(1, eversol(["Ann", "Bo", "Cy"], SIX)),
             finished(2, eversol(["Ann", "Bo", "Cy"], TIED)),
             finished(3, eversol(["Cy", "Ann", "Di"], renamed(SIX)))]
    assert games[1].summary.places == {"Ann": 1, "Bo": 2, "Cy": 2}  # the tie
    expected = openskill_run([
        [(["Ann"], 1), (["Bo"], 2), (["Cy"], 3)],
        [(["Ann"], 1), (["Bo"], 2), (["Cy"], 2)],
        [(["Cy"], 3), (["Ann"], 1), (["Di"], 2)]])
    # Given in any order: rated in the order the games finished.
    ratings = rate("eversol", games[::-1])
    assert ours(ratings) == expected
    assert [r.name for r in ratings.players] == sorted(
        expected, key=lambda name: -(expected[name][0] - 3 * expected[name][1]))
    assert [point.game_id for point in ratings.history["Ann"]] == ["g01", "g02", "g03"]


def test_partners_are_rated_as_the_team_of_their_players():
    ratings = rate("hand-and-foot", [finished(1, hand_and_foot())])
    assert ours(ratings) == openskill_run([[(["Bo", "Di"], 1), (["Ann", "Cy"], 2)]])
    assert ratings.players[0].name in ("Bo", "Di")


def test_a_correction_after_the_end_rates_again_from_that_game_on_and_not_before():
    first = finished(1, eversol(["Ann", "Bo", "Cy"], SIX))
    second = eversol(["Ann", "Bo", "Cy"], SIX)
    third = finished(3, eversol(["Ann", "Bo", "Cy"], TIED))
    before = rate("eversol", [first, finished(2, second), third])
    # Hand 6 of game 2 was Cy's out, not Ann's: Ann 10+20 = 30... now Cy first.
    corrected = eversol(["Ann", "Bo", "Cy"], SIX,
                        HandCorrected(6, "Cy", {"Ann": 60, "Bo": 60}, "Cy went out"))
    assert corrected.finished and corrected.ranking[0].name == "Cy"
    games = [first, finished(2, corrected), third]
    after = rate("eversol", games)
    assert ours(after) == openskill_run([
        [(["Ann"], 1), (["Bo"], 2), (["Cy"], 3)],
        [(["Cy"], 1), (["Ann"], 2), (["Bo"], 3)],
        [(["Ann"], 1), (["Bo"], 2), (["Cy"], 2)]])
    assert after.history["Ann"][0] == before.history["Ann"][0]
    assert after.history["Ann"][1] != before.history["Ann"][1]
    # Rated again from the corrected game on, the first game's ratings taken as they were.
    assert rate("eversol", games, earlier=before, unchanged=1) == after


def test_a_game_not_finished_is_not_rated_and_few_games_say_still_settling():
    unfinished = eversol(["Ann", "Bo"], [("Ann", {"Bo": 10})] * 3)
    assert not unfinished.finished
    played = PlayedGame("g09", datetime(2026, 3, 1), None, GameSummary.of(unfinished))
    assert played.as_finished is None
    ratings = rate("eversol", [finished(1, eversol(["Ann", "Bo", "Cy"], SIX))])
    assert ratings.players[0].words.endswith(", still settling")
    assert ratings.players[0].words.startswith("rating ")


def test_joined_names_are_rated_as_one_person():
    games = [finished(1, eversol(["Ann", "Bo", "Cy"], SIX)),
             finished(2, eversol(["Annie", "Bo", "Cy"], renamed(SIX, "Ann", "Annie")))]
    ratings = rate("eversol", games, lambda name: "Ann" if name == "Annie" else name)
    assert ratings.of("Ann").games == 2 and ratings.of("Annie") is None


def test_records_say_the_best_in_the_games_own_direction_with_their_game():
    games = [finished(1, eversol(["Ann", "Bo", "Cy"], SIX)),
             finished(2, eversol(["Ann", "Bo", "Cy"], TIED))]
    found = {record.title: record for record in records("eversol", games)}
    assert (found["Lowest final total"].holder, found["Lowest final total"].figure) == (
        "Ann", "10 points")
    assert found["Highest final total"].figure == "85 points"
    assert (found["Biggest win"].figure, found["Biggest win"].game_id) == (
        "by 45 points", "g02")  # Ann 10 to Bo's and Cy's 55
    assert found["Best single hand"].figure == "0 points"
    assert (found["Longest run of wins"].holder, found["Longest run of wins"].figure,
            found["Longest run of wins"].game_id) == ("Ann", "2 games in a row", "g02")


def test_a_players_figures_count_each_game_and_the_period():
    games = [PlayedGame(g.game_id, g.finished_at, g.finished_at, g.summary)
             for g in (finished(1, eversol(["Ann", "Bo", "Cy"], SIX)),
                       finished(2, eversol(["Ann", "Bo", "Cy"], TIED)))]
    unfinished = eversol(["Ann", "Bo"], [("Ann", {"Bo": 10})] * 2)
    games.append(PlayedGame("g03", datetime(2025, 5, 1), None, GameSummary.of(unfinished)))
    figures = player_figures("Bo", games, today=date(2026, 6, 1))
    (game,) = figures.games
    assert (game.played, game.finished, game.won, game.win_rate) == (3, 2, 0, 0.0)
    assert game.average_place == 2 and (game.best_total, game.worst_total) == (45, 55)
    assert game.current_streak == "lost the last 2 games"
    assert [(h.opponent, h.ahead, h.behind) for h in figures.head_to_head] == [
        ("Ann", 0, 2), ("Cy", 1, 0)]
    last_year = player_figures("Bo", games, period=Period.LAST_YEAR, today=date(2026, 6, 1))
    assert [(g.played, g.finished) for g in last_year.games] == [(1, 0)]


def test_a_game_for_stakes_counts_its_wins_in_money_where_a_stake_was_set():
    def night(n, totals, stake):
        summary = GameSummary("tonk", "Tonk", tuple(totals), totals, 5, None, None, "", (),
                              (max(totals, key=totals.get),), True,
                              places={name: 1 if total == max(totals.values()) else 2
                                      for name, total in totals.items()},
                              stake=stake, currency="USD" if stake else None)
        return FinishedGame(f"n{n}", datetime(2026, 3, n), summary)

    nights = [night(1, {"Ann": 3, "Bo": -3}, "0.25"), night(2, {"Ann": -1, "Bo": 1}, "0.25"),
              night(3, {"Ann": 9, "Bo": -9}, None)]  # for points: no money
    played = [PlayedGame(g.game_id, g.finished_at, g.finished_at, g.summary) for g in nights]
    assert player_figures("Ann", played).money == "+$0.50 over 2 games"
    biggest = {r.title: r for r in records("tonk", nights)}["Biggest win"]
    assert (biggest.holder, biggest.figure, biggest.game_id) == ("Ann", "took $0.75", "n1")
