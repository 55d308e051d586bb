"""The command line's parsers: one module per noun of ``gin-scorer`` (``hand``, ``event`` …),
each with ``register(subparsers)``, plus the option groups several nouns share (``_pin``,
``_match_naming`` …). These modules import only argparse, the words and other parser modules,
never a handler: ``gin-scorer --help`` and the parsing of every command load nothing heavy.
A parser names the function that runs its command with :class:`._handler.Handler`, and that
function's module (``gin_scorer.commands.NOUN``, which imports what it needs at its top) is
imported only when the command runs.
"""
