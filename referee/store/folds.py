"""Folded games kept in memory, so a request costs the same however long the game's log.

A game's state at a version never changes: the log only grows, and an undo
marks an event in a new version. So the state folded for (game, version) can
be kept and handed to any later request that finds the game at that version;
the version itself is read from the database on every request, so several app
processes on one database stay right (each keeps its own folds, and one that
finds a version it has not folded folds just the events since the newest
version it has).

The states are immutable (frozen dataclasses; a live hand's ``after`` makes a
new hand), so sharing one between threads is safe.
"""

from __future__ import annotations

from collections import OrderedDict
from threading import Lock
from typing import Any

from flask import current_app

# Versions kept per process, of all games together: a game being played needs a few (its
# newest, and the ones screens still show, for catch-up), the games list one per game.
KEPT_FOLDS = 512
# A summary per game for the games list and the players' page: a few hundred bytes each.
KEPT_SUMMARIES = 10_000


class FoldCache:
    """The most recently used (game id, version) -> state (or summary), up to ``size``."""

    def __init__(self, size: int = KEPT_FOLDS):
        self.size = size
        self._states: OrderedDict[tuple[str, int], Any] = OrderedDict()
        self._lock = Lock()

    def get(self, game_id: str, version: int) -> Any:
        with self._lock:
            state = self._states.get((game_id, version))
            if state is not None:
                self._states.move_to_end((game_id, version))
            return state

    def put(self, game_id: str, version: int, state: Any) -> None:
        with self._lock:
            self._states[(game_id, version)] = state
            self._states.move_to_end((game_id, version))
            while len(self._states) > self.size:
                self._states.popitem(last=False)

    def newest_before(self, game_id: str, version: int) -> tuple[int, Any] | None:
        """The newest version of the game kept that is older than ``version``, and its state."""
        with self._lock:
            kept = [v for g, v in self._states if g == game_id and v < version]
            if not kept:
                return None
            return max(kept), self._states[(game_id, max(kept))]

    def forget(self, game_id: str) -> None:
        with self._lock:
            for key in [key for key in self._states if key[0] == game_id]:
                del self._states[key]


def folds() -> FoldCache:
    """This app's folds (an app is one process's view of one database)."""
    return current_app.extensions.setdefault("referee_folds", FoldCache())


def summaries() -> FoldCache:
    """This app's game summaries, by game and version."""
    return current_app.extensions.setdefault("referee_summaries", FoldCache(KEPT_SUMMARIES))
