"""Entrants as typed, checked before any is written: each name, club, number, seed and team
cleaned; a batch checked against the event (a name, seed or member number taken twice) and
against its format (a team event seats teams of its size). Every problem names its row."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Literal

from gin_scorer.core.ledgers import tables_of
from gin_scorer.core.rules import RuleSet
from gin_scorer.core.wording import Said, said
from gin_scorer.services.support.dto import EntrantSpec
from gin_scorer.services.support.errors import InvalidInput, RowsRejected
from gin_scorer.services.support.stored_json import rules_from_json
from gin_scorer.services.support.text_input import clean_text
from gin_scorer.store.tables import Entrant, Event

MAX_SEED = 100_000
MOST_TEAM = 8  # players a team (core.ledgers.teams)


def checked_spec(spec: EntrantSpec) -> EntrantSpec:
    """The spec with its text trimmed; :class:`InvalidInput` naming the field otherwise."""
    if not isinstance(spec, EntrantSpec):
        raise InvalidInput(said("{0} is not an entrant", repr(spec)))
    name = clean_text(spec.name, "name", required=True, limit=120)
    club = clean_text(spec.club, "club", limit=120)
    member = clean_text(spec.member_number, "member number", limit=40)
    partner = clean_text(spec.partner, "partner", limit=400)
    if isinstance(spec.teammates, str) or not isinstance(spec.teammates, tuple | list):
        raise InvalidInput(said("teammates: {0} is not a list of names", repr(spec.teammates)))
    teammates = [clean_text(t, "teammate", limit=120) for t in spec.teammates]
    if " & " in partner:  # "Bob & Cy": the partner and a teammate, as a team is written
        partner, *more = (p.strip() for p in partner.split(" & "))
        teammates = [*more, *teammates]
    if len(partner) > 120:
        raise InvalidInput(said("partner: {0}… is longer than 120 characters", repr(partner[:40])))
    if any(not t for t in teammates) or (teammates and not partner):
        raise InvalidInput(said("a team's players each need a name (write them 'Ann & Bob & Cy')"))
    if len(teammates) > MOST_TEAM - 2:
        raise InvalidInput(said("a team has at most {0} players", MOST_TEAM))
    team = clean_text(spec.team_name, "team name", limit=200)
    seed = spec.seed
    if seed is not None and (
        isinstance(seed, bool) or not isinstance(seed, int) or not 1 <= seed <= MAX_SEED
    ):
        raise InvalidInput(
            said("seed {0} is not a whole number from 1 to {1}", repr(seed), MAX_SEED)
        )
    if partner and partner.casefold() == name.casefold():
        raise InvalidInput(said("partner {0} is the player themself", repr(partner)))
    people = [name, *([partner] if partner else []), *teammates]
    twice = next((p for i, p in enumerate(people) if p.casefold() in folded(people[:i])), None)
    if twice is not None:
        raise InvalidInput(said("{0} is named twice in one team", repr(twice)))
    return EntrantSpec(
        name=name,
        club=club,
        member_number=member,
        seed=seed,
        partner=partner,
        team_name=team,
        checked_in=bool(spec.checked_in),
        teammates=tuple(teammates),
    )


def folded(names: Sequence[str]) -> set[str]:
    return {n.casefold() for n in names}


def display_name(spec: EntrantSpec) -> str:
    if spec.team_name:
        return spec.team_name
    return " & ".join((spec.name, *([spec.partner] if spec.partner else []), *spec.teammates))


Word = Literal["row", "line"]
"""How a list numbers its entrants: by spreadsheet row, or by line of the text."""


def label(word: Word, number: int) -> Said:
    """Where an entrant (or a problem) is in a list: "row 7" or "line 3"."""
    if word == "row":
        return said("row {0}", number)
    return said("line {0}", number)


def labelled(label: Said, problem: Said) -> Said:
    """``problem`` named by the entrant's label: "row 7: seed 1 is already 'Ann''s"."""
    return said("{0}: {1}", label, problem)


def unlabelled(problem: Said, label: str) -> Said:
    """``problem`` without its leading ``label`` (English, "entrant 1"), as a refusal of one
    entrant says it; unchanged when another label names it."""
    if problem.pattern == "{0}: {1}" and len(problem.values) == 2:
        where, what = problem.values
        if str(where) == label:
            return what if isinstance(what, Said) else said("{0}", what)
    return problem


def checked_batch(
    specs: Sequence[EntrantSpec], labels: Sequence[Said], existing: Sequence[Entrant]
) -> list[EntrantSpec]:
    """Every spec cleaned and checked against the event and the rest of the batch (a name, a
    seed or a member number taken twice); every problem raised together as RowsRejected."""
    taken_names = {e.name.casefold(): e.name for e in existing}
    taken_seeds = {e.seed: e.name for e in existing if e.seed is not None}
    taken_members: dict[str, str] = {}
    problems: list[Said] = []
    checked: list[EntrantSpec] = []
    for label, spec in zip(labels, specs, strict=True):
        try:
            clean = checked_spec(spec)
        except InvalidInput as error:
            problems.append(labelled(label, error.words))
            continue
        shown = display_name(clean)
        problem = clash(clean, shown, taken_names, taken_seeds, taken_members)
        if problem is not None:
            problems.append(labelled(label, problem))
            continue
        if clean.member_number:
            taken_members[clean.member_number] = shown
        taken_names[shown.casefold()] = shown
        if clean.seed is not None:
            taken_seeds[clean.seed] = shown
        checked.append(clean)
    if problems:
        raise RowsRejected(problems, what="entrants")
    return checked


def teams_only(event: Event, labels: Sequence[Said], specs: Sequence[EntrantSpec]) -> None:
    """A team event seats teams of its size (two for partnerships); any other event seats
    players and teams of two, never a larger team."""
    rules = rules_from_json(event.rules_json, "event rules")
    size = team_size(rules)
    problems: list[Said] = []
    for label, spec in zip(labels, specs, strict=True):
        players = 1 + bool(spec.partner) + len(spec.teammates)
        if team_fits(size, players):
            continue
        if size == 0:
            problem = said("a team of {0} plays only in a team event (match format teams)", players)
        elif players == 1 and size == 2:
            problem = said(
                "{0} has no partner, and this event plays partnerships (teams of two): give "
                "the partner's name",
                repr(spec.name),
            )
        else:
            example = " & ".join(("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")[:size])
            problem = _wrong_size(repr(display_name(spec)), players, size, example)
        problems.append(labelled(label, problem))
    if problems:
        raise RowsRejected(problems, what="entrants")


def _wrong_size(shown: str, players: int, size: int, example: str) -> Said:
    if players == 1:
        return said(
            "{0} is {1} player, and this event plays teams of {2}: write each team like '{3}'",
            shown,
            players,
            size,
            example,
        )
    return said(
        "{0} is {1} players, and this event plays teams of {2}: write each team like '{3}'",
        shown,
        players,
        size,
        example,
    )


def team_fits(size: int, players: int) -> bool:
    """Whether an entrant of ``players`` players may enter an event whose entrants must be
    ``size`` (:func:`team_size`; 0: a player or a pair)."""
    return players == size if size else players <= 2


def team_size(rules: RuleSet) -> int:
    """Players an entrant of this event must be: one for each card table a deal takes (2
    for partnerships, the team size for teams), 0 when a player or a pair may enter."""
    return tables_of(rules)


def clash(
    clean: EntrantSpec,
    shown: str,
    names: dict[str, str],
    seeds: dict[int, str],
    members: dict[str, str],
) -> Said | None:
    """What this entrant would take that is already someone's: a name, a seed, a member
    number."""
    if shown.casefold() in names:
        return said("{0} is already entered in this event", repr(names[shown.casefold()]))
    if clean.seed is not None and clean.seed in seeds:
        return said("seed {0} is already {1}'s", clean.seed, repr(seeds[clean.seed]))
    if clean.member_number and clean.member_number in members:
        return said(
            "member number {0} is also {1}'s",
            repr(clean.member_number),
            repr(members[clean.member_number]),
        )
    return None


def typed_team(spec: EntrantSpec) -> EntrantSpec:
    """A typed "Ann Lee & Bob Roe" is two people entered as a team, each linked to the
    registry (not one person called "Ann Lee & Bob Roe"); "Ann & Bob & Cy" is three."""
    people = [part.strip() for part in spec.name.split(" & ")]
    if len(people) > 1 and all(people):
        first, partner, *teammates = people
        return replace(spec, name=first, partner=partner, teammates=tuple(teammates))
    return spec
