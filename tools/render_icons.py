"""Render resources/icons/gin-scorer.svg to the PNG sizes the app and the packages use.

Run after editing the SVG: ``.venv/bin/python tools/render_icons.py`` (headless is fine).
"""

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

SIZES = (16, 32, 48, 64, 128, 256, 512)


def main() -> int:
    icons = Path(__file__).resolve().parent.parent / "resources" / "icons"
    _app = QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(icons / "gin-scorer.svg"))
    for size in SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter)
        painter.end()
        image.save(str(icons / f"gin-scorer-{size}.png"))
    # Windows installers want an .ico; Qt writes one from the 256 px image.
    QImage(str(icons / "gin-scorer-256.png")).save(str(icons / "gin-scorer.ico"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
