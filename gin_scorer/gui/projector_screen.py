"""Which screen the projector goes to: with one screen, that one; with more, the director
picks (the first time offered: a screen other than the desk's window, then the last choice)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSettings
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import QInputDialog, QWidget

from gin_scorer.gui.i18n import translate

_KEY = "projector/screen"


def screen_label(screen: QScreen, desk: QScreen | None) -> str:
    size = screen.size()
    name = screen.name() or translate("projector_screen", "screen")
    if screen is desk:
        return translate("projector_screen", "{0} — {1}×{2} (the desk's window is here)").format(
            name, size.width(), size.height()
        )
    return f"{name} — {size.width()}×{size.height()}"


def offered_screen(screens: Sequence[QScreen], desk: QScreen | None, remembered: str) -> int:
    """The screen offered first: the one chosen last time, else one away from the desk."""
    for index, screen in enumerate(screens):
        if remembered and screen.name() == remembered:
            return index
    return next((i for i, s in enumerate(screens) if s is not desk), 0)


def choose_screen(parent: QWidget) -> QScreen | None:
    """The projector's screen; None when the director cancels the choice."""
    screens = QGuiApplication.screens()
    if len(screens) <= 1:
        return screens[0] if screens else None
    desk = parent.screen()
    remembered = QSettings().value(_KEY, "")
    labels = [screen_label(s, desk) for s in screens]
    start = offered_screen(screens, desk, remembered if isinstance(remembered, str) else "")
    label, ok = QInputDialog.getItem(
        parent,
        translate("projector_screen", "Projector"),
        translate("projector_screen", "Show the projector on:"),
        labels,
        start,
        False,
    )
    if not ok:
        return None
    chosen = screens[labels.index(label)]
    QSettings().setValue(_KEY, chosen.name())
    return chosen
