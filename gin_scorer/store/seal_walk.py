"""Reading the seal's chain: each stored link as plain values, in chain order (what
:mod:`gin_scorer.store.seal_check` replays)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.orm import Session

from gin_scorer.core import fast_json
from gin_scorer.core.wording import SaidError, said
from gin_scorer.store.seal import link_text_hash
from gin_scorer.store.seal_rows import utc_text


class UnreadableLink(SaidError, ValueError):
    """A link whose body or signatures are not what the app writes (forged by hand): the
    check names the link and says this sentence."""


@dataclass(frozen=True, slots=True)
class Link:
    """One stored link as plain values (``at_text``: its time as the hash covers it)."""

    id: int
    at_text: str
    station: str
    body_json: str
    signatures_json: str | None
    prev_hash: str
    hash: str

    @property
    def at(self) -> datetime:
        return datetime.fromisoformat(self.at_text)

    def recomputed_hash(self) -> str:
        return link_text_hash(self.prev_hash, self.body_json, self.at_text, self.station)

    def body(self) -> list[dict[str, Any]]:
        value = fast_json.loads(self.body_json)  # every link of a room's event: 110,000
        if not isinstance(value, list):
            raise UnreadableLink(said("the body is not a list of rows"))
        return value

    def signatures(self) -> dict[str, str]:
        if not self.signatures_json:
            return {}
        value = json.loads(self.signatures_json)
        if not isinstance(value, dict):
            raise UnreadableLink(said("the signatures are not a mapping"))
        return {str(k): str(v) for k, v in value.items()}


def walk_links(session: Session, *, batch: int = 5000) -> Iterator[Link]:
    """Every link in chain order (flat memory: ``batch`` at a time). Read through the driver:
    verify walks every link, and SQLAlchemy's row objects would cost more than the check."""
    connection = session.connection()
    last = 0
    while True:
        rows = connection.exec_driver_sql(
            "SELECT id, at, station, body_json, signatures_json, prev_hash, hash FROM seal_link"
            f" WHERE id > {int(last)} ORDER BY id LIMIT {int(batch)}"
        ).fetchall()
        if not rows:
            return
        for ident, at, station, body_json, signatures_json, prev_hash, hash_hex in rows:
            try:
                at_text = utc_text(at)
            except ValueError:  # an edited time: kept as it is, so the hash shows the edit
                at_text = str(at)
            yield Link(
                int(ident), at_text, station, body_json, signatures_json, prev_hash, hash_hex
            )
        last = rows[-1][0]
