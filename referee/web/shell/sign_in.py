"""The sign-in page of a server with a password (``referee.doors``), the way out, and the
mark on the screens it guards: the games list, every game's download, import, the players page
and new games. Off (no password set), nothing here changes any page."""

from __future__ import annotations

from functools import wraps
from urllib.parse import urlsplit

from flask import Blueprint, Response, flash, redirect, render_template, request, url_for
from flask_wtf import FlaskForm
from flask_wtf.csrf import CSRFError
from wtforms import HiddenField, PasswordField

from ... import doors
from ..forms import add_error
from .rendering import wants_fragment

bp = Blueprint("sign_in", __name__)


class SignInForm(FlaskForm):
    password = PasswordField("Password")
    next = HiddenField()


def guarded(view):
    """A screen only those who know the password reach, when there is one: anyone else is
    sent to sign in, and comes back here after."""
    @wraps(view)
    def behind_the_door(*args, **kwargs):
        if doors.signed_in():
            return view(*args, **kwargs)
        # A form posted from a page opened before is sent back to that page.
        going = (request.full_path.removesuffix("?") if request.method == "GET"
                 else request.referrer)
        target = url_for("sign_in.sign_in", next=_local(going))
        if wants_fragment():  # htmx would swap the whole sign-in page into a part of one
            return Response(status=204, headers={"HX-Redirect": target})
        return redirect(target, 303)
    return behind_the_door


def _local(address: str | None) -> str:
    """``address`` if it is a path on this server, else the home page: the sign-in must never
    send anyone to another site."""
    parts = urlsplit(address or "")
    if parts.path.startswith("/") and not parts.path.startswith("//") and "\\" not in parts.path:
        if not parts.netloc or parts.netloc == request.host:
            return parts.path + (f"?{parts.query}" if parts.query else "")
    return url_for("home.index")


@bp.route("/sign-in", methods=["GET", "POST"])
def sign_in():
    form = SignInForm(next=request.args.get("next"))
    going = _local(form.next.data)
    if not doors.password_on() or (request.method == "GET" and doors.signed_in()):
        return redirect(going, 303)
    status = 200
    if form.validate_on_submit():
        try:
            if doors.password_matches(form.password.data):
                doors.sign_in()
                return redirect(going, 303)
            add_error(form.password, "That is not the password. Check it with whoever runs "
                                     "this server and try again." if form.password.data else
                                     "Type the password first.")
            status = 422
        except doors.TooManyGuesses:
            add_error(form.password, "Too many wrong passwords from this device: wait a "
                                     "minute, then try again.")
            status = 429
    form.next.data = going
    return render_template("sign_in.html", form=form), status


@bp.post("/sign-out")
def sign_out():
    if SignInForm().validate_on_submit():
        doors.sign_out()
        flash("Signed out: this device needs the password again for the games.")
    return redirect(url_for("home.index"), 303)


@bp.errorhandler(CSRFError)
def form_expired(error):
    """A sign-in from a page whose form token the device lost (its cookies cleared, say):
    asked again, in words; a sign-out so refused has nothing left to sign out."""
    if request.endpoint != "sign_in.sign_in":
        return redirect(url_for("home.index"), 303)
    form = SignInForm(formdata=None, next=_local(request.form.get("next")))
    add_error(form.password, "This page had lost track of this device (its cookies may have "
                             "been cleared): type the password again.")
    return render_template("sign_in.html", form=form), 400
