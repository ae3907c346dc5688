"""The question screens, opened from a game: each link carries what the game already knows
(the hand being played, the decks in play, the house rules, who plays), so nobody picks
"Hand 2" again or reads "Player 1".

Which questions a game asks is its ruleset's to say (the same fields the home page reads);
this module only fills in each screen's address from the game's state.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import url_for

from ...core.game import GameState
from ...core.games.registry import get_ruleset
from ...core.rummy.rummy_call import calls_on_the_pile
from ..shell.back_to_game import FROM_GAME
from ..forms import arrange_option_specs, changed_options, meld_option_specs, opening_option_specs


@dataclass(frozen=True)
class QuestionLink:
    label: str
    url: str
    about: str = ""  # for a screen reader: whose question, where there is one per team


def question_links(state: GameState, game_id: str) -> list[QuestionLink]:
    """The questions the game's ruleset asks, each prefilled from ``state``."""
    ruleset = get_ruleset(state.setup.ruleset)
    resolved = ruleset.resolve_options(state.setup.options)
    specs = {spec.name: spec for spec in ruleset.option_specs}

    def ask(endpoint: str, **fields) -> str:  # the screen leads back to the game
        return url_for(endpoint, **{FROM_GAME: game_id}, **fields)

    def options(names) -> dict:
        return changed_options(ruleset, {name: resolved[name] for name in names})

    hand, decks, key = state.hand or 1, state.decks, ruleset.key
    links = [QuestionLink("Check a meld", ask(
        "checker.check", game=key, decks=decks,
        **options(spec.name for spec in meld_option_specs(ruleset))))] if ruleset.has_melds else []
    if ruleset.arranges_hands:
        links.append(QuestionLink("Can I go down?" if ruleset.contracts else "Best melds", ask(
            "arranger.arrange_hand", game=key, decks=decks,
            hand=hand if ruleset.contracts or ruleset.opening else None,
            **options(spec.name for spec in arrange_option_specs(ruleset)))))
    if ruleset.opening is not None and ruleset.opening_check is not None:
        links.append(QuestionLink("Can we open?", ask(
            "questions.opening", game=key, decks=decks, hand=min(hand, ruleset.opening.hands),
            **options(spec.name for spec in opening_option_specs(ruleset)))))
    if ruleset.going_out is not None:
        for team in state.setup.teams or ():
            partners = len(team.players)
            if partners not in ruleset.going_out.partners:
                continue
            links.append(QuestionLink("Can we go out?", ask(
                "questions.going_out", game=key, partners=partners,
                **{f"name{n}": name for n, name in enumerate(team.players, 1)}),
                about=team.name))
    if calls_on_the_pile(ruleset):
        links.append(QuestionLink("Can anyone call rummy?", ask(
            "rummy_check.check_pile", game=key, decks=decks,
            **options(name for name in ruleset.rummy_call.options if name in specs))))
    if ruleset.stakes is not None and ruleset.stakes.hand_alone:
        links.append(QuestionLink("Who’s lowest?", ask(
            "lowest.lowest", game=key, players=len(state.players), hand=state.hand,
            for_game=game_id, **{f"name{seat}": name for seat, name in enumerate(state.players)},
            **options(specs))))
    return links
