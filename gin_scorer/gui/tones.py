"""The app's few colours, readable in a light and a dark system theme alike.

A colour that means something (a refusal in red, a saved hand in green, a table still owing
its result) is named here by what it means, in two shades: one for a light window, one for a
dark one, each checked by the tests to keep at least the 4.5 : 1 contrast WCAG asks of text.
The shade is chosen from the application's palette when a widget asks for it. Colour is never
the only sign: every state also carries a word or a symbol (✔ ✖ ⚠ ●).
"""

from __future__ import annotations

from enum import Enum

from PySide6.QtGui import QColor, QGuiApplication, QPalette


class Tone(Enum):
    ERROR = "error"  # a refusal, a problem: red
    WARNING = "warning"  # something to look at: amber
    SUCCESS = "success"  # saved, accepted: green
    MUTED = "muted"  # hints, withdrawn entrants, withdrawn hands: grey
    PLAYING = "playing"  # a match being played: blue
    RED_SUIT = "red suit"  # hearts and diamonds
    BLACK_SUIT = "black suit"  # spades and clubs
    # Row backgrounds, with the window's own text on them.
    PODIUM = "podium"  # the first three places
    MISSING = "missing"  # a table that owes its result
    PLAYING_ROW = "playing row"  # a table still playing
    GAME_END = "game end"  # the hand that closed a game
    CHOSEN_CARD = "chosen card"  # a card clicked into a hand


_LIGHT = {
    Tone.ERROR: "#b00020",
    Tone.WARNING: "#8a5a00",
    Tone.SUCCESS: "#1b5e20",
    Tone.MUTED: "#595959",
    Tone.PLAYING: "#0d47a1",
    Tone.RED_SUIT: "#c62828",
    Tone.BLACK_SUIT: "#111111",
    Tone.PODIUM: "#fff8e1",
    Tone.MISSING: "#ffebee",
    Tone.PLAYING_ROW: "#fff3e0",
    Tone.GAME_END: "#eef3ff",
    Tone.CHOSEN_CARD: "#fff0b3",
}
_DARK = {
    Tone.ERROR: "#ff8a80",
    Tone.WARNING: "#ffcc80",
    Tone.SUCCESS: "#a5d6a7",
    Tone.MUTED: "#b0b0b0",
    Tone.PLAYING: "#90caf9",
    Tone.RED_SUIT: "#ff8a80",
    Tone.BLACK_SUIT: "#f0f0f0",
    Tone.PODIUM: "#4a3c12",
    Tone.MISSING: "#5a1f24",
    Tone.PLAYING_ROW: "#4a3212",
    Tone.GAME_END: "#22314f",
    Tone.CHOSEN_CARD: "#3d2e00",
}
BACKGROUNDS = frozenset(
    {Tone.PODIUM, Tone.MISSING, Tone.PLAYING_ROW, Tone.GAME_END, Tone.CHOSEN_CARD}
)


def is_dark(palette: QPalette | None = None) -> bool:
    """Does the window (or ``palette``) have a dark background?"""
    chosen = palette if palette is not None else QGuiApplication.palette()
    return chosen.color(QPalette.ColorRole.Window).lightness() < 128


def tone(which: Tone, palette: QPalette | None = None) -> str:
    """The shade of ``which`` for the current theme (or ``palette``), as ``#rrggbb``."""
    return (_DARK if is_dark(palette) else _LIGHT)[which]


def colour(which: Tone, palette: QPalette | None = None) -> QColor:
    return QColor(tone(which, palette))


def contrast(first: QColor | str, second: QColor | str) -> float:
    """WCAG contrast ratio of two colours, 1 (none) to 21 (black on white).

    >>> round(contrast("#000000", "#ffffff"), 1), round(contrast("#777777", "#ffffff"), 2)
    (21.0, 4.48)
    """

    def luminance(value: QColor | str) -> float:
        shade = QColor(value)

        def channel(c: float) -> float:
            return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

        return (
            0.2126 * channel(shade.redF())
            + 0.7152 * channel(shade.greenF())
            + 0.0722 * channel(shade.blueF())
        )

    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
