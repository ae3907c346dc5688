"""Requests whose work grows with what they are given: a FreeCell search, every game's export,
a games file's import. On a small server one of them holds a processor core, and a request
thread, for seconds; eight at once would keep every other device waiting as long. So they are
rationed: one at a time for each device (its address, as the proxy settings make it), and
``HEAVY_AT_ONCE`` for the whole server; a request past that is answered at once that the
referee is busy (503 with Retry-After), never queued behind the others, and every other request
keeps its threads and its share of the processor.

>>> work = HeavyWork(at_once=1)
>>> try:
...     with work.slot("10.0.0.2"), work.slot("10.0.0.3"):
...         pass
... except ServerBusyError as busy:
...     print(busy.sentence)
The referee is busy with other long answers just now; try again in a few seconds.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from flask import current_app, request

# Two: a solve and an export may run side by side, each on a core, and the server still has
# threads (REFEREE_THREADS, at least four) and time for every tap and poll.
HEAVY_AT_ONCE = 2
RETRY_AFTER_S = 5
EXTENSION = "heavy_work"


class ServerBusyError(Exception):
    """No slot for a heavy request now: the request was fine, the server is busy."""

    def __init__(self, this_device: bool):
        self.this_device = this_device
        super().__init__(self.sentence)

    @property
    def sentence(self) -> str:
        if self.this_device:
            return ("This device is still waiting for another long answer; ask again once it "
                    "has come.")
        return "The referee is busy with other long answers just now; try again in a few seconds."


class HeavyWork:
    """The slots for heavy requests in one server process."""

    def __init__(self, at_once: int = HEAVY_AT_ONCE):
        self.at_once = at_once
        self._lock = threading.Lock()
        self._devices: set[str] = set()

    @contextmanager
    def slot(self, device: str) -> Iterator[None]:
        with self._lock:
            if device in self._devices:
                raise ServerBusyError(this_device=True)
            if len(self._devices) >= self.at_once:
                raise ServerBusyError(this_device=False)
            self._devices.add(device)
        try:
            yield
        finally:
            with self._lock:
                self._devices.discard(device)


def install(app) -> None:
    app.extensions[EXTENSION] = HeavyWork(app.config.get("HEAVY_AT_ONCE", HEAVY_AT_ONCE))


def heavy_slot():
    """This request's slot (a context manager); ``ServerBusyError`` when there is none."""
    return current_app.extensions[EXTENSION].slot(request.remote_addr or "unknown")
