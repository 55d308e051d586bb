"""A round as it is read: an event's facts and each match's derived result (:mod:`.facts`,
kept by :mod:`.derived`), the views (:mod:`.model`), a round's pairings and the status board
(:mod:`.reading`), a table of three's result (:mod:`.three_tables`). The front door that also
pairs and records is :mod:`gin_scorer.services.writes.rounds`."""
