"""The player's page's two forms: joining this name to another person's, and parting a name
joined before. Both change what every page counts, so they POST with CSRF."""

from __future__ import annotations

from flask_wtf import FlaskForm
from wtforms import StringField
from wtforms.validators import InputRequired

from ...core.text import MAX_NAME
from ..forms import Text


class JoinForm(FlaskForm):
    into = StringField("The same person as", validators=[
        InputRequired("Type the other name this person plays under."), Text(MAX_NAME, name=True)])


class PartForm(FlaskForm):
    """Only its CSRF token: the name to part is in the address."""
