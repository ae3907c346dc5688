"""The devices signed in with the instance password, by a digest of each one's id (the id
itself is only in its signed session cookie)."""

from __future__ import annotations

import hashlib
from datetime import timedelta

from sqlalchemy import delete

from ..extensions import db
from .models import SignIn, utc_now


def device_digest(device: str) -> str:
    """What the database keeps of a device's id: the id itself stays in its cookie."""
    return hashlib.sha256(device.encode()).hexdigest()


def record_sign_in(device: str, kept_for: timedelta) -> None:
    """``device`` is signed in; sign-ins older than ``kept_for`` (the cookie's own life) go."""
    db.session.execute(delete(SignIn).where(SignIn.signed_in_at < utc_now() - kept_for))
    db.session.add(SignIn(digest=device_digest(device)))
    db.session.commit()


def still_signed_in(device: str) -> bool:
    return db.session.get(SignIn, device_digest(device)) is not None


def forget_sign_in(device: str) -> None:
    db.session.execute(delete(SignIn).where(SignIn.digest == device_digest(device)))
    db.session.commit()
