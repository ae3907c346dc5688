"""The end-of-hand form of a game played in teams: a group of fields per team (``team0-...``).

Kept apart from the other forms: its fields come from the game's ``TeamSheet`` (card
classes, counters, named penalties), and it shares only the hand form's own fields."""

from __future__ import annotations

from wtforms import Form, FormField
from wtforms.validators import NumberRange, Optional

from ...core.model.team_sheet import AMOUNTS, TeamSheet
from ..forms import HandForm, WholeNumberField

MOST = 999  # any count or total past this is a slip of the finger


def class_field(part: str, key: str) -> str:
    """``melded_joker``: how many cards of a class a team melded (or held)."""
    return f"{part}_{key}"


def total_field(part: str) -> str:
    return f"{part}_total"


def penalty_field(key: str) -> str:
    return f"penalty_{key}"


def _count(label: str) -> WholeNumberField:
    return WholeNumberField(label, validators=[Optional(), NumberRange(
        min=0, max=MOST, message=f"Enter 0 to {MOST}.")])


def team_form_class(sheet: TeamSheet, classes) -> type[Form]:
    class TeamForm(Form):
        pass

    for part in AMOUNTS:
        for card_class in classes[part]:
            setattr(TeamForm, class_field(part, card_class.key), _count(card_class.label))
        setattr(TeamForm, total_field(part), WholeNumberField("Total", validators=[
            Optional(), NumberRange(min=0, max=99_999, message="Enter 0 or more points.")]))
    for counter in sheet.counters:
        setattr(TeamForm, counter.field, _count(counter.label))
    for penalty in sheet.penalties:
        setattr(TeamForm, penalty_field(penalty.key), _count(penalty.label))
    return TeamForm


class TeamHandForm(HandForm):
    def team(self, index: int):
        return self[f"team{index}"]


def team_hand_form(sheet: TeamSheet, classes, teams: int, formdata=None, rows=None,
                   **data) -> TeamHandForm:
    """A hand form with a group per team, by its place (``team0-held_ace``...)."""

    class GameTeamHandForm(TeamHandForm):
        pass

    kind = team_form_class(sheet, classes)
    for index in range(teams):
        setattr(GameTeamHandForm, f"team{index}", FormField(kind))
    return GameTeamHandForm(formdata=formdata, **(rows or {}), **data)
