"""Numbers as the screens write them: a true minus sign below zero, read aloud as "minus".

Kept apart from ``games`` so a module the games blueprint imports can use them too."""

from __future__ import annotations

MINUS = "\N{MINUS SIGN}"


def signed(points: int) -> str:
    """A hand's score as the standings show it.

    >>> signed(45), signed(-12), signed(0)
    ('+45', '−12', '0')
    """
    if points > 0:
        return f"+{points}"
    return f"{MINUS}{-points}" if points < 0 else "0"
