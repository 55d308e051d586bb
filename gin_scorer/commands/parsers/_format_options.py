"""The event-format options shared by ``event new`` and ``event settings``: Swiss rounds, what a
bye is worth, the tie-breaks and their order, the double-elimination bracket reset, check-in,
entrants kept at one table, and what a forfeit and time called are worth. Here only what it adds
to the parsers; the rest is in :mod:`gin_scorer.commands._format_options`, imported when a
command runs (see :mod:`gin_scorer.commands.parsers`).
"""

from __future__ import annotations

import argparse

from gin_scorer.commands._arguments import any_whole, not_negative, positive, quoted
from gin_scorer.presentation.words import translate
from gin_scorer.tournament.results import TimeCalledWinner
from gin_scorer.tournament.settings import TieBreak

# Other ways directors write the tie-breaks (the enum's values work too).
_TIE_BREAK_ALIASES = {
    "matches": TieBreak.MATCH_WINS,
    "wins": TieBreak.MATCH_WINS,
    "games": TieBreak.GAME_WINS,
    "points": TieBreak.POINT_DIFFERENTIAL,
    "point_diff": TieBreak.POINT_DIFFERENTIAL,
    "margin": TieBreak.POINT_DIFFERENTIAL,
    "h2h": TieBreak.HEAD_TO_HEAD,
    "opponents": TieBreak.BUCHHOLZ,
    "opponents_match_wins": TieBreak.BUCHHOLZ,
    "opp_wins": TieBreak.BUCHHOLZ,
}


def tie_breaks(text: str) -> list[str]:
    """``"match wins, buchholz, points"`` → the tie-breaks' stored names, in order.

    >>> tie_breaks("match-wins, opponents, points, h2h")
    ['match_wins', 'buchholz', 'point_differential', 'head_to_head']
    >>> tie_breaks("wins, luck")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 'luck' is not a tie-break; use match_wins, game_wins, \
point_differential, head_to_head, buchholz (opponents' match wins), seed
    """
    names: list[str] = []
    for part in text.split(","):
        key = part.strip().lower().replace("-", "_").replace(" ", "_").replace("'", "")
        if not key:
            continue
        found = _TIE_BREAK_ALIASES.get(key)
        if found is None:
            try:
                found = TieBreak(key)
            except ValueError:
                raise argparse.ArgumentTypeError(
                    translate("cli", "{0} is not a tie-break; use {1}").format(
                        repr(part.strip()), _known_tie_breaks()
                    )
                ) from None
        names.append(found.value)
    if not names:
        raise argparse.ArgumentTypeError(translate("cli", "name at least one tie-break"))
    return names


def _known_tie_breaks() -> str:
    """The tie-breaks' stored names, the one that is not obvious explained."""
    return ", ".join(
        translate("cli", "{0} (opponents' match wins)").format(t.value)
        if t is TieBreak.BUCHHOLZ
        else t.value
        for t in TieBreak
    )


def yes_no(text: str) -> bool:
    """A director's yes or no.

    >>> yes_no("Yes"), yes_no("off")
    (True, False)
    """
    answer = text.strip().lower()
    if answer in ("yes", "y", "true", "on", "1"):
        return True
    if answer in ("no", "n", "false", "off", "0"):
        return False
    raise argparse.ArgumentTypeError(translate("cli", "{0}: write yes or no").format(repr(text)))


def _seat(text: str) -> tuple[int, int]:
    """``12=1``: entrant 12 always sits at table 1."""
    entrant, sep, table = text.partition("=")
    try:
        if not sep:
            raise argparse.ArgumentTypeError("no '='")
        return positive(entrant), positive(table)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(
            translate(
                "cli", "{0}: write ENTRANT_ID=TABLE, e.g. 12=1 (or 'none' to clear them all)"
            ).format(quoted(text))
        ) from None


def _seat_or_none(text: str) -> tuple[int, int] | None:
    return None if text.strip().lower() == "none" else _seat(text)


def add_format_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group(
        translate("cli", "format settings"),
        translate("cli", "how the event is paired and ranked (the format's defaults otherwise)"),
    )
    group.add_argument(
        "--rounds",
        type=positive,
        metavar="N",
        help=translate(
            "cli",
            "Swiss rounds (default: enough to leave one unbeaten entrant, ceil(log2 N))",
        ),
    )
    group.add_argument(
        "--tie-breaks",
        type=tie_breaks,
        metavar="LIST",
        help=translate(
            "cli",
            "the order entrants are ranked in, comma-separated: match_wins, game_wins, "
            "point_differential, head_to_head, buchholz (opponents' match wins), seed "
            "(default: match_wins, buchholz, game_wins, point_differential, head_to_head)",
        ),
    )
    _add_bye_options(group)
    group.add_argument(
        "--bracket-reset",
        type=yes_no,
        metavar="yes|no",
        help=translate(
            "cli",
            "double elimination: a second grand final if the losers' bracket champion wins "
            "the first (default yes)",
        ),
    )
    group.add_argument(
        "--require-check-in",
        type=yes_no,
        metavar="yes|no",
        help=translate("cli", "pair only entrants who checked in (default no)"),
    )
    _add_result_options(group)
    group.add_argument(
        "--fixed-table",
        type=_seat_or_none,
        action="append",
        metavar="ENTRANT_ID=TABLE",
        help=translate(
            "cli",
            "keep an entrant at one table every round (repeat for each; 'none' clears them)",
        ),
    )


def _add_bye_options(group: argparse._ArgumentGroup) -> None:
    """What a bye is worth."""
    group.add_argument(
        "--bye-match-win",
        type=yes_no,
        metavar="yes|no",
        help=translate("cli", "a bye counts as a match won (default yes)"),
    )
    group.add_argument(
        "--bye-game-wins",
        type=not_negative,
        metavar="N",
        help=translate(
            "cli",
            "game wins a bye is worth (default: as many as winning a match takes)",
        ),
    )
    group.add_argument(
        "--bye-points",
        type=any_whole,
        metavar="N",
        help=translate("cli", "points a bye adds to the point differential (default 0)"),
    )


def _add_result_options(group: argparse._ArgumentGroup) -> None:
    """What a forfeit and time called are worth (tournament/results.py cites the sources)."""
    group.add_argument(
        "--forfeit-game-wins",
        type=not_negative,
        metavar="N",
        help=translate(
            "cli",
            "game wins a forfeit credits the side that came (default: as a won match)",
        ),
    )
    group.add_argument(
        "--forfeit-points-per-game",
        type=not_negative,
        metavar="N",
        help=translate("cli", "points a forfeit credits per game, e.g. the target (default 0)"),
    )
    group.add_argument(
        "--forfeits-as-played",
        type=yes_no,
        metavar="yes|no",
        help=translate(
            "cli",
            "count forfeits as played matches in the tie-breaks (default no: unplayed, as "
            "FIDE and US Chess count them)",
        ),
    )
    group.add_argument(
        "--time-called",
        choices=[w.value for w in TimeCalledWinner],
        help=translate(
            "cli",
            "who wins a match stopped by time: the leader in games, then in the current "
            "game's points (default), or always the director",
        ),
    )
    group.add_argument(
        "--time-called-game-counts",
        type=yes_no,
        metavar="yes|no",
        help=translate(
            "cli",
            "the unfinished game's points count in the differential (default no)",
        ),
    )
