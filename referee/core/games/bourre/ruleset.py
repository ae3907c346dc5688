"""Bourré as a kept game: a night for money, each hand entered as who played, the tricks each
took, penalties and whether an ace was turned as trump, and settled against the pot the hand
before left (``kept.settle``); the shared ledger keeps each player's net and settles the
night.

>>> from referee.core.model.keeping import ScoreSheet
>>> table = BOURRE.configure()
>>> BOURRE.keeping.score(table, ("Ann", "Bob"), ScoreSheet(None, settling={
...     "played": ["Ann", "Bob"], "tricks": {"Ann": 5}})).scores  # Ann takes Bob's ante
{'Ann': 1, 'Bob': -1}
"""

from __future__ import annotations

from ...model.keeping import EntryShape, GameEnd, Keeping, Ranking
from ...model.ruleset import game_without_melds
from ...model.stakes import Stakes
from .cards import DECK, HAND_SIZE, PLAYERS, TITLE
from .kept import FIELDS, opening_pot, read, settle
from .rules_text import RULES_TEXT

BOURRE = game_without_melds(
    key="bourre",
    title=TITLE,
    # 2: a pot still standing counts as its players' in their nets (issue 37).
    scoring_edition=2,
    summary="Two to eight players, five cards each and five tricks, for money: everyone antes "
            "into a pot, the most tricks take it, a tie carries it, and a player who played "
            "and took none matches it. A night is a ledger of who owes whom.",
    deck=DECK,  # cards rank; none scores
    hand_size=HAND_SIZE,
    players=PLAYERS,
    keeping=Keeping(EntryShape.POT, Ranking.HIGHEST_FIRST, end=lambda options: GameEnd(),
                    stock_may_run_out=True,
                    stakes=Stakes((), read, settle, fields=FIELDS, who_field="played",
                                  claims_field="penalties", counts_field="tricks", pot=True,
                                  opening_pot=opening_pot,
                                  flag_field="trump_ace",
                                  flag_question="Was the turned card an ace?",
                                  unit="ante", stake_label="The ante",
                                  stake_hint="What each player puts into the pot for a "
                                             "hand. Say what it is worth and the night's "
                                             "ledger shows money; leave it empty to count "
                                             "in antes.",
                                  count_words="tricks: {}")),
    rules_text=RULES_TEXT,
)
