"""The README runs as written (issue 36).

Every fenced block whose language is ``sh`` is run, in the order of the page, by one shell in a
fresh data folder (its own ``HOME`` and ``XDG_*`` folders, no ``GIN_SCORER_DB``), so a command
may use the files and the shell variables an earlier one made — ids come from an earlier
command's output, as a newcomer would take them. Each command must end with status 0, or with
the status its line states in a trailing comment: ``# exit 2`` (a refusal the page shows on
purpose). Blocks that are not meant to run use another language: ``console`` (a command that
opens a window, serves a room or needs a server), ``text`` (sample output), ``bat``.

The same test checks that every ``--option`` the page names exists: on a ``gin-scorer`` command
line, in that command's own parser; anywhere else in the page, in some command's parser.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from gin_scorer.cli import build_parser

README = Path(__file__).resolve().parents[1] / "README.md"
_FENCE = re.compile(r"^```([\w-]*)\s*$")
_EXPECTED = re.compile(r"\s#\s*exit (\d+)\b")
_HEREDOC = re.compile(r"<<-?\s*'?(\w+)'?")
_INVOCATION = re.compile(r"gin-scorer((?:\s+[^\s|;&)<>`]+)*)")
_FLAG = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*")


@dataclass(frozen=True, slots=True)
class Command:
    """One command of a ``sh`` block: where it starts in the README, its text, its status."""

    line: int
    text: str
    expected: int


def fenced_blocks(text: str) -> Iterator[tuple[str, int, list[str]]]:
    """Every fenced block: its language, the README line of its first line, its lines."""
    language: str | None = None
    start, lines = 0, []
    for number, line in enumerate(text.splitlines(), start=1):
        found = _FENCE.match(line)
        if language is None and found:
            language, start, lines = found.group(1), number + 1, []
        elif language is not None and line.startswith("```"):
            yield language, start, lines
            language = None
        elif language is not None:
            lines.append(line)


def commands(text: str) -> list[Command]:
    """The commands of every ``sh`` block in order: a line, with its ``\\`` continuations and
    its here-document; blank lines and comment lines are not commands."""
    found: list[Command] = []
    for language, start, lines in fenced_blocks(text):
        if language != "sh":
            continue
        index = 0
        while index < len(lines):
            first = lines[index]
            number = start + index
            index += 1
            if not first.strip() or first.lstrip().startswith("#"):
                continue
            unit = [first]
            while unit[-1].endswith("\\") and index < len(lines):
                unit.append(lines[index])
                index += 1
            heredoc = _HEREDOC.search(first)
            if heredoc:
                while index < len(lines) and lines[index - 1].strip() != heredoc.group(1):
                    unit.append(lines[index])
                    index += 1
            expected = _EXPECTED.search(first)
            status = int(expected.group(1)) if expected else 0
            found.append(Command(number, "\n".join(unit), status))
    return found


def script(steps: list[Command]) -> str:
    """One shell script running every command, each checked against its expected status."""
    out = []
    for step in steps:
        shown = shlex.quote(step.text.splitlines()[0][:160])
        out += [
            step.text,
            f's=$?; if [ $s -ne {step.expected} ]; then echo "README.md line {step.line}: '
            f'exit $s, expected {step.expected}:" {shown} >&2; exit 99; fi',
        ]
    out.append(f"echo 'README commands run: {len(steps)}'")
    return "\n".join(out) + "\n"


def test_the_readme_splits_into_commands() -> None:
    sample = (
        "```sh\n"
        "A=$(gin-scorer event new --name X | cut -d' ' -f2)   # the id\n"
        "gin-scorer event list   # exit 2: refused\n"
        "cat > x.csv <<'EOF'\n"
        "name\n"
        "# not a comment: a line of the file\n"
        "EOF\n"
        "gin-scorer event show \\\n  $A\n"
        "```\n"
        "```console\n$ ./scripts/app.sh\n```\n"
    )
    steps = commands(sample)
    assert [(s.line, s.expected) for s in steps] == [(2, 0), (3, 2), (4, 0), (8, 0)]
    assert steps[2].text.splitlines()[-1] == "EOF" and steps[3].text.endswith("$A")


@pytest.mark.skipif(sys.platform == "win32", reason="the README's commands are POSIX shell")
def test_every_sh_block_runs_as_written(tmp_path: Path) -> None:
    steps = commands(README.read_text(encoding="utf-8"))
    home = tmp_path / "home"
    work = tmp_path / "work"
    for folder in (home, work):
        folder.mkdir()
    venv_bin = Path(sys.executable).parent
    env = {
        "PATH": f"{venv_bin}{os.pathsep}{os.environ.get('PATH', '/usr/bin:/bin')}",
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_CACHE_HOME": str(home / "cache"),
        "LANG": "C.UTF-8",
        "GIN_SCORER_STATION": "readme",
        "QT_QPA_PLATFORM": "offscreen",
    }
    (work / "readme.sh").write_text(script(steps), encoding="utf-8")
    done = subprocess.run(
        ["bash", "--noprofile", "--norc", "readme.sh"],
        cwd=work,
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,
        check=False,
    )
    tail = (done.stdout[-3000:] + "\n--- stderr ---\n" + done.stderr[-3000:]).strip()
    assert done.returncode == 0, tail
    assert done.stdout.rstrip().endswith(f"README commands run: {len(steps)}"), tail
    # The page says how many commands it runs: the count stays the one this test runs.
    assert f"runs them all ({len(steps)} commands)" in README.read_text(encoding="utf-8")


def _parsers() -> dict[tuple[str, ...], argparse.ArgumentParser]:
    """Every parser of the command line by its path: (), ("event",), ("event", "new") …"""
    found: dict[tuple[str, ...], argparse.ArgumentParser] = {}

    def walk(path: tuple[str, ...], parser: argparse.ArgumentParser) -> None:
        found[path] = parser
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, child in action.choices.items():
                    walk((*path, name), child)

    walk((), build_parser())
    return found


def _named_flags(parser: argparse.ArgumentParser) -> set[str]:
    return {s for a in parser._actions for s in a.option_strings if s.startswith("--")}


def _command_path(words: list[str], parsers: dict[tuple[str, ...], object]) -> tuple[str, ...]:
    """The deepest parser a command line's words name (global options skipped)."""
    path: tuple[str, ...] = ()
    for word in words:
        if word.startswith("-"):
            continue
        if (*path, word) in parsers:
            path = (*path, word)
        elif path:
            break
    return path


def test_every_option_the_readme_names_exists() -> None:
    text = README.read_text(encoding="utf-8")
    parsers = _parsers()
    top = _named_flags(parsers[()])
    anywhere = set().union(*(_named_flags(p) for p in parsers.values()))
    wrong: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        for invocation in _INVOCATION.finditer(line):
            try:
                words = shlex.split(invocation.group(1), comments=True)
            except ValueError:  # a quote closed on the next line: the first line's words
                words = invocation.group(1).split()
            path = _command_path(words, parsers)
            if not path:
                continue
            allowed = _named_flags(parsers[path]) | top
            for word in words:
                flag = word.split("=", 1)[0]
                if _FLAG.fullmatch(flag) and flag not in allowed:
                    wrong.append(f"line {number}: gin-scorer {' '.join(path)} has no {flag}")
        for flag in _FLAG.findall(line):
            if flag not in anywhere and flag not in _OTHER_PROGRAMS:
                wrong.append(f"line {number}: no command has {flag}")
    assert not wrong, "\n".join(wrong)


# Options of other programs the README names (pip, pytest, Qt's tools, the benchmarks).
_OTHER_PROGRAMS = {"--watchers", "--no-check", "--out", "--help", "--version"}
