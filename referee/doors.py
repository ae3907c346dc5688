"""The instance password: off unless the organiser sets one with ``referee password``.

At home anyone on the network may list, download and import every game. A club server on a
shared network can have a password that guards the games list, the download of every game,
import, the players page and making new games (on the screens and through the API). A game's
own pages stay open to whoever holds its watch or join link: its id cannot be guessed, and the
join link carries the game's edit key.

Only a hash of the password is kept, in the instance folder's ``password`` file; the server
reads it as it starts. A device that signs in keeps a mark of the password in its signed
session cookie: a new password signs every device out. The cookie also names the sign-in,
kept in the database (``store.sign_ins``): signing out deletes it, so a copy of the cookie
taken before is signed out too.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
from collections import deque
from pathlib import Path

from flask import current_app, g, request, session
from werkzeug.security import check_password_hash, generate_password_hash

from .store.sign_ins import forget_sign_in, record_sign_in, still_signed_in

PASSWORD_FILE = "password"
SIGNED_IN = "signed_in"
DEVICE = "sign_in_id"
# Wrong guesses from one address: this many in this many seconds, and it must wait. Enough for
# a family's typos, far too few to try a dictionary.
GUESSES = 5
GUESS_WINDOW = 60.0


def read_password_hash(instance: Path) -> str | None:
    path = instance / PASSWORD_FILE
    try:
        return path.read_text().strip() or None
    except FileNotFoundError:
        return None


def set_password(instance: Path, password: str) -> None:
    path = instance / PASSWORD_FILE
    path.unlink(missing_ok=True)  # made anew so that only its owner may read it
    path.touch(mode=0o600)
    path.write_text(generate_password_hash(password) + "\n")


def remove_password(instance: Path) -> bool:
    path = instance / PASSWORD_FILE
    existed = path.exists()
    path.unlink(missing_ok=True)
    return existed


def password_on() -> bool:
    return bool(current_app.config.get("PASSWORD_HASH"))


def _mark() -> str:
    """What a signed-in session holds: a digest of the password's hash (never the password)."""
    return hashlib.sha256(current_app.config["PASSWORD_HASH"].encode()).hexdigest()[:32]


def signed_in() -> bool:
    """May this request pass the guarded doors: no password set, or a session signed in
    with this password and not signed out since (asked of the database once a request)."""
    if not password_on():
        return True
    if "referee_signed_in" not in g:
        device = session.get(DEVICE)
        g.referee_signed_in = (session.get(SIGNED_IN) == _mark() and isinstance(device, str)
                               and still_signed_in(device))
    return g.referee_signed_in


class TooManyGuesses(Exception):
    """This address guessed wrong too often of late: it must wait before trying again."""


class _Guesses:
    """The times of each address's recent guesses (in memory, each server process its own: a
    restart forgets them).

    A guess is counted before its password is hashed, under the lock, and forgiven once it
    proves right: forty guesses sent at once are forty counted, and only the first few are
    ever hashed, however long each hash takes.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counted: dict[str, deque[float]] = {}

    def _recent(self, address: str, now: float) -> deque[float]:
        times = self._counted.setdefault(address, deque())
        while times and now - times[0] > GUESS_WINDOW:
            times.popleft()
        return times

    def count(self, address: str, now: float) -> None:
        """Count one guess from ``address``, or raise ``TooManyGuesses`` if it has had its
        share of late."""
        with self._lock:
            times = self._recent(address, now)
            if len(times) >= GUESSES:
                raise TooManyGuesses()
            times.append(now)
            # Forget the addresses that have waited long enough, so the table stays small.
            for other in [a for a, t in self._counted.items()
                          if not t or now - t[-1] > GUESS_WINDOW]:
                del self._counted[other]

    def forgive(self, address: str, counted_at: float) -> None:
        """A guess that proved right is no longer held against its address."""
        with self._lock:
            times = self._counted.get(address)
            if times and counted_at in times:
                times.remove(counted_at)


def _guesses() -> _Guesses:
    return current_app.extensions.setdefault("referee_guesses", _Guesses())


def clock() -> float:
    return time.monotonic()


def password_matches(password: str | None) -> bool:
    """Whether ``password`` is the instance's (compared in constant time, by werkzeug, on
    salted hashes). Raises ``TooManyGuesses`` after too many wrong ones from this address;
    no password at all is no guess."""
    if not password:
        return False
    address, now = request.remote_addr or "", clock()
    _guesses().count(address, now)
    if check_password_hash(current_app.config["PASSWORD_HASH"], password):
        _guesses().forgive(address, now)
        return True
    return False


def sign_in() -> None:
    device = secrets.token_urlsafe(32)
    record_sign_in(device, current_app.permanent_session_lifetime)
    session[SIGNED_IN], session[DEVICE] = _mark(), device
    session.permanent = True  # a club's tablet stays signed in for the session's 31 days
    g.pop("referee_signed_in", None)


def sign_out() -> None:
    device = session.pop(DEVICE, None)
    if isinstance(device, str):
        forget_sign_in(device)
    session.pop(SIGNED_IN, None)
    g.pop("referee_signed_in", None)
