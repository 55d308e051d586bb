"""Asked when entrants are added: is this the club's member you nearly typed?

A name spelled nearly like a known player's, or the same name at another club, is never linked
by itself (:mod:`gin_scorer.services.queries.player_registry`); here the desk asks, one entrant at a
time. "Same person" enters them under the player's own name, club and member number, so the
entry links to that player; "Someone else" keeps what was typed (a new player).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from PySide6.QtWidgets import QMessageBox, QWidget

from gin_scorer.gui.i18n import translate
from gin_scorer.services.queries.players import PlayerView
from gin_scorer.services.support.database import Database
from gin_scorer.services.support.dto import EntrantSpec
from gin_scorer.services.support.errors import InvalidInput


def as_player(spec: EntrantSpec, player: PlayerView) -> EntrantSpec:
    """The entry under the player's own name, club and member number."""
    return replace(
        spec,
        name=player.name,
        club=player.club,
        member_number=player.member_number or spec.member_number,
    )


def ask_same_person(parent: QWidget | None, spec: EntrantSpec, player: PlayerView) -> bool | None:
    """True: the same person; False: someone else; None: stop adding."""
    box = QMessageBox(parent)
    box.setObjectName("nearPlayer")
    box.setWindowTitle(translate("NearPlayers", "Same person?"))
    typed = f"{spec.name} ({spec.club})" if spec.club else spec.name
    box.setText(
        translate(
            "NearPlayers", "{0} looks like {1}, entered in {2} event(s). Same person?"
        ).format(typed, player.label, player.events)
    )
    same = box.addButton(translate("NearPlayers", "&Same person"), QMessageBox.ButtonRole.YesRole)
    other = box.addButton(translate("NearPlayers", "Someone &else"), QMessageBox.ButtonRole.NoRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(other)
    box.exec()
    clicked = box.clickedButton()
    return True if clicked is same else False if clicked is other else None


Asker = Callable[[QWidget | None, EntrantSpec, PlayerView], bool | None]


def confirm_people(
    parent: QWidget | None,
    db: Database,
    specs: Sequence[EntrantSpec],
    ask: Asker = ask_same_person,
    event_id: int | None = None,
) -> list[EntrantSpec]:
    """The specs for ``event_id``, each near miss settled by the director; InvalidInput when
    they stop."""
    from gin_scorer.gui.background import wait_for
    from gin_scorer.services.queries.players import players_near

    # Every spec's near misses read at once, on a worker; the questions asked here after.
    nears = wait_for(
        lambda: [players_near(db, s.name, s.club, s.member_number, event_id) for s in specs]
    )
    settled = []
    for spec, near in zip(specs, nears, strict=True):
        for player in near[:1]:  # the likeliest; a second guess is rarely the one
            answer = ask(parent, spec, player)
            if answer is None:
                raise InvalidInput(
                    translate(
                        "NearPlayers", "stopped: nothing was added; the list is as you left it"
                    )
                )
            if answer:
                spec = as_player(spec, player)
        settled.append(spec)
    return settled
