"""What every ruleset's options have in common: ``name=value`` words in and out.

Each ruleset keeps its rule options in its own frozen dataclass, with the
defaults named after the rule texts and the checks in ``__post_init__``
(:class:`~prefa.balkan.options.BalkanRules`,
:class:`~prefa.greek.options.GreekRules`,
:class:`~prefa.russian.options.RussianRules`,
:class:`~prefa.vida.options.VidaRules`,
:class:`~prefa.priffe.options.PriffeRules`).  What is done *with* the
options is the same for all of them and lives here once, in the mixin
:class:`RuleOptions` that each of those classes inherits:

- :meth:`~RuleOptions.with_options`: a copy with some options changed (and
  checked again);
- :meth:`~RuleOptions.parse_option`: one ``name=value`` word, as written in
  the ``options:`` line of a hand record, a quiz file or on the command line;
- :meth:`~RuleOptions.parse_words`: a line of such words, each option at
  most once;
- :meth:`~RuleOptions.parse` (also called :meth:`~RuleOptions.from_text`):
  the options from a line of such words;
- :meth:`~RuleOptions.options_text`: the words of the options that differ
  from the defaults, so that ``parse(options_text())`` gives the options back;
- :meth:`~RuleOptions.option_docs`: each option's default and the docstring
  written under it in the class (what a lesson's table of house rules shows,
  so that it cannot drift from the engine).

How a value is read depends on the option's default value, so a ruleset
never writes a parser of its own:

===============  ==============================================================
default          the value is read as
===============  ==============================================================
``True/False``   yes or no: ``yes no true false on off 1 0``
a whole number   a whole number
an enum member   the enum's ``find`` (or its value)
a text           the text as written
``None``         what the option's type names first (``int | None``: a number,
                 ``bool | None``: yes or no), or ``none`` for ``None`` itself
===============  ==============================================================

Option names may be written with ``-`` for ``_`` (``stop-at-five=yes``).  A
ruleset may give extra words for special values in ``OPTION_WORDS`` (the
Russian ``must_overtrump=same`` means ``None``: "as ``must_overtake``").

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Demo(RuleOptions):
...     players: int = 3
...     kontra: bool = True
...     limit: int | None = None
>>> Demo.parse_option("kontra=no"), Demo.parse_option("limit=4")
(('kontra', False), ('limit', 4))
>>> Demo.parse("players=4 limit=none")
Demo(players=4, kontra=True, limit=None)
>>> Demo(players=4, kontra=False).options_text()
'players=4 kontra=false'
>>> Demo.parse_option("colour=red")
Traceback (most recent call last):
...
prefa.errors.RuleOptionError: bad option 'colour=red': expected NAME=VALUE with NAME one of players, kontra, limit
"""

from __future__ import annotations

import ast
import enum
import inspect
import itertools
import textwrap
from collections.abc import Mapping
from dataclasses import MISSING, Field, fields, replace
from typing import ClassVar, Self

from .errors import RuleOptionError

YES = ("1", "true", "yes", "on")
"""Words read as ``True``."""
NO = ("0", "false", "no", "off")
"""Words read as ``False``."""


class RuleOptions:
    """Mixin for a ruleset's frozen options dataclass (see the module docstring).

    The dataclass holds the options and checks them; the mixin adds reading
    and writing ``name=value`` words.  It has no fields and no ``__dict__``,
    so a ``slots=True`` dataclass stays slotted.
    """

    __slots__ = ()

    OPTION_WORDS: ClassVar[Mapping[str, Mapping[str, object]]] = {}
    """Extra words for some options' special values: ``{option: {word: value}}``."""

    def with_options(self, **changes: object) -> Self:
        """A copy with some options changed (checked like a new one); an
        option the ruleset does not have is refused with
        :class:`~prefa.errors.RuleOptionError` naming it."""
        known = [f.name for f in fields(self)]  # type: ignore[arg-type]
        for name in changes:
            if name not in known:
                raise RuleOptionError(f"bad option {name!r} for {type(self).__name__}: "
                                      f"expected one of {', '.join(known)}")
        return replace(self, **changes)  # type: ignore[type-var]

    @classmethod
    def parse_option(cls, text: str) -> tuple[str, object]:
        """Read one ``name=value`` word: the option's name and its value.

        Raises :class:`~prefa.errors.RuleOptionError` naming the word and what
        was expected.  The value is not checked against the rules here; the
        options class does that when it is built.
        """
        name, eq, value = text.partition("=")
        name = name.strip().replace("-", "_")
        known = {f.name: f for f in fields(cls)}  # type: ignore[arg-type]
        if name not in known or not eq:
            raise RuleOptionError(f"bad option {text!r}: expected NAME=VALUE with NAME one of "
                                  + ", ".join(known))
        v = value.strip()
        special = cls.OPTION_WORDS.get(name, {})
        if v.lower() in special:
            return name, special[v.lower()]
        return name, _read(known[name], v, text)

    @classmethod
    def parse_words(cls, text: str) -> dict[str, object]:
        """Read a line of ``name=value`` words: ``{name: value}``.  An option
        given twice is refused (even with the same value), as a slip of the pen."""
        out: dict[str, object] = {}
        for w in text.split():
            name, value = cls.parse_option(w)
            if name in out:
                raise RuleOptionError(f"option {name!r} given twice: expected each option once")
            out[name] = value
        return out

    @classmethod
    def parse(cls, text: str) -> Self:
        """The options given by ``name=value`` words (the ``options:`` line of a record);
        the others keep their defaults."""
        return cls(**cls.parse_words(text))

    @classmethod
    def from_text(cls, text: str) -> Self:
        """The same as :meth:`parse`."""
        return cls.parse(text)

    @classmethod
    def option_docs(cls) -> list[tuple[str, object, str]]:
        """Every option in the order of the class: ``(name, default, docstring)``.

        The docstring is the string literal written under the field in the
        class's source (one line, its spaces joined); ``""`` when there is
        none, or when the source cannot be read.

        >>> from prefa.balkan.options import BalkanRules
        >>> name, default, doc = BalkanRules.option_docs()[1]
        >>> name, default, doc.split(":")[0]
        ('starting_bule', 100, 'Bule each player starts with')
        """
        docs: dict[str, str] = {}
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
        except (OSError, TypeError, SyntaxError):
            tree = None
        if tree is not None:
            body = tree.body[0].body  # type: ignore[attr-defined]
            for a, b in itertools.pairwise(body):
                if (isinstance(a, ast.AnnAssign) and isinstance(a.target, ast.Name)
                        and isinstance(b, ast.Expr) and isinstance(b.value, ast.Constant)
                        and isinstance(b.value.value, str)):
                    docs[a.target.id] = " ".join(b.value.value.split())
        return [(f.name, f.default, docs.get(f.name, ""))
                for f in fields(cls)]  # type: ignore[arg-type]

    def options_text(self) -> str:
        """The options that differ from the defaults, as ``name=value`` words."""
        base = type(self)()
        return " ".join(f"{f.name}={_word(getattr(self, f.name))}"
                        for f in fields(self)  # type: ignore[arg-type]
                        if getattr(self, f.name) != getattr(base, f.name))


def _word(value: object) -> str:
    """How a value is written: ``true``/``false``/``none`` in lower case, others by ``str``."""
    return str(value).lower() if isinstance(value, bool) or value is None else str(value)


def _kind(f: Field) -> type | str:
    """What the option holds: the type of its default, else the first type its annotation names."""
    if f.default is not MISSING and f.default is not None:
        return type(f.default)
    if isinstance(f.type, type):
        return f.type
    return str(f.type).split("|")[0].strip()


def _read(f: Field, v: str, text: str) -> object:
    """Read the value ``v`` of option ``f`` (``text`` is the whole word, for the message)."""
    kind = _kind(f)
    if f.default is None and v.lower() == "none":
        return None
    if kind in (bool, "bool"):
        if v.lower() in YES:
            return True
        if v.lower() in NO:
            return False
        raise RuleOptionError(f"bad option {text!r}: expected yes or no")
    if kind in (int, "int"):
        try:
            return int(v)
        except ValueError:
            raise RuleOptionError(f"bad option {text!r}: expected a whole number") from None
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        find = getattr(kind, "find", None)
        if find is not None:
            return find(v)
        try:
            return kind(v)
        except ValueError:
            raise RuleOptionError(f"bad option {text!r}: expected one of "
                                  + ", ".join(str(m.value) for m in kind)) from None
    return v
