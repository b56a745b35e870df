"""What is said at a Balkan table, and the house rules to agree before the first deal.

:data:`TABLE_WORDS` lists the words a player says during a hand, when he says
them, what they mean, and the engine's own word for each: that last column is
worked out by the engine's parsers (:meth:`~.auction.Call.parse`,
:meth:`~.defence.Decision.find`, :meth:`~.contract.Game.find`), so the list
names only words the engine reads, and a test keeps it so.

:data:`HOUSE_QUESTIONS` is the question a table settles before the first deal,
one for every option of :class:`~.options.BalkanRules`; :func:`house_rules`
pairs each question with the option as the engine writes it (``name=default``)
and the option's own docstring, so the list of house rules is the engine's list
of options and cannot miss one.  :func:`words_table` and
:func:`house_rules_table` draw both as plain HTML tables (lesson 07).

The words are the Serbian ones, with the Croatian where they differ (seed
001: the v1.2 rules and Gulin's book).

>>> [w.said for w in TABLE_WORDS][:3]
['dalje', 'dva, tri, četiri, pet, šest, sedam', 'mogu (also moje; Croatian: to bi ja)']
>>> engine_word(TABLE_WORDS[0]), engine_word(TABLE_WORDS[-1])
('pass', 'decline')
>>> house_rules()[1].option
'starting_bule=100'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..display import HtmlStr, text_table
from .auction import Call
from .contract import Game
from .defence import Decision
from .options import BalkanRules

__all__ = ["HOUSE_QUESTIONS", "TABLE_WORDS", "HouseRule", "TableWord", "engine_word",
           "house_rules", "house_rules_table", "words_table"]

NUMBER_WORDS: Mapping[int, str] = {2: "dva", 3: "tri", 4: "četiri", 5: "pet", 6: "šest",
                                   7: "sedam", 8: "osam"}
"""The numbers of the auction as they are said (Serbian and Croatian alike)."""


@dataclass(frozen=True)
class TableWord:
    """A word said at the table: ``said`` (as players say it), ``when`` (auction,
    declaring, defence), ``means`` (in English), and ``reads``: how the engine
    reads it, ``(parser, words)`` with ``parser`` one of ``"call"``,
    ``"decision"``, ``"game"`` and ``words`` the spellings it is given."""

    said: str
    when: str
    means: str
    reads: tuple[str, tuple[str, ...]]


TABLE_WORDS: tuple[TableWord, ...] = (
    TableWord("dalje", "auction", "pass: out of the auction for good", ("call", ("dalje",))),
    TableWord(", ".join(NUMBER_WORDS[n] for n in range(2, 8)), "auction",
              "the numbers 2 to 7; the winner takes the talon",
              ("call", tuple(str(n) for n in range(2, 8)))),
    TableWord("mogu (also moje; Croatian: to bi ja)", "auction",
              "I hold: the same number, with my priority", ("call", ("mogu",))),
    TableWord("igra", "auction", "I play a suit game without the talon", ("call", ("igra",))),
    TableWord("betl, sans", "auction", "I play betl / sans, without the talon",
              ("call", ("betl", "sans"))),
    TableWord("dobra", "auction", "after igra: my game is lower, you play", ("call", ("dobra",))),
    TableWord("pik, karo, herc, tref", "declaring", "the trump suit named",
              ("game", ("pik", "karo", "herc", "tref"))),
    TableWord("dođem / ne dođem", "defence", "I follow (defend) / I pass",
              ("decision", ("dođem", "ne dođem"))),
    TableWord("zovem (idemo zajedno)", "defence", "I call the other defender in; I answer for both",
              ("decision", ("zovem",))),
    TableWord("sam", "defence", "I defend alone", ("decision", ("sam",))),
    TableWord("kontra, rekontra, subkontra, mortkontra", "defence", "each doubles the hand again",
              ("decision", ("kontra", "rekontra", "subkontra", "mortkontra"))),
    TableWord("može", "defence", "no kontra: play on", ("decision", ("može",))),
)
"""The words of a hand, in the order they come up."""

_READ = {"call": lambda w: str(Call.parse(w)), "decision": lambda w: str(Decision.find(w)),
         "game": lambda w: str(Game.find(w))}


def engine_word(word: TableWord) -> str:
    """The engine's own word(s) for ``word``, read by its parsers (a run of
    numbers is written ``2 ... 7``)."""
    parser, spellings = word.reads
    read = [_READ[parser](w) for w in spellings]
    if len(read) > 2 and all(r.isdigit() for r in read):
        return f"{read[0]} ... {read[-1]}"
    return (" / " if "/" in word.said else ", ").join(read)


HOUSE_QUESTIONS: Mapping[str, str] = {
    "players": "Three players, or four with the dealer sitting out?",
    "starting_bule": "How many bule does each player start with?",
    "refe_per_bule": "How many refe rounds may be written in one game?",
    "max_refe": "Or a fixed number of refe rounds, whatever the bule?",
    "preferans_game": "Is the game preferans (all ten tricks, value 8) allowed?",
    "igra_tie": "Two players say igra and name the same game: who plays?",
    "kontra_limit": "How far may the doubling go: up to mortkontra, or stop at subkontra?",
    "spades_needs_kontra": "Is spades bought with the talon played only after a kontra?",
    "stop_at_five": "Does play stop once the defenders have five tricks?",
    "reduced_supe_at_end": "When the last pass is cut down to reach zero, are the supe cut too?",
}
"""The question a table agrees on before the first deal, per option of :class:`BalkanRules`."""


@dataclass(frozen=True)
class HouseRule:
    """One house rule: the ``question`` to agree, the engine's ``option`` as it is
    written (``igra_tie=earlier``) and ``means``: the option's docstring."""

    question: str
    option: str
    means: str


def _value(v: object) -> str:
    return "none" if v is None else str(v).lower()


def house_rules() -> list[HouseRule]:
    """Every option of :class:`BalkanRules`, in its order, as a house rule to agree
    (an option without a question of its own is asked by its name)."""
    return [HouseRule(HOUSE_QUESTIONS.get(name, f"{name}?"), f"{name}={_value(default)}",
                      doc.replace("``", "").replace("*", ""))
            for name, default, doc in BalkanRules.option_docs()]


def words_table() -> HtmlStr:
    """:data:`TABLE_WORDS` as an HTML table: what is said, when, what it means, the engine's word."""
    return text_table(("You say", "When", "It means", "The engine's word"),
                      [(w.said, w.when, w.means, engine_word(w)) for w in TABLE_WORDS],
                      bold=(0,), code=(3,))


def house_rules_table(rules: Sequence[HouseRule] | None = None) -> HtmlStr:
    """The house rules as an HTML table: the question, the default and its meaning, the option."""
    rows = rules if rules is not None else house_rules()
    return text_table(("To agree", "The engine's default, and what it means", "Engine option"),
                      [(r.question, r.means, r.option) for r in rows], code=(2,))
