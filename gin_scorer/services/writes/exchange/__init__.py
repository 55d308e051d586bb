"""Import and export: entrants from CSV; results and hand records to CSV or JSON; whole events
to a JSON file that imports back into an identical event (on another laptop, another database).

Imports are all or nothing: every row is checked first and every problem is reported with its
row ("row 7: seed 'x' is not a number"); only a clean file is written, in one transaction.

- :mod:`.csv_files` — entrants in; results, hands and entrants out (CSV or JSON)
- :mod:`.event_export` — a whole event as a JSON file
- :mod:`.event_reader` — checking an event file's values, every problem with its path
- :mod:`.event_import` — an event file read, checked, then written in one transaction
"""

from gin_scorer.services.support.entrant_rows import (
    ENTRANT_COLUMNS,
    ParsedEntrants,
    parse_entrants_csv,
)
from gin_scorer.services.writes.exchange.csv_files import (
    HAND_COLUMNS,
    RESULT_COLUMNS,
    export_entrants,
    export_hands,
    export_results,
    hand_rows,
    import_entrants_csv,
    result_rows,
    to_csv,
)
from gin_scorer.services.writes.exchange.event_export import (
    EVENT_FILE_KIND,
    EVENT_FILE_VERSION,
    event_document,
    export_event_json,
)
from gin_scorer.services.writes.exchange.event_import import import_event_json

__all__ = [
    "ENTRANT_COLUMNS",
    "EVENT_FILE_KIND",
    "EVENT_FILE_VERSION",
    "HAND_COLUMNS",
    "RESULT_COLUMNS",
    "ParsedEntrants",
    "event_document",
    "export_entrants",
    "export_event_json",
    "export_hands",
    "export_results",
    "hand_rows",
    "import_entrants_csv",
    "import_event_json",
    "parse_entrants_csv",
    "result_rows",
    "to_csv",
]
