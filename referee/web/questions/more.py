"""The question screens of the games the referee answers for but does not keep score of yet
(Escoba, Bourré, FreeCell, ...): the ONE list of them, with their titles, that the home page shows under
"More games at the table". Each entry names its screen by endpoint; the game's title comes
from its core. When these games declare their questions themselves (a ``Ruleset``'s list of
small question objects, design/families.md), this list becomes that data, read off the
registry, and this module goes."""

from __future__ import annotations

from dataclasses import dataclass

from ...core.games import bourre, escoba, freecell, jack_change_it, piquet
from . import bourre as bourre_screen
from . import escoba as escoba_screen
from . import jack_change_it as jack_change_it_screen
from . import piquet as piquet_screen


@dataclass(frozen=True)
class QuestionScreen:
    game: str  # the game's title, as players say it
    question: str  # the question, as a player asks it
    endpoint: str


BLUEPRINTS = (escoba_screen.bp, bourre_screen.bp, piquet_screen.bp, jack_change_it_screen.bp)
SCREENS = (
    QuestionScreen(escoba.TITLE, "What can I take?", "escoba_question.what_can_i_take"),
    QuestionScreen(escoba.TITLE, "Does the deal give the dealer an escoba?",
                   "escoba_question.opening_escobas"),
    QuestionScreen(bourre.TITLE, "What may I play?", "bourre_question.what_may_i_play"),
    QuestionScreen(bourre.TITLE, "Is it a cinch?", "bourre_question.is_it_a_cinch"),
    QuestionScreen(piquet.TITLE, "Who scores the declarations?", "piquet_question.declarations"),
    QuestionScreen(jack_change_it.TITLE, "Can I play this on that?",
                   "jack_change_it_question.can_i_play"),
    QuestionScreen(freecell.TITLE, "Play FreeCell", "freecell.start"),
)


def by_game() -> list[tuple[str, list[QuestionScreen]]]:
    """The screens grouped under their game, in the order listed."""
    games: dict[str, list[QuestionScreen]] = {}
    for screen in SCREENS:
        games.setdefault(screen.game, []).append(screen)
    return list(games.items())
