"""The one exception hierarchy of the package.

Every error the engine raises on bad input is a :class:`PrefaError`, so a
caller (the command line, a widget, the quiz checker) can catch one class and
show its message.  Messages name the offending token and say what was
expected.

>>> from prefa.cards import parse_card
>>> try:
...     parse_card("XS")
... except ParseError as e:
...     print(e)
bad card 'XS': expected a rank (A K Q J T 10 9 8 7 6 5 4 3 2) and a suit (S H D C or ♠ ♥ ♦ ♣), e.g. 'AS' or '10♥'
"""

from __future__ import annotations


class PrefaError(Exception):
    """Base class of every error raised by :mod:`prefa`."""


class ParseError(PrefaError, ValueError):
    """Text that does not follow the notation (card, hand, deal, record...).

    ``line`` is the 1-based line number in a multi-line text when known.
    """

    def __init__(self, message: str, *, line: int | None = None) -> None:
        self.line = line
        super().__init__(f"line {line}: {message}" if line is not None else message)


class IllegalCall(PrefaError):
    """A call (bid, hold, pass, igra, betl, sans...) the rules do not allow now."""


#: Short alias matching the vocabulary of bridge libraries.
IllegalBid = IllegalCall


class IllegalPlay(PrefaError):
    """A card that may not be played now (wrong player, not held, revoke...)."""


#: Alias in the style of python-chess.
IllegalMove = IllegalPlay


class IllegalAction(PrefaError):
    """Any other step out of turn or against the rules: a discard, a
    declaration, a defence decision or kontra made at the wrong time."""


class RuleOptionError(PrefaError, ValueError):
    """An option value a ruleset does not accept."""
