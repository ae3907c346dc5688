"""Eversol's name and house rules: what the ruleset and its hand's rulings both read."""

from __future__ import annotations

from ...model.ruleset import Options, OptionSpec, resolve_house_options

TITLE = "Eversol Rummy"

OPTIONS = (
    OptionSpec("buy_limit", None,
               "Most discards one player may buy in a hand; leave empty for no limit.",
               minimum=1, maximum=20,
               question="How many discards may one player buy in a hand?",
               hint="Leave it empty for no limit."),
    OptionSpec("rummy_card", "dead",
               "A called rummy card is dead, or the caller puts it on a meld it fits.",
               choices=("dead", "meld"),
               question="What becomes of a card rummy is called on?",
               answers=(("dead", "It is dead"), ("meld", "The caller puts it on a meld it fits"))),
    OptionSpec("rummy_beats_buy", True,
               "A rummy call still kills the card after someone has asked to buy it.",
               question="Does a rummy call still kill a card someone has asked to buy?"),
    OptionSpec("aris_rule", True,
               "Ari's rule: whoever threw the rummy card is charged the points of both dead cards.",
               question="Is whoever threw a rummy card charged the points of both dead cards "
                        "(Ari's rule)?"),
    # Off, the referee offers Rummy! on any card thrown once someone was down, so the table
    # still has to notice a rummy card; on, the button itself says the card is one.
    OptionSpec("offer_rummy_only_when_it_fits", False,
               "Offer Rummy! only on a card that fits a meld? The button then tells the whole "
               "table that the card is a rummy card.",
               question="Offer Rummy! only on a card that fits a meld?",
               hint="The button then tells the whole table that the card is a rummy card."),
    OptionSpec("joker_buyer_warning", True,
               "Warn, without forbidding it, when a player who is down throws a card that could "
               "free a joker while two or more players are still not down.",
               question="Warn, without forbidding it, when a player who is down throws a card "
                        "that could free a joker while two or more are still not down?"),
)


def resolve_options(options: Options | None = None) -> Options:
    """Eversol's defaults overlaid with the table's choices; unknown names raise."""
    return resolve_house_options(TITLE, OPTIONS, options)
