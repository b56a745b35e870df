"""The score-sheet drill as a session: write one hand on the paper sheet, the engine checks it.

:class:`SheetDrillSession` shows a finished Balkan hand -- who declared
what, the defence (follow, alone, call, kontra), the tricks each player
took -- and the sheet (*tabla*) as it stood before it.  The learner writes
the hand's entries as a player at the table does: in each player's three
columns (left supe, bule, right supe) the number this hand writes, or
nothing, and what happens to the refe (nothing, a new refe triangle for
everybody, or the declarer ticks his side of one).  The engine
(:func:`prefa.balkan.scoring.score_change`) checks every entry and says,
for each wrong one, what is written there and why; a slip it recognises
(the refe doubling or the kontra left out, the igra point forgotten, the
change written instead of the new value, the right number in the wrong
column) is named.

The actions:

=========================================  ===========================================
``{"type": "check", "cells": {...}}``      the learner's entries: cell key -> text
``{"type": "show"}``                       show the engine's entries (gives up)
``{"type": "next"}``                       the next hand (a new seed)
=========================================  ===========================================

Cell keys: ``"P.left"``, ``"P.bule"``, ``"P.right"`` for seat ``P`` (0, 1,
2) and ``"refe"`` (``"none"``, ``"new"`` or ``"tick"``).  A missing or
empty cell means "nothing written".

Decisions of this module (the rules are silent, or it is a teaching choice):

- The sheet is drawn as at a real Balkan table, where the play goes to the
  right (counter-clockwise): seat ``P + 1`` sits on seat ``P``'s right.  A
  defender writes his supe in the column on the side where the declarer
  sits: against seat ``P + 1`` in his right column, against seat ``P + 2``
  in his left one.  (The card table's sheet, :mod:`prefa.ui.sheet`, is
  named from the learner's chair on the screen instead.)
- A bule entry is the new value of the column (written under the old one,
  which is struck through), as players keep it; writing the old value
  again counts as "nothing".  A supe entry is the amount this hand writes
  (tables that keep a running total write the sum under it; what counts
  is the column's sum either way).
- ``check`` carries the learner's own numbers, which no list can
  enumerate: it is listed with no cells and accepted with any cells of the
  hand, each a short text.  A cell that is not a number is refused with
  the cell's name, and nothing changes.  Entries found right are kept and
  locked; the wrong ones may be written again.
- The hands are made up from the seed (no cards are dealt): a few earlier
  hands give the sheet its history and refe, then the hand to write.  The
  facts follow the rules (a caller's partner plays, a defender who passed
  takes no trick, betl is played by both defenders, spades bought with the
  talon are played only after a kontra) and are drawn with weights that
  make every kind of entry come up often.

>>> s = SheetDrillSession(seed=3)
>>> st = s.state(); st["phase"], [c["key"] for c in st["cells"]][:3]
('writing', ['0.left', '0.bule', '0.right'])
>>> st = s.act({"type": "check", "cells": {"0.bule": "x9"}}); st["error"]
"Ana's bule: 'x9' is not a number: expected a whole number such as 90 or -4, or nothing"
>>> st = s.act({"type": "check", "cells": s.answer_key()}); st["phase"], st["verdict"]
('done', 'All 10 entries are right.')
"""

from __future__ import annotations

import re
from dataclasses import replace
from html import escape

from ..balkan.contract import Contract, Game
from ..balkan.defence import Responsibility
from ..balkan.options import BalkanRules
from ..balkan.scoring import HandResult, Outcome, ScoreChange, Sheet, score_change, score_hand
from ..deal import SplitMix64
from ..errors import PrefaError
from ..i18n import N_, _, language, ngettext, table_word
from .session import Action, Session
from .sheet import hat_svg, refe_svg

_REFE_WORDS = {"none": N_("nothing"), "new": N_("a new refe triangle for everybody"),
               "tick": N_("a tick on a refe triangle")}
"""The refe cell's choices in words (a slip names the one written)."""

__all__ = ["NAMES", "SheetDrillSession", "column_of", "expected_entries"]

NAMES = ("Ana", "Bora", "Vera")
"""The players of the drill, seats 0, 1, 2 (seat 1 sits on Ana's right)."""
_HE = ("she", "he", "she")
_HIS = ("her", "his", "her")

COLUMNS = ("left", "bule", "right")
REFE_CHOICES = ("none", "new", "tick")
_MAX_CELL = 20
_NUMBER = re.compile(r"[+-]?\d{1,6}")

_EVERYONE_GAMES = {Game.BETL: N_("Betl"), Game.PREFERANS: N_("Preferans")}
"""The games everyone plays against, as a sentence begins with them."""

_KONTRA_WORD = {2: "kontra", 4: "rekontra", 8: "subkontra", 16: "mortkontra"}


def column_of(writer: int, against: int, players: int = 3) -> str:
    """The column where ``writer`` writes supe against ``against`` at a real table.

    The next seat in playing order sits on the right (play goes to the right):

    >>> column_of(0, 1), column_of(0, 2), column_of(2, 0)
    ('right', 'left', 'right')
    """
    if against == (writer + 1) % players:
        return "right"
    if against == (writer - 1) % players:
        return "left"
    raise PrefaError(f"seat {against}: expected a neighbour of seat {writer}")


def expected_entries(sheet: Sheet, hand: HandResult) -> dict[str, int | str | None]:
    """Every cell of the drill as the engine writes it (``None``: nothing written).

    >>> from prefa.balkan.contract import Contract, Game
    >>> h = HandResult.played_hand(0, Contract(Game.CLUBS), (6, 2, 2), followers=(1, 2))
    >>> e = expected_entries(Sheet.new(), h)
    >>> e["0.bule"], e["1.left"], e["2.right"], e["1.right"], e["refe"]
    (90, 20, 20, None, 'none')
    """
    return _entries(sheet, score_change(sheet, hand))


def _entries(sheet: Sheet, ch: ScoreChange) -> dict[str, int | str | None]:
    n = sheet.players
    out: dict[str, int | str | None] = {}
    for p in range(n):
        sums = {"left": 0, "right": 0}
        for w, a, amt in ch.supe:
            if w == p:
                sums[column_of(w, a, n)] += amt
        out[f"{p}.left"] = sums["left"] or None
        out[f"{p}.bule"] = sheet.bule[p] + ch.bule[p] if ch.bule[p] else None
        out[f"{p}.right"] = sums["right"] or None
    out["refe"] = "new" if ch.refe_written else "tick" if ch.refe_ticked is not None else "none"
    return out


# -- making up hands -----------------------------------------------------------------------
_GAMES = ((Game.SPADES, 18), (Game.DIAMONDS, 18), (Game.HEARTS, 16), (Game.CLUBS, 14),
          (Game.BETL, 10), (Game.SANS, 8))
_DECLARER_TRICKS = (4, 5, 5, 6, 6, 6, 6, 7, 7, 7, 8, 8, 9, 10)


def _pick(rng: SplitMix64, weighted) -> object:
    total = sum(w for _c, w in weighted)
    x = rng.below(total)
    for value, w in weighted:
        if x < w:
            return value
        x -= w
    raise AssertionError("unreachable")


def _split(rng: SplitMix64, total: int) -> tuple[int, int]:
    a = rng.below(total + 1)
    return a, total - a


def random_hand(rng: SplitMix64, rules: BalkanRules) -> HandResult:
    """One made-up finished hand of three players (see the module's decisions)."""
    if rng.below(100) < 8:
        return HandResult(Outcome.REFE)
    d = rng.below(3)
    defenders = ((d + 1) % 3, (d + 2) % 3)
    game = _pick(rng, _GAMES)
    igra = rng.below(100) < (60 if game in (Game.BETL, Game.SANS) else 20)
    contract = Contract(game, igra)
    kontra_draw = rng.below(100)
    if game is Game.BETL:
        lost = rng.below(100) < 40
        t_d = 1 + rng.below(3) if lost else 0
        a, b = _split(rng, 10 - t_d)
        tricks = _seat_tricks(d, t_d, defenders, (a, b))
        if kontra_draw < 12:
            return HandResult.played_hand(d, contract, tricks, kontra=2,
                                          kontra_giver=defenders[rng.below(2)])
        return HandResult.played_hand(d, contract, tricks)
    spades_bought = game is Game.SPADES and not igra
    kind = _pick(rng, (("each", 46), ("alone", 14), ("call", 12), ("passed", 8), ("kontra", 20)))
    if spades_bought and kind != "kontra":
        if rng.below(100) < 70:
            kind = "kontra"
        else:
            return HandResult(Outcome.SPADES_NOT_PLAYED, d, contract, defenders=defenders)
    if kind == "passed":
        return HandResult(Outcome.DEFENDERS_PASSED, d, contract, defenders=defenders)
    t_d = _DECLARER_TRICKS[rng.below(len(_DECLARER_TRICKS))]
    if kind == "kontra":
        t_d = max(t_d - 2, 2)
    if kind == "alone":
        follower = defenders[rng.below(2)]
        tricks = [0, 0, 0]
        tricks[d], tricks[follower] = t_d, 10 - t_d
        return HandResult.played_hand(d, contract, tricks, followers=(follower,))
    tricks = _seat_tricks(d, t_d, defenders, _split(rng, 10 - t_d))
    if kind == "call":
        return HandResult.played_hand(d, contract, tricks, followers=defenders,
                                      caller=defenders[rng.below(2)])
    if kind == "kontra":
        level = 4 if rng.below(100) < 25 and rules.kontra_limit >= 4 else 2
        return HandResult.played_hand(d, contract, tricks, followers=defenders, kontra=level,
                                      kontra_giver=defenders[rng.below(2)])
    return HandResult.played_hand(d, contract, tricks, followers=defenders)


def _seat_tricks(d: int, t_d: int, defenders, split) -> list[int]:
    tricks = [0, 0, 0]
    tricks[d] = t_d
    tricks[defenders[0]], tricks[defenders[1]] = split
    return tricks


def drill_position(seed: int, rules: BalkanRules | None = None) -> tuple[Sheet, HandResult]:
    """The sheet before the hand and the hand of drill ``seed`` (the same seed, the same hand)."""
    rules = rules or BalkanRules()
    rng = SplitMix64(seed * 7919 + 17)
    while True:
        sheet = Sheet.new(rules)
        for _n in range(rng.below(5)):
            h = random_hand(rng, rules)
            if sheet.is_over:
                break
            sheet = score_hand(sheet, h)
        hand = random_hand(rng, rules)
        if not sheet.is_over and not score_hand(sheet, hand).is_over:
            return sheet, hand


# -- words --------------------------------------------------------------------------------
def _num(n: int) -> str:
    """A number in a sentence, with a true minus sign: ``−6``."""
    return str(n).replace("-", "\u2212")


def _game_words(c: Contract) -> str:
    g = c.game
    name = _(str(g))
    if g.is_suit:
        local = table_word(g.local)
        if name != local:
            name = _("{suit} ({local})").format(suit=name, local=local)
    return _("igra {game}").format(game=name) if c.igra else name


def _value_words(c: Contract) -> str:
    """``"Igra clubs (tref): value 5 + 1 = 6"``."""
    words = _game_words(c)
    words = words[0].upper() + words[1:]
    if c.igra:
        return _("{game}: value {n} + 1 = {value}").format(game=words, n=c.game.value,
                                                          value=c.value)
    return _("{game}: value {value}").format(game=words, value=c.value)


class SheetDrillSession(Session):
    """Write one finished hand on the score sheet; the engine checks each entry.

    ``seed`` chooses the hand (``next`` goes on to ``seed + 1``);
    ``starting_bule`` the bule each player starts with (a house rule,
    :class:`~prefa.balkan.options.BalkanRules`); ``rules`` any other
    options (not from a page: the site makes the session from JSON).
    """

    view = "sheet_drill"
    deck_switch = False  # the sheet shows no card: no deck to choose

    def __init__(self, seed: int = 0, *, starting_bule: int = 100,
                 rules: BalkanRules | None = None) -> None:
        super().__init__()
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise PrefaError(f"seed {seed!r}: expected a whole number 0 or more")
        self.rules = rules or BalkanRules(starting_bule=starting_bule)
        if self.rules.players != 3:
            raise PrefaError(f"players={self.rules.players}: the sheet drill is for 3 players")
        self.hands_done = 0
        self.clean = 0
        self._start(seed)

    def _start(self, seed: int) -> None:
        self.seed = seed
        self.sheet, self.hand = drill_position(seed, self.rules)
        self.change = score_change(self.sheet, self.hand)
        self.expected = _entries(self.sheet, self.change)
        self.answers: dict[str, str] = {}
        self.status = {k: "open" for k in self.expected}
        self.messages = {k: "" for k in self.expected}
        self.checks = 0
        self.shown = False

    # -- the protocol ---------------------------------------------------------------
    @property
    def done(self) -> bool:
        return self.shown or all(s == "right" for s in self.status.values())

    def answer_key(self) -> dict[str, str]:
        """The engine's entries as the learner would type them (for tests and teachers)."""
        return {k: "" if v is None else str(v) for k, v in self.expected.items()}

    def act(self, action: Action) -> dict:
        if (isinstance(action, dict) and action.get("type") == "check"
                and set(action) == {"type", "cells"} and isinstance(action["cells"], dict)
                and not self.done):
            try:
                values = self._read(action["cells"])
            except PrefaError as e:
                self._error = str(e)
            else:
                self._error = None
                self._grade(values)
            return self.state()
        return super().act(action)

    def _legal(self) -> list[Action]:
        if self.done:
            return [{"type": "next"}]
        return [{"type": "check", "cells": {}}, {"type": "show"}]

    def _refusal(self, action: object, legal: list[Action]) -> str:
        if isinstance(action, dict) and action.get("type") == "check" and self.done:
            return "'check' is not possible: this hand is written; 'next' gives a new one"
        if isinstance(action, dict) and action.get("type") == "check":
            return ("'check' is not possible: expected {'type': 'check', 'cells': {...}} "
                    "with cells such as '0.bule'")
        return super()._refusal(action, legal)

    def _apply(self, action: Action) -> None:
        if action["type"] == "show":
            self.shown = True
            for k in self.status:
                if self.status[k] != "right":
                    self.status[k] = "shown"
                    self.messages[k] = self._why(k)
        elif action["type"] == "next":
            self.hands_done += 1
            self._start(self.seed + 1)

    # -- reading and grading --------------------------------------------------------
    def cell_name(self, key: str) -> str:
        """``"Ana's bule"``, ``"Bora's right supe"``, ``"the refe"``."""
        if key == "refe":
            return "the refe"
        p, col = key.split(".")
        name = NAMES[int(p)]
        return f"{name}'s bule" if col == "bule" else f"{name}'s {col} supe"

    def _read(self, cells: dict) -> dict[str, int | str | None]:
        out: dict[str, int | str | None] = {}
        for k, v in cells.items():
            if k not in self.expected:
                raise PrefaError(f"cell {str(k)[:30]!r}: expected one of "
                                 + ", ".join(self.expected))
            if not isinstance(v, str) or len(v) > _MAX_CELL:
                raise PrefaError(f"{self.cell_name(k)}: expected a short text, such as '90'")
            text = v.strip().replace("\u2212", "-").replace(" ", "")
            if k == "refe":
                if text not in ("",) + REFE_CHOICES:
                    raise PrefaError(f"the refe: {v!r}: expected one of none, new, tick")
                out[k] = text or "none"
            elif not text:
                out[k] = None
            elif _NUMBER.fullmatch(text):
                out[k] = int(text)
            else:
                raise PrefaError(f"{self.cell_name(k)}: {v!r} is not a number: expected a whole "
                                 "number such as 90 or -4, or nothing")
        for k in self.expected:
            out.setdefault(k, "none" if k == "refe" else None)
        for p in range(3):  # the old bule written again is no entry
            if out[f"{p}.bule"] == self.sheet.bule[p] and self.expected[f"{p}.bule"] is None:
                out[f"{p}.bule"] = None
        return out

    def _grade(self, values: dict[str, int | str | None]) -> None:
        self.checks += 1
        for k, v in values.items():
            if self.status[k] == "right":
                continue
            self.answers[k] = "" if v is None else str(v)
            if v == self.expected[k]:
                self.status[k] = "right"
                self.messages[k] = self._why(k)
            else:
                self.status[k] = "wrong"
                self.messages[k] = self._slip(k, v)
        if self.done and self.checks == 1:
            self.clean += 1

    # -- the engine's reasons -------------------------------------------------------
    @property
    def _declarer(self) -> int | None:
        return self.hand.declarer

    def _base_words(self) -> str:
        h, d = self.hand, self._declarer
        assert h.contract is not None and d is not None
        parts = [_("{value}, base 2 × {n}").format(value=_value_words(h.contract),
                                                   n=h.contract.value)]
        if h.kontra > 1:
            parts.append(_("× {n} for the {kontra}").format(
                n=h.kontra, kontra=table_word(_KONTRA_WORD[h.kontra])))
        if self.sheet.refe[d] > 0:
            parts.append(_("× 2 for {name}'s refe").format(name=NAMES[d]))
        return _("{factors} = {base}").format(factors=" ".join(parts), base=self.change.base)

    def _why(self, key: str) -> str:
        """Why the engine's entry in ``key`` is what it is (one sentence or two)."""
        h, ch, d = self.hand, self.change, self._declarer
        exp = self.expected[key]
        if key == "refe":
            return self._why_refe()
        p, col = int(key.split(".")[0]), key.split(".")[1]
        name = NAMES[p]
        if h.outcome is Outcome.REFE or (h.outcome is Outcome.SPADES_NOT_PLAYED
                                         and ch.refe_written):
            return _("Nobody played the hand: no bule and no supe are written.")
        if col == "bule":
            old = self.sheet.bule[p]
            if exp is None:
                return (_("{name} did not fall: {why} Her bule stay at {old}.") if _HE[p] == "she"
                        else _("{name} did not fall: {why} His bule stay at {old}.")).format(
                    name=name, why=self._why_no_fall(p), old=_num(old))
            delta = ch.bule[p]
            sign = "−" if delta < 0 else "+"
            hat = _(" Below zero: it goes under the hat.") if exp < 0 <= old else ""
            if p == d:
                if delta < 0:
                    cut = (_(" (the base {base} is cut to {n} so that the bule reach zero)").format(
                        base=ch.base, n=-delta) if ch.cut_to_zero else "")
                    how = self._made_words()
                    return _("{how} {base}; made games come off the bule{cut}: "
                             "{old} {sign} {delta} = {new}.{hat}").format(
                        how=how, base=self._base_words(), cut=cut, old=_num(old), sign=sign,
                        delta=abs(delta), new=_num(exp), hat=hat)
                return _("{how} {base}; a fall is added: {old} + {delta} = {new}.").format(
                    how=self._fall_words(), base=self._base_words(), old=_num(old), delta=delta,
                    new=_num(exp))
            return _("{how} {base}: {old} + {delta} = {new}.").format(
                how=self._defender_fall_words(p), base=self._base_words(), old=_num(old),
                delta=delta, new=_num(exp))
        # a supe column
        n = 3
        against = (p + 1) % n if col == "right" else (p - 1) % n
        if p == d:
            return _("{name} declared: the declarer writes no supe.").format(name=name)
        if against != d:
            return _("This column is against {against}, who defended too: supe are "
                     "written only against the declarer, {declarer}.").format(
                against=NAMES[against], declarer=NAMES[d])
        if exp is None:
            return self._why_no_supe(p)
        where = (_("in the right column, because {declarer} sits on {name}'s right")
                 if col == "right" else
                 _("in the left column, because {declarer} sits on {name}'s left")).format(
            declarer=NAMES[d], name=name)
        assert h.contract is not None
        if h.contract.game in (Game.BETL, Game.PREFERANS):
            per = 10 * h.contract.value
            factors = ""
            if h.kontra > 1:
                factors += _(" × {n} for the {kontra}").format(
                    n=h.kontra, kontra=table_word(_KONTRA_WORD[h.kontra]))
            if self.sheet.refe[d]:
                factors += _(" × 2 for {name}'s refe").format(name=NAMES[d])
            both = (_(" for both defenders, since the kontra-giver answers for the defence")
                    if h.kontra_giver is not None else "")
            total = f"{per}{factors} = {exp}" if factors else f"{per}"
            return _("{declarer} took a trick in {game}: each defender writes 10 × "
                     "{value} = {total} supe{both}, {where}.").format(
                declarer=NAMES[d], game=_game_words(h.contract), value=h.contract.value,
                total=total, both=both, where=where)
        t = exp // ch.base if ch.base else 0
        if h.responsibility is Responsibility.CALLER:
            who = (_("{name} called the partner in, so she writes the tricks of both")
                   if _HE[p] == "she" else
                   _("{name} called the partner in, so he writes the tricks of both")
                   ).format(name=name)
        elif h.responsibility is Responsibility.KONTRA:
            who = (_("{name} gave the kontra, so she writes the tricks of both defenders")
                   if _HE[p] == "she" else
                   _("{name} gave the kontra, so he writes the tricks of both defenders")
                   ).format(name=name)
        else:
            who = ngettext("{name} took {n} trick", "{name} took {n} tricks", t).format(
                name=name, n=t)
        return _("{who}: {n} × {base} = {supe} supe, {where}. {base_words}.").format(
            who=who, n=t, base=ch.base, supe=exp, where=where, base_words=self._base_words())

    def _made_words(self) -> str:
        h, d = self.hand, self._declarer
        if h.outcome in (Outcome.DEFENDERS_PASSED, Outcome.SPADES_NOT_PLAYED):
            if h.outcome is Outcome.DEFENDERS_PASSED:
                return _("The hand was not played (both defenders passed): {name} scores it "
                         "as made.").format(name=NAMES[d])
            return _("The hand was not played (nobody gave kontra on spades bought with the "
                     "talon and no refe may be written): {name} scores it as made.").format(
                name=NAMES[d])
        t = h.tricks[d]
        if h.contract is not None and h.contract.game is Game.BETL:
            return _("{name} took no trick: the betl is made.").format(name=NAMES[d])
        return _("{name} took {n} tricks (6 needed): the game is made.").format(
            name=NAMES[d], n=t)

    def _fall_words(self) -> str:
        h, d = self.hand, self._declarer
        t = h.tricks[d]
        she = _HE[d] == "she"
        if h.contract is not None and h.contract.game is Game.BETL:
            return (ngettext("{name} took {n} trick in betl: she falls.",
                             "{name} took {n} tricks in betl: she falls.", t) if she else
                    ngettext("{name} took {n} trick in betl: he falls.",
                             "{name} took {n} tricks in betl: he falls.", t)
                    ).format(name=NAMES[d], n=t)
        return (_("{name} took only {n} of the 6 tricks needed: she falls.") if she else
                _("{name} took only {n} of the 6 tricks needed: he falls.")
                ).format(name=NAMES[d], n=t)

    def _defender_fall_words(self, p: int) -> str:
        h = self.hand
        name = NAMES[p]
        together = sum(h.tricks[s] for s in h.defenders)
        if h.responsibility is Responsibility.KONTRA:
            return _("{name} gave the kontra and the defenders took {n} tricks, short "
                     "of the 5 a kontra needs: the kontra-giver falls.").format(
                name=name, n=together)
        if h.responsibility is Responsibility.CALLER:
            return _("{name} called the partner in and the two took {n} tricks, short "
                     "of the 4 they need: the caller falls.").format(name=name, n=together)
        if h.contract is not None and h.contract.game is Game.BETL:
            return _("{name} gave kontra on a betl that was made: the kontra-giver "
                     "falls.").format(name=name)
        if len([s for s in h.defenders if s in h.followers]) == 1:
            return _("{name} followed alone and took {n} tricks, short of 2: a fall.").format(
                name=name, n=h.tricks[p])
        return ngettext("{name} followed and took {n} trick, short of 2, and the two "
                        "defenders took {together}, fewer than 4: a fall.",
                        "{name} followed and took {n} tricks, short of 2, and the two "
                        "defenders took {together}, fewer than 4: a fall.",
                        h.tricks[p]).format(name=name, n=h.tricks[p], together=together)

    def _why_no_fall(self, p: int) -> str:
        h = self.hand
        if h.outcome is not Outcome.PLAYED:
            return _("the hand was not played.")
        if h.contract is not None and h.contract.game in (Game.BETL, Game.PREFERANS):
            return _("defenders of a betl bear no penalty unless one gave kontra and it failed.")
        if h.responsibility is Responsibility.KONTRA:
            if p == h.kontra_giver:
                return _("the defenders took the 5 tricks the kontra needs.")
            return _("the kontra-giver answers for the defence.")
        if h.responsibility is Responsibility.CALLER:
            if p == h.caller:
                return _("the two defenders took the 4 tricks the caller needs.")
            return _("a defender who is called in answers for nothing.")
        if p not in h.followers:
            return _("a defender who passes (ne dođem) answers for nothing.")
        if h.tricks[p] >= 2:
            return _("the {n} tricks taken meet the quota of 2.").format(n=h.tricks[p])
        return _("the two defenders took 4 tricks together, which covers both.")

    def _why_no_supe(self, p: int) -> str:
        h = self.hand
        name = NAMES[p]
        if h.outcome is not Outcome.PLAYED:
            return _("The hand was not played: no supe are written.")
        if h.contract is not None and h.contract.game in (Game.BETL, Game.PREFERANS):
            if h.kontra_giver is not None and p != h.kontra_giver:
                return _("{giver} gave the kontra and writes the supe of the "
                         "defence: {name} writes nothing.").format(
                    giver=NAMES[h.kontra_giver], name=name)
            return _("The betl was made: the defenders write no supe.")
        if h.responsibility is Responsibility.KONTRA:
            return _("{giver} gave the kontra and writes all the defence's supe: "
                     "{name} writes nothing.").format(giver=NAMES[h.kontra_giver], name=name)
        if h.responsibility is Responsibility.CALLER:
            return _("{caller} called {name} in and writes all the supe: {name} writes "
                     "nothing.").format(caller=NAMES[h.caller], name=name)
        if p not in h.followers:
            return _("{name} passed (ne dođem) and did not play: nothing to write.").format(
                name=name)
        return _("{name} took no trick: nothing to write.").format(name=name)

    def _why_refe(self) -> str:
        h, ch, s = self.hand, self.change, self.sheet
        if h.outcome is Outcome.REFE or h.outcome is Outcome.SPADES_NOT_PLAYED and ch.refe_written:
            passed = h.outcome is Outcome.REFE
            if ch.refe_written:
                return (_("The hand is not played because everybody passed (dalje): a new refe "
                          "triangle is drawn for everybody ({n} of the {limit} allowed).")
                        if passed else
                        _("The hand is not played because nobody gave kontra on spades bought "
                          "with the talon: a new refe triangle is drawn for everybody ({n} of "
                          "the {limit} allowed).")).format(n=s.refe_rounds + 1,
                                                           limit=s.rules.refe_limit)
            if any(s.under_hat(p) for p in range(3)):
                hat = ", ".join(NAMES[p] for p in range(3) if s.under_hat(p))
                return (_("Everybody passed (dalje), but {names} is under the hat: no new refe "
                          "is written.") if passed else
                        _("Nobody gave kontra on spades bought with the talon, but {names} is "
                          "under the hat: no new refe is written.")).format(names=hat)
            return (_("Everybody passed (dalje), but all {limit} refe rounds allowed are "
                      "written: no new refe.") if passed else
                    _("Nobody gave kontra on spades bought with the talon, but all {limit} refe "
                      "rounds allowed are written: no new refe.")).format(
                limit=s.rules.refe_limit)
        d = self._declarer
        if ch.refe_ticked is not None:
            return _("{name} had a refe to play: the hand counted double, made or not, and "
                     "{name} ticks a side of a refe triangle.").format(name=NAMES[d])
        return _("{name} had no refe to play: nothing to tick, and no new refe.").format(
            name=NAMES[d])

    def _variants(self) -> list[tuple[str, dict]]:
        """What each cell would hold had one factor been forgotten: (the slip, the cells)."""
        h, s, d = self.hand, self.sheet, self._declarer
        out = []
        if d is None or h.contract is None:
            return out
        if s.refe[d] > 0:
            refe = tuple(0 if p == d else r for p, r in enumerate(s.refe))
            s0 = replace(s, refe=refe)
            out.append((_("you left out the refe, which doubles the hand"),
                        _entries(s, score_change(s0, h))))
        if h.kontra > 1:
            out.append((_("you left out the {kontra} (× {n})").format(
                kontra=table_word(_KONTRA_WORD[h.kontra]), n=h.kontra),
                        _entries(s, score_change(s, replace(h, kontra=1)))))
        if h.contract.igra:
            slip = _("you left out the igra point (a game without the talon is worth one more)")
            out.append((slip, _entries(s, score_change(
                s, replace(h, contract=Contract(h.contract.game))))))
        elif h.contract.game.is_suit:
            out.append((_("you added an igra point, but the talon was taken: no igra"),
                        _entries(s, score_change(
                            s, replace(h, contract=Contract(h.contract.game, True))))))
        return out

    def _slip(self, key: str, value: int | str | None) -> str:
        exp = self.expected[key]
        right = self._why(key)
        if key == "refe":
            word = value if language() == "en" else _(_REFE_WORDS.get(value, value))
            return _("Not {value}: {why}").format(value=word, why=right)
        said = _("nothing") if value is None else _num(value) if isinstance(value, int) else value
        want = _("nothing") if exp is None else _num(exp) if isinstance(exp, int) else exp
        head = _("You wrote {said}; the engine writes {want}.").format(said=said, want=want)
        if value is not None:
            for slip, cells in self._variants():
                if cells[key] == value and value != exp:
                    return _("{head} It looks as if {slip}. {why}").format(head=head, slip=slip,
                                                                             why=right)
            p, col = key.split(".")
            if col == "bule" and exp is not None:
                old = self.sheet.bule[int(p)]
                delta = exp - old
                if value in (delta, -delta):
                    return _("{head} Write the new value under the old one, not the change: "
                             "{why}").format(head=head, why=right)
                if value == old - delta:
                    return _("{head} The wrong way: made games take bule off, falls add them. "
                             "{why}").format(head=head, why=right)
            if col in ("left", "right"):
                other = f"{p}.{'right' if col == 'left' else 'left'}"
                if self.expected[other] == value:
                    return _("{head} The right number, in the wrong column. {why}").format(
                        head=head, why=right)
        return f"{head} {right}"

    # -- the state ------------------------------------------------------------------
    def _facts(self) -> list[str]:
        h, s, d = self.hand, self.sheet, self._declarer
        out = []
        if h.outcome is Outcome.REFE:
            return [_("Everybody passes (dalje, dalje, dalje): nobody plays this hand.")]
        assert d is not None and h.contract is not None
        dn = NAMES[d]
        c = h.contract
        a, b = h.defenders
        if c.game in (Game.BETL, Game.SANS) and c.igra:
            out.append(_("{name} announces {game} straight away (igra {game}, no talon).").format(
                name=dn, game=_(str(c.game))))
        elif c.igra:
            out.append(_("{name} says igra and plays {game} without the talon.").format(
                name=dn, game=_game_words(Contract(c.game))))
        else:
            out.append(_("{name} wins the auction, takes the talon and plays {game}.").format(
                name=dn, game=_game_words(c)))
        if s.refe[d]:
            out.append(_("{name} has {n} refe to play.").format(name=dn, n=s.refe[d]))
        if h.outcome is Outcome.SPADES_NOT_PLAYED:
            out.append(_("Nobody gives kontra on spades bought with the talon: the hand is not "
                         "played."))
            return out
        if h.outcome is Outcome.DEFENDERS_PASSED:
            out.append(_("{a} and {b} both pass (ne dođem): the hand is not played.").format(
                a=NAMES[a], b=NAMES[b]))
            return out
        if c.game in (Game.BETL, Game.PREFERANS):
            out.append(_("{game}: both {a} and {b} must play.").format(
                game=_(_EVERYONE_GAMES[c.game]), a=NAMES[a], b=NAMES[b]))
        elif h.responsibility is Responsibility.CALLER:
            other = b if h.caller == a else a
            out.append(_("{caller} follows (dođem), {other} does not; {caller} calls {other} in "
                         "(zovem).").format(caller=NAMES[h.caller], other=NAMES[other]))
        elif len([x for x in h.defenders if x in h.followers]) == 1 and h.kontra_giver is None:
            f = next(x for x in h.defenders if x in h.followers)
            other = b if f == a else a
            out.append(_("{name} follows (dođem) and plays alone (sam); {other} passes "
                         "(ne dođem) and lays the cards aside.").format(
                name=NAMES[f], other=NAMES[other]))
        else:
            out.append(_("{a} and {b} both follow (dođem).").format(a=NAMES[a], b=NAMES[b]))
        if h.kontra_giver is not None:
            if h.kontra >= 4:
                out.append(_("{name} gives kontra, {declarer} answers rekontra.").format(
                    name=NAMES[h.kontra_giver], declarer=dn))
            else:
                out.append(_("{name} gives kontra.").format(name=NAMES[h.kontra_giver]))
        if c.game in (Game.BETL, Game.PREFERANS):
            t = h.tricks[d]
            out.append(_("{name} takes no trick.").format(name=dn) if t == 0 else
                       ngettext("{name} takes {n} trick.", "{name} takes {n} tricks.", t).format(
                           name=dn, n=t))
            return out
        tricks = ", ".join(f"{NAMES[p]} {h.tricks[p]}" for p in range(3)
                           if p == d or p in h.followers or h.tricks[p])
        out.append(_("Tricks: {tricks}.").format(tricks=tricks))
        return out

    def _rows(self, sheet: Sheet) -> dict:
        n = 3
        players = []
        for p in range(n):
            hist = list(sheet.history[p])
            if hist and hist[-1] == sheet.bule[p]:
                hist = hist[:-1]
            players.append({
                "seat": p, "name": NAMES[p],
                "left": {"against": NAMES[(p - 1) % n], "total": sheet.supe[p][(p - 1) % n]},
                "right": {"against": NAMES[(p + 1) % n], "total": sheet.supe[p][(p + 1) % n]},
                "bule": sheet.bule[p], "history": hist, "under_hat": sheet.under_hat(p),
                "refe": sheet.refe[p],
            })
        played = [max(sheet.refe_rounds - sheet.refe[p], 0) for p in range(n)]
        triangles = []
        for i in range(sheet.refe_rounds):
            sides = [i < played[p] for p in range(n)]
            done = [NAMES[p] for p in range(n) if sides[p]]
            label = (_("refe {n}: ticked by {names}").format(n=i + 1, names=", ".join(done)) if done
                     else _("refe {n}: ticked by nobody yet").format(n=i + 1))
            triangles.append({"label": label, "svg": refe_svg(sides, label)})
        return {"players": players, "triangles": triangles, "remaining": sheet.remaining,
                "refe_rounds": sheet.refe_rounds, "refe_limit": sheet.rules.refe_limit,
                "hands": sheet.hands}

    def _state(self) -> dict:
        cells = []
        for k in self.expected:
            if k == "refe":
                continue
            p, col = k.split(".")
            p = int(p)
            against = NAMES[(p - 1) % 3] if col == "left" else NAMES[(p + 1) % 3]
            cells.append(self._cell(k, {"player": p, "column": col,
                                        "against": None if col == "bule" else against}))
        right = sum(1 for s in self.status.values() if s == "right")
        total = len(self.status)
        if not self.checks and not self.shown:
            verdict = ""
        elif right == total:
            verdict = ngettext("All {total} entries are right.", "All {total} entries are right.",
                               total).format(total=total)
        elif self.shown:
            verdict = ngettext("{right} of {total} entries were right; the engine's entries are "
                               "shown.", "{right} of {total} entries were right; the engine's "
                               "entries are shown.", total).format(right=right, total=total)
        else:
            verdict = ngettext("{right} of {total} entries are right; correct the others and "
                               "check again.", "{right} of {total} entries are right; correct the "
                               "others and check again.", total).format(right=right, total=total)
        d = self._declarer
        return {
            "phase": "done" if self.done else "writing",
            "seed": self.seed,
            "names": list(NAMES),
            "seating": _("Play goes to the right: {b} sits on {a}'s right, {c} on {b}'s right, "
                         "{a} on {c}'s right.").format(a=NAMES[0], b=NAMES[1], c=NAMES[2]),
            "hand": {"declarer": d, "name": NAMES[d] if d is not None else None,
                     "facts": self._facts(),
                     "contract": str(self.hand.contract) if self.hand.contract else None},
            "before": self._rows(self.sheet),
            "after": self._rows(score_hand(self.sheet, self.hand)) if self.done else None,
            "cells": cells,
            "refe": self._cell("refe", {"choices": [
                {"value": "none", "label": _("nothing")},
                {"value": "new", "label": _("a new refe triangle for everybody")},
                {"value": "tick", "label": (_("{name} ticks a side of a refe triangle").format(
                    name=NAMES[d]) if d is not None else _("the declarer ticks a side"))}]}),
            "verdict": verdict,
            "score": {"hands": self.hands_done + (1 if self.done else 0), "clean": self.clean,
                      "text": _("Hands written: {n}; right at the first check: {clean}.").format(
                          n=self.hands_done + (1 if self.done else 0), clean=self.clean)},
            "hat_svg": hat_svg(),
        }

    def _cell(self, key: str, extra: dict) -> dict:
        st = self.status[key]
        exp = self.expected[key]
        out = {"key": key, "label": self.cell_name(key), "status": st,
               "answer": self.answers.get(key, ""), "message": self.messages[key],
               # the engine's entry only once it is found or shown
               "value": (("" if exp is None else str(exp)) if st in ("right", "shown") else None)}
        out.update(extra)
        return out

    def static_html(self) -> str:
        """The hand and the sheet before it, as plain HTML (a notebook without a kernel)."""
        s = self.state()
        cell = 'style="border:1px solid #888;padding:3px 6px;text-align:center"'
        out = ['<div class="pf-sheet-drill-static">',
               "<p>" + escape(s["seating"]) + "</p><ul>"]
        out += [f"<li>{escape(f)}</li>" for f in s["hand"]["facts"]]
        out.append("</ul>")
        b = s["before"]
        # one small sheet per player, side by side where they fit (as in the live view)
        heading = escape(_("The sheets before the hand"))
        out.append(f"<p><b>{heading}</b></p>"
                   '<div style="display:flex;flex-wrap:wrap;gap:6px 10px;max-width:100%">')
        for p in b["players"]:
            old = "".join(f"<s>{v}</s><br>" for v in p["history"])
            hat = hat_svg() + "<br>" if p["under_hat"] else ""
            vs_left = escape(_("(vs {name})").format(name=p["left"]["against"]))
            vs_right = escape(_("(vs {name})").format(name=p["right"]["against"]))
            out.append(f'<table style="border-collapse:collapse;margin:0"><caption style="text-align:'
                       f'left;font-weight:600">{escape(p["name"])}</caption><thead><tr>'
                       f"<th {cell}>{_('left supe')}<br>"
                       f"{vs_left}</th>"
                       f"<th {cell}>{_('bule')}</th>"
                       f"<th {cell}>{_('right supe')}<br>"
                       f"{vs_right}</th>"
                       f"</tr></thead><tbody><tr><td {cell}>{p['left']['total']}</td>"
                       f"<td {cell}>{old}{hat}<b>{p['bule']}</b></td>"
                       f"<td {cell}>{p['right']['total']}</td></tr></tbody></table>")
        out.append("</div>")
        refe = _("Refe: {rounds} of {limit} rounds written.").format(
            rounds=b["refe_rounds"], limit=b["refe_limit"])
        out.append(f"<p>{escape(refe)} " + "".join(t["svg"] for t in b["triangles"]) + "</p>")
        out.append("<p>" + escape(_("Write the hand's entries: each player's bule, left and "
                                    "right supe, and the refe. (With the engine running, the "
                                    "drill checks them.)")) + "</p>")
        return "".join(out) + "</div>"
