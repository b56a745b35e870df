"""Practice: whole hands against two engine opponents, and a review afterwards.

- :func:`bot_action` (the engine opponent) and :func:`review` (the
  learner's cards that cost tricks) live in :mod:`prefa.balkan.player`
  and are imported here as before.
- :class:`PracticeTable` is the widget: the learner plays one seat, the
  bots play the other two, hand after hand on a running score sheet.

>>> from prefa.deal import random_deal
>>> h = BalkanHand(random_deal(3))
>>> rng = SplitMix64(1)
>>> while h.to_act is not None:
...     _apply(h, bot_action(h, h.to_act, rng, samples=1))
>>> h.phase.value
'done'
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from .balkan.hand import BalkanHand, Phase
from .balkan.player import Mistake, bot_action, review
from .balkan.player import apply_text as _apply
from .balkan.scoring import Sheet, score_hand
from .cards import Card, CardSet, card_name
from .deal import SplitMix64, random_deal
from .display import table_svg
from .errors import IllegalAction, PrefaError
from .table_widgets import SheetView, _message, _plain

__all__ = ["Mistake", "PracticeTable", "bot_action", "review"]


# ---------------------------------------------------------------------------
# The practice table
# ---------------------------------------------------------------------------

class PracticeTable(widgets.VBox):
    """The learner (seat ``seat``) plays whole hands against two engine opponents.

    Click the buttons, or call :meth:`act` with a call, a decision, two
    cards to discard (``"7S 8C"``), a contract or a card.  :attr:`state`
    tells, in words, where the hand stands.  Bad input shows a message and
    changes nothing.
    """

    def __init__(self, seed: int = 0, seat: int = 0, samples: int = 6) -> None:
        if seat not in (0, 1, 2):
            raise IllegalAction(f"seat {seat!r}: expected 0, 1 or 2")
        self.seed, self.seat, self.samples = seed, seat, samples
        self.number = 0
        self.sheet = Sheet.new()
        self.mistakes: list[Mistake] = []
        self._message = ""
        self._error = True
        self._selected: list[Card] = []
        self.info = widgets.HTML()
        self.board = widgets.HTML()
        self.options = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.cards = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.msg = widgets.HTML()
        self.after = widgets.HTML()
        self.sheet_view = SheetView(self.sheet, names={seat: "you"})
        self.next_button = widgets.Button(description="Next hand")
        self.next_button.on_click(lambda _b: self.next_hand())
        super().__init__([self.info, self.board, self.options, self.cards, self.msg,
                          self.after, self.sheet_view, self.next_button])
        self._start()

    # -- the flow -------------------------------------------------------------
    def _start(self) -> None:
        dealer = (self.number + 2) % 3
        self.deal = random_deal(self.seed + self.number, dealer=dealer)
        self.hand = BalkanHand(self.deal, dealer=dealer)
        self.rng = SplitMix64((self.seed << 20) ^ (self.number * 0x9E37 + 1))
        self.mistakes = []
        self._selected = []
        self._scored = False
        self._message = ""
        self._run_bots()
        self._refresh()

    def next_hand(self) -> bool:
        """Deal the next hand (only when this one is over)."""
        if self.hand.phase is not Phase.DONE:
            self._say("finish this hand first")
            return False
        self.number += 1
        self._start()
        return True

    def _run_bots(self) -> None:
        h = self.hand
        while h.to_act is not None and h.to_act != self.seat:
            _apply(h, bot_action(h, h.to_act, self.rng, self.samples))
        if h.phase is Phase.DONE and not self._scored:
            self._scored = True
            if self.sheet.is_over:
                self.sheet = Sheet.new()
            self.sheet = score_hand(self.sheet, h.result())
            self.sheet_view.update(self.sheet)
            self.mistakes = review(h, self.seat)

    def act(self, text: str) -> bool:
        """The learner's action as text; True when it was accepted."""
        h = self.hand
        if h.to_act != self.seat:
            self._say("it is not your turn: the hand is over" if h.to_act is None
                      else f"it is not your turn (seat {h.to_act} is to act)")
            return False
        try:
            _apply(h, str(text).strip())
        except (PrefaError, ValueError, KeyError) as e:
            self._say(str(e))
            return False
        self._selected = []
        self._message = ""
        self._run_bots()
        self._refresh()
        return True

    def legal_options(self) -> list[str]:
        """The learner's legal actions now, as text (discards: the cards he may discard)."""
        h = self.hand
        if h.to_act != self.seat:
            return []
        ph = h.phase
        if ph is Phase.AUCTION:
            return [str(c) for c in h.auction.legal_calls()]
        if ph is Phase.DEFENCE:
            assert h.defence is not None
            return [d.value for d in h.defence.legal()]
        if ph is Phase.DECLARE:
            return [str(c) for c in h.legal_contracts()]
        if ph is Phase.DISCARD:
            assert h.hands is not None and h.talon is not None
            return [card_name(c) for c in h.hands[self.seat] | h.talon]
        if ph is Phase.PLAY:
            return [card_name(c) for c in h.legal_cards()]
        return []

    def _say(self, text: str, error: bool = True) -> None:
        self._message, self._error = text, error
        self.msg.value = _message(text, error=error)

    def _pick(self, c: Card) -> None:
        if self.hand.phase is Phase.DISCARD:
            if c in self._selected:
                self._selected.remove(c)
            else:
                self._selected.append(c)
            if len(self._selected) == 2:
                self.act(" ".join(card_name(x) for x in self._selected))
                self._selected = []
            else:
                self._refresh()
            return
        self.act(card_name(c))

    # -- what it shows ----------------------------------------------------------
    def _mine(self) -> CardSet:
        """The learner's cards now (those not yet played)."""
        h = self.hand
        if h.play_state is not None and self.seat in h.play_state.active:
            return h.play_state.hands[self.seat]
        assert h.hands is not None
        return h.hands[self.seat]

    @property
    def state(self) -> str:
        """Where the hand stands, in words."""
        h = self.hand
        first = (f"Hand {self.number + 1} (seed {self.seed + self.number}); you are seat "
                 f"{self.seat}; dealer seat {h.dealer}.")
        lines = [first]
        if h.phase is Phase.DONE and h.hands is not None:
            lines.append(f"Your cards (as dealt): {h.hands[self.seat]}")
        else:
            lines.append(f"Your cards: {self._mine()}")
        if h.auction.calls:
            lines.append("Auction: " + ", ".join(f"{s}:{c}" for s, c in h.auction.calls))
        if h.contract is not None:
            lines.append(f"Contract: {h.contract} by seat {h.declarer}")
        if h.defence is not None and h.defence.decisions:
            lines.append("Defence: " + ", ".join(f"{s}:{d.value}"
                                                 for s, d in h.defence.decisions))
        tp = h.play_state
        if tp is not None:
            lines.append("Tricks: " + " ".join(f"seat {s} {tp.won[s]}" for s in tp.active))
            if tp.trick:
                lines.append("Trick so far: " + " ".join(card_name(c) for c in tp.trick))
        if h.phase is Phase.DONE:
            r = h.result()
            tricks = f", tricks {' '.join(map(str, r.tricks))}" if r.tricks else ""
            lines.append(f"Hand over: {r.outcome.value}{tricks}")
            if h.play_state is not None:
                lines.append("Review: " + ("; ".join(map(str, self.mistakes))
                                           or "no card of yours cost a trick"))
        elif h.to_act == self.seat:
            lines.append(f"Your turn ({h.phase.value}): " + " ".join(self.legal_options()))
        if self._message:
            lines.append(("Error: " if self._error else "") + self._message)
        return "\n".join(lines)

    def _refresh(self) -> None:
        h = self.hand
        mine = self._mine()
        ph = h.phase
        my_turn = h.to_act == self.seat
        # the board: only the learner's cards face up
        hands = [CardSet() for _ in range(3)]
        hands[self.seat] = mine
        trick = []
        tp = h.play_state
        if tp is not None and tp.trick:
            s = tp.leader
            for c in tp.trick:
                trick.append((s, c))
                s = tp.next_seat(s)
        labels = {s: ("you" if s == self.seat else "engine") for s in range(3)}
        if h.declarer is not None:
            labels[h.declarer] += ", declarer"
        shown = h.auction_result is not None and h.auction_result.number is not None
        self.board.value = table_svg(hands, talon=h.talon, talon_face_up=shown, trick=trick,
                                     labels=labels)
        head = f"<b>Hand {self.number + 1}</b>"
        if h.contract is not None:
            head += f" — {escape(str(h.contract))} by seat {h.declarer}"
        if tp is not None:
            head += " — tricks " + ", ".join(f"seat {s}: {tp.won[s]}" for s in tp.active)
        if ph is not Phase.DONE:
            head += (f" — <b>your turn</b> ({ph.value})" if my_turn
                     else f" — seat {h.to_act} to act")
        self.info.value = head
        # option buttons (calls, decisions, contracts)
        buttons = []
        if my_turn and ph in (Phase.AUCTION, Phase.DEFENCE, Phase.DECLARE):
            for opt in self.legal_options():
                b = widgets.Button(description=opt, layout=widgets.Layout(width="auto"))
                b.on_click(lambda _b, o=opt: self.act(o))
                buttons.append(b)
        self.options.children = buttons
        # card buttons
        cards = list(mine | h.talon) if (my_turn and ph is Phase.DISCARD and h.talon) \
            else list(mine)
        legal = set(h.legal_cards()) if my_turn and ph is Phase.PLAY else set()
        cbs = []
        for c in cards:
            b = widgets.Button(description=card_name(c), layout=widgets.Layout(width="3.5em"),
                               button_style="info" if c in self._selected else "")
            b.disabled = not ((ph is Phase.DISCARD and my_turn) or c in legal)
            b.on_click(lambda _b, c=c: self._pick(c))
            cbs.append(b)
        self.cards.children = cbs
        self.msg.value = _message(self._message, error=self._error)
        # after the hand
        if ph is Phase.DONE:
            self.after.value = self._after_html()
        else:
            self.after.value = ""
        self.next_button.disabled = ph is not Phase.DONE

    def _after_html(self) -> str:
        h = self.hand
        r = h.result()
        parts = [f"<p><b>Result:</b> {escape(r.outcome.value)}"]
        if r.tricks:
            parts.append(" — tricks " + ", ".join(f"seat {s}: {n}"
                                                  for s, n in enumerate(r.tricks)))
        parts.append("</p>")
        if h.play_state is not None:
            if self.mistakes:
                items = "".join(f"<li>{escape(str(m))}</li>" for m in self.mistakes)
                parts.append(f"<p><b>Review</b> (double dummy):</p><ul>{items}</ul>")
            else:
                parts.append("<p><b>Review</b>: no card of yours cost a trick.</p>")
        return "".join(parts)

    def to_html(self) -> str:
        return (self.info.value + self.board.value + self.msg.value + self.after.value
                + self.sheet_view.value)

    @property
    def text(self) -> str:
        return _plain(self.to_html())

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        data["text/html"] = self.to_html()
        return data
