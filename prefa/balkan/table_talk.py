"""What is said at a Balkan table, the names of the cards, and the house rules.

:data:`TABLE_WORDS` lists the words a player says during a hand, when he says
them, what they mean, the course's English word for each, and whether the
league code (*kodeks* of the Vojvodina league, point 23: "during a game only
these words may be used") lists it.  The English word is worked out by the
engine's parsers (:meth:`~.auction.Call.parse`, :meth:`~.defence.Decision.find`,
:meth:`~.contract.Game.find`), so the list names only words the engine
reads, and a test keeps it so.

:data:`CARD_WORDS` and :data:`SUIT_WORDS` are the names of the ranks and of
the suits in the French-suited pack and in the Hungarian-suited one
(*mađarice*); :func:`card_word` and :func:`suit_word` read them.

:data:`HOUSE_RULES` is the table's list of house rules, in words: the
question, what the course plays, and what other tables play; every option
of :class:`~.options.BalkanRules` is one of its rows (``options``), and the
variants the engine does not offer are rows too, saying why.
:func:`words_table`, :func:`cards_table` and :func:`house_rules_table` draw
them as plain HTML tables (lesson 07); the words are in English with the
table's own words beside them, and go through the message catalog where
they are shown.

>>> [w.said for w in TABLE_WORDS][:3]
['dalje (Croatian also: dobro)', 'dva, tri, četiri, pet, šest, sedam', 'mogu (also: mogu tri, moje; Croatian: to bi ja)']
>>> course_word(TABLE_WORDS[0]), course_word(TABLE_WORDS[-1])
('pass', 'follow, kontra')
>>> card_word("pub"), suit_word("zelen") is suit_word("pik")
(9, True)
>>> [r.options for r in HOUSE_RULES][:2]
[('players',), ('starting_bule',)]
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape

from ..cards import ACE, JACK, KING, QUEEN, TEN, Suit
from ..display import HtmlStr, text_table
from ..errors import ParseError
from ..i18n import _, ngettext, table_word
from .auction import Call, CallKind
from .contract import Contract, Game
from .defence import Decision
from .hand import BalkanHand, Phase
from .options import BalkanRules

__all__ = ["CARD_WORDS", "HOUSE_RULES", "NUMBER_WORDS", "SUIT_WORDS", "TABLE_WORDS",
           "HouseRule", "TableWord", "card_word", "cards_table", "course_word",
           "house_rules_table", "option_rows", "spoken_hand", "suit_word", "words_table"]


def N_(message: str) -> str:
    """Mark ``message`` for the catalog; it is translated where it is shown (``_``)."""
    return message


NUMBER_WORDS: Mapping[int, str] = {2: "dva", 3: "tri", 4: "četiri", 5: "pet", 6: "šest",
                                   7: "sedam", 8: "osam"}
"""The numbers of the auction as they are said (Serbian and Croatian alike)."""


@dataclass(frozen=True)
class TableWord:
    """A word said at the table: ``said`` (as players say it, other forms in
    brackets), ``when`` (auction, reveal, declaring, defence), ``means`` (in
    English), ``reads``: how the engine reads it, ``(parser, words)`` with
    ``parser`` one of ``"call"``, ``"decision"``, ``"game"`` and ``words`` the
    spellings it is given; ``codex``: the league code lists it."""

    said: str
    when: str
    means: str
    reads: tuple[str, tuple[str, ...]]
    codex: bool = True


TABLE_WORDS: tuple[TableWord, ...] = (
    TableWord("dalje (Croatian also: dobro)", "auction",
              N_("pass: out of the auction for good"), ("call", ("dalje",))),
    TableWord(", ".join(NUMBER_WORDS[n] for n in range(2, 8)), "auction",
              N_("the numbers 2 to 7; the winner takes the talon"),
              ("call", tuple(NUMBER_WORDS[n] for n in range(2, 8)))),
    TableWord("mogu (also: mogu tri, moje; Croatian: to bi ja)", "auction",
              N_("I hold: the same number, with my priority"), ("call", ("mogu",))),
    TableWord("uzmi", "auction",
              N_("\"take it\": the last pass, which leaves the talon to the player who bid "
                 "last (the league code lists the word without saying when; this is the "
                 "course's reading)"), ("call", ("uzmi",))),
    TableWord("igra", "auction", N_("I play a suit game without the talon"),
              ("call", ("igra",))),
    TableWord("betl, sans (also: igra betl, igra sans; Croatian: sanac)", "auction",
              N_("I play betl / sans, without the talon"), ("call", ("betl", "sans"))),
    TableWord("dobra (also: dobra igra)", "auction",
              N_("after an igra: your game is good, play it (a pass)"), ("call", ("dobra",))),
    TableWord("moja je … (moja je 2 … moja je 5, moja je tref)", "reveal",
              N_("after several igra: my game is this one (2 spades, 3 diamonds, 4 hearts, "
                 "5 clubs)"), ("call", ("moja je 2", "moja je 5")), codex=False),
    TableWord("moja je slabija (also: dobra)", "reveal",
              N_("after several igra: mine is lower, play yours"), ("call", ("moja je slabija",)),
              codex=False),
    TableWord("pik, karo, herc, tref", "declaring", N_("the trump suit named"),
              ("game", ("pik", "karo", "herc", "tref")), codex=False),
    TableWord("dođem / ne dođem (also: ne)", "defence", N_("I follow (defend) / I pass"),
              ("decision", ("dođem", "ne dođem"))),
    TableWord("zajedno (also: idemo zajedno)", "defence",
              N_("the one follower calls the other defender in, and answers for both"),
              ("decision", ("zajedno",))),
    TableWord("kontra, rekontra, subkontra, mortkontra", "defence",
              N_("each doubles the hand again"),
              ("decision", ("kontra", "rekontra", "subkontra", "mortkontra"))),
    TableWord("može", "defence",
              N_("no kontra (or no call): play on"), ("decision", ("može",))),
    TableWord("dođem i kontra", "defence",
              N_("I follow and give kontra, in one breath (after the partner has spoken)"),
              ("decision", ("dođem", "kontra")), codex=False),
)
"""The words of a hand, in the order they come up.  The league code's list
(point 23) is *Dva, Tri, Četiri, Pet, Šest, Betl, Sans, Igra, Dobra (Igra),
Dalje, Mogu, Uzmi, Može, Dođem, Ne (Dođem), Zajedno, Kontra, Rekontra,
Subkontra, Mortkontra*; *moja je …* and *dođem i kontra* are the v1.2
rules' (ch. 8, example 5; ch. 10, example 5), and the game is named when it
is declared."""

_READ = {"call": lambda w: str(Call.parse(w)), "decision": lambda w: str(Decision.find(w)),
         "game": lambda w: str(Game.find(w))}


_CALL_WORDS = {CallKind.PASS: N_("pass (dalje)"), CallKind.HOLD: N_("hold (mogu)"),
               CallKind.GOOD: N_("good (dobra)")}


def contract_words(contract: Contract) -> str:
    """A contract in English with the Serbian word: ``'igra clubs (igra tref)'``.

    >>> contract_words(Contract(Game.HEARTS)), contract_words(Contract(Game.BETL, igra=True))
    ('hearts (herc)', 'igra betl')
    """
    g = contract.game
    if g.local == str(g):
        return str(contract)
    if contract.igra:
        return _("igra {game} (igra {word})").format(game=_(str(g)), word=table_word(g.local))
    return _("{game} ({word})").format(game=_(str(g)), word=table_word(g.local))


def call_words(call: Call) -> str:
    """A call in English with the Serbian word: ``'pass (dalje)'``, ``'hold 3 (mogu)'``.

    >>> [call_words(Call.parse(t)) for t in ("pass", "2", "hold 3", "herc", "sans")]
    ['pass (dalje)', '2', 'hold 3 (mogu)', 'hearts (herc)', 'sans']
    """
    if call.kind is CallKind.HOLD and call.number is not None:
        return _("hold {number} ({word})").format(number=call.number, word=table_word("mogu"))
    if call.kind in _CALL_WORDS:
        return _(_CALL_WORDS[call.kind])
    if call.kind is CallKind.NAME and call.game is not None:
        return contract_words(Contract(call.game))
    if call.kind in (CallKind.IGRA, CallKind.BETL, CallKind.SANS):
        return table_word(str(call))  # the table's own words, in every language
    return str(call)  # a number


def course_word(word: TableWord) -> str:
    """The course's English word(s) for ``word``, read by the engine's parsers (a run
    of numbers is written ``2 … 7``)."""
    parser, spellings = word.reads
    read = [_READ[parser](w) for w in spellings]
    if len(read) > 2 and all(r.isdigit() for r in read):
        return f"{read[0]} … {read[-1]}"
    return (" / " if "/" in word.said.split(" (")[0] else ", ").join(read)


# -- a hand said aloud -----------------------------------------------------------------------
_CALL_MEANS = {CallKind.PASS: N_("passes"), CallKind.NUMBER: N_("bids {n}"),
               CallKind.HOLD: N_("holds {n}"),
               CallKind.IGRA: N_("announces a game without the talon"),
               CallKind.BETL: N_("announces betl"), CallKind.SANS: N_("announces sans"),
               CallKind.PREFERANS: N_("announces preferans"), CallKind.NAME: N_("names {game}"),
               CallKind.GOOD: N_("says his game is lower")}
_DECISION_MEANS = {Decision.FOLLOW: N_("follows"), Decision.PASS: N_("passes"),
                   Decision.CALL: N_("calls his partner in"), Decision.ALONE: N_("plays alone"),
                   Decision.KONTRA: N_("gives kontra"), Decision.REKONTRA: N_("answers rekontra"),
                   Decision.SUBKONTRA: N_("answers subkontra"),
                   Decision.MORTKONTRA: N_("answers mortkontra"),
                   Decision.DECLINE: N_("says no more: play on")}


_KONTRA_COUNTS = {2: N_("With the kontra the hand counts double."),
                  4: N_("With the rekontra the hand counts four times."),
                  8: N_("With the subkontra the hand counts eight times."),
                  16: N_("With the mortkontra the hand counts sixteen times.")}


def _game_words(game: Game) -> str:
    return f"{game} ({game.local})"


def _call_means(call: Call) -> str:
    return _(_CALL_MEANS[call.kind]).format(
        n=call.number, game=_game_words(call.game) if call.game is not None else "")


def spoken_hand(auction: str, contract: str | None = None, defence: str = "",
                names: Sequence[str] = ("Ana", "Bora", "Vera"),
                rules: BalkanRules | None = None) -> HtmlStr:
    """A hand's words as they are said at the table, each read by the engine: who says
    it, what he says, and what it means, then how the hand stands (an HTML table).

    ``auction`` and ``defence`` are the words, comma-separated, as a record writes
    them; ``contract`` the game the declarer names when he has to.  A word the
    engine refuses raises its error (with the reason).

    >>> html = spoken_hand("Dva, Tri, Dalje, Mogu, Uzmi", "tref", "Ne dođem, Dođem i kontra")
    >>> "holds 3" in html and "follows; gives kontra" in html
    True
    """
    hand = BalkanHand(rules=rules or BalkanRules())
    rows: list[tuple[str, str, str]] = []
    for word in (w.strip() for w in auction.split(",") if w.strip()):
        seat = hand.to_act
        hand.call(word)
        rows.append((names[seat], word, _call_means(hand.auction.calls[-1][1])))
    r = hand.auction_result
    if r is not None and r.winner is None:
        rows.append(("", "", _("Everybody passed: a refe is written, and the next dealer deals.")))
    elif r is not None and r.number is not None:
        rows.append(("", "", _("{name} wins the auction at {n} and takes the talon.")
                     .format(name=names[r.winner], n=r.number)))
    elif r is not None:
        rows.append(("", "", _("{name} wins the auction and plays without the talon.")
                     .format(name=names[r.winner])))
    if hand.phase is Phase.DECLARE and contract is not None:
        hand.declare(contract)
        rows.append((names[hand.declarer], hand.contract.game.local,  # type: ignore[union-attr]
                     _("names the game: {game}").format(game=_game_words(hand.contract.game))))
    for word in (w.strip() for w in defence.split(",") if w.strip()):
        seat = hand.to_act
        before = len(hand.defence.decisions)  # type: ignore[union-attr]
        hand.decide(word)
        new = hand.defence.decisions[before:]  # type: ignore[union-attr]
        made = [d for s, d in new if s == seat]
        if len(made) > 1:  # "dođem i kontra": the steps between say nothing
            made = [d for d in made if d in (Decision.FOLLOW, Decision.KONTRA)]
        rows.append((names[seat], word, "; ".join(_(_DECISION_MEANS[d]) for d in made)))
    if hand.contract is not None and hand.defence is not None and hand.defence.is_over:
        o = hand.defence.outcome()
        d = names[hand.declarer]  # type: ignore[index]
        if not o.played:
            rows.append(("", "", _("The hand is not played: {name} scores his game as made.")
                         .format(name=d) if not o.spades_without_kontra else
                         _("The hand is not played: spades bought with the talon need a kontra.")))
        else:
            c = hand.contract
            game = (_("{game} without the talon").format(game=_game_words(c.game))
                    if c.igra and c.game.is_suit else _game_words(c.game))
            rows.append(("", "", ngettext("{name} plays {game} against one defender.",
                                          "{name} plays {game} against both defenders.",
                                          len(o.playing) - 1).format(name=d, game=game)))
            if o.kontra > 1:
                rows.append(("", "", _(_KONTRA_COUNTS[o.kontra])))
    return text_table((_("Who"), _("Says"), _("It means")), rows, bold=(1,))


# -- the cards ------------------------------------------------------------------------------
CARD_WORDS: Mapping[int, tuple[str, ...]] = {
    ACE: ("kec", "as"), KING: ("kralj", "pop"), QUEEN: ("dama",),
    JACK: ("pub", "dečko", "žandar"), TEN: ("desetka",),
}
"""The names of the honours, most used first: *kec* and *pub* on the Serbian
site's rules page, *pop* and *žandar* in the Serbian pages on strategy that
follow the tournament rules in seed 001 ("dupli pop", "male makaze"), *as*
and *dečko* in the Balkanski text and Gulin's book.  The small cards are called by
their numbers."""

SUIT_WORDS: Mapping[Suit, tuple[str, str]] = {
    Suit.SPADES: ("pik", "zelen"), Suit.DIAMONDS: ("karo", "tikva"),
    Suit.HEARTS: ("herc", "crven"), Suit.CLUBS: ("tref", "žir"),
}
"""Each suit's name in the French-suited pack and in the Hungarian-suited one
(the Serbian site's rules page: zelen is pik, tikva karo, crven herc, and the
fourth, which it calls mak, tref)."""

SUIT_OTHER_NAMES: Mapping[Suit, tuple[str, ...]] = {
    Suit.SPADES: ("list",), Suit.DIAMONDS: ("bundeva", "buča"),
    Suit.HEARTS: ("srce",), Suit.CLUBS: ("mak",),
}
"""Other names the Serbian site's rules page gives the Hungarian suits."""


def _plain(text: str) -> str:
    """``text`` in lower case without diacritics (đ as dj and d both accepted by the callers)."""
    t = " ".join(text.strip().lower().split()).replace("đ", "dj")
    return "".join(c for c in unicodedata.normalize("NFD", t) if not unicodedata.combining(c))


def card_word(text: str) -> int:
    """The rank named by ``text`` (*pub*, *dečko*, *kec*...), with or without diacritics.

    >>> card_word("Žandar") == card_word("zandar") == card_word("pub")
    True
    """
    t = _plain(text)
    for rank, names in CARD_WORDS.items():
        if t in {_plain(n) for n in names}:
            return rank
    raise ParseError(_("Unknown card name {word!r}: expected one of {names}.").format(
        word=text.strip(), names=", ".join(n for ns in CARD_WORDS.values() for n in ns)))


def suit_word(text: str) -> Suit:
    """The suit named by ``text``, in the French-suited pack or the Hungarian one.

    >>> suit_word("tikva").name, suit_word("Žir").name, suit_word("mak").name
    ('DIAMONDS', 'CLUBS', 'CLUBS')
    """
    t = _plain(text)
    for suit in Suit:
        if t in {_plain(n) for n in SUIT_WORDS[suit] + SUIT_OTHER_NAMES[suit]}:
            return suit
    raise ParseError(_("Unknown suit name {word!r}: expected one of {names}.").format(
        word=text.strip(), names=", ".join(n for ns in SUIT_WORDS.values() for n in ns)))


_RANK_ENGLISH = {ACE: N_("ace"), KING: N_("king"), QUEEN: N_("queen"), JACK: N_("jack"),
                 TEN: N_("ten")}
_SUIT_ENGLISH = {Suit.SPADES: (N_("spades"), "♠"), Suit.DIAMONDS: (N_("diamonds"), "♦"),
                 Suit.HEARTS: (N_("hearts"), "♥"), Suit.CLUBS: (N_("clubs"), "♣")}


def cards_table() -> HtmlStr:
    """The suits in both packs, and the names of the honours, as an HTML table."""
    rows = [(f"{sign} {_(name)}", SUIT_WORDS[s][0],
             ", ".join((SUIT_WORDS[s][1],) + SUIT_OTHER_NAMES[s]))
            for s, (name, sign) in _SUIT_ENGLISH.items()]
    rows += [(_(_RANK_ENGLISH[r]), ", ".join(CARD_WORDS[r]), "") for r in CARD_WORDS]
    return text_table((_("In English"), _("Said at the table"),
                       _("In the Hungarian-suited pack (mađarice)")), rows, bold=(1,))


_WHEN_TITLES = {"auction": N_("In the auction"), "reveal": N_("In the reveal, after several igra"),
                "declaring": N_("Declaring the game"), "defence": N_("In the defence")}
_CELL = 'style="border:1px solid #999;padding:3px 6px;text-align:left;vertical-align:top"'


def words_table() -> HtmlStr:
    """:data:`TABLE_WORDS` as an HTML table of three columns, what is said, what it means
    and the course's English word, in groups by the moment they are said (narrow enough
    for a phone)."""
    head = "".join(f"<th {_CELL}>{escape(h)}</th>"
                   for h in (_("You say"), _("It means"), _("In the course")))
    body, when = [], None
    for w in TABLE_WORDS:
        if w.when != when:
            when = w.when
            body.append(f'<tr><th colspan="3" {_CELL}>{escape(_(_WHEN_TITLES[when]))}</th></tr>')
        body.append(f"<tr><td {_CELL}><b>{escape(w.said)}</b></td><td {_CELL}>{escape(_(w.means))}"
                    f"</td><td {_CELL}>{escape(course_word(w))}</td></tr>")
    return HtmlStr(f'<table style="border-collapse:collapse"><thead><tr>{head}</tr></thead>'
                   f"<tbody>{''.join(body)}</tbody></table>")


# -- the house rules --------------------------------------------------------------------------
@dataclass(frozen=True)
class HouseRule:
    """One house rule: the ``question`` a table settles before the first deal,
    what ``course`` plays (the engine's default), what ``others`` play, and the
    ``options`` of :class:`~.options.BalkanRules` that play them (none: the
    engine does not offer the variant, and ``others`` says why)."""

    question: str
    course: str
    others: str
    options: tuple[str, ...] = ()


HOUSE_RULES: tuple[HouseRule, ...] = (
    HouseRule(N_("How many play?"),
              N_("Three."),
              N_("Four, the dealer sitting out each hand he deals (the v1.2 rules and the "
                 "Croatian texts). The engine plays it too."),
              ("players",)),
    HouseRule(N_("How many bule does each player start with?"),
              N_("100: a game of about two hours for three (the v1.2 rules)."),
              N_("Any even number: 30 or 60 for a short evening, 120, 150, 200 or 300 for a "
                 "long one (Gulin). The engine plays any of them."),
              ("starting_bule",)),
    HouseRule(N_("How many rounds of refe may be written?"),
              N_("One round for every 30 starting bule: three in a game of 100; none while "
                 "anybody is under the hat."),
              N_("A number agreed once for all, whatever the bule. The engine plays it too."),
              ("refe_per_bule", "max_refe")),
    HouseRule(N_("Is the game preferans allowed?"),
              N_("No: sans is the highest game."),
              N_("The Balkanski text has it: bid as 8, all ten tricks without trumps, and both "
                 "defenders must play. The engine plays it too."),
              ("preferans_game",)),
    HouseRule(N_("Two players said igra and name the same game: who plays?"),
              N_("The one who said igra first, as with a hold in the auction (the v1.2 rules' "
                 "reading)."),
              N_("The later one (the Balkanski text); the engine plays that too. A Novi Sad "
                 "player quoted in the v1.2 rules lets the first play or leave the game to the "
                 "second, who then owes him a kontra: the engine does not offer that, as the "
                 "rules text itself is unsure of it."),
              ("igra_tie",)),
    HouseRule(N_("How far may the doubling go?"),
              N_("Up to mortkontra, sixteen times (the v1.2 rules)."),
              N_("Only to subkontra, eight times: the Croatian texts and the tournament rules "
                 "(\"subkontra is the last kontra\"). The engine plays it too."),
              ("kontra_limit",)),
    HouseRule(N_("Who may answer a rekontra with subkontra?"),
              N_("The defender who gave the kontra (the Balkanski text, and the v1.2 rules' "
                 "example)."),
              N_("The tournament rules: his partner, the defender who did not give the kontra. "
                 "The engine plays it too; the kontra-giver still answers for the defence, as "
                 "the rules name no other."),
              ("subkontra_by_partner",)),
    HouseRule(N_("Is spades bought with the talon played without a kontra?"),
              N_("No: it is played only if a defender gives kontra; otherwise a refe is "
                 "written, or, when none may be, the declarer scores it as made."),
              N_("Played like any other game: none of the rules texts the course reads plays "
                 "it so, but the engine can."),
              ("spades_needs_kontra",)),
    HouseRule(N_("May a defender who passed come back into the hand?"),
              N_("No: he comes back only when a kontra or a call brings him in."),
              N_("The tournament rules: the first defender, when the second follows alone, "
                 "may come back by saying kontra and nothing else, with two side suits that "
                 "hold all the high cards. The engine lets him; whether his hand is good enough "
                 "is for the table to judge."),
              ("reentry_kontra",)),
    HouseRule(N_("Must the first defender give kontra with a very strong hand?"),
              N_("It is advice, not a rule: lesson 05 teaches it."),
              N_("The Serbian site's rules page: with any four trumps and the five top cards "
                 "of another suit he must give kontra, and if he does not, the other defender "
                 "may have 20 bule written to him. The engine plays it too, finding the holding "
                 "in the deal itself."),
              ("missed_kontra_bule",)),
    HouseRule(N_("May a lone defender bargain his tricks instead of playing?"),
              N_("No: every game is played out."),
              N_("The v1.2 rules (ch. 16): when only one defender follows, he and the declarer "
                 "may agree on his tricks. \"Daješ tri?\" (\"Will you give me three?\") – "
                 "\"Da.\" The declarer writes a made game, the defender the supe of three "
                 "tricks, and no card is played. The engine plays it too."),
              ("bargaining",)),
    HouseRule(N_("Does a defender whose mistake made his partner fall take that fall?"),
              N_("No: each defender answers for his own tricks."),
              N_("Some serious tables punish an obvious mistake: the defender at fault falls "
                 "in his partner's place and writes his supe (the v1.2 rules, ch. 16); the "
                 "strategy text says the same of a defender who breaks its rules of play, unless "
                 "he fell himself, and the Serbian site's rules page of one who followed "
                 "without its minimum holdings. Which mistake counts is the table's judgement: "
                 "the engine moves the fall to the defender the table names."),
              ("culprit_takes_fall",)),
    HouseRule(N_("Does play stop once the defenders have five tricks?"),
              N_("No: all ten tricks are played, and the supe count them all."),
              N_("It stops in the Balkanski and the Croatian texts: the declarer has fallen, and "
                 "the defenders' supe count the tricks taken so far. The engine plays it too."),
              ("stop_at_five",)),
    HouseRule(N_("When the last made game is cut down to reach zero, are the supe cut too?"),
              N_("No: the declarer writes only what brings the bule to zero, and the defenders "
                 "write their supe in full."),
              N_("Cut in the same proportion, in the Croatian text (Gulin). The engine plays it "
                 "too."),
              ("reduced_supe_at_end",)),
    HouseRule(N_("Does a fall count double at the very end of the game?"),
              N_("No: a fall is written as usual, the v1.2 rules' second reading."),
              N_("Written twice, the supe staying as usual: the v1.2 rules' first reading, for "
                 "\"the last hand\", which they do not define; the Balkanski text says when: "
                 "once only 2 bule are left to play. The engine plays the Balkanski rule, at 2 "
                 "or at any number the table agrees."),
              ("double_fall_at",)),
    HouseRule(N_("Are holdings for bidding and following, and the leads, agreed?"),
              N_("Taught as advice, by school: lessons 04, 08 and 09."),
              N_("The v1.2 rules (ch. 16) give examples of such agreements: three trumps headed "
                 "by the queen or better to stop the auction at 2 to 5, two aces or a trump trick "
                 "and an ace to follow spades, which suit to lead against sans. They are habits "
                 "of play, not rules of the score: the engine advises them but does not enforce "
                 "them."),
              ()),
    HouseRule(N_("Is a bid below the minimum holdings punished?"),
              N_("No."),
              N_("The Serbian site's rules page says such a bid \"brings the penalties\", but "
                 "does not say which: too loosely defined for the engine to play."),
              ()),
)
"""The house rules, in the order a table talks them over.  Every option of
:class:`~.options.BalkanRules` is in exactly one row (a test keeps it so)."""


def house_rules_table(rules: Sequence[HouseRule] | None = None) -> HtmlStr:
    """The house rules as an HTML table in words: the question, what the course
    plays, what other tables play (no option names)."""
    rows = rules if rules is not None else HOUSE_RULES
    return text_table((_("To agree before the first deal"), _("The course plays"),
                       _("Other tables play")),
                      [(_(r.question), _(r.course), _(r.others)) for r in rows], bold=(0,))


def option_rows() -> dict[str, HouseRule]:
    """Each option of :class:`BalkanRules` and the row of :data:`HOUSE_RULES` that tells it."""
    return {name: r for r in HOUSE_RULES for name in r.options}

