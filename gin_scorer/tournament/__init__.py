"""The tournament engine: pure functions from entrants and results to pairings and standings.

Nothing here knows SQL, Qt, files or the clock. Inputs are plain frozen values
(:class:`~gin_scorer.tournament.model.Entrant`, :class:`~gin_scorer.tournament.model.MatchOutcome`,
:class:`~gin_scorer.tournament.settings.TournamentSettings`); outputs are pairings with table
numbers, standings rows and bracket views. The services layer reads the store, calls these
functions and writes the result back in one transaction.
"""
