"""What the parser fuzz suite throws at gin-scorer, shared by the bounded test
(tests/property/test_fuzz_parsers.py) and the long run (benchmarks/fuzz_parsers.py).

Each :class:`Target` is one parser a person can reach: a hypothesis strategy for its input
and ``attempt(value) -> Outcome``, which runs the input the way a person would (through
``gin_scorer.cli.main`` in-process, or the Qt-free parser itself) and reports what came out.
``problems(outcome)`` lists what is wrong with an outcome: a traceback, an exit code other
than 0/1/2, more than one line of error, a database that changed although the input was
refused, an error quoting more than a short prefix of the input.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from gin_scorer.cli import main

# The longest piece of input an error line may quote (plus quotes and "..." around it).
QUOTE_LIMIT = 60


@dataclass(frozen=True)
class Outcome:
    status: int
    out: str
    err: str
    db_changed: bool = False
    refused_file_changed: bool = False
    verify_status: int | None = None  # after an accepted import: what `verify` said
    crash: str = ""  # an exception that escaped (its type and message)
    multi_line_ok: bool = False  # an import lists one problem per line


@dataclass(frozen=True)
class Target:
    name: str
    strategy: st.SearchStrategy[Any]
    attempt: Callable[[Any], Outcome]
    help: str = ""


def problems(outcome: Outcome, value: object = None) -> list[str]:
    found = []
    if outcome.crash:
        found.append(f"escaped: {outcome.crash}")
    if outcome.status not in (0, 1, 2):
        found.append(f"exit status {outcome.status}")
    if "Traceback" in outcome.err or "Traceback" in outcome.out:
        found.append("a traceback was printed")
    error_lines = [line for line in outcome.err.splitlines() if line.strip()]
    if outcome.status == 2 and not error_lines:
        found.append("refused without a word")
    if len(error_lines) > 1 and not outcome.multi_line_ok:
        found.append(f"{len(error_lines)} lines of error: {outcome.err[:300]!r}")
    if outcome.status != 0 and outcome.db_changed:
        found.append("refused, but the database changed (half-written)")
    if outcome.refused_file_changed:
        found.append("a refused file was modified")
    if outcome.verify_status not in (None, 0):
        found.append("accepted, but `verify` then rejects the database")
    if any(len(line) > 2000 for line in error_lines) or _echoes(value, outcome.err):
        found.append("an error line echoes too much input")
    return found


def _texts(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, bytes):
        return [value.decode("utf-8", "replace")]
    if isinstance(value, (list, tuple)):
        return [text for item in value for text in _texts(item)]
    return []


def _echoes(value: object, err: str) -> bool:
    """Does the error quote more than ~QUOTE_LIMIT characters of the input in one piece?"""
    window = 2 * QUOTE_LIMIT
    for text in _texts(value):
        for start in range(0, min(len(text), 20_000) - window, window // 2):
            if text[start : start + window] in err:
                return True
    return False


# --- running the CLI ---------------------------------------------------------------------


def run_cli(argv: Sequence[str], stdin: str | None = None) -> tuple[int, str, str, str]:
    """``gin-scorer ARGV`` in this process: (status, stdout, stderr, escaped exception)."""
    out, err = io.StringIO(), io.StringIO()
    old_stdin = os.sys.stdin  # type: ignore[attr-defined]
    crash = ""
    try:
        if stdin is not None:
            os.sys.stdin = io.StringIO(stdin)  # type: ignore[attr-defined]
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(list(argv))
            except SystemExit as done:  # argparse's refusal
                status = done.code if isinstance(done.code, int) else 2
    except Exception as error:  # what the CLI let escape: a fault the suite reports
        status, crash = 99, f"{type(error).__name__}: {str(error)[:200]}"
    finally:
        os.sys.stdin = old_stdin  # type: ignore[attr-defined]
    return status, out.getvalue(), err.getvalue(), crash


def dump(path: Path) -> list[str]:
    """Every row of a SQLite file, as SQL text: what "the database did not change" compares."""
    if not path.exists():
        return []
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return list(connection.iterdump())
    finally:
        connection.close()


class Workspace:
    """A scratch folder with a base database (a club event, two entrants, a running match
    with hands) built once; each attempt works on a fresh copy of it."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="gin-fuzz-"))
        os.environ.setdefault("GIN_SCORER_BACKUP_DIR", str(self.root / "backups"))
        self.base = self.root / "base.sqlite"
        steps = [
            ["event", "new", "--name", "Club night"],
            ["match", "new", "--event", "1", "--a", "Ada", "--b", "Ben"],
            ["hand", "add", "--match", "1", '{"knock": "A", "deadwood": {"A": 7, "B": 15}}'],
            ["hand", "add", "--match", "1", '{"gin": "B", "deadwood": {"A": 20}}'],
            ["event", "new", "--name", "Guarded", "--pin", "1234"],
            ["match", "new", "--event", "2", "--a", "Cy", "--b", "Di"],
        ]
        for step in steps:
            status, _, err, crash = run_cli(["--db", str(self.base), *step])
            assert status == 0 and not crash, (step, err, crash)
        status, exported, err, _ = run_cli(
            ["--db", str(self.base), "export", "event", "--event", "1"]
        )
        assert status == 0, err
        self.event_json: dict[str, Any] = json.loads(exported)
        self.base_dump = dump(self.base)
        self.foreign = self.root / "foreign.sqlite"
        connection = sqlite3.connect(self.foreign)
        connection.execute("CREATE TABLE birds (name TEXT)")
        connection.execute("INSERT INTO birds VALUES ('wren')")
        connection.commit()
        connection.close()
        self.counter = 0

    def fresh(self) -> Path:
        """A new copy of the base database."""
        self.counter += 1
        copy = self.root / f"db{self.counter % 4}.sqlite"
        for suffix in ("", "-wal", "-shm"):
            Path(f"{copy}{suffix}").unlink(missing_ok=True)
        shutil.copyfile(self.base, copy)
        return copy

    def file(self, name: str, content: str | bytes) -> Path:
        path = self.root / name
        if isinstance(content, str):
            path.write_text(content, encoding="utf-8", errors="surrogatepass")
        else:
            path.write_bytes(content)
        return path

    def close(self) -> None:
        shutil.rmtree(self.root, ignore_errors=True)


def on_database(
    ws: Workspace,
    argv: Sequence[str],
    *,
    stdin: str | None = None,
    multi_line_ok: bool = False,
    check_verify: bool = False,
) -> Outcome:
    """Run ``argv`` on a fresh copy of the base database; compare its rows before and after."""
    db = ws.fresh()
    status, out, err, crash = run_cli(["--db", str(db), *argv], stdin=stdin)
    after = dump(db)
    verify_status = None
    if check_verify and status == 0:
        verify_status, _, _, _ = run_cli(["--db", str(db), "verify"])
    return Outcome(
        status,
        out,
        err,
        db_changed=after != ws.base_dump,
        crash=crash,
        verify_status=verify_status,
        multi_line_ok=multi_line_ok,
    )


# --- strategies --------------------------------------------------------------------------

NASTY_TEXT = st.sampled_from(
    [
        "",
        " ",
        "\x00",
        "a\x00b",
        "\x1b[31mred",
        "\u202eevil",
        "\r\n",
        "\t",
        "\x85",
        "\x9b2J",
        "²",
        "١٢",
        "５",
        "⅕",
        "Ⅻ",
        "\ud800",
        "-0",
        "+1",
        "0x10",
        "1e3",
        "1_000",
        "NaN",
        "inf",
        "9" * 5000,
        str(2**70),
        str(2**63),
        str(2**63 - 1),
        str(-(2**63) - 1),
        "1" * 19,
        "://",
        "sqlite://",
        "sqlite:///:memory:",
        "postgresql://",
        "x" * 200_000,
    ]
)

NUMBER_TEXT = st.one_of(
    NASTY_TEXT,
    st.integers().map(str),
    st.integers(min_value=-(2**80), max_value=2**80).map(str),
    st.text(st.characters(categories=["Nd", "No", "Nl"]), min_size=1, max_size=6),
    st.text(max_size=12),
)

ANY_TEXT = st.one_of(
    NASTY_TEXT, st.text(max_size=60), st.binary(max_size=40).map(lambda b: b.decode("latin-1"))
)

JSON_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False),
    st.text(max_size=20),
    NASTY_TEXT,
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda children: st.one_of(
        st.lists(children, max_size=4),
        st.dictionaries(st.text(max_size=10), children, max_size=4),
    ),
    max_leaves=20,
)


def deep_json(depth: int) -> str:
    return "[" * depth + "]" * depth


JSON_TEXT = st.one_of(
    JSON_VALUES.map(lambda v: json.dumps(v, ensure_ascii=False)),
    st.integers(min_value=1, max_value=100_000).map(deep_json),
    st.integers(min_value=1, max_value=5000).map(lambda d: '{"a":' * d + "1" + "}" * d),
    st.text(max_size=80),
    st.just("1" * 5000),
    st.just('{"knock": "A", "deadwood": {"A": ' + "9" * 5000 + ', "B": 1}}'),
)

HAND_KEYS = [
    "knock",
    "gin",
    "big_gin",
    "dead",
    "deadwood",
    "upcard",
    "cards",
    "undercut",
    "melds",
    "layoffs",
    "A",
    "B",
]
HAND_LIKE = st.fixed_dictionaries(
    {},
    optional={key: JSON_VALUES for key in HAND_KEYS}
    | {"deadwood": st.dictionaries(st.sampled_from(["A", "B", "C", ""]), JSON_SCALARS, max_size=3)},
).map(lambda v: json.dumps(v, ensure_ascii=False))
HAND_TEXT = st.one_of(HAND_LIKE, JSON_TEXT)

CARD_WORDS = st.sampled_from(
    [
        "7h",
        "Th",
        "10h",
        "7♥",
        "As",
        "Kd",
        "qc",
        "1s",
        "11h",
        "0",
        "Xx",
        "♠",
        "AH",
        "A♠",
        "",
        "|",
        "7h7h",
        "jokers",
    ]
)
CARD_ARGS = st.one_of(
    st.lists(CARD_WORDS, max_size=14),
    st.lists(st.text(max_size=6), max_size=12),
    st.lists(NASTY_TEXT, min_size=1, max_size=2),
)


def mutate_json(base: Any, draw: Any) -> Any:
    """``base`` with one place replaced by a drawn value (a realistic near-miss)."""
    if isinstance(base, dict) and base:
        key = draw(st.sampled_from(sorted(base)))
        copy = dict(base)
        if draw(st.integers(0, 5)) == 0:
            del copy[key]
        else:
            copy[key] = mutate_json(base[key], draw)
        return copy
    if isinstance(base, list) and base:
        index = draw(st.integers(0, len(base) - 1))
        copy = list(base)
        if draw(st.integers(0, 6)) == 0:
            copy.append(copy[index])  # a duplicate row
        else:
            copy[index] = mutate_json(base[index], draw)
        return copy
    return draw(JSON_VALUES)


@dataclass
class Registry:
    targets: list[Target] = field(default_factory=list)

    def add(
        self, name: str, strategy: st.SearchStrategy[Any], help: str = ""
    ) -> Callable[[Callable[[Any], Outcome]], Callable[[Any], Outcome]]:
        def register(attempt: Callable[[Any], Outcome]) -> Callable[[Any], Outcome]:
            self.targets.append(Target(name, strategy, attempt, help))
            return attempt

        return register


def build_targets(ws: Workspace) -> dict[str, Target]:
    """Every parser in the suite, by name."""
    reg = Registry()
    _add_number_targets(reg, ws)
    _add_database_targets(reg, ws)
    _add_hand_targets(reg, ws)
    _add_rules_and_restore_targets(reg, ws)
    _add_analysis_targets(reg, ws)
    return {t.name: t for t in reg.targets}


def _add_number_targets(reg: Registry, ws: Workspace) -> None:
    """Numbers in every command that takes an id or a count."""
    read_only_numbers = [
        ["event", "show", "{}"],
        ["match", "sheet", "{}"],
        ["round", "show", "--event", "{}"],
        ["standings", "--event", "{}"],
        ["standings", "--event", "1", "--after-round", "{}"],
        ["audit", "show", "--last", "{}"],
        ["verify", "--event", "{}"],
        ["entrant", "list", "--event", "{}"],
        ["export", "results", "--event", "{}"],
        ["event", "settings", "1", "--bye-points", "{}"],
        ["event", "settings", "1", "--fixed-table", "{}=1"],
        ["hand", "void", "--entry", "{}", "--reason", "typo"],
        ["hand", "correct", "--entry", "{}", "--reason", "typo", '{"dead": true}'],
        ["hand", "add", "--match", "{}", '{"dead": true}'],
        ["round", "start", "--event", "1", "--pair", "{},2"],
    ]

    @reg.add("cli-numbers", st.tuples(st.sampled_from(range(len(read_only_numbers))), NUMBER_TEXT))
    def _numbers(value: tuple[int, str]) -> Outcome:
        index, text = value
        argv = [part.replace("{}", text) for part in read_only_numbers[index]]
        return on_database(ws, argv)


def _add_database_targets(reg: Registry, ws: Workspace) -> None:
    """Database addresses and event files to import: files from outside."""
    db_texts = st.one_of(
        NASTY_TEXT,
        st.text(max_size=30).map(lambda t: f"sqlite:///{ws.root}/{t}"),
        st.text(max_size=30).map(lambda t: f"{t}://{t}"),
        st.text(max_size=30).map(lambda t: f"{ws.root}/sub/{t}"),
        st.sampled_from(
            [
                "DIR",
                "FOREIGN",
                "TEXTFILE",
                "EMPTY",
                "sqlite:///DIR",
                "postgresql+psycopg://nobody@127.0.0.1:1/none",
                "mysql://x/y",
                "sqlite:///FOREIGN",
                "FOREIGN?mode=ro",
            ]
        ),
    )

    @reg.add("db-option", db_texts)
    def _db(text: str) -> Outcome:
        special = {
            "DIR": str(ws.root),
            "FOREIGN": str(ws.foreign),
            "TEXTFILE": str(ws.file("notes.txt", "just some notes\n" * 50)),
            "EMPTY": str(ws.root / "empty-folder-for-db" / "new.sqlite"),
        }
        for word, path in special.items():
            text = text.replace(word, path)
        if "://" not in text and not text.startswith("/"):
            text = f"{ws.root}/rel/{text}"  # never create files where the suite runs
        foreign_before = ws.foreign.read_bytes()
        status, out, err, crash = run_cli(["--db", text, "event", "list"])
        changed = ws.foreign.read_bytes() != foreign_before or any(
            Path(f"{ws.foreign}{s}").exists() for s in ("-wal", "-shm")
        )
        return Outcome(status, out, err, refused_file_changed=changed, crash=crash)

    def event_files(draw: Any) -> str:
        kind = draw(st.integers(0, 3))
        if kind == 0:
            return json.dumps(mutate_json(ws.event_json, draw), ensure_ascii=False)
        if kind == 1:
            return draw(JSON_TEXT)
        if kind == 2:
            twice = mutate_json(mutate_json(ws.event_json, draw), draw)
            return json.dumps(twice, ensure_ascii=False)
        return draw(st.binary(max_size=200)).decode("utf-8", "replace")

    @reg.add("import-event", st.composite(lambda draw: event_files(draw))())
    def _import(text: str) -> Outcome:
        path = ws.file("event.json", text)
        return on_database(
            ws, ["import", "event", str(path)], multi_line_ok=True, check_verify=True
        )


def _add_hand_targets(reg: Registry, ws: Workspace) -> None:
    """Hands typed on the command line and through the scorer."""

    @reg.add("hand-add", HAND_TEXT)
    def _hand_add(text: str) -> Outcome:
        return on_database(ws, ["hand", "add", "--match", "1", text], check_verify=True)

    @reg.add("hand-correct", st.tuples(st.sampled_from(["1", "2"]), HAND_TEXT))
    def _hand_correct(value: tuple[str, str]) -> Outcome:
        hand_id, text = value
        return on_database(
            ws, ["hand", "correct", "--entry", hand_id, "--reason", "fuzz", text], check_verify=True
        )

    result_lines = st.one_of(
        st.text(max_size=30),
        st.from_regex(
            r"(adj |t |ff )?[abq]? ?[0-9²]{0,2}-?[0-9]{0,2}( -?[0-9]{1,7}-[0-9]{1,4}){0,5}",
            fullmatch=True,
        ),
    )

    @reg.add(
        "match-result",
        st.tuples(st.sampled_from(["1", "2"]), result_lines, st.booleans()),
    )
    def _match_result(value: tuple[str, str, bool]) -> Outcome:
        match, text, replace = value
        argv = ["match", "result", "--match", match, *(["--replace"] if replace else []), text]
        return on_database(ws, argv, check_verify=True)

    score_lines = st.lists(HAND_TEXT, min_size=1, max_size=4).map("\n".join)

    @reg.add("score", st.tuples(score_lines, st.sampled_from(["", "--json"])))
    def _score(value: tuple[str, str]) -> Outcome:
        text, flag = value
        path = ws.file("hands.jsonl", text)
        status, out, err, crash = run_cli(["score", str(path), *([flag] if flag else [])])
        return Outcome(status, out, err, crash=crash, multi_line_ok=True)  # one per bad line


def _add_rules_and_restore_targets(reg: Registry, ws: Workspace) -> None:
    """Rule-set TOML files and backups to restore."""
    toml_text = st.one_of(
        st.text(max_size=200),
        st.lists(
            st.tuples(
                st.sampled_from(
                    [
                        "key",
                        "name",
                        "knock_limit",
                        "gin_bonus",
                        "undercut_bonus",
                        "game_target",
                        "big_gin_bonus",
                        "box_bonus",
                        "[scoring]",
                        "aces",
                        "x",
                    ]
                ),
                NUMBER_TEXT,
            ),
            max_size=6,
        ).map(
            lambda pairs: "\n".join(
                f"{k} = {json.dumps(v)}" if not k.startswith("[") else k for k, v in pairs
            )
        ),
        st.integers(1, 3000).map(lambda d: "a = " + "[" * d + "]" * d),
        st.just("a = 1" + "9" * 5000),
    )

    @reg.add("rules-toml", st.tuples(toml_text, st.booleans()))
    def _toml(value: tuple[str, bool]) -> Outcome:
        text, new_event = value
        path = ws.file("rules.toml", text)
        if new_event:
            return on_database(ws, ["event", "new", "--name", "X", "--rules-file", str(path)])
        status, out, err, crash = run_cli(["presets", "show", str(path)])
        return Outcome(status, out, err, crash=crash)

    restore_files = st.one_of(
        st.binary(max_size=300),
        st.sampled_from(["FOREIGN", "TEXT", "NUL", "DIR", "MISSING", "SQLITE-HEADER"]),
    )

    @reg.add("restore", restore_files)
    def _restore(value: bytes | str) -> Outcome:
        if isinstance(value, bytes):
            path = str(ws.file("backup.sqlite", value))
        else:
            path = {
                "FOREIGN": str(ws.foreign),
                "TEXT": str(ws.file("b.txt", "hello")),
                "NUL": f"{ws.root}/a\x00b",
                "DIR": str(ws.root),
                "MISSING": f"{ws.root}/missing.sqlite",
                "SQLITE-HEADER": str(ws.file("h.sqlite", b"SQLite format 3\x00" + b"\x00" * 84)),
            }[value]
        foreign_before = ws.foreign.read_bytes()
        outcome = on_database(ws, ["restore", path])
        changed = ws.foreign.read_bytes() != foreign_before
        return Outcome(
            outcome.status,
            outcome.out,
            outcome.err,
            db_changed=outcome.db_changed,
            crash=outcome.crash,
            refused_file_changed=changed,
        )


def _add_analysis_targets(reg: Registry, ws: Workspace) -> None:
    """Cards to analyze, layoffs, the entry line and free text fields."""

    @reg.add(
        "analyze",
        st.tuples(
            CARD_ARGS,
            st.booleans(),
            st.one_of(st.none(), st.text(max_size=30), st.just("7h " * 70_000)),
        ),
    )
    def _analyze(value: tuple[list[str], bool, str | None]) -> Outcome:
        cards, as_json, stdin = value
        flags = ["--json"] if as_json else []
        args = ["analyze", *flags, "--", *cards] if stdin is None else ["analyze", *flags, "-"]
        status, out, err, crash = run_cli(args, stdin=stdin)
        too_long = any(len(line) > 2000 for line in out.splitlines())
        return Outcome(
            status, out, err + ("\nechoes a long input" if too_long else ""), crash=crash
        )

    @reg.add(
        "layoffs",
        st.tuples(
            st.lists(CARD_WORDS, max_size=8).map(" ".join),
            st.lists(CARD_WORDS, max_size=11).map(" ".join),
            st.one_of(st.none(), JSON_TEXT),
        ),
    )
    def _layoffs(value: tuple[str, str, str | None]) -> Outcome:
        knocker, defender, stdin = value
        if stdin is None:
            argv = ["layoffs", "--knocker", knocker, "--defender", defender]
        else:
            argv = ["layoffs", "--json", "-"]
        status, out, err, crash = run_cli(argv, stdin=stdin)
        return Outcome(status, out, err, crash=crash, multi_line_ok=stdin is not None)

    @reg.add(
        "entry-line",
        st.one_of(
            ANY_TEXT,
            st.lists(
                st.sampled_from(
                    [
                        "a",
                        "b",
                        "k",
                        "g",
                        "bg",
                        "7",
                        "15",
                        "99",
                        "9" * 5000,
                        "²",
                        "١",
                        "u",
                        "7h",
                        " ",
                        "-",
                        "-5",
                        "+5",
                    ]
                ),
                max_size=8,
            ).map(" ".join),
        ),
    )
    def _entry(text: str) -> Outcome:
        from gin_scorer.core.rules import RuleSet
        from gin_scorer.presentation.entry_grammar import read_entry
        from gin_scorer.presets import load_preset

        rules: RuleSet = load_preset("gra-tournament")
        try:
            said = read_entry(text, rules)
        except Exception as error:
            return Outcome(99, "", "", crash=f"{type(error).__name__}: {error}"[:200])
        return Outcome(0, "", said.message if len(said.message) > 400 else "")

    @reg.add(
        "text-fields",
        st.tuples(st.sampled_from(["entrant", "venue", "club", "event", "reason"]), ANY_TEXT),
    )
    def _text(value: tuple[str, str]) -> Outcome:
        where, text = value
        argv = {
            "entrant": ["entrant", "add", "--event", "1", text],
            "venue": ["event", "new", "--name", "N", "--venue", text],
            "club": ["entrant", "add", "--event", "1", "Zed", "--club", text],
            "event": ["event", "new", "--name", text],
            "reason": ["hand", "void", "--entry", "1", "--reason", text],
        }[where]
        outcome = on_database(ws, argv)
        bad = any(ord(c) < 32 or 127 <= ord(c) < 160 for c in text)
        if bad and outcome.status == 0:
            return Outcome(
                outcome.status,
                outcome.out,
                "accepted a control character\nin " + where,
                crash=outcome.crash,
            )
        return outcome
