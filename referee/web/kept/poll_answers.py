"""Polled fragments rendered once per game version and variant, for every device that polls.

Fifty phones and a TV watching one game all poll its board: after each change every one
of them gets a 200 carrying the same HTML, which took about 9 ms of CPU to render. So the
rendered fragment is kept by what it depends on (its ETag: game, version, part, who looks,
the notice's seen step; and the prefix a proxy serves the app under), and the first poll
after a change renders it while the others wait for it and reuse it.

A game's version only moves on, so a kept fragment never goes stale; each app process
keeps its own, which is right for several processes on one database since the version is
in the key. Nothing of one device may reach another: a fragment holding a form's CSRF
token (the scorer's board, which is per session) is never kept.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from threading import Lock

from flask import current_app

# Fragments kept per process: a few per game being watched (board, standings, history,
# ruling; watch and edit), of a few tens of kB each: at most a few MB.
KEPT_ANSWERS = 128
# In every form the scorer's screens render (the same rule as the forms' own check).
PER_SESSION = 'name="csrf_token"'


class RenderedParts:
    """The most recently used ``size`` rendered fragments, each made once."""

    def __init__(self, size: int = KEPT_ANSWERS):
        self.size = size
        self._answers: OrderedDict[tuple, str] = OrderedDict()
        self._making: dict[tuple, Lock] = {}
        self._lock = Lock()

    def _kept(self, key: tuple) -> str | None:
        with self._lock:
            answer = self._answers.get(key)
            if answer is not None:
                self._answers.move_to_end(key)
            return answer

    def get_or_make(self, key: tuple, make: Callable[[], tuple[str, bool]]) -> str:
        """The fragment kept for ``key``, or the one ``make`` renders, kept if ``make`` says
        it is the one for ``key`` and it is not the device's own. Polls of one key arriving
        together wait for a single render."""
        answer = self._kept(key)
        if answer is not None:
            return answer
        with self._lock:
            making = self._making.setdefault(key, Lock())
        with making:
            answer = self._kept(key)
            if answer is not None:
                return answer
            answer, keep = make()
            with self._lock:
                if keep and PER_SESSION not in answer:
                    self._answers[key] = answer
                    while len(self._answers) > self.size:
                        self._answers.popitem(last=False)
                self._making.pop(key, None)
            return answer


def rendered_parts() -> RenderedParts:
    """This app's rendered fragments (an app is one process's view of one database)."""
    return current_app.extensions.setdefault("referee_rendered_parts", RenderedParts())
