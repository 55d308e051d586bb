"""A match's score sheet as paper shows it: the blank sheet's shape from the rule set, and
each game's hand lines, running totals and close (boxes, bonus, shutout, final) read off the
core's ledgers (a :class:`Match` of games, a :class:`MultiMatch`).

Pure: every number here is read off the ledger; nothing is added up again. Hand numbers on
paper are 1-based positions in the match (the ledgers count from 0). The printed sheet
(``reports.score_sheet``) lays these values out; a web page could show the same ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from gin_scorer.core.hands import Side
from gin_scorer.core.ledgers import Game, Match, MultiMatch
from gin_scorer.core.rules import RuleSet
from gin_scorer.presentation.three_words import rule_line
from gin_scorer.presentation.words import translate


@dataclass(frozen=True)
class SheetShape:
    """How the event's format shapes the sheet (taken from its frozen RuleSet)."""

    games: int = 5
    games_to_win: int = 3
    target: int = 250
    game_bonus: int = 100
    box_value: int = 25
    shutout_rule: str = "double_hand_points"
    rows_per_game: int = 14
    # Multi-match sheets name their parts differently (a block is a match, credits replace
    # boxes and bonuses); empty means the game wording below.
    block_word: str = field(default_factory=lambda: translate("sheet_fill", "Game"))
    box_label: str = ""
    bonus_label: str = field(default_factory=lambda: translate("sheet_fill", "Game bonus"))
    total_label: str = field(default_factory=lambda: translate("sheet_fill", "Game total"))
    won_label: str = field(default_factory=lambda: translate("sheet_fill", "Games won A – B"))
    rule_text: str = ""
    # Team matches: rows are deals' tables (1a, 1b, 2a ...), not hands 1, 2, 3; the count of
    # card tables a deal (0: one table).
    seat_tables: int = 0
    # Players at the table: 3 for a table of three (a dealer column, a total for each).
    players: int = 2

    def row_label(self, row: int) -> str:
        """The printed label of the ``row``-th hand row (0-based) of a block."""
        if self.seat_tables:
            deal, table = divmod(row, self.seat_tables)
            return f"{deal + 1}{'abcdefgh'[table]}"
        return str(row + 1)

    @property
    def boxes_label(self) -> str:
        if self.box_label:
            return self.box_label
        if self.box_value:
            return translate("sheet_fill", "Boxes ×{0}").format(self.box_value)
        return translate("sheet_fill", "Boxes")

    @property
    def format_line(self) -> str:
        if self.games == 1:
            return translate("sheet_fill", "One game to {0}").format(self.target)
        said = translate("sheet_fill", "Best of {0} games to {1} (first to win {2})")
        return said.format(self.games, self.target, self.games_to_win)

    @property
    def shutout_line(self) -> str:
        rule = self.shutout_rule
        if rule == "double_hand_points":
            return translate("sheet_fill", "shutout: each hand's points doubled")
        if rule == "double_game_bonus":
            return translate("sheet_fill", "shutout: game bonus doubled")
        if rule == "double_total":
            return translate("sheet_fill", "shutout: winner's total doubled")
        if not rule:
            return translate("sheet_fill", "no shutout bonus")
        return translate("sheet_fill", "shutout: {0}").format(rule)


@dataclass(frozen=True)
class SheetLine:
    """One recorded hand as the sheet shows it: who scored, how, and both running totals."""

    hand: int
    how: str  # an Outcome value: presentation.hand_words.outcome_mark gives its mark
    a_points: int | None
    b_points: int | None
    a_total: int
    b_total: int
    corrected: bool = False  # printed with a † and explained under the games
    label: str = ""  # printed instead of the hand number (a partnership's "2b")


@dataclass(frozen=True)
class GameFill:
    """One game's block, filled: its hands and its close (boxes, bonus, final score)."""

    number: int
    lines: tuple[SheetLine, ...]
    a_boxes: int = 0
    b_boxes: int = 0
    a_box_points: int = 0
    b_box_points: int = 0
    a_game_bonus: int = 0
    b_game_bonus: int = 0
    shutout: bool = False
    # What the shutout added, apart from the game bonus (0 under a rule set without one).
    a_shutout_bonus: int = 0
    b_shutout_bonus: int = 0
    a_final: int | None = None  # None: the game is not finished
    b_final: int | None = None
    winner: str = ""  # "A", "B" or ""


@dataclass(frozen=True)
class MatchHeading:
    """Who plays whom, where: printed at the top of the sheet (all blank on a pad)."""

    player_a: str = ""
    player_b: str = ""
    club_a: str = ""
    club_b: str = ""
    table: str = ""
    round: str = ""
    player_c: str = ""  # a table of three's third player (seat 3)
    club_c: str = ""


@dataclass(frozen=True)
class SheetFill:
    """A whole match, filled: the game blocks and the match result."""

    games: tuple[GameFill, ...]
    games_won_a: int
    games_won_b: int
    result_line: str = ""  # e.g. "Alice wins 3–1, margin 412"
    dealer_line: str = ""
    # What changed after entry, for the record: "† hand 1 corrected: misheard the count",
    # "✗ after hand 1, voided: Bob knocks 9 v 4 (misdeal)".
    history: tuple[str, ...] = ()


def one_game_shape(rules: RuleSet) -> SheetShape:
    """One game to the target (a single game; a Hollywood match's pad is its own)."""
    return games_shape(rules, 1)


def best_of_shape(rules: RuleSet) -> SheetShape:
    """Best of N: a block per game (best of 5 → five game blocks).

    >>> from gin_scorer.core.rules import MatchFormat
    >>> best_of_shape(RuleSet(match_format=MatchFormat.BEST_OF, best_of=5, target=250)).games
    5
    """
    return games_shape(rules, rules.best_of)


def games_shape(rules: RuleSet, games: int) -> SheetShape:
    """A block per game to the target, ``games`` of them."""
    return SheetShape(
        games=max(games, 1),
        games_to_win=rules.games_to_win if games > 1 else 1,
        target=rules.target,
        game_bonus=rules.game_bonus,
        box_value=rules.box_value,
        shutout_rule=rules.shutout.value if rules.shutout.value != "none" else "",
        rows_per_game=14 if games > 3 else (20 if games > 1 else 24),
    )


def three_shape(rules: RuleSet) -> SheetShape:
    """A table of three: one game, a total for each of three, no shutout (0014)."""
    return replace(one_game_shape(rules), shutout_rule="", rule_text=rule_line(rules), players=3)


def multimatch_shape(rules: RuleSet) -> SheetShape:
    """Multi-match: a block per match to the match target; credits close each block."""
    return SheetShape(
        games=3,
        games_to_win=0,
        target=rules.multimatch_match_target,
        game_bonus=rules.multimatch_match_bonus,
        box_value=rules.multimatch_per_hand_won,
        shutout_rule="",
        rows_per_game=20,
        block_word=translate("sheet_fill", "Match"),
        box_label=translate("sheet_fill", "Hands ×{0}").format(rules.multimatch_per_hand_won),
        bonus_label=translate("sheet_fill", "Match bonus"),
        total_label=translate("sheet_fill", "Credited"),
        won_label=translate("sheet_fill", "Matches won A – B"),
        rule_text=translate(
            "sheet_fill",
            "Multi-match: each match to {0}; credit = match score + {1} per hand won, +{2} "
            "to the match winner, +{3} more for a shutout; first to {4} credited wins",
        ).format(
            rules.multimatch_match_target,
            rules.multimatch_per_hand_won,
            rules.multimatch_match_bonus,
            rules.multimatch_shutout_bonus,
            rules.multimatch_total_target,
        ),
    )


def partnership_shape(rules: RuleSet) -> SheetShape:
    """Partnerships: two tables a deal, one block to the partnership target."""
    said = translate(
        "sheet_fill",
        "Partnerships: row 2a = deal 2 at table a; players change opponents every "
        "deal; a deal's net goes to the team ahead on it; first team to {0}",
    )
    return _seated_shape(
        2,
        rules.partnership_target,
        said.format(rules.partnership_target),
        translate("sheet_fill", "Partnership"),
        translate("sheet_fill", "Partnerships won A – B"),
    )


def teams_shape(rules: RuleSet) -> SheetShape:
    """Tedesco teams: a table a player, one block to the team target (a sweep's bonus)."""
    if rules.team_sweep_bonus:
        said = translate(
            "sheet_fill",
            "Teams: row 2a = deal 2 at table a; players change opponents every deal; a "
            "deal's net goes to the team ahead on it; +{1} when all of a team win; first team "
            "to {0}",
        )
    else:
        said = translate(
            "sheet_fill",
            "Teams: row 2a = deal 2 at table a; players change opponents every deal; a "
            "deal's net goes to the team ahead on it; first team to {0}",
        )
    return _seated_shape(
        rules.team_players,
        rules.team_target,
        said.format(rules.team_target, rules.team_sweep_bonus),
        translate("sheet_fill", "Team match"),
        translate("sheet_fill", "Team matches won A – B"),
    )


def _seated_shape(tables: int, target: int, rule_text: str, block: str, won: str) -> SheetShape:
    """Partnerships and teams: one block to the team target, a row per table of each deal;
    no boxes, game bonus or shutout (the sources give a team match none)."""
    return SheetShape(
        games=1,
        games_to_win=1,
        target=target,
        game_bonus=0,
        box_value=0,
        shutout_rule="",
        rows_per_game=22 - 22 % tables,
        block_word=block,
        box_label=translate("sheet_fill", "Boxes (none)"),
        bonus_label=translate("sheet_fill", "Bonus (none)"),
        total_label=translate("sheet_fill", "Team total"),
        won_label=won,
        rule_text=rule_text,
        seat_tables=tables,
    )


def multimatch_fill(ledger: MultiMatch, name_a: str, name_b: str) -> SheetFill:
    """The filled multi-match sheet: each match's hands, then its credits (read off the
    ledger's :class:`MatchCredit`)."""
    names = {Side.A: name_a, Side.B: name_b}
    games = []
    for number, credit in enumerate(ledger.matches, start=1):
        base = game_fill(credit.game)
        finished = credit.game.finished
        games.append(
            GameFill(
                number=number,
                lines=base.lines,
                a_boxes=credit.game.hands_won.a if finished else 0,
                b_boxes=credit.game.hands_won.b if finished else 0,
                a_box_points=credit.hand_credit.a,
                b_box_points=credit.hand_credit.b,
                a_game_bonus=credit.match_bonus.a,
                b_game_bonus=credit.match_bonus.b,
                shutout=credit.game.shutout,
                a_shutout_bonus=credit.shutout_bonus.a,
                b_shutout_bonus=credit.shutout_bonus.b,
                a_final=credit.credit.a if finished else None,
                b_final=credit.credit.b if finished else None,
                winner=base.winner,
            )
        )
    totals = ledger.totals
    if ledger.finished and ledger.winner is not None:
        said = translate("sheet_fill", "{0} wins on credits {1}–{2}")
        result = said.format(names[ledger.winner], max(totals.a, totals.b), min(totals.a, totals.b))
    else:
        said = translate("sheet_fill", "credited so far: {0}–{1} (to {2})")
        result = said.format(totals.a, totals.b, ledger.total_target)
    return SheetFill(
        games=tuple(games),
        games_won_a=ledger.matches_won.a,
        games_won_b=ledger.matches_won.b,
        result_line=result,
    )


def winner_letter(side: Side | None) -> str:
    """``"A"``, ``"B"``, or ``""`` when nobody won."""
    return "" if side is None else side.value


def game_fill(game: Game) -> GameFill:
    lines = []
    for line in game.lines:
        result = line.result
        won = result.winner
        lines.append(
            SheetLine(
                hand=line.hand + 1,
                how=result.outcome.value,
                a_points=result.points if won is Side.A else None,
                b_points=result.points if won is Side.B else None,
                a_total=line.totals.a,
                b_total=line.totals.b,
            )
        )
    finished = game.finished
    return GameFill(
        number=game.number,
        lines=tuple(lines),
        a_boxes=game.boxes.a if finished else 0,
        b_boxes=game.boxes.b if finished else 0,
        a_box_points=game.box_bonus.a,
        b_box_points=game.box_bonus.b,
        a_game_bonus=game.game_bonus.a,
        b_game_bonus=game.game_bonus.b,
        shutout=game.shutout,
        a_shutout_bonus=game.shutout_bonus.a,
        b_shutout_bonus=game.shutout_bonus.b,
        a_final=game.final.a if finished else None,
        b_final=game.final.b if finished else None,
        winner=winner_letter(game.winner),
    )


def sheet_fill(match: Match, name_a: str, name_b: str, *, next_dealer: str = "") -> SheetFill:
    """The filled score sheet of a best-of / single-game match ledger."""
    names = {Side.A: name_a, Side.B: name_b}
    won = match.games_won
    if match.finished and match.winner is not None:
        result = translate("sheet_fill", "{0} wins {1}–{2}").format(
            names[match.winner], max(won.a, won.b), min(won.a, won.b)
        )
        if match.margin:
            result += translate("sheet_fill", ", margin {0}").format(abs(match.margin))
    elif match.games:
        result = translate("sheet_fill", "in play: {0}–{1} in games").format(won.a, won.b)
    else:
        result = ""
    dealer = ""
    if next_dealer and not match.finished:
        dealer = translate("sheet_fill", "Next dealer: {0}").format(next_dealer)
    return SheetFill(
        games=tuple(game_fill(g) for g in match.games),
        games_won_a=won.a,
        games_won_b=won.b,
        result_line=result,
        dealer_line=dealer,
    )
