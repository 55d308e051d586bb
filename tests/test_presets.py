"""The bundled presets: every rules.md preset, each complete, sourced and as the table says."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from gin_scorer.core.rules import KnockRule, MatchFormat, RuleSet, RuleSetError, ShutoutRule
from gin_scorer.presets import (
    DEFAULT_PRESET,
    list_presets,
    load_preset,
    load_ruleset_file,
    presets_dir,
    resolve_rules,
)

RULES_MD_PRESETS = {
    "gra-tournament",
    "wikipedia-standard",
    "pagat",
    "basic",
    "online",
    "oklahoma",
    "straight",
    "hollywood",
    "multi-match",
}
KNOBS = set(RuleSet().to_dict())


def test_every_rules_md_preset_is_there_default_first() -> None:
    keys = [r.key for r in list_presets()]
    assert set(keys) >= RULES_MD_PRESETS
    assert keys[0] == DEFAULT_PRESET == "gra-tournament"


@pytest.mark.parametrize("path", sorted(presets_dir().glob("*.toml")), ids=lambda p: p.stem)
def test_every_file_writes_every_knob_and_cites_a_source(path: Path) -> None:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    assert set(data) == KNOBS, f"{path.name} misses {KNOBS - set(data)}"
    assert data["source"].strip() and data["description"].strip()
    assert data["key"] == path.stem


def test_gra_file_says_the_rulebook_was_not_consulted() -> None:
    assert "could not be consulted" in load_preset("gra-tournament").source


@pytest.mark.parametrize(
    ("key", "knock", "gin", "big", "undercut", "tie", "target", "game", "box", "shutout", "fmt"),
    [
        ("gra-tournament", 10, 25, 31, 25, True, 250, 100, 25, "double_hand_points", "best_of"),
        (
            "wikipedia-standard",
            10,
            25,
            31,
            25,
            True,
            100,
            100,
            25,
            "double_hand_points",
            "single_game",
        ),
        ("pagat", 10, 20, None, 10, True, 100, 100, 20, "double_game_bonus", "single_game"),
        ("basic", 10, 25, 31, 15, False, 100, 0, 0, "none", "single_game"),
        ("online", 10, 25, 31, 20, True, 100, 0, 0, "none", "single_game"),
        ("oklahoma", None, 20, None, 10, True, 150, 100, 20, "double_game_bonus", "single_game"),
        ("straight", 0, 25, 31, 25, True, 100, 100, 25, "double_hand_points", "single_game"),
        ("hollywood", 10, 25, 31, 25, True, 100, 100, 25, "double_hand_points", "hollywood"),
        ("multi-match", 10, 25, 31, 25, True, 100, 100, 25, "none", "multi_match"),
    ],
)
def test_presets_match_the_rules_md_table(
    key: str,
    knock: int | None,
    gin: int,
    big: int | None,
    undercut: int,
    tie: bool,
    target: int,
    game: int,
    box: int,
    shutout: str,
    fmt: str,
) -> None:
    rules = load_preset(key)
    if knock is None:
        assert rules.knock_rule is KnockRule.OKLAHOMA and rules.spade_doubles
    elif knock == 0:
        assert rules.knock_rule is KnockRule.GIN_ONLY
    else:
        assert rules.knock_rule is KnockRule.LIMIT and rules.knock_limit == knock
    assert rules.gin_bonus == gin
    assert rules.big_gin_allowed == (big is not None)
    if big is not None:
        assert rules.big_gin_bonus == big
    assert (rules.undercut_bonus, rules.undercut_on_tie) == (undercut, tie)
    assert (rules.target, rules.game_bonus, rules.box_value) == (target, game, box)
    assert rules.shutout is ShutoutRule(shutout)
    assert rules.match_format is MatchFormat(fmt)


def test_gra_is_best_of_five_and_multi_match_targets() -> None:
    assert load_preset("gra-tournament").best_of == 5
    mm = load_preset("multi-match")
    assert (mm.multimatch_match_target, mm.multimatch_total_target) == (100, 500)
    assert load_preset("hollywood").hollywood_targets == (100, 100, 100)


def test_unknown_preset_lists_the_keys() -> None:
    with pytest.raises(RuleSetError) as caught:
        load_preset("gra")
    message = str(caught.value)
    assert "'gra'" in message
    assert all(key in message for key in RULES_MD_PRESETS)


def test_load_ruleset_file_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    path.write_text('key = "club"\nname = "Club"\nknock_limit = "x"\n', encoding="utf-8")
    with pytest.raises(RuleSetError, match=r"^club.toml: knock_limit = 'x'"):
        load_ruleset_file(path)
    with pytest.raises(RuleSetError, match="no such rule-set file"):
        load_ruleset_file(tmp_path / "missing.toml")


def test_resolve_rules_takes_a_key_or_a_path(tmp_path: Path) -> None:
    assert resolve_rules("pagat").key == "pagat"
    path = tmp_path / "club.toml"
    path.write_text('key = "club"\nname = "Club"\ntarget = 150\n', encoding="utf-8")
    assert resolve_rules(str(path)).target == 150


RULES_MD = Path(__file__).resolve().parents[1] / "docs" / "rules.md"


@pytest.mark.parametrize("path", sorted(presets_dir().glob("*.toml")), ids=lambda p: p.stem)
def test_each_presets_sources_are_numbered_in_the_repositorys_rules_md(path: Path) -> None:
    # The repository stands on its own: a preset cites the sources docs/rules.md lists, never
    # a path outside the repository.
    text = path.read_text(encoding="utf-8")
    assert "../" not in text
    listed = {
        line[4:7]
        for line in RULES_MD.read_text(encoding="utf-8").splitlines()
        if line.startswith("- **")
    }
    cited = [
        line
        for line in text.splitlines()
        if line.startswith("# Sources, as numbered in docs/rules.md")
    ]
    if cited:
        numbers = {part.strip()[:3] for part in cited[0].split(":", 1)[1].split(",")}
        assert numbers <= listed, (numbers, listed)
