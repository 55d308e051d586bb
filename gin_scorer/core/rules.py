"""Rule sets: every scoring knob of gin as one frozen value.

Where the sources disagree (see ``docs/rules.md``) the rule is a knob here, and each preset in
``resources/rulesets/`` states its choice and cites its source. A :class:`RuleSet` is plain
data: the store freezes :meth:`RuleSet.to_dict` with every event and match, so editing a
preset never rewrites history.

This module is pure: :func:`parse_ruleset` reads TOML *text*; reading files is
:mod:`gin_scorer.presets`' job.

>>> rules = parse_ruleset('key = "club"\\nname = "Club"\\ntarget = 150', origin="club.toml")
>>> rules.target, rules.knock_limit
(150, 10)
>>> parse_ruleset('knock_limit = "x"', origin="gra.toml")
Traceback (most recent call last):
...
gin_scorer.core.rules.RuleSetError: gra.toml: knock_limit = 'x': must be a whole number 0-10
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from enum import Enum
from typing import Any

from gin_scorer.core.melds import AceRule
from gin_scorer.core.text_checks import first_control
from gin_scorer.core.wording import Said, SaidError, said, shown, words_of


class RuleSetError(SaidError, ValueError):
    """A rule set that cannot be used; the message names the origin, the key and the value."""


# Where a rule set comes from when no file names it (an error's first words).
_A_RULE_SET = said("rule set")
_STORED_RULE_SET = said("stored rule set")


class KnockRule(Enum):
    """When a player may knock."""

    LIMIT = "limit"  # deadwood <= knock_limit (10 in standard play)
    OKLAHOMA = "oklahoma"  # deadwood <= the first upcard's value
    GIN_ONLY = "gin_only"  # straight gin: no knocking at all


class ShutoutRule(Enum):
    """What a shutout (the loser scored nothing in the game) is worth; three rules in sources."""

    NONE = "none"
    DOUBLE_HAND_POINTS = "double_hand_points"  # W: hand points doubled, line bonus not
    DOUBLE_GAME_BONUS = "double_game_bonus"  # P: 200 game bonus instead of 100
    DOUBLE_TOTAL = "double_total"  # R: the winner's whole score doubled


class MatchFormat(Enum):
    """How games make a match."""

    SINGLE_GAME = "single_game"
    BEST_OF = "best_of"
    HOLLYWOOD = "hollywood"
    MULTI_MATCH = "multi_match"
    PARTNERSHIP = "partnership"  # P: two teams of two, partners change opponents each deal
    TEAMS = "teams"  # W (Tedesco): two teams of N at N tables, a bonus when a team sweeps
    THREE_PLAYER = "three_player"  # P: three at one table, the dealer sits out; one game


class DealerRule(Enum):
    """Who deals the next hand."""

    ALTERNATE = "alternate"  # W
    LOSER = "loser"  # P: the loser of the hand deals
    WINNER = "winner"


@dataclass(frozen=True, slots=True)
class RuleSet:
    """Every knob of gin scoring. Defaults are the rules.md defaults (Wikipedia standard)."""

    key: str = "custom"
    name: str = "Custom rules"
    description: str = ""
    source: str = ""
    # Knocking.
    knock_rule: KnockRule = KnockRule.LIMIT
    knock_limit: int = 10
    oklahoma_ace_gin_only: bool = True  # Oklahoma: an ace upcard means gin only (P "some play")
    # Hand bonuses.
    gin_bonus: int = 25
    big_gin_allowed: bool = True
    big_gin_bonus: int = 31
    undercut_bonus: int = 25
    undercut_on_tie: bool = True
    spade_doubles: bool = False  # Oklahoma: a spade upcard doubles the hand and its extra boxes
    # The game.
    target: int = 100
    game_bonus: int = 100
    box_value: int = 25
    undercut_extra_boxes: int = 0
    gin_extra_boxes: int = 0  # also for big gin
    shutout: ShutoutRule = ShutoutRule.DOUBLE_HAND_POINTS
    ace_rule: AceRule = AceRule.LOW
    # The match.
    match_format: MatchFormat = MatchFormat.SINGLE_GAME
    best_of: int = 1  # games; 5 = first to 3 game wins
    hollywood_games: int = 3
    hollywood_targets: tuple[int, ...] = (100, 100, 100)
    hollywood_open_new_games: bool = False
    multimatch_match_target: int = 100
    multimatch_total_target: int = 500
    multimatch_per_hand_won: int = 25
    multimatch_match_bonus: int = 100
    multimatch_shutout_bonus: int = 100
    partnership_target: int = 125
    team_players: int = 3  # teams: players a team (and card tables a deal)
    team_target: int = 300  # teams: the team total that wins
    team_sweep_bonus: int = 25  # teams: to a team whose every player won their hand of a deal
    # Dealing.
    next_dealer: DealerRule = DealerRule.ALTERNATE
    dead_hand_same_dealer: bool = False  # P: after a dead hand the same dealer deals again
    fiftieth_card_rule: bool = False  # the 50th-card discard may be taken only to knock / gin

    def __post_init__(self) -> None:
        _check_consistency(self, _A_RULE_SET)

    @property
    def games_to_win(self) -> int:
        """Game wins that take a best-of match (best of 5: 3)."""
        return self.best_of // 2 + 1

    def to_dict(self) -> dict[str, object]:
        """A JSON-safe dict of every knob (enums as their values, tuples as lists)."""
        out: dict[str, object] = {}
        for field in fields(self):
            value = getattr(self, field.name)
            if isinstance(value, Enum):
                value = value.value
            elif isinstance(value, tuple):
                value = list(value)
            out[field.name] = value
        return out

    @classmethod
    def from_dict(
        cls, data: Mapping[str, object], origin: Said | str = _STORED_RULE_SET
    ) -> RuleSet:
        """Read :meth:`to_dict` output (or TOML data); knobs missing take their defaults."""
        return _build(data, origin)

    def with_changes(self, **knobs: object) -> RuleSet:
        """A copy with some knobs changed, checked exactly like a file."""
        data = self.to_dict()
        data.update(knobs)
        return _build(data, said("changes to {0}", self.key))


def parse_ruleset(text: str, origin: Said | str) -> RuleSet:
    """Read a rule set from TOML text; ``origin`` (usually the file name) heads every error."""
    if len(text) > _MAX_TOML_CHARS:
        raise RuleSetError(
            said(
                "{0}: too large for a rule set ({1} characters; at most {2})",
                origin,
                f"{len(text):,}",
                f"{_MAX_TOML_CHARS:,}",
            )
        )
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise RuleSetError(said("{0}: not valid TOML: {1}", origin, words_of(error))) from None
    except RecursionError:  # thousands of nested brackets: no rule set looks like that
        raise RuleSetError(said("{0}: not valid TOML: nested too deeply", origin)) from None
    except ValueError as error:  # e.g. a number of thousands of digits
        reason = str(error).split(";")[0][:80]
        raise RuleSetError(said("{0}: not valid TOML: {1}", origin, reason)) from None
    return _build(data, origin)


# Every preset is under 2 KB; a rule set of more than this is not one.
_MAX_TOML_CHARS = 256 * 1024


# --- checking -------------------------------------------------------------------------------

# Allowed ranges of the whole-number knobs: (low, high).
_INT_RANGES: dict[str, tuple[int, int]] = {
    "knock_limit": (0, 10),
    "gin_bonus": (0, 1000),
    "big_gin_bonus": (0, 1000),
    "undercut_bonus": (0, 1000),
    "target": (1, 100_000),
    "game_bonus": (0, 10_000),
    "box_value": (0, 1000),
    "undercut_extra_boxes": (0, 10),
    "gin_extra_boxes": (0, 10),
    "best_of": (1, 99),
    "hollywood_games": (1, 10),
    "multimatch_match_target": (1, 100_000),
    "multimatch_total_target": (1, 1_000_000),
    "multimatch_per_hand_won": (0, 1000),
    "multimatch_match_bonus": (0, 10_000),
    "multimatch_shutout_bonus": (0, 10_000),
    "partnership_target": (1, 100_000),
    "team_players": (2, 8),
    "team_target": (1, 100_000),
    "team_sweep_bonus": (0, 10_000),
}
_ENUMS: dict[str, type[Enum]] = {
    "knock_rule": KnockRule,
    "shutout": ShutoutRule,
    "ace_rule": AceRule,
    "match_format": MatchFormat,
    "next_dealer": DealerRule,
}
_BOOLS = {
    "oklahoma_ace_gin_only",
    "big_gin_allowed",
    "undercut_on_tie",
    "spade_doubles",
    "hollywood_open_new_games",
    "dead_hand_same_dealer",
    "fiftieth_card_rule",
}
_TEXTS = {"key", "name", "description", "source"}
_KNOBS = tuple(f.name for f in fields(RuleSet))


def _bad(origin: Said | str, key: str, value: object, why: Said) -> RuleSetError:
    return RuleSetError(said("{0}: {1} = {2}: {3}", origin, _key(key), shown(value), why))


def _key(key: str) -> str | Said:
    return key if key.isprintable() and len(key) <= 40 else shown(key)


def _convert(key: str, value: object, origin: Said | str) -> object:
    """The knob's value, checked by the kind of knob it is."""
    if key in _INT_RANGES:
        return _whole(key, value, origin)
    if key in _ENUMS:
        return _choice(key, value, origin)
    if key in _BOOLS:
        if not isinstance(value, bool):
            raise _bad(origin, key, value, said("must be true or false"))
        return value
    if key in _TEXTS:
        return _text(key, value, origin)
    if key == "hollywood_targets":
        return _targets(key, value, origin)
    raise AssertionError(f"knob {key} has no checker")  # pragma: no cover - programming error


def _whole(key: str, value: object, origin: Said | str) -> int:
    low, high = _INT_RANGES[key]
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _bad(origin, key, value, said("must be a whole number {0}-{1}", low, high))
    return value


def _choice(key: str, value: object, origin: Said | str) -> object:
    enum = _ENUMS[key]
    choices = [member.value for member in enum]
    if isinstance(value, enum):
        return value
    if not isinstance(value, str) or value not in choices:
        raise _bad(origin, key, value, said("must be one of {0}", ", ".join(map(str, choices))))
    return enum(value)


def _text(key: str, value: object, origin: Said | str) -> str:
    if not isinstance(value, str):
        raise _bad(origin, key, value, said("must be text in quotes"))
    if key in ("key", "name") and not value.strip():
        raise _bad(origin, key, value, said("must not be empty"))
    if first_control(value, allowed="\n") is not None or len(value) > 2000:
        # Printed on every sheet and terminal: no control characters, no essays.
        raise _bad(origin, key, value, said("must be printable text of at most 2,000 characters"))
    return value


def _targets(key: str, value: object, origin: Said | str) -> tuple[int, ...]:
    items = tuple(value) if isinstance(value, (list, tuple)) else None
    if (
        not items
        or any(isinstance(t, bool) or not isinstance(t, int) for t in items)
        or not all(1 <= t <= 100_000 for t in items)
    ):
        raise _bad(origin, key, value, said("must be a list of whole numbers 1-100000"))
    return items


def _build(data: Mapping[str, object], origin: Said | str) -> RuleSet:
    unknown = sorted(set(data) - set(_KNOBS))
    if unknown:
        name = unknown[0]
        known = ", ".join(_KNOBS)
        raise _bad(origin, name, data[name], said("is not a rule-set knob (known: {0})", known))
    values: dict[str, Any] = {key: _convert(key, value, origin) for key, value in data.items()}
    base = RuleSet.__new__(RuleSet)
    # Defaults first, then what the data says; consistency is checked once, naming the origin.
    for field in fields(RuleSet):
        object.__setattr__(base, field.name, values.get(field.name, field.default))
    _check_consistency(base, origin)
    return replace(base)


def _check_consistency(rules: RuleSet, origin: Said | str) -> None:
    if len(rules.hollywood_targets) != rules.hollywood_games:
        raise _bad(
            origin,
            "hollywood_targets",
            list(rules.hollywood_targets),
            said("must list one target per game (hollywood_games = {0})", rules.hollywood_games),
        )
    if rules.best_of % 2 == 0:
        raise _bad(origin, "best_of", rules.best_of, said("must be odd (best of 1, 3, 5, 7 ...)"))
