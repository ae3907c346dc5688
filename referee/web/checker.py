"""The meld checker: tap or type cards, see at once whether they make a legal meld."""

from __future__ import annotations

from collections import Counter

from flask import Blueprint, abort, redirect, request, url_for

from ..core import Card, RefereeInputError, Rank, Suit, Verdict, format_cards, parse_cards
from ..core.cards import JOKER, natural
from ..core.rulesets import RULESETS
from .forms import DECK_CHOICES, SUIT_CHOICES, checker_form, meld_option_fields
from .rendering import render_screen, wants_fragment

bp = Blueprint("checker", __name__, url_prefix="/check")

ACTIONS = ("add", "remove", "clear")


@bp.get("/<game>")
def check(game: str):
    ruleset = RULESETS.get(game)
    if ruleset is None:
        abort(404)
    form = checker_form(ruleset, request.args)
    form.validate()
    text = _apply_tap(form)
    options = {f.name: f.data for f in meld_option_fields(form, ruleset)}
    canonical = url_for("checker.check", game=ruleset.key, decks=form.decks.data,
                        suit=form.suit.data, cards=text or None,
                        **{name: "y" for name, on in options.items() if on})
    if any(request.args.get(a) is not None for a in ACTIONS) and not wants_fragment():
        # A tap without htmx lands on the plain URL, so reloading never taps twice.
        return redirect(canonical, 303)

    deck = ruleset.deck(ruleset.resolve_options(options))
    cards: list[Card] = []
    verdict: Verdict | None = None
    table = None
    if not _has_errors(form):
        try:
            table = ruleset.configure(options=options, decks=form.decks.data)
            cards = parse_cards(text)
            text = format_cards(cards)
            verdict = table.check_meld(cards)
        except RefereeInputError as error:
            target = form.decks if error.field == "decks" else form.cards
            target.errors = [*target.errors, error.message]
    form.cards.data = text
    response = render_screen(
        "checker.html", "_checker.html", 422 if _has_errors(form) else 200,
        ruleset=ruleset, form=form, cards=cards, verdict=verdict,
        option_fields=meld_option_fields(form, ruleset),
        ranks=[r for r in Rank if r in deck.ranks],
        jokers_in_game=deck.jokers_per_deck > 0,
        used_up=_used_up(cards, form, table),
        canonical=canonical,
        deck_choices=DECK_CHOICES,
        suit_choices=SUIT_CHOICES,
    )
    if wants_fragment():
        response.headers["HX-Replace-Url"] = canonical
    return response


def _has_errors(form) -> bool:
    # Not form.errors: WTForms caches that dict, and the core's errors are added later.
    return any(field.errors for field in form)


def _apply_tap(form) -> str:
    """The typed cards after the tap this request carries."""
    text = (form.cards.data or "").strip()
    if form.clear.data:
        return ""
    if form.add.data and not form.add.errors:
        tapped = form.add.data.strip().upper()
        text = f"{text} {tapped if tapped == 'JK' else tapped + (form.suit.data or 'S')}"
    if form.remove.data is not None and not form.remove.errors:
        words = text.split()
        if form.remove.data < len(words):
            del words[form.remove.data]
        text = " ".join(words)
    return text.strip()


def _used_up(cards: list[Card], form, table) -> set[str]:
    """Rank buttons to grey out: every copy of that card is already picked."""
    if table is None:
        return set()
    counts = Counter(card.supply_key for card in cards)
    suit = Suit(form.suit.data) if form.suit.data in {s.value for s in Suit} else Suit.SPADES
    used = {rank.label for rank in Rank
            if counts[natural(rank, suit).supply_key] >= table.deck.copies_of(natural(rank, suit),
                                                                              table.decks)}
    if counts["JK"] >= table.deck.copies_of(JOKER, table.decks):
        used.add("JK")
    return used
