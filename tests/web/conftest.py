"""A database with a Swiss event part-played, and the room's app on it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from gin_scorer.services.support.database import Database, open_database
from gin_scorer.services.writes.demo import DemoPlan, play_demo


@pytest.fixture
def room_db(tmp_path: Path) -> Iterator[tuple[Database, int]]:
    db = open_database(str(tmp_path / "room.sqlite"), station="desk", backups=False)
    sample = play_demo(
        db,
        DemoPlan(
            name="Room <Open> & Co",
            entrants=8,
            rounds=2,
            seed=5,
            preset="wikipedia-standard",
            unfinished_tables=2,
            with_cards=False,
        ),
    )
    yield db, sample.event.id
    db.close()


def fetch(app, path: str, **options):  # type: ignore[no-untyped-def]
    """GET ``path`` from the ASGI ``app`` in-process, through httpx."""
    import asyncio

    import httpx

    async def one() -> httpx.Response:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://room") as client:
            return await client.get(path, **options)

    return asyncio.run(one())


class Served:
    """The app on a real port, in a thread (uvicorn, as ``gin-scorer serve`` runs it)."""

    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        import socket
        import threading

        import uvicorn

        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> Served:
        import time

        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started and time.monotonic() < deadline:
            time.sleep(0.02)
        assert self.server.started, "the room did not start"
        return self

    def __exit__(self, *_exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
