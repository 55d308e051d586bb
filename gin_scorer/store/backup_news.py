"""What an open database's automatic backups have come to: the newest good one this program
made, and a failure, said once.

An automatic backup runs after a write, often on a worker thread, and must never lose the
write it follows: so it cannot raise. Before this, its failures were swallowed, and a station
could run a whole evening without a single copy (issue 41). Now a failure is kept here, written
once to ``errors.log``, and told to whoever listens — the command line prints it, the desk
shows it, the room's terminal prints it — once per run of failures: the next failure of the
same kind says nothing new, and a good backup clears it.

A leaf of the store (it knows no engine, no table): :class:`~gin_scorer.store.connection.Database`
holds one.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from gin_scorer.core.wording import Said, said

Listener = Callable[["BackupNews"], None]
"""Told when a backup failed for the first time in a row, and when one succeeded after a
failure; reads :attr:`BackupNews.failure` to know which. Called on the thread that made the
backup (a worker, often): a window moves it to its own thread."""


@dataclass(eq=False)
class BackupNews:
    """The state of one open database's backups, shared by its threads."""

    newest_good_at: datetime | None = None
    failure: Said | None = None
    listeners: list[Listener] = field(default_factory=list)
    _lock: threading.RLock = field(default_factory=threading.RLock, repr=False)

    def listen(self, listener: Listener) -> None:
        """Tell ``listener`` from now on, and at once of a failure already said (the backup
        made on open may fail before a front end listens)."""
        with self._lock:
            self.listeners.append(listener)
            failed = self.failure is not None
        if failed:
            listener(self)

    def succeeded(self, at: datetime) -> None:
        with self._lock:
            recovered = self.failure is not None
            self.failure = None
            if self.newest_good_at is None or at > self.newest_good_at:
                self.newest_good_at = at
            if recovered:
                for listener in list(self.listeners):
                    listener(self)

    def failed(self, why: Said) -> None:
        """A backup failed: the first of a run is written to ``errors.log`` and told."""
        from gin_scorer.fault_log import write_note

        with self._lock:
            first = self.failure is None
            self.failure = said("the automatic backup failed: {0}", why)
            if first:  # told under the lock: a listener joining now hears it exactly once
                write_note(str(self.failure))
                for listener in list(self.listeners):
                    listener(self)
