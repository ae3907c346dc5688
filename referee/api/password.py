"""The API's side of the instance password (``referee.doors``): an operation that makes or
lists a server's games answers 401 unless the request carries the password, as HTTP Basic
authentication (any user name, e.g. ``curl -u :password``). Off, it asks nothing."""

from __future__ import annotations

from functools import wraps

from flask import Response, request

from .. import doors
from .errors import error_response

REALM = 'Basic realm="Rummy Referee", charset="UTF-8"'


def password_guarded(view):
    @wraps(view)
    def behind_the_door(*args, **kwargs):
        if not doors.password_on():
            return view(*args, **kwargs)
        given = request.authorization
        try:
            if given and given.type == "basic" and doors.password_matches(given.password):
                return view(*args, **kwargs)
        except doors.TooManyGuesses:
            return _too_many()
        return _password_needed()
    return behind_the_door


def _password_needed() -> Response:
    response = error_response(
        401, "password_needed", "This server keeps its games behind a password: send it "
        "with HTTP Basic authentication (any user name).", "Authorization")
    response.headers["WWW-Authenticate"] = REALM
    return response


def _too_many() -> Response:
    response = error_response(429, "too_many_guesses", "Too many wrong passwords from this "
                              "address: wait a minute, then try again.", "Authorization")
    response.headers["Retry-After"] = str(int(doors.GUESS_WINDOW))
    return response
