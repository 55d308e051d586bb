"""What the seal keeps of a row, read the same way on SQLite and PostgreSQL.

A sealed row is kept as ``{column: canonical value}``: times as UTC ISO text with
microseconds, dates as ISO text, booleans as booleans, ``None`` as null — the same text on
both databases — and a text longer than 64 characters as ``"sha256:<hex>"`` of it (a match's
rules are re-written by every hand; a digest keeps links small and still names the field).
The PIN strings stay whole: replaying the links must yield each guard's public key.

The seal writes rows through SQLAlchemy (:func:`read_rows`); ``verify`` reads every row and
uses the driver directly (:func:`scan_sealed_rows`, several times faster), and a test checks
that both give the same rows.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Iterator, Mapping
from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import (
    Boolean,
    Date,
    DateTime,
    MetaData,
    Select,
    Table,
    bindparam,
    inspect,
    select,
)
from sqlalchemy.engine import Connection
from sqlalchemy.orm import Session
from sqlmodel import SQLModel

import gin_scorer.store.undo_links  # noqa: F401  (registers a sealed table on SQLModel.metadata)
from gin_scorer.store.tables import SEALED_SETTINGS, SEALED_TABLES, UTCDateTime

DIGEST_OVER = 64  # longer texts are kept as "sha256:<hex>"
WHOLE_TEXT: frozenset[tuple[str, str]] = frozenset({("event", "pin_hash"), ("setting", "value")})


def sealed_table(name: str) -> Table:
    table = SQLModel.metadata.tables[name]
    return table


def pk_column(name: str) -> str:
    return "key" if name == "setting" else "id"


def canonical_value(table: str, column: str, value: Any) -> Any:
    """One column value as the seal keeps it: the same text on SQLite and PostgreSQL."""
    if isinstance(value, datetime):
        aware = value if value.tzinfo is not None else value.replace(tzinfo=UTC)
        return aware.astimezone(UTC).isoformat(timespec="microseconds")
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, str) and len(value) > DIGEST_OVER and (table, column) not in WHOLE_TEXT:
        return "sha256:" + hashlib.sha256(value.encode("utf-8")).hexdigest()
    return value


def canonical_row(table: str, row: Mapping[Any, Any]) -> dict[str, Any]:
    """:func:`canonical_value` of every column (written out: verify runs it on every row)."""
    out: dict[str, Any] = {}
    for column, value in row.items():
        kind = type(value)
        if kind is str:
            if len(value) > DIGEST_OVER and (table, column) not in WHOLE_TEXT:
                value = "sha256:" + hashlib.sha256(value.encode("utf-8")).hexdigest()
        elif kind is not int and value is not None and kind is not bool:
            value = canonical_value(table, column, value)
        out[str(column)] = value
    return out


@functools.cache
def _rows_by_pk(table: str) -> Select[Any]:
    """``SELECT * FROM table WHERE pk IN (:pks)``, built once: building a statement costs
    more than running it, and this runs at every commit."""
    columns = sealed_table(table)
    key = columns.c[pk_column(table)]
    return select(columns).where(key.in_(bindparam("pks", expanding=True)))


def read_rows(connection: Connection, table: str, pks: list[Any]) -> dict[Any, dict[str, Any]]:
    """The current rows ``pks`` of ``table`` (canonical), read in batches."""
    found: dict[Any, dict[str, Any]] = {}
    key = pk_column(table)
    for start in range(0, len(pks), 500):
        chunk = pks[start : start + 500]
        for row in connection.execute(_rows_by_pk(table), {"pks": chunk}).mappings():
            found[row[key]] = canonical_row(table, row)
    return found


def utc_text(value: Any) -> str:
    """A driver's timestamp as the seal's text (UTC ISO with microseconds). SQLite hands back
    the text SQLAlchemy stored, ``YYYY-MM-DD HH:MM:SS.ffffff`` in UTC: rewritten directly,
    without parsing (verify converts a few hundred thousand of them)."""
    if type(value) is str and len(value) == 26 and value[10] == " " and value[19] == ".":
        return value[:10] + "T" + value[11:] + "+00:00"
    return utc_time(value).isoformat(timespec="microseconds")


def utc_time(value: Any) -> datetime:
    """A driver's timestamp (SQLite: text; PostgreSQL: an aware datetime) as aware UTC."""
    when = datetime.fromisoformat(value) if isinstance(value, str) else value
    if not isinstance(when, datetime):
        raise ValueError(f"not a timestamp: {value!r}")
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


def all_sealed_rows(
    connection: Connection | Session, *, reflect: bool = False
) -> Iterator[tuple[str, Any, dict[str, Any]]]:
    """Every sealed row in the database now: ``(table, pk, canonical row)``.

    ``reflect`` reads the tables as the database has them (a migration, whose schema may be
    older than this version's models) instead of as the models say."""
    bind = connection.connection() if isinstance(connection, Session) else connection
    present = set(inspect(bind).get_table_names()) if reflect else set(SEALED_TABLES)
    for name in SEALED_TABLES:
        if name not in present:  # a migration's older schema: a later revision adds it
            continue
        table = Table(name, MetaData(), autoload_with=bind) if reflect else sealed_table(name)
        key = table.c[pk_column(name)]
        query = select(table).order_by(key)
        if name == "setting":
            query = query.where(key.in_(sorted(SEALED_SETTINGS)))
        for row in connection.execute(query).mappings():
            yield name, row[pk_column(name)], canonical_row(name, row)


def _converter(column_type: Any) -> Callable[[Any], Any] | None:
    """How a raw driver value of a column of this type becomes what :func:`canonical_value`
    makes of the value SQLAlchemy returns (``None``: unchanged, but long texts digested)."""
    if isinstance(column_type, DateTime | UTCDateTime):
        return lambda v: None if v is None else utc_text(v)
    if isinstance(column_type, Date):
        return lambda v: None if v is None else v if isinstance(v, str) else v.isoformat()
    if isinstance(column_type, Boolean):
        return lambda v: None if v is None else bool(v)
    return None


def scan_sealed_rows(connection: Connection) -> Iterator[tuple[str, Any, dict[str, Any]]]:
    """:func:`all_sealed_rows`, read through the driver (verify reads every row; this is
    several times faster). ``tests/store/test_seal.py`` checks both give the same rows."""
    for name in SEALED_TABLES:
        table = sealed_table(name)
        key = pk_column(name)
        columns = [(c.name, _converter(c.type)) for c in table.columns]
        names = [c for c, _ in columns]
        where = ""
        if name == "setting":
            where = " WHERE key IN (" + ", ".join(f"'{k}'" for k in sorted(SEALED_SETTINGS)) + ")"
        result = connection.exec_driver_sql(
            "SELECT " + ", ".join(f'"{c}"' for c in names) + f' FROM "{name}"{where}'
            f' ORDER BY "{key}"'
        )
        index = names.index(key)
        while chunk := result.fetchmany(5000):
            for values in chunk:
                row: dict[str, Any] = {}
                for (column, convert), value in zip(columns, values, strict=True):
                    if convert is not None:
                        value = convert(value)
                    elif (
                        type(value) is str
                        and len(value) > DIGEST_OVER
                        and ((name, column) not in WHOLE_TEXT)
                    ):
                        value = "sha256:" + hashlib.sha256(value.encode("utf-8")).hexdigest()
                    row[column] = value
                yield name, values[index], row
