"""Fix one entrant: a misspelt name, the club, the seed. Results stay as they are (matches
point at the entrant, not at the name); the services refuse a name or seed another entrant
already has, and the dialog stays open with what was typed.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from gin_scorer.gui.dialog_parts import ProblemLabel, dialog_buttons, until_accepted
from gin_scorer.gui.i18n import translate
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import EntrantView

_MAX_SEED = 100_000  # as the services allow


class EntrantEditDialog(QDialog):
    def __init__(self, entrant: EntrantView, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.entrant = entrant
        self.setWindowTitle(translate("EntrantEditDialog", "Entrant — {0}").format(entrant.name))
        self.name = QLineEdit(entrant.name)
        self.name.setObjectName("entrantName")
        self.club = QLineEdit(entrant.club)
        self.seed = QSpinBox()
        self.seed.setRange(0, _MAX_SEED)
        self.seed.setSpecialValueText(translate("EntrantEditDialog", "no seed"))
        self.seed.setValue(entrant.seed or 0)
        self.problem = ProblemLabel()
        form = QFormLayout(self)
        form.addRow(translate("EntrantEditDialog", "&Name:"), self.name)
        form.addRow(translate("EntrantEditDialog", "&Club:"), self.club)
        form.addRow(translate("EntrantEditDialog", "&Seed:"), self.seed)
        form.addRow(self.problem)
        form.addRow(dialog_buttons(self, self.accept, save=True))


def edit_entrant(
    parent: QWidget | None, db: Database, entrant: EntrantView, *, actor: str | None = None
) -> EntrantView | None:
    """Show the dialog until the services accept the change or the director cancels."""
    from gin_scorer.gui.background import wait_for
    from gin_scorer.gui.pin_prompt import with_pin
    from gin_scorer.services.writes.entrants import update_entrant

    dialog = EntrantEditDialog(entrant, parent)

    def save() -> EntrantView | None:
        seed, name, club = dialog.seed.value(), dialog.name.text(), dialog.club.text()
        # A finished event's entrants need the director's PIN: asked for when wanted, here;
        # the write runs on a worker while the window waits (issue 39).
        return with_pin(
            dialog,
            lambda pin: wait_for(
                lambda: update_entrant(
                    db,
                    entrant.id,
                    name=name,
                    club=club,
                    seed=seed or None,
                    clear_seed=not seed,
                    pin=pin,
                    actor=actor,
                )
            ),
        )

    return until_accepted(dialog, save, dialog.problem.say)
