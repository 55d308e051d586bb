"""``gin-scorer score`` and ``gin-scorer presets`` through the real CLI entry point."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gin_scorer.cli import main

HANDS = [
    {"knock": "A", "deadwood": {"A": 7, "B": 15}},
    {"gin": "B", "deadwood": {"A": 22}},
    {"knock": "A", "deadwood": {"A": 9, "B": 5}},
    {"big_gin": "A", "deadwood": {"B": 40}},
    {"dead": True},
]


def write(tmp_path: Path, lines: list[str]) -> str:
    path = tmp_path / "hands.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def test_text_output_shows_hands_totals_and_problems(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = [
        "# comment",
        *map(json.dumps, HANDS),
        "",
        json.dumps(HANDS[0] | {"deadwood": {"A": 12, "B": 30}}),
    ]
    status = main(
        ["score", "--rules", "wikipedia-standard", "--dealer", "A", write(tmp_path, lines)]
    )
    out = capsys.readouterr().out
    assert status == 2  # the knock over the limit is printed as an error: not a clean sheet
    assert "Rules: Wikipedia standard (wikipedia-standard)" in out
    assert "B undercuts (A 9 v B 5)" in out and "A big gin, B 40" in out
    assert "game 1: 79-76" in out
    assert "error: A knocked with 12 deadwood; the knock limit is 10" in out
    # 8+71+18 = 97 for A, 47+29 = 76 for B: no game over yet at 100.
    assert "Game 1: in play, to 100" in out and "Next dealer:" in out


def test_json_output_and_a_finished_match(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gin = json.dumps({"gin": "A", "deadwood": {"B": 100}})  # 125 a hand
    path = write(tmp_path, [gin] * 7)
    assert main(["score", "--json", path]) == 0  # default rules: GRA, first to 3 of 250
    doc = json.loads(capsys.readouterr().out)
    assert doc["rules"] == "gra-tournament"
    assert [h["result"]["points"] for h in doc["hands"]] == [125] * 7
    ledger = doc["ledger"]
    assert ledger["kind"] == "match" and ledger["finished"] and ledger["winner"] == "A"
    assert ledger["games_won"] == {"A": 3, "B": 0} and ledger["extra_hands"] == [6]
    first = ledger["games"][0]
    assert first["final"] == {"A": 250 + 50 + 100 + 250, "B": 0}


def test_ledger_choice_and_rules_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rules = tmp_path / "club.toml"
    rules.write_text('key = "club"\nname = "Club"\ntarget = 50\n', encoding="utf-8")
    path = write(tmp_path, [json.dumps(HANDS[1])] * 2)
    assert main(["score", "--rules", str(rules), "--ledger", "game", "--json", path]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["ledger"]["kind"] == "game" and doc["ledger"]["winner"] == "B"
    assert main(["score", "--rules", "hollywood", "--ledger", "hollywood", path]) == 0
    assert "Hollywood: games A 0, B 0" in capsys.readouterr().out
    assert main(["score", "--rules", "multi-match", path]) == 0
    assert "Multi-match to 500" in capsys.readouterr().out


def test_bad_lines_are_named_and_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = [json.dumps(HANDS[0]), '{"knock": "A"}', "not json", '{"gin": "C", "deadwood": {}}']
    assert main(["score", write(tmp_path, lines)]) == 2
    err = capsys.readouterr().err
    assert "line 2: the defender's deadwood is missing" in err
    assert "line 3: not JSON" in err
    assert "line 4: gin: 'C' is not a player" in err
    assert "Traceback" not in err


def test_user_errors_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "--rules", "nope", str(tmp_path / "x")]) == 2
    assert "no rule-set preset called 'nope'" in capsys.readouterr().err
    assert main(["score", str(tmp_path / "missing.jsonl")]) == 2
    assert "no such file" in capsys.readouterr().err
    bad = tmp_path / "bad.toml"
    bad.write_text("knock_limit = 'x'\n", encoding="utf-8")
    assert main(["score", "--rules", str(bad), str(tmp_path / "x")]) == 2
    assert "bad.toml: knock_limit = 'x': must be a whole number 0-10" in capsys.readouterr().err
    # A teams file whose last deal lacks a table is the input's fault, not a crash (exit 70).
    lines = [json.dumps(h) for h in HANDS[:2]]
    assert main(["score", "--ledger", "teams", "--team-size", "3", write(tmp_path, lines)]) == 2
    assert capsys.readouterr().err == "gin-scorer: deal 1 has 2 tables; teams of 3 play 3\n"


def test_stdin_through_a_real_process() -> None:
    lines = "\n".join(json.dumps(h) for h in HANDS) + "\n{\n"
    done = subprocess.run(
        [sys.executable, "-m", "gin_scorer", "score", "--json", "-"],
        input=lines,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 2, done.stderr
    assert "line 6: not JSON" in done.stderr and "Traceback" not in done.stderr
    ok = subprocess.run(
        [sys.executable, "-m", "gin_scorer", "score", "--json", "-"],
        input=lines[:-2],
        capture_output=True,
        text=True,
        check=False,
    )
    assert ok.returncode == 0, ok.stderr
    assert len(json.loads(ok.stdout)["hands"]) == 5


def test_presets_list_and_show(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["presets"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("gra-tournament") and "source: " in out and "oklahoma" in out
    assert main(["presets", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {"key", "name", "source"} == set(rows[0]) and len(rows) >= 9
    assert main(["presets", "show", "oklahoma"]) == 0
    out = capsys.readouterr().out
    assert "knock_rule" in out and "oklahoma" in out and "spade_doubles" in out
    assert main(["presets", "show", "pagat", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["gin_bonus"] == 20
    assert main(["presets", "show", "nope"]) == 2
    assert "the presets are:" in capsys.readouterr().err
    assert main(["presets", "show"]) == 2


def test_partnership_and_three_player_ledgers(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write(tmp_path, [json.dumps(h) for h in HANDS] + [json.dumps(HANDS[0])])
    assert main(["score", "--rules", "wikipedia-standard", "--ledger", "partnership", path]) == 0
    out = capsys.readouterr().out
    # Deal 1: A +8, B +47 -> team B 39; deal 2: B +29, A +71 -> team A 42; deal 3: A +8.
    assert "Partnership to 125: team A 50, team B 39; in play" in out
    assert main(["score", "--rules", "wikipedia-standard", "--ledger", "three-player", path]) == 0
    out = capsys.readouterr().out
    assert "Three players: won by P3; next dealer P1" in out
    assert "Hands after the end, counted nowhere: line 5, 6" in out
    assert main(["score", "--ledger", "three-player", "--json", path]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["ledger"]["kind"] == "threeplayergame" and doc["ledger"]["finished"] is False
    # A partnership rule set scores the same without --ledger (the event format's ledger).
    plain = write(tmp_path, [json.dumps(h) for h in HANDS[:3]])  # Pagat plays no big gin
    assert main(["score", "--rules", "pagat-partnership", plain]) == 0
    out = capsys.readouterr().out
    assert "deal 1 table 2: teams" in out and "Partnership to 125" in out
