"""The app's settings, read through typed helpers.

QSettings hands back strings from INI files (and whatever was stored on other platforms), so
every value is read here, once, into a plain frozen :class:`GuiSettings`; a value that cannot
be read falls back to its default instead of surprising a view with ``"false"`` being true.
"""

from __future__ import annotations

import socket
from dataclasses import dataclass, fields
from enum import Enum
from typing import TypeVar

from PySide6.QtCore import QSettings

from gin_scorer.presentation.paper import Paper

E = TypeVar("E", bound=Enum)


@dataclass(frozen=True, slots=True)
class GuiSettings:
    default_preset: str = "gra-tournament"
    data_folder: str = ""  # empty: the platform's data folder (gin_scorer.paths.data_dir)
    station_name: str = ""  # empty: the computer's name
    backup_interval_minutes: int = 10
    paper_size: Paper = Paper.A4
    projector_seconds: int = 12  # how long the projector shows each page

    @property
    def station(self) -> str:
        return self.station_name.strip() or socket.gethostname() or "station"


def read_int(value: object, default: int, low: int, high: int) -> int:
    """A whole number within ``low..high``, or ``default``.

    >>> read_int("15", 10, 1, 60), read_int("x", 10, 1, 60), read_int(500, 10, 1, 60)
    (15, 10, 10)
    """
    if isinstance(value, bool):
        return default
    try:
        number = int(str(value).strip()) if not isinstance(value, int) else value
    except ValueError:
        return default
    return number if low <= number <= high else default


def read_text(value: object, default: str) -> str:
    return value if isinstance(value, str) else default


def read_enum(value: object, enum: type[E], default: E) -> E:
    try:
        return enum(value)
    except ValueError:
        return default


def _qsettings(store: QSettings | None) -> QSettings:
    return store if store is not None else QSettings()


def load_settings(store: QSettings | None = None) -> GuiSettings:
    """Read every setting; anything missing or unreadable takes its default."""
    qs = _qsettings(store)
    base = GuiSettings()
    return GuiSettings(
        default_preset=read_text(qs.value("default_preset"), base.default_preset),
        data_folder=read_text(qs.value("data_folder"), base.data_folder),
        station_name=read_text(qs.value("station_name"), base.station_name),
        backup_interval_minutes=read_int(
            qs.value("backup_interval_minutes"), base.backup_interval_minutes, 1, 24 * 60
        ),
        paper_size=read_enum(qs.value("paper_size"), Paper, base.paper_size),
        projector_seconds=read_int(qs.value("projector_seconds"), base.projector_seconds, 3, 600),
    )


def save_settings(settings: GuiSettings, store: QSettings | None = None) -> None:
    qs = _qsettings(store)
    for field in fields(settings):
        value = getattr(settings, field.name)
        qs.setValue(field.name, value.value if isinstance(value, Enum) else value)
    qs.sync()
