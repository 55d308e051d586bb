"""Asking for the director's PIN when the services say an action needs it.

The screens never decide who may change what (:mod:`gin_scorer.services.support.authority` does);
they call the service without a PIN, and when it answers with a :class:`PinError` that a PIN
can lift (``askable``) they show its sentence — which PIN, for what — ask for the PIN and try
again, until it passes or the director cancels.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from PySide6.QtWidgets import QInputDialog, QLineEdit, QWidget

from gin_scorer.gui.i18n import translate
from gin_scorer.presentation.words import error_text
from gin_scorer.services.support.errors import PinError

T = TypeVar("T")
PinAsker = Callable[[QWidget, str], "str | None"]


def ask_pin(parent: QWidget | None, why: str) -> str | None:
    """The director's PIN, typed hidden; ``why`` is the service's sentence (it says which
    rule needs the PIN, or that the last one typed was wrong). None when cancelled."""
    sentence = why[:1].upper() + why[1:]  # the services write mid-sentence lower case
    text, ok = QInputDialog.getText(
        parent,
        translate("pin_prompt", "Director's PIN"),
        translate("pin_prompt", "{0}\n\nDirector's PIN:").format(sentence),
        QLineEdit.EchoMode.Password,
    )
    return text if ok and text else None


def with_pin(
    parent: QWidget | None,
    call: Callable[[str | None], T],
    *,
    first: str | None = None,
    ask: Callable[[QWidget | None, str], str | None] = ask_pin,
) -> T | None:
    """``call(first)``; while it needs a PIN, ask for one (showing why) and call again.

    Returns what ``call`` returns, or None when the director cancels the prompt (nothing was
    changed: a refused action changes nothing). Other refusals reach the caller unchanged, and
    so does any refusal of a ``first`` PIN the caller already had: it is the caller's to show.
    """
    if first is not None:
        return call(first)
    pin: str | None = None
    while True:
        try:
            return call(pin)
        except PinError as error:
            if not error.askable:
                raise
            typed = ask(parent, error_text(error))
            if typed is None:
                return None
            pin = typed


def pin_from_box(
    parent: QWidget | None, box: QLineEdit, call: Callable[[str | None], T]
) -> T | None:
    """A dialog's own PIN box when it shows one (its refusals go to the dialog's problem
    line); else the PIN asked for if the services want one (the database PIN may guard an
    event that has none of its own, so the box was not shown)."""
    if box.parentWidget() is not None:
        return call(box.text() or None)
    return with_pin(parent, call)
