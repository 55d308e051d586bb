"""``gin-scorer analyze`` and ``gin-scorer layoffs`` as a person or a script uses them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gin_scorer.cli import main
from gin_scorer.paths import resources_dir


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def run_stdin(argv: list[str], text: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gin_scorer", *argv],
        input=text,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )


def test_analyze_ten_cards_as_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        ["analyze", "7h", "8h", "9h", "9c", "9d", "9s", "2c", "3d", "Kc", "Ks"], capsys
    )
    assert status == 0
    assert "melds:    7♥ 8♥ 9♥ | 9♣ 9♦ 9♠" in out
    assert "deadwood: 2♣ 3♦ K♣ K♠ = 25" in out


def test_analyze_ten_cards_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["analyze", "--json", "7h 8h 9h 9c 9d 9s 2c 3d Kc Ks"], capsys)
    assert status == 0
    assert json.loads(out) == {
        "cards": ["7h", "8h", "9h", "9c", "9d", "9s", "2c", "3d", "Kc", "Ks"],
        "melds": [["7h", "8h", "9h"], ["9c", "9d", "9s"]],
        "deadwood": ["2c", "3d", "Kc", "Ks"],
        "deadwood_points": 25,
    }


def test_analyze_eleven_cards_gives_the_discard(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["analyze", "--json", "2c 3c 4c 7h 8h 9h Jd Js Jh Kc 5d"], capsys)
    data = json.loads(out)
    assert status == 0
    assert data["discard"] == "Kc"
    assert data["deadwood_points"] == 15  # all eleven counted
    assert data["deadwood_points_after_discard"] == 5
    assert data["deadwood_after_discard"] == ["5d"]
    assert data["big_gin"] is False
    status, out, _ = run(["analyze", "2c 3c 4c 7h 8h 9h Jd Js Jh Kc 5d"], capsys)
    assert "best discard: K♣, keeping:" in out


def test_analyze_big_gin(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(["analyze", "--json", "2c 3c 4c 5c 7h 8h 9h Jd Js Jh Jc"], capsys)
    data = json.loads(out)
    assert status == 0
    assert data["big_gin"] is True and data["discard"] is None
    assert data["deadwood_points"] == 0
    _, text, _ = run(["analyze", "2c 3c 4c 5c 7h 8h 9h Jd Js Jh Jc"], capsys)
    assert "big gin" in text


def test_analyze_tedesco_aces(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(["analyze", "--json", "--aces", "tedesco", "Ks As 2s 9c"], capsys)
    assert json.loads(out)["melds"] == [["Ks", "As", "2s"]]
    _, out, _ = run(["analyze", "--json", "Ks As 2s 9c"], capsys)
    assert json.loads(out)["deadwood_points"] == 22


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["analyze", "7h", "7x"], "'7x' is not a card"),
        (["analyze", "7h 7h"], "7♥ is in the hand twice"),
        (["analyze", "Ac 2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc"], "the hand has 12 cards"),
        (["analyze"], "which cards?"),
        (
            ["layoffs", "--knocker", "7h 8h 10h", "--defender", "5c"],
            "the knocker's meld 1 is not legal: 7♥ 8♥ 10♥ is not a run: 9♥ is missing",
        ),
        (
            ["layoffs", "--knocker", "7h 8h 9h", "--defender", "9h 2c"],
            "9♥ cannot be both in the knocker's melds and the defender's hand",
        ),
        (["layoffs", "--knocker", "7h 8h 9h"], "give --knocker"),
        (["layoffs", "-", "--knocker", "7h 8h 9h"], "not both"),
    ],
)
def test_bad_input_is_one_clear_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(argv, capsys)
    assert status == 2
    assert message in err
    assert "Traceback" not in err and out == ""


def test_layoffs_as_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "layoffs",
        "--knocker",
        "7h 8h 9h | Ks Kd Kc",
        "--defender",
        "6h 5h Kh 2c 2d 2s 9c Jd Qd 4s",
    ]
    status, out, _ = run(argv, capsys)
    assert status == 0
    assert "lays off:        6♥ on 1, 5♥ on 1, K♥ on 2" in out
    assert "deadwood:        4♠ 9♣ J♦ Q♦ = 33" in out
    status, out, _ = run([*argv, "--json"], capsys)
    assert json.loads(out) == {
        "defender_melds": [["2c", "2d", "2s"]],
        "layoffs": [
            {"card": "6h", "meld": 0},
            {"card": "5h", "meld": 0},
            {"card": "Kh", "meld": 1},
        ],
        "deadwood": ["4s", "9c", "Jd", "Qd"],
        "deadwood_points": 33,
    }
    status, out, _ = run([*argv, "--json", "--gin"], capsys)
    assert json.loads(out)["layoffs"] == []


def test_analyze_reads_hands_from_stdin_and_reports_bad_lines() -> None:
    done = run_stdin(
        ["analyze", "--json", "-"], "7h 8h 9h 9c 9d 9s 2c 3d Kc Ks\n7h 7q\n\nKs As 2s 3s 9c\n"
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [line["line"] for line in lines] == [1, 2, 4]
    assert lines[0]["deadwood_points"] == 25
    assert "'7q' is not a card" in lines[1]["error"] and set(lines[1]) == {"line", "error"}
    assert lines[2]["melds"] == [["As", "2s", "3s"]]


def test_analyze_stdin_all_good_is_status_0_and_text_works() -> None:
    done = run_stdin(["analyze", "--aces", "tedesco", "-"], "Qs Ks As 5c\n")
    assert done.returncode == 0
    assert "Q♠ K♠ A♠" in done.stdout and "= 5" in done.stdout


def test_layoffs_reads_json_lines_from_stdin() -> None:
    text = (
        "\n".join(
            [
                json.dumps({"knocker_melds": [["2h", "3h", "4h"]], "defender": ["6h", "5h", "9c"]}),
                "not json",
                json.dumps(
                    {"knocker_melds": [["2h", "3h", "4h"]], "defender": "5h 6h 9c", "gin": True}
                ),
                json.dumps({"knocker_melds": [["2h", "3h"]], "defender": []}),
                json.dumps({"defender": []}),
                json.dumps({"knocker_melds": "2h 3h 4h", "defender": []}),
            ]
        )
        + "\n"
    )
    done = run_stdin(["layoffs", "--json", "-"], text)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert lines[0] == {
        "line": 1,
        "defender_melds": [],
        "deadwood": ["9c"],
        "deadwood_points": 9,
        "layoffs": [{"card": "5h", "meld": 0}, {"card": "6h", "meld": 0}],
    }
    assert "not JSON" in lines[1]["error"]
    assert lines[2]["layoffs"] == [] and lines[2]["deadwood_points"] == 20
    assert "the knocker's meld 1 is not legal: 2♥ 3♥ is not a meld" in lines[3]["error"]
    assert lines[4]["error"] == 'the line has no "knocker_melds"'
    assert "must be a list of melds" in lines[5]["error"]


def test_a_line_that_is_not_utf8_is_reported_and_the_rest_answered() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "gin_scorer", "analyze", "--json", "-"],
        input=b"7h 8h 9h\n" + b"7\xff 8h\n" + "Kc K♦ K♥\n".encode(),
        capture_output=True,
        check=False,
    )
    assert done.returncode == 1
    lines = [json.loads(line) for line in done.stdout.decode().splitlines()]
    assert lines[0]["deadwood_points"] == 0
    assert lines[1] == {"line": 2, "error": "the line is not UTF-8 text"}
    assert lines[2]["melds"] == [["Kc", "Kd", "Kh"]]


def test_the_ace_rule_can_come_from_a_preset(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _, out, _ = run(["analyze", "--json", "--rules", "gra-tournament", "Ks As 2s 9c"], capsys)
    assert json.loads(out)["melds"] == []  # the preset plays aces low
    base = (resources_dir() / "rulesets" / "gra-tournament.toml").read_text(encoding="utf-8")
    tedesco = tmp_path / "tedesco.toml"
    tedesco.write_text(base.replace('ace_rule = "low"', 'ace_rule = "tedesco"'), encoding="utf-8")
    _, out, _ = run(["analyze", "--json", "--rules", str(tedesco), "Ks As 2s 9c"], capsys)
    assert json.loads(out)["melds"] == [["Ks", "As", "2s"]]
    _, out, _ = run(
        ["analyze", "--json", "--rules", str(tedesco), "--aces", "low", "Ks As 2s 9c"], capsys
    )
    assert json.loads(out)["melds"] == []  # --aces wins
    status, _, err = run(["analyze", "--rules", "no-such-preset", "Ks As 2s"], capsys)
    assert status == 2 and "no-such-preset" in err and "Traceback" not in err


def test_a_declared_arrangement_is_checked_against_the_best(
    capsys: pytest.CaptureFixture[str],
) -> None:
    hand = "5h 6h 7h 7c 7d 2s 3s 9d Kc Qd"
    # Declaring the run strands 7♣ 7♦ (14); the set of sevens strands only 5♥ 6♥ (11).
    status, out, _ = run(["analyze", "--json", hand, "--declared", "5h 6h 7h"], capsys)
    assert status == 0
    data = json.loads(out)
    assert data["deadwood_points"] == 11 + 5 + 9 + 20
    assert data["declared"] == {
        "melds": [["5h", "6h", "7h"]],
        "problems": [],
        "deadwood": ["2s", "3s", "7c", "7d", "9d", "Qd", "Kc"],
        "deadwood_points": 48,
        "extra_deadwood": 3,
    }
    _, text, _ = run(["analyze", hand, "--declared", "5h 6h 7h"], capsys)
    assert "the declaration leaves 3 more than the best (45)" in text
    _, text, _ = run(["analyze", hand, "--declared", "7c 7d 7h"], capsys)
    assert "the declaration is as good as the best arrangement" in text
    _, out, _ = run(["analyze", "--json", hand, "--declared", "2s 3s Kc | 7c 7d 7h"], capsys)
    declared = json.loads(out)["declared"]
    assert declared["melds"] == [["7c", "7d", "7h"]]
    assert declared["problems"] == [
        "declared meld 1: 2♠ 3♠ K♣ is not a meld: the cards are neither all one rank (a set) "
        "nor all one suit (a run)"
    ]
    status, _, err = run(["analyze", hand, "--declared", "8h 9h 10h"], capsys)
    assert status == 2 and "8♥ in declared meld 1 is not in the hand" in err
