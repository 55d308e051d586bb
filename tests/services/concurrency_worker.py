"""A station for the concurrency test: records hands into a shared match and its own match
as fast as it can, re-reading the sheet after each ConflictError, and prints what happened.

Usage: python concurrency_worker.py DB_URL STATION SHARED_MATCH OWN_MATCH HANDS START_AT
"""

from __future__ import annotations

import json
import sys
import time


def main() -> int:
    url, station, shared, own, count, start_at = sys.argv[1:7]
    from gin_scorer.core.hand_json import record_from_json
    from gin_scorer.services.support.errors import ConflictError
    from gin_scorer.services.writes import hands, matches
    from gin_scorer.store.database import open_database

    db = open_database(url, station=station, backups=False)
    record = record_from_json({"knock": "A", "deadwood": {"A": 3, "B": 4}})
    recorded = {"shared": 0, "own": 0}
    conflicts = 0
    while time.time() < float(start_at):
        time.sleep(0.005)
    for i in range(int(count)):
        for key, match_id in (("shared", int(shared)), ("own", int(own))):
            version = matches.get_match(db, match_id).version
            while True:
                try:
                    hands.record_hand(db, match_id, record, version, entered_by=f"{station}-{i}")
                except ConflictError:
                    conflicts += 1
                    version = matches.get_match(db, match_id).version
                    continue
                recorded[key] += 1
                break
    db.close()
    print(json.dumps({"recorded": recorded, "conflicts": conflicts}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
