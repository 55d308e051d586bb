"""Every colour that means something keeps 4.5 : 1 contrast with the text or the window it
sits on, in a light theme and in a dark one."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor, QPalette

from gin_scorer.gui.tones import BACKGROUNDS, Tone, contrast, is_dark, tone

WCAG_TEXT = 4.5


def _palette(window: str, base: str, text: str) -> QPalette:
    palette = QPalette()
    palette.setColor(QPalette.ColorRole.Window, QColor(window))
    palette.setColor(QPalette.ColorRole.Base, QColor(base))
    palette.setColor(QPalette.ColorRole.AlternateBase, QColor(base))
    palette.setColor(QPalette.ColorRole.Button, QColor(window))
    for role in (QPalette.ColorRole.WindowText, QPalette.ColorRole.Text):
        palette.setColor(role, QColor(text))
    return palette


THEMES = {
    # Light: Fusion's and Windows' grey window, white tables; dark: Breeze Dark's and
    # macOS dark mode's windows and tables.
    "light": _palette("#efefef", "#ffffff", "#000000"),
    "light-alternate": _palette("#f5f5f5", "#f7f7f7", "#1a1a1a"),
    "dark": _palette("#31363b", "#232629", "#eff0f1"),
    "dark-macos": _palette("#323232", "#1e1e1e", "#dfdfdf"),
}


@pytest.mark.parametrize("theme", THEMES)
def test_every_tone_is_readable(qapp, theme: str) -> None:  # type: ignore[no-untyped-def]
    palette = THEMES[theme]
    assert is_dark(palette) == theme.startswith("dark")
    text = palette.color(QPalette.ColorRole.Text)
    for which in Tone:
        shade = tone(which, palette)
        if which in BACKGROUNDS:  # the window's own text sits on it
            assert contrast(shade, text) >= WCAG_TEXT, (theme, which, shade)
        else:  # it is the text, on the window and on a table
            for role in (QPalette.ColorRole.Window, QPalette.ColorRole.Base):
                ground = palette.color(role)
                assert contrast(shade, ground) >= WCAG_TEXT, (theme, which, shade, role)


@pytest.mark.parametrize("theme", THEMES)
def test_a_chosen_card_reads_in_both_suits(qapp, theme: str) -> None:  # type: ignore[no-untyped-def]
    palette = THEMES[theme]
    ground = tone(Tone.CHOSEN_CARD, palette)
    for suit in (Tone.RED_SUIT, Tone.BLACK_SUIT):
        assert contrast(tone(suit, palette), ground) >= WCAG_TEXT, (theme, suit)
