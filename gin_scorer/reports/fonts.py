"""The fonts every printout uses: DejaVu Sans, registered once and embedded in each PDF.

reportlab's built-in Helvetica has no ♠♥♦♣ (a viewer would substitute a Symbol font that is
not in the file), so every document sets its text in DejaVu, which reportlab subsets and
embeds. Red suits print red: :func:`markup` wraps ♥ and ♦ in a red ``<font>`` tag.
"""

from __future__ import annotations

from html import escape

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from gin_scorer.paths import resources_dir

REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
RED_SUIT: Color = HexColor("#c0001a")
RED_SUITS = "♥♦♡♢"

_registered = False


def register_fonts() -> None:
    """Register DejaVu Sans (regular and bold) with reportlab; safe to call many times."""
    global _registered
    if _registered:
        return
    folder = resources_dir() / "fonts"
    for name, file in ((REGULAR, "DejaVuSans.ttf"), (BOLD, "DejaVuSans-Bold.ttf")):
        path = folder / file
        if not path.is_file():
            raise FileNotFoundError(f"the font {file} is missing from {folder}")
        pdfmetrics.registerFont(TTFont(name, str(path)))
    # <b> inside a Paragraph finds the bold face through this family mapping.
    for bold, italic, face in ((0, 0, REGULAR), (1, 0, BOLD), (0, 1, REGULAR), (1, 1, BOLD)):
        addMapping(REGULAR, bold, italic, face)
    _registered = True


def markup(text: str) -> str:
    """Escape ``text`` for a Paragraph and colour its red suit symbols red.

    >>> markup("7♥ & 8♠")
    '7<font color="#c0001a">♥</font> &amp; 8♠'
    """
    out = []
    for char in escape(text, quote=False):
        if char in RED_SUITS:
            out.append(f'<font color="{RED_SUIT.hexval().replace("0x", "#")}">{char}</font>')
        else:
            out.append(char)
    return "".join(out)
