"""The bundled rule-set presets (``resources/rulesets/*.toml``) and rule-set files.

Each preset file names its source. :func:`load_preset` reads one by key; an unknown key is a
clear error that lists the keys there are.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from gin_scorer.core.rules import RuleSet, RuleSetError, parse_ruleset
from gin_scorer.core.wording import said
from gin_scorer.paths import resources_dir

DEFAULT_PRESET = "gra-tournament"


def presets_dir() -> Path:
    """The folder holding the preset files."""
    return resources_dir() / "rulesets"


def load_ruleset_file(path: str | Path) -> RuleSet:
    """Read a rule set from a TOML file; errors name the file, the key and the value."""
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RuleSetError(said("{0}: no such rule-set file", file)) from None
    except (OSError, UnicodeDecodeError) as error:
        raise RuleSetError(said("{0}: cannot be read: {1}", file, error)) from None
    return parse_ruleset(text, origin=file.name)


@cache
def _presets() -> tuple[RuleSet, ...]:
    found: list[RuleSet] = []
    for file in sorted(presets_dir().glob("*.toml")):
        rules = load_ruleset_file(file)
        if rules.key != file.stem:
            raise RuleSetError(
                said("{0}: key = {1}: must match the file name", file.name, repr(rules.key))
            )
        found.append(rules)
    # The default first, then alphabetical: the order pickers show them in.
    found.sort(key=lambda r: (r.key != DEFAULT_PRESET, r.key))
    return tuple(found)


def list_presets() -> tuple[RuleSet, ...]:
    """Every bundled preset, the default (GRA tournament) first."""
    return _presets()


def load_preset(key: str) -> RuleSet:
    """The preset called ``key``; an unknown key is a :class:`RuleSetError` listing the keys."""
    for rules in _presets():
        if rules.key == key:
            return rules
    keys = ", ".join(r.key for r in _presets())
    raise RuleSetError(said("no rule-set preset called {0}; the presets are: {1}", repr(key), keys))


def resolve_rules(spec: str) -> RuleSet:
    """A preset key, or a path to a ``.toml`` file (what ``--rules`` accepts)."""
    if spec.endswith(".toml") or "/" in spec or "\\" in spec:
        return load_ruleset_file(spec)
    return load_preset(spec)
