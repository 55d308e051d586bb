"""Every text, row and column a person reads, written once for every front end.

The app (``gui``), the printouts (``reports``), the command line (``commands``) and the web
page to come all say a hand, a game, a standings line or a paper size the same way because
they ask these modules. Nothing here touches Qt, SQL, files or the clock; values come in from
the services' frozen views and the core's ledgers, strings and frozen rows go out.

- ``hand_words`` — a hand in words, marks and notes; ``entry_grammar`` — the entry line
  (``ak7 15``) read into a hand and written back.
- ``game_lines`` — a game's line: points, boxes, bonuses, final.
- ``sheet_fill`` / ``pad_fill`` — a match's score sheet / Hollywood pad, filled from ledgers.
- ``standings_table`` — place labels, signed differentials, standings columns and lines.
- ``columns`` — one column description for every table front end.
- ``paper`` — paper sizes; ``cards_analysis`` — what the cards panel shows.
- ``sheet_text`` — a score sheet for a terminal; ``demo_words`` — a demo run in one line.
"""
