"""What the tablet shows of a round followed turn by turn (Jack Change It's), and the forms
its buttons post: worked out here once from the core's round, so the template only lays it
out at arm's length."""

from __future__ import annotations

from dataclasses import dataclass

from wtforms import FormField, StringField
from wtforms.validators import AnyOf, Optional

from ...core import Suit
from ...core.games.followed_hands import FollowedRound, follower
from ..forms import PickedCardForm, RefereeStepForm

class DealForm(RefereeStepForm):
    CORE_FIELDS = {"card": "upcard", "upcard": "upcard"}
    upcard = FormField(PickedCardForm)


class PlayForm(RefereeStepForm):
    """A card played (at ``pair``: a 2 with the A♥); a jack's suit is asked once the jack is
    tapped (``SuitQuestion``), and a suit sent with any other card is not kept."""

    CORE_FIELDS = {"cards": "card", "call": "call", "player": "card"}
    card = FormField(PickedCardForm)
    call = StringField(validators=[Optional(), AnyOf([s.value for s in Suit],
                                                     message="Tap the suit the jack names.")])


class DrawForm(RefereeStepForm):
    CORE_FIELDS = {"player": "player"}


FORMS = {"deal": DealForm, "play": PlayForm, "pair": PlayForm, "draw": DrawForm}
SHOWN_AS = {"pair": "play"}  # the form on the screen an action's buttons belong to


def round_forms() -> dict[str, RefereeStepForm]:
    # formdata=None: a fresh form, not the one just posted (FlaskForm reads the request).
    return {name: form(formdata=None) for name, form in FORMS.items() if name not in SHOWN_AS}


@dataclass(frozen=True)
class SuitQuestion:
    """A jack tapped: the suits it may change it to, asked before the play is recorded."""

    player: str
    card: str  # as shown: "J♥"
    suits: tuple[Suit, ...]

    @property
    def question(self) -> str:
        return f"{self.player} plays the {self.card}. Change it to which suit?"


@dataclass(frozen=True)
class RoundPanel:
    """What the tablet shows of the round being followed, from the core's round."""

    live: FollowedRound

    @property
    def seats(self) -> list[tuple[str, int]]:
        return [(name, self.live.state.hands[name]) for name in self.live.players]

    @property
    def direction(self) -> str:
        return "to the left" if self.live.state.direction == 1 else "to the right (reversed)"

    @property
    def said(self) -> str:
        """The last step and the referee's word on it: ``'Cy played Q♣. Legal: play changes
        direction.'``; a draw's word names it already (``'Di draws 9.'``)."""
        live = self.live
        if not live.steps:
            return ""
        if live.said.startswith(live.steps[-1].player + " "):
            return live.said
        return f"{live.steps[-1].describe()}. {live.said}"

    @property
    def draw_words(self) -> str:
        wanted = self.live.state.pending_draw or 1
        return f"{self.live.current} draws {wanted}"


def round_panel(state) -> RoundPanel | None:
    """The round's panel while a round is followed; else None."""
    return RoundPanel(state.live) if isinstance(state.live, FollowedRound) else None


def follows_rounds(state) -> bool:
    """Whether this game's referee follows rounds of its own (the deal needs the upcard)."""
    return state.keeping.followed and follower(state.setup.ruleset) is FollowedRound
