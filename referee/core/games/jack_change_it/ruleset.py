"""Jack Change It as a kept game: a night of rounds, each won by the first player out. The
round's entry is who went out; a player's total is the rounds they won. The night lasts a set
number of rounds, or until the table ends it (a house option).

>>> from referee.core.model.keeping import ScoreSheet
>>> table = JACK_CHANGE_IT.configure()
>>> JACK_CHANGE_IT.keeping.score(table, ("Ann", "Bo", "Cy"), ScoreSheet("Bo")).scores
{'Ann': 0, 'Bo': 1, 'Cy': 0}
>>> JACK_CHANGE_IT.keeping.end(table.options).describe()
'until the table ends it'
>>> JACK_CHANGE_IT.keeping.end({"night_ends": "rounds", "rounds": 5}).describe()
'5 hands'
"""

from __future__ import annotations

from ...model.keeping import EntryShape, GameEnd, Keeping, Ranking
from ...model.ruleset import OptionSpec, Options, game_without_melds
from .cards import DECK, HAND_SIZE, PLAYERS, TITLE
from .rules_text import RULES_TEXT

ROUNDS, ROUNDS_RANGE = 5, (1, 50)
BY_TABLE, BY_ROUNDS = "table", "rounds"

OPTIONS = (
    OptionSpec("night_ends", BY_TABLE, "When the night of rounds ends: when the table says "
               "so, or after a set number of rounds.", choices=(BY_TABLE, BY_ROUNDS),
               question="When does the night end?",
               answers=((BY_TABLE, "When the table ends it"),
                        (BY_ROUNDS, "After a set number of rounds"))),
    OptionSpec("rounds", ROUNDS, "How many rounds a night lasts, when it lasts a set number.",
               minimum=ROUNDS_RANGE[0], maximum=ROUNDS_RANGE[1],
               question="How many rounds, when the night lasts a set number?"),
)


def night_end(options: Options) -> GameEnd:
    """A set number of rounds, or none: the table ends the night when it likes."""
    if options["night_ends"] == BY_ROUNDS:
        return GameEnd(hands=options["rounds"])
    return GameEnd()


JACK_CHANGE_IT = game_without_melds(
    key="jack-change-it",
    hand_noun="round",  # a night of rounds, each won by going out
    title=TITLE,
    summary="Two to six players, one deck, seven cards each; match the top card by suit or "
            "rank. 2s and the A♥ make the next player draw, 8s skip, queens reverse, jacks "
            "change the suit. The first player out wins the round; the night counts rounds won.",
    option_specs=OPTIONS,
    deck=DECK,  # no card is worth anything: a round is won, not scored
    hand_size=HAND_SIZE,
    players=PLAYERS,
    keeping=Keeping(EntryShape.WENT_OUT, Ranking.HIGHEST_FIRST, end=night_end, followed=True),
    rules_text=RULES_TEXT,
)
