"""The bidding box on its own, as a session: a Balkan auction over a seeded deal.

:class:`BiddingSession` holds a :class:`~prefa.balkan.hand.BalkanHand` in its
auction.  The learner makes the calls of his ``seat`` and the engine's
player (:func:`prefa.balkan.player.bot_action`, which follows the bidding
conventions) makes the others'; with ``seat=None`` the learner makes every
seat's calls (a bidding box passed round the table) and sees the hand of the
seat to call.  Only the legal calls are offered
(:meth:`~prefa.balkan.auction.Auction.legal_calls`), each with its words in
English and in Serbian (``"pass (dalje)"``, ``"hold 3 (mogu)"``).

Once the auction is over, every hand and the talon are shown.

Actions: ``{"type": "call", "call": "3"}`` (the call as the record writes
it), ``{"type": "advice"}`` (the conventions' advice for the call to make
now, shown until the next call), ``{"type": "undo"}`` (takes back the
learner's last call and the engine's calls after it) and, once the auction
is over (phase ``"done"``), ``{"type": "next"}`` for a new deal.

A refused call changes nothing but ``error``, which holds the auction's own
reason (:meth:`~prefa.balkan.auction.Auction.why_illegal`).

>>> s = BiddingSession(seed=1, seat=None)
>>> [a["call"] for a in s.state()["legal"] if a["type"] == "call"]
['pass', '2', 'igra', 'betl', 'sans']
>>> s.state()["labels"]["pass"], s.act({"type": "call", "call": "5"})["error"]
('pass (dalje)', '5: numbers rise by exactly one: the next is 2 (seat 0 may say: pass, 2, igra, betl, sans)')
>>> for c in ["2", "pass", "pass"]:
...     st = s.act({"type": "call", "call": c})
>>> st["phase"], st["status"]
('done', 'Seat 0 wins the auction at 2 and takes the talon.')
"""

from __future__ import annotations

from html import escape

from ..advice import Advice
from ..balkan.auction import Call, CallKind, auction_status
from ..balkan.contract import Game
from ..balkan.conventions.advise import advise_hand
from ..balkan.hand import BalkanHand, Phase
from ..balkan.options import BalkanRules
from ..balkan.player import bot_action
from ..cards import card_name
from ..deal import Deal, SplitMix64, random_deal
from ..display import hand_svg, seat_words
from ..errors import PrefaError
from ..i18n import _, table_word
from ..quiz import school_label
from ..quiz_render import auction_table
from .session import Action, Session, action_words

__all__ = ["BiddingSession", "call_label", "call_title"]

_NUMBER_WORDS = {2: "dva", 3: "tri", 4: "četiri", 5: "pet", 6: "šest", 7: "sedam", 8: "osam"}
_SERBIAN = {CallKind.PASS: "dalje", CallKind.HOLD: "mogu", CallKind.IGRA: "igra",
            CallKind.BETL: "betl", CallKind.SANS: "sans", CallKind.PREFERANS: "preferans",
            CallKind.GOOD: "dobra"}


def call_label(call: Call) -> str:
    """A call's button text: the English word with the Serbian one.

    >>> [call_label(Call.parse(t)) for t in ("pass", "hold 3", "4", "igra", "hearts", "good")]
    ['pass (dalje)', 'hold 3 (mogu)', '4 (četiri)', 'game without the talon (igra)', 'hearts (herc)', 'good (dobra)']
    """
    k = call.kind
    if k is CallKind.NUMBER:
        return _("{number} ({word})").format(
            number=call.number, word=table_word(str(_NUMBER_WORDS.get(call.number, call.number))))
    if k is CallKind.NAME:
        assert call.game is not None
        return _("{game} ({word})").format(game=_(str(call.game)), word=table_word(call.game.local))
    if k is CallKind.IGRA:
        return _("game without the talon (igra)")
    if k in (CallKind.BETL, CallKind.SANS):
        return _("{game} (igra {word})").format(game=k.value, word=table_word(_SERBIAN[k]))
    if k is CallKind.HOLD:
        return _("hold {number} (mogu)").format(number=call.number)
    return _("{call} ({word})").format(call=str(call), word=table_word(_SERBIAN[k]))


def call_title(call: Call) -> str:
    """A longer description of a call (the button's tooltip).

    >>> call_title(Call.parse("3")), call_title(Call.parse("pass"))
    ('bid 3: up to diamonds (karo); the winner takes the talon', 'pass: out of the auction for good')
    """
    k = call.kind
    if k is CallKind.NUMBER:
        g = Game(call.number) if call.number in [x.value for x in Game] else None
        if g is None:
            return _("bid {number}: level {number}; the winner takes the talon").format(
                number=call.number)
        return _("bid {number}: up to {game} ({word}); the winner takes the talon").format(
            number=call.number, game=_(str(g)), word=table_word(g.local))
    if k is CallKind.HOLD:
        return _("hold {number}: keep the number, with priority over its bidder").format(
            number=call.number)
    if k is CallKind.PASS:
        return _("pass: out of the auction for good")
    if k is CallKind.IGRA:
        return _("igra: play a suit game without the talon, named at the end of the auction")
    if k is CallKind.GOOD:
        return _("good: my igra game is lower; the other one plays")
    if k is CallKind.NAME:
        return _("name {game} as my igra game").format(game=_(str(call.game)))
    return _("{game}: play {game} without the talon").format(game=k.value)


def _advice_json(a: Advice, call: str) -> dict:
    """The advice for the view; ``call`` is the advised call as the box offers it
    (``"hold 3"`` where the conventions say ``"hold"``)."""
    return {"call": call, "name": a.name, "reason": a.reason,
            "schools": [{"school": k, "label": school_label(k), "call": v.action, "name": v.name}
                        for k, v in a.schools.items()]}


class BiddingSession(Session):
    """A Balkan auction over the deal ``random_deal(seed)`` (or ``deal``).

    ``seat`` is the learner's seat (``None``: he makes every call);
    ``auction`` the text of calls already made (``"2, pass"``); ``rules``
    the :class:`~prefa.balkan.options.BalkanRules`.
    """

    view = "bidding"

    def __init__(self, seed: int = 0, *, seat: int | None = 0, auction: str = "",
                 rules: BalkanRules | None = None, deal: Deal | None = None) -> None:
        super().__init__()
        self.rules = rules or BalkanRules()
        if seat is not None and seat not in range(self.rules.players):
            raise PrefaError(f"bad seat {seat!r}: expected a seat from 0 to "
                             f"{self.rules.players - 1} or None")
        self.seat = seat
        self.seed = seed
        self._given_deal = deal
        self._start(deal if deal is not None else random_deal(seed), auction)

    def _start(self, deal: Deal, auction: str = "") -> None:
        self.hand = BalkanHand(deal, self.rules)
        self.rng = SplitMix64(self.seed)
        self.advice: Advice | None = None
        self.advised = ""
        self.advice_error: str | None = None
        self.note = ""
        for text in (t.strip() for t in auction.split(",") if t.strip()):
            self.hand.call(text)
        self._engine_calls()

    # -- the engine seats ---------------------------------------------------------------
    @property
    def auction(self):
        """The :class:`~prefa.balkan.auction.Auction` in progress."""
        return self.hand.auction

    @property
    def over(self) -> bool:
        return self.hand.phase is not Phase.AUCTION

    def _learner_to_call(self) -> bool:
        return not self.over and (self.seat is None or self.auction.to_call == self.seat)

    def _engine_calls(self) -> list[str]:
        said = []
        while not self.over and not self._learner_to_call():
            seat = self.auction.to_call
            text = bot_action(self.hand, seat, self.rng)
            self.hand.call(text)
            said.append(_("Seat {seat}: {call}.").format(seat=seat, call=self.auction.calls[-1][1]))
        return said

    def _learner_calls(self) -> int:
        return sum(1 for s, _ in self.auction.calls if self.seat is None or s == self.seat)

    # -- the protocol -------------------------------------------------------------------
    def _legal(self) -> list[Action]:
        out: list[Action] = []
        if self._learner_to_call():
            out += [{"type": "call", "call": str(c)} for c in self.auction.legal_calls()]
            if self.advice is None and self.advice_error is None:
                out.append({"type": "advice"})
        if self._learner_calls():
            out.append({"type": "undo"})
        if self.over:
            out.append({"type": "next"})
        return out

    def _refusal(self, action: object, legal: list[Action]) -> str:
        if isinstance(action, dict) and action.get("type") == "call" and self._learner_to_call():
            text = action.get("call")
            if not isinstance(text, str):
                return _("{action} is not possible: the call must be text such as 'pass'").format(
                    action=action_words(action))
            try:
                call = Call.parse(text)
            except PrefaError as e:
                return str(e)
            why = self.auction.why_illegal(call)
            if why is None:  # legal, but not spelt as the engine writes it
                return _("{action} is not possible: write it {call!r}").format(
                    action=action_words(action), call=str(self.auction._normalise(call)))
            return why
        if isinstance(action, dict) and action.get("type") == "call" and self.over:
            return _("{action} is not possible: the auction is over ({status})").format(
                action=action_words(action), status=self.status)
        if isinstance(action, dict) and action.get("type") == "undo":
            return _("{action} is not possible: you have made no call to take back").format(
                action=action_words(action))
        if isinstance(action, dict) and action.get("type") == "advice" and self._learner_to_call():
            return _("{action} is not possible: the advice is shown already").format(
                action=action_words(action))
        return super()._refusal(action, legal)

    def _apply(self, action: Action) -> None:
        kind = action["type"]
        if kind == "call":
            seat = self.auction.to_call
            self.hand.call(action["call"])
            said = [_("Seat {seat}: {call}.").format(
                seat=seat, call=self.auction.calls[-1][1])] + self._engine_calls()
            self.note = " ".join(said)
            self.advice = self.advice_error = None
        elif kind == "advice":
            try:
                advice = advise_hand(self.hand)
                advised = self.auction._normalise(Call.parse(advice.action))
            except PrefaError as e:
                self.advice_error = _("No convention covers this call: {why}").format(why=e)
                return
            if advised not in self.auction.legal_calls():  # e.g. in the reveal of igras
                self.advice_error = _("No convention covers this call: the bidding "
                                      "conventions answer {call!r}, which is not a call "
                                      "now").format(call=advice.action)
            else:
                self.advice, self.advised = advice, str(advised)
        elif kind == "undo":
            taken = []
            while self.auction.calls:
                seat, call = self.auction.calls[-1]
                self.hand.undo()
                taken.append(str(call))
                if self.seat is None or seat == self.seat:
                    break
            self.note = _("Took back {calls}.").format(calls=", ".join(reversed(taken)))
            self.advice = self.advice_error = None
        elif kind == "next":
            self.seed += 1
            self._start(random_deal(self.seed))

    @property
    def status(self) -> str:
        return auction_status(self.auction)

    # -- the state ----------------------------------------------------------------------
    def _shown_seat(self) -> int | None:
        if self.seat is not None:
            return self.seat
        return self.auction.to_call

    def _state(self) -> dict:
        a = self.auction
        shown = self._shown_seat()
        legal_calls = a.legal_calls() if self._learner_to_call() else []
        hands = self.hand.deal.hands if self.hand.deal is not None else None
        return {
            "phase": "done" if self.over else "auction",
            "seed": self.seed,
            "seat": self.seat,
            "seats": list(a.seats),
            "to_call": a.to_call,
            "calls": [[s, str(c)] for s, c in a.calls],
            "labels": {str(c): call_label(c) for c in legal_calls},
            "titles": {str(c): call_title(c) for c in legal_calls},
            "hand": ({"seat": shown, "cards": [card_name(c) for c in hands[shown]]}
                     if hands is not None and shown is not None else None),
            "layout": ({"hands": [[card_name(c) for c in h] for h in hands],
                        "talon": [card_name(c) for c in self.hand.deal.talon]}
                       if hands is not None and self.over else None),
            "status": self.status,
            "note": self.note,
            "advice": (_advice_json(self.advice, self.advised) if self.advice is not None
                       else None),
            "advice_error": self.advice_error,
        }

    def static_html(self) -> str:
        """The auction so far as plain HTML: the hand shown, the calls, the status."""
        s = self.state()
        out = ['<div class="pf-bidding-static">']
        if s["hand"] is not None and self.hand.deal is not None:
            seat = s["hand"]["seat"]
            out.append(str(hand_svg(self.hand.deal.hands[seat], label=seat_words(seat))))
        none = _("No calls yet.")
        out.append(auction_table(s["seats"], s["calls"]) or f"<p>{escape(none, quote=False)}</p>")
        out.append(f"<p><b>{escape(s['status'])}</b></p>")
        if s["labels"]:
            out.append("<p>" + escape(_("Legal calls: {calls}").format(
                calls=", ".join(s["labels"].values()))) + "</p>")
        return "".join(out) + "</div>"
