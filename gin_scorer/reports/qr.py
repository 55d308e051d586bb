"""A QR code as a grid of dark and light modules (reportlab's own encoder, as the table
tents print it), for a screen to draw: the room's address in the desk's *Open the room*."""

from __future__ import annotations

from reportlab.graphics.barcode.qr import QrCodeWidget


def qr_modules(text: str) -> tuple[tuple[bool, ...], ...]:
    """The code's rows of modules, dark = ``True`` (no quiet zone: the drawer adds one)."""
    widget = QrCodeWidget(text)
    widget.qr.make()
    return tuple(tuple(bool(m) for m in row) for row in widget.qr.modules)
