"""Can anyone call rummy? Tap in the discard pile and the table; the referee says who may call.

For each game whose rummy call may reach into the discard pile (500). A meld still
being tapped in (fewer than three cards) is left out of the question until it is whole.
"""

from __future__ import annotations

import re

from flask import Blueprint, redirect, request, url_for

from ...core import Card, RefereeInputError, Ruleset, parse_cards
from ...core.games.registry import RULESETS
from ...core.rummy.rummy_call import calls_on_the_pile
from ..forms import add_error, changed_options, pile_rummy_form
from .picker import has_errors, picker_context, was_tapped
from .pile_taps import PileTaps, apply_pile_tap
from ..shell.rendering import not_for_this_game, render_screen, wants_fragment
from ..shell.back_to_game import carried_back

bp = Blueprint("rummy_check", __name__, url_prefix="/rummy")

_TABLE_FIELD = re.compile(r"^table\[([0-9]+)\]")


@bp.get("/<game>")
def check_pile(game: str):
    ruleset = RULESETS.get(game)
    if ruleset is None or not calls_on_the_pile(ruleset):
        return _no_such_screen(game)
    form = pile_rummy_form(ruleset, request.args)
    form.validate()
    taps = apply_pile_tap(form)
    options = {name: form[name].data for name in ruleset.rummy_call.options}
    canonical = url_for("rummy_check.check_pile", game=ruleset.key, decks=form.decks.data,
                        suit=form.suit.data, into=taps.into, pile=taps.pile_text or None,
                        table=taps.table_text or None, **changed_options(ruleset, options),
                        **carried_back())
    if was_tapped(request.args) and not wants_fragment():
        # A tap without htmx lands on the plain URL, so reloading never taps twice.
        return redirect(canonical, 303)

    question = _Question(taps)
    rules = None
    if not has_errors(form):
        try:
            rules = ruleset.configure(options=options, decks=form.decks.data)
        except RefereeInputError as error:  # the form has checked each house rule's value
            add_error(form.decks, error.message)
    if rules is not None:
        question.ask(ruleset, rules, form)
    form.pile.data, form.table.data = taps.pile_text, taps.table_text
    deck = ruleset.deck(ruleset.resolve_options()) if rules is None else rules.deck
    response = render_screen(
        "rummy_check.html", "_rummy_check.html", 422 if has_errors(form) else 200,
        ruleset=ruleset, form=form, taps=taps, question=question, problems=has_errors(form),
        option_fields=[(spec, form[spec.name]) for spec in ruleset.option_specs
                       if spec.name in options],
        **picker_context(ruleset, deck, question.every_card, form, rules))
    if wants_fragment():
        response.headers["HX-Replace-Url"] = canonical
    return response


class _Question:
    """The cards tapped in, the question put to the ruleset, and its answer."""

    def __init__(self, taps: PileTaps):
        self.taps = taps
        self.pile: list[Card] = []
        self.table: list[list[Card]] = []
        self.whole: list[int] = []  # the melds asked about: those with enough cards
        self.verdict = None
        self.meld_errors: dict[int, str] = {}

    @property
    def shown_pile(self) -> list[Card | str]:
        return self.taps.shown_pile

    @property
    def shown_table(self) -> list[list[Card | str]]:
        return self.taps.shown_table

    @property
    def every_card(self) -> list[Card]:
        return [*self.pile, *(card for meld in self.table for card in meld)]

    @property
    def taken(self) -> list[Card]:
        return self.pile[len(self.pile) - self.verdict.depth:]

    @property
    def laid_off_on(self) -> list[int]:
        """The melds the card lays off on, numbered as on the screen (from 0)."""
        return [self.whole[i] for i in self.verdict.lays_off_on]

    def ask(self, ruleset: Ruleset, rules, form) -> None:
        try:
            self.pile = parse_cards(self.taps.pile_text, "discard_pile")
            self.table = [parse_cards(" ".join(meld), f"table[{i}]")
                          for i, meld in enumerate(self.taps.table)]
        except RefereeInputError as error:
            self._put_beside(error.field, error.message, form)
            return
        smallest = min(rules.melds.min_book, rules.melds.min_run)
        self.whole = [i for i, meld in enumerate(self.table) if len(meld) >= smallest]
        if not self.pile and not self.table:
            return  # nothing tapped in yet: no answer
        try:
            self.verdict = ruleset.rummy_call.check(
                self.pile, [self.table[i] for i in self.whole], rules)
        except RefereeInputError as error:
            self._put_beside(_renumbered(error.field, self.whole), error.message, form)

    def _put_beside(self, field: str | None, message: str, form) -> None:
        """Put a refusal beside the pile or the meld it names."""
        match = _TABLE_FIELD.match(field or "")
        if match:
            self.meld_errors[int(match.group(1))] = message
            add_error(form.table, message)
        else:
            add_error(form.pile, message)


def _renumbered(field: str | None, whole: list[int]) -> str | None:
    """A field of the question (``table[0][2]``) named as the meld is numbered on the screen."""
    match = _TABLE_FIELD.match(field or "")
    if not match:
        return field
    return f"table[{whole[int(match.group(1))]}]{field[match.end():]}"



def _no_such_screen(game: str):
    return not_for_this_game(
        game, "No rummy calls to check",
        "a game whose rummy calls reach into the discard pile.",
        "rummy_check.check_pile", calls_on_the_pile)
