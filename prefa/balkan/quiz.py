"""The Balkan question kinds, registered with :func:`prefa.quiz.register_kind`.

An item writes its position with the Balkan hand record keys (see
:mod:`prefa.record`: ``deal``, ``auction``, ``discard``, ``contract``,
``defence``, ``play``) and stops where the question is asked; two keys of
the quiz format serve these kinds: ``trick`` (for ``trick-winner``: the
cards of one trick, lead first) and ``ask`` (for ``hand-score``:
``declarer bule``, the default, ``bule SEAT`` or ``supe WRITER AGAINST``,
seats at the table, two different ones).  Kinds, and what the engine
computes:

- ``legal-cards``: the cards the player to move may play (among ``choices``
  when given);
- ``trick-winner``: the card that wins ``trick`` in ``contract``;
- ``legal-calls``: the calls the next bidder may make (among ``choices``);
- ``auction-outcome``: ``refe``, ``seat N at K``, ``seat N igra`` or
  ``seat N igra GAME`` / ``seat N betl`` / ``seat N sans``;
- ``who-leads``: ``seat N``, the leader to the first trick;
- ``hand-score``: a number (bule with a sign, supe without) for a finished hand;
- ``defence``: follow, pass, call, alone, kontra... by the whist conventions;
- ``bid``: the call the bidding conventions advise;
- ``opening-lead``: the card the lead conventions advise;
- ``discard``: the card the signalling conventions advise (also second-hand play);
- ``read-discards``: the suit(s) the partner's discards so far ask the player
  to act to lead (``spades``, ``hearts``...; several when partner denied a
  suit and covers the others), as :func:`~.conventions.signals.read_discards`
  reads them; the drawing shows only the player's own hand, and the caption
  names the partner's discards;
- ``betl-caught``: ``yes`` or ``no``: can the defenders catch the betl;
- ``betl-leads``: the leads that catch the betl (among ``choices``);
- ``betl-card``: the cards a betl defender may play, a lead or a card to a
  trick already led, that still catch the betl (among ``choices``): a card is
  right when the declarer cannot escape a trick after it, and the item is
  refused when no card catches him (then every card is as good, and the
  question is ``betl-caught``) or when the betl is already caught;
- ``declarer-tricks``: the declarer's tricks with best play by all;
- ``best-card``: the cards that keep the best result for the player to move.

For every choice the engine gives a reason of its own: for a rules question
the rule the choice breaks; for a number how far off it is; for a solver
question the declarer's tricks after that card; for a convention question
the rule the choice breaks, the school that plays it if one does, and, for a
card on a dealt hand, what exact play says of it: the declarer's tricks after
it and the best play that follows, from one card table per item.  A card
exactly as good as the convention's, when that one keeps the best result, is
accepted with a note naming the convention's card (exact play sees every
card; the convention reads only the player's own).  When every legal card
gives the same result, exact play has no say and the convention grades alone.
Where the schools of play differ, the answer is the default school's and
each school's own is given too (see :func:`prefa.quiz.check`).

The position is drawn as :mod:`prefa.quiz_render` shows it (:func:`draw`,
:func:`caption`).

>>> from prefa.quiz import check, parse_quiz
>>> (item,) = parse_quiz('''
... id: ruff
... kind: trick-winner
... question: Spades are trumps. Who wins this trick?
... contract: spades
... trick: AH 7H 7S
... choices: AH, 7H, 7S
... answer: 7S
... ''')
>>> r = check(item); r.agrees, r.engine
(True, ('7S',))
>>> r.verdicts[0].reason
'A♥ follows the suit led, but 7♠ is a trump and beats it. (Source: the Serbian rules text.)'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from html import escape

from ..cards import Card, CardSet, Suit, card_name, card_symbol, parse_card, parse_cards
from ..display import HtmlStr, SvgStr, hand_svg, table_svg, trick_svg
from ..errors import ParseError, PrefaError
from ..i18n import N_, _, ngettext
from ..play import trick_winner, why_illegal
from ..quiz import (
    DEFAULT_SCHOOL,
    Answer,
    QuizItem,
    ask_seats,
    capitalized,
    card_text,
    cards_text,
    choice_label,
    digits,
    legal_calls_answer,
    offered,
    other_choice,
    register_kind,
    school_label,
    whole_number,
)
from ..record import replay
from .auction import Call
from .contract import Contract, Game
from .defence import Decision
from .hand import BalkanHand, Phase
from .table_talk import call_words, contract_words


def _contract_words(text: str) -> str:
    """A contract written in a quiz item, in the learner's words (as written if it
    does not parse: the item's checking reports that)."""
    try:
        return contract_words(Contract.parse(text))
    except PrefaError:
        return text
from .scoring import Sheet, score_change

KINDS = ("legal-cards", "trick-winner", "legal-calls", "auction-outcome", "who-leads",
         "hand-score", "defence", "bid", "opening-lead", "discard", "read-discards",
         "betl-caught", "betl-leads", "betl-card", "declarer-tricks", "best-card")
"""The Balkan question kinds, in the order the module docstring lists them."""


# -- answers in one canonical spelling ---------------------------------------------------
def _card(text: str) -> str:
    return card_name(parse_card(text))


def _call(text: str) -> str:
    return str(Call.parse(text))


def _seat(text: str) -> str:
    t = text.strip().lower().removeprefix("seat").strip()
    if not digits(t):
        raise ParseError(f"bad seat {text.strip()!r}: expected 'seat N' or a number")
    return f"seat {int(t)}"


def _decision(text: str) -> str:
    return str(Decision.find(text))


def _int(text: str) -> str:
    """A number that keeps an explicit sign (bule are written ``+4`` / ``-4``)."""
    v = int(whole_number(text))
    t = text.strip()
    return f"{v:+d}" if t[:1] in "+-" else str(v)


def _outcome(text: str) -> str:
    t = " ".join(text.lower().split())
    if t == "refe":
        return t
    words = t.removeprefix("seat").split()
    if not words or not digits(words[0]):
        raise ParseError(f"bad auction outcome {text.strip()!r}: expected 'refe', "
                         "'seat N at K' or 'seat N igra [GAME]'")
    rest = words[1:]
    if rest[:1] == ["at"] and len(rest) == 2 and digits(rest[1]):
        return f"seat {int(words[0])} at {int(rest[1])}"
    if rest and rest[0] in ("igra", "betl", "sans", "preferans"):
        if rest[0] == "igra" and len(rest) == 2:
            return f"seat {int(words[0])} igra {Game.find(rest[1])}"
        if len(rest) == 1:
            return f"seat {int(words[0])} {rest[0]}"
    raise ParseError(f"bad auction outcome {text.strip()!r}: expected 'refe', 'seat N at K' "
                     "or 'seat N igra [GAME]'")


def _suit(text: str) -> str:
    """A suit as an answer: its English name (``spades``); letters, symbols and the
    local names (``pik``, ``herc``...) accepted."""
    try:
        g = Game.find(text)
    except ParseError:
        g = None
    if g is None or not g.is_suit:
        raise ParseError(f"bad suit {text.strip()!r}: expected spades, hearts, diamonds or clubs "
                         "(S H D C, or pik herc karo tref)")
    return str(g)


def _yes_no(text: str) -> str:
    t = text.strip().lower()
    if t not in ("yes", "no"):
        raise ParseError(f"bad answer {text.strip()!r}: expected yes or no")
    return t


def _action(text: str) -> str:
    """A convention action: a card, a call or a decision, each in canonical form."""
    for f in (_card, _decision, _call):
        try:
            return f(text)
        except PrefaError:
            continue
    raise ParseError(f"bad answer {text.strip()!r}: expected a card, a call or a decision")


# -- the engine's answers ----------------------------------------------------------------
def _position(item: QuizItem) -> BalkanHand:
    return replay(item.record, partial=True)


def _legal_cards(item: QuizItem) -> Answer:
    hand = _position(item)
    if hand.phase is not Phase.PLAY:
        raise ParseError(f"legal-cards needs a position in the play (the hand is at the "
                         f"{hand.phase.value} step)", line=item.line)
    legal = [card_name(c) for c in hand.legal_cards()]
    seat = hand.to_act
    ps = hand.play_state

    def judge(choice: str) -> tuple[bool, str]:
        c = parse_card(choice)
        ct = card_symbol(c)
        if choice in legal:
            return True, _("{card} is legal for seat {seat}.").format(card=ct, seat=seat)
        if c not in ps.hands[seat]:
            return False, _("Seat {seat} does not hold {card}.").format(seat=seat, card=ct)
        return False, _("{card} is not legal: {why}.").format(
            card=ct, why=why_illegal(ps.hands[seat], ps.trick, ps.rules, seat))
    values = offered(legal, item)
    return Answer(values, _("Seat {seat} may play {cards}.").format(
        seat=seat, cards=cards_text(legal)), judge)


def _trick_winner(item: QuizItem) -> Answer:
    rec = item.record
    if not rec.get("trick") or not rec.get("contract"):
        raise ParseError("trick-winner needs 'contract' and 'trick'", line=item.line)
    try:
        contract = Contract.parse(rec.values["contract"])
        cards = [parse_card(t) for t in rec.values["trick"].replace(",", " ").split()]
    except PrefaError as e:
        raise ParseError(str(e), line=rec.line("trick")) from None
    if not 2 <= len(cards) <= 3 or len(set(cards)) != len(cards):
        raise ParseError(f"trick {rec.values['trick']!r}: expected two or three different cards "
                         "(one per player in the trick: three, or two when a defender is out)",
                         line=rec.line("trick"))
    rules = contract.play_rules()
    win = cards[trick_winner(cards, rules)]
    w, wt = card_name(win), card_symbol(win)
    led = cards[0] >> 4
    trump = rules.trump
    why = (_("{card} is the highest trump.") if trump is not None and win >> 4 == trump
           and led != trump else _("{card} is the highest card of the suit led.")).format(card=wt)

    def judge(choice: str) -> tuple[bool, str]:
        if choice == w:
            return True, why
        c = parse_card(choice)
        ct = card_symbol(c)
        if c not in cards:
            return False, _("{card} is not in this trick.").format(card=ct)
        if c >> 4 == led and win >> 4 == led:
            text = _("{card} follows the suit led, but {winner} is higher in it.")
        elif c >> 4 == led:
            text = _("{card} follows the suit led, but {winner} is a trump and beats it.")
        elif trump is not None and c >> 4 == trump:
            text = _("{card} is a trump, but {winner} is a higher one.")
        else:
            text = _("{card} neither follows the suit led nor is a trump, so it cannot win: "
                     "{why}")
        return False, text.format(card=ct, winner=wt, why=why)
    return Answer((w,), why, judge)


def _legal_calls(item: QuizItem) -> Answer:
    hand = _position(item)
    if hand.phase is not Phase.AUCTION:
        raise ParseError("legal-calls needs an auction still going", line=item.line)
    return legal_calls_answer(item, hand.auction, parse=Call.parse)


def _auction_outcome(item: QuizItem) -> Answer:
    hand = _position(item)
    r = hand.auction_result
    if r is None:
        raise ParseError("auction-outcome needs a finished auction", line=item.line)
    if r.winner is None:
        ans = Answer(("refe",), _("Everybody passed: nobody plays and refe is written."))
    elif r.number is not None:
        ans = Answer((f"seat {r.winner} at {r.number}",),
                     _("Seat {seat} holds the highest number, {number}, and takes the "
                       "talon.").format(seat=r.winner, number=r.number))
    elif r.contract is None:
        ans = Answer((f"seat {r.winner} igra",),
                     _("Seat {seat} said igra and nobody outbid it.").format(seat=r.winner))
    else:
        g = r.contract.game
        value = f"seat {r.winner} {g}" if g in (Game.BETL, Game.SANS, Game.PREFERANS) \
            else f"seat {r.winner} igra {g}"
        ans = Answer((value,), _("Seat {seat} has the highest game announced: {game}.").format(
            seat=r.winner, game=r.contract))
    right = ans.values[0]

    def judge(choice: str) -> tuple[bool, str]:
        if choice == right:
            return True, ans.reason
        if choice == "refe":
            return False, _("Not refe: somebody bid. {reason}").format(reason=ans.reason)
        words = choice.split()
        seat, how = int(words[1]), " ".join(words[2:])
        said = [choice_label(str(c)) for s, c in hand.auction.calls if s == seat]
        did = (_("seat {seat} said {calls}").format(seat=seat, calls=", ".join(said)) if said
               else _("seat {seat} said nothing").format(seat=seat))
        right_how = " ".join(right.split()[2:])
        claim = ""
        if words[2:3] == ["at"] and r.number is not None and int(words[3]) != r.number:
            claim = " " + _("The last number is {number}, not {said}.").format(
                number=r.number, said=int(words[3]))
        elif how != right_how and r.winner is not None:
            claim = " " + _("It ends {right}, not {said}.").format(right=right_how, said=how)
        if r.winner is None:
            return False, _("Everybody passed ({did}), so nobody wins: refe.").format(did=did)
        if seat != r.winner:
            text = _("Not seat {seat}: {did}, and seat {winner} won.{claim} {reason}")
            return False, text.format(seat=seat, did=did, winner=r.winner, claim=claim,
                                      reason=ans.reason)
        return False, _("Seat {seat} wins, but not {how}.{claim} {reason}").format(
            seat=seat, how=how, claim=claim, reason=ans.reason)
    return replace(ans, per_choice=judge)


def _who_leads(item: QuizItem) -> Answer:
    hand = _position(item)
    if hand.phase is not Phase.PLAY or hand.play_state is None or hand.play_state.played:
        raise ParseError("who-leads needs a position at the start of the play", line=item.line)
    why = (_("In sans the defender seated before the declarer leads through him.")
           if hand.contract.game in (Game.SANS, Game.PREFERANS)
           else _("The forehand leads when he plays, otherwise the next playing seat."))
    leader, declarer = hand.leader, hand.declarer
    active = hand.play_state.active

    def judge(choice: str) -> tuple[bool, str]:
        n = int(choice.split()[1])
        if n == leader:
            return True, why
        if n not in hand.seats or n not in active:
            text = _("Seat {seat} does not play this hand. {why} That is seat {leader}.")
        elif n == declarer:
            text = _("Seat {seat} is the declarer, and he does not lead here. {why}")
        else:
            text = _("Seat {seat} plays, but comes after seat {leader}. {why}")
        return False, text.format(seat=n, why=why, leader=leader)
    return Answer((f"seat {leader}",), why, judge)


def _hand_score(item: QuizItem) -> Answer:
    hand = replay(item.record)
    ch = score_change(Sheet.new(hand.rules), hand.result())
    ask = (item.record.get("ask") or "declarer bule").lower().split()
    if ask == ["declarer", "bule"]:
        d = hand.declarer
        if d is None:
            raise ParseError("hand-score: nobody declared", line=item.line)
        v = f"{ch.bule[d]:+d}"
        return Answer((v,), _("The base is {base}; the declarer writes {bule} bule.").format(
            base=ch.base, bule=v))
    players = len(ch.bule)
    if len(ask) == 2 and ask[0] == "bule":
        (s,) = ask_seats(item, ask[1:], players)
        return Answer((f"{ch.bule[s]:+d}",), _("Seat {seat} writes {bule} bule (base "
                                               "{base}).").format(seat=s, bule=f"{ch.bule[s]:+d}",
                                                                  base=ch.base))
    if len(ask) == 3 and ask[0] == "supe":
        w, a = ask_seats(item, ask[1:], players)
        amt = sum(m for ww, aa, m in ch.supe if ww == w and aa == a)
        ans = Answer((str(amt),), _("Seat {writer} writes {amount} supe against seat {against} "
                                    "(base {base} per trick).").format(
            writer=w, amount=amt, against=a, base=ch.base))
        base = ch.base

        def judge(choice: str) -> tuple[bool, str]:
            if choice == ans.values[0]:
                return True, ans.reason
            n = int(choice)
            if base and n % base == 0 and amt % base == 0:
                k, t = n // base, amt // base
                return False, _("{choice} is {k} × {base}; seat {writer} writes {t} × {base} = "
                                "{amount} supe against seat {against} ({base} per "
                                "trick).").format(choice=choice, k=k, base=base, writer=w, t=t,
                                                  amount=amt, against=a)
            return False, other_choice(choice, ans)
        return replace(ans, per_choice=judge)
    raise ParseError(f"bad ask {item.record.get('ask')!r}: expected 'declarer bule', "
                     "'bule SEAT' or 'supe WRITER AGAINST'", line=item.record.line("ask"))


def _convention(item: QuizItem) -> Answer:
    """A convention question, graded by the default school and by every school that differs.

    A card question (lead, discard, second-hand play) on a dealt hand also
    gets exact play: every card's value from one card table, so a wrong card
    is told what it costs, and a card as good as the convention's (when that
    one keeps the best result) is accepted, with a note naming the
    convention's card.  Our decision: when every legal card gives the same
    result, exact play has no say and the convention alone grades the item
    (else a question whose cards all tie could not be answered wrongly).
    """
    from .conventions.advise import advise_hand
    hand = _position(item)
    if hand.hands is None:
        raise ParseError(f"{item.kind} needs a 'deal': the conventions read the cards of the "
                         "seat to act", line=item.line)
    advice = advise_hand(hand)
    exact = _exact_play(item, hand) if item.kind in ("opening-lead", "discard") else None
    main = _school_answer(item, hand, advice, advice, exact)
    if not advice.schools:
        return main
    name = advice.school or DEFAULT_SCHOOL
    schools = {k: _school_answer(item, hand, a, advice, exact, k)
               for k, a in advice.schools.items()}
    schools.setdefault(name, main)
    schools.setdefault(DEFAULT_SCHOOL, main)
    return replace(main, school=name, schools=schools)


def _school_answer(item: QuizItem, hand: BalkanHand, adv, whole, exact, school: str = "") -> Answer:
    """The :class:`Answer` of one school's advice ``adv`` (``whole`` holds every school's)."""
    act = _action(adv.action)
    others = {}
    for k, a in [("", whole)] + list(whole.schools.items()):
        x = _action(a.action)
        if x != act and k != school:
            others.setdefault(x, k or whole.school or DEFAULT_SCHOOL)

    def judge(choice: str) -> tuple[bool, str]:
        if choice == act:
            return True, f"{adv.name}: {adv.reason}" + (exact.note(choice) if exact else "")
        if exact is not None and exact.as_good(choice, act):
            return True, _("{card} is as good as {rule_card} by exact play ({result}), but the "
                           "convention plays {rule_card}: {name}.").format(
                card=card_text(choice), rule_card=card_text(act), result=exact.count(choice),
                name=adv.name)
        why = _breaks(item, hand, choice, act, adv)
        if exact is not None:
            why += exact.compare(choice, act)
        if choice in others:
            who = others[choice]
            why += " " + _("It is what {school} plays here.").format(school=school_label(who))
        return False, why
    return Answer((act,), f"{adv.name}: {adv.reason}", judge)


@dataclass
class _Exact:
    """One card table of a convention card question: what exact play says of each card.

    In betl only one thing counts, whether the declarer is caught (one trick
    loses his betl, and the score is the same however many he takes): the
    table then holds 1 for a card after which he is caught, 0 for one after
    which he escapes, and the sentences say so.
    """

    table: dict[str, int]
    best: int
    seat_wants: bool
    lines: Callable[[str], str]
    betl: bool = False

    def count(self, card: str) -> str:
        n = self.table[card]
        if self.betl:
            return _("the betl is caught") if n else _("the declarer escapes")
        return ngettext("the declarer takes {n} trick", "the declarer takes {n} tricks",
                        n).format(n=n)

    def _then(self, card: str) -> str:
        """The result after ``card`` in a clause after "after X": "he takes 3"."""
        return self.count(card) if self.betl else _("he takes {n}").format(n=self.table[card])

    @property
    def indifferent(self) -> bool:
        """Every legal card gives the same result: exact play has no say."""
        return len(set(self.table.values())) == 1

    def as_good(self, choice: str, act: str) -> bool:
        return not self.indifferent and choice in self.table and act in self.table and \
            self.table[choice] == self.table[act] == self.best

    def note(self, card: str) -> str:
        if card not in self.table:
            return ""
        return " " + _("By exact play, after {card} {result}.").format(
            card=card_text(card), result=self.count(card))

    def compare(self, choice: str, act: str) -> str:
        if choice not in self.table or act not in self.table:
            return ""
        n, m = self.table[choice], self.table[act]
        if self.indifferent:
            return " " + _("Exact play has no say here: after any card {result}, so the "
                           "convention decides.").format(result=self.count(act))
        if n == m:
            return " " + _("By exact play it costs nothing here: after either card "
                           "{result}.").format(result=self.count(act))
        if (n > m) == self.seat_wants:
            return " " + _("Seeing every card, {card} would even do better here ({result}; "
                           "after {rule_card} {then}), but the convention reads only your own "
                           "cards.").format(card=card_text(choice), result=self.count(choice),
                                            rule_card=card_text(act), then=self._then(act))
        return " " + _("By exact play, after {line} {result}; after {rule_card} "
                       "{then}.").format(line=self.lines(choice), result=self.count(choice),
                                         rule_card=card_text(act), then=self._then(act))


def _exact_play(item: QuizItem, hand: BalkanHand) -> _Exact | None:
    """The card table of a defender's card question on a dealt hand (``None`` without a deal)."""
    if hand.deal is None or hand.phase is not Phase.PLAY:
        return None
    from ..solver import Solver, wants_tricks
    _hand, pos = _solver_position(item)
    solver = Solver()
    betl = pos.goal == "betl"
    table = {card_name(c): min(n, 1) if betl else n for c, n in solver.card_table(pos).items()}
    wants = wants_tricks(pos, pos.to_move)
    best = (max if wants else min)(table.values())

    return _Exact(table, best, wants, lambda card: _refutation(solver, pos, card), betl)


def _refutation(solver, pos, card: str) -> str:
    """``"A♥ (8♥ Q♥, then J♠ A♠ K♠)"``: ``card`` and best play after it to the end of
    the next trick, the line that shows what the card costs."""
    after = pos.play(parse_card(card))
    cards = _short_line(solver, after)
    if not cards:
        return card_text(card)
    size = len(after.active)
    first = size - len(after.trick) if after.trick else 0
    words = [" ".join(card_symbol(c) for c in cards[:first])]
    if cards[first:]:
        words.append(_("then {cards}").format(
            cards=" ".join(card_symbol(c) for c in cards[first:first + size])))
    return f"{card_text(card)} ({', '.join(w for w in words if w)})"


def _short_line(solver, position) -> list[int]:
    """Best play from ``position`` to the end of the next trick (a refuting line, short)."""
    from ..solver import wants_tricks
    value = solver.solve(position)
    line: list[int] = []
    ends, stop = 0, 2 if position.trick else 1
    while not position.is_over() and ends < stop:
        maximiser = wants_tricks(position, position.to_move)
        for card in position.legal_moves():
            after = position.play(card)
            if (solver.at_least(after, value) if maximiser
                    else not solver.at_least(after, value + 1)):
                break
        else:  # pragma: no cover - the solver guarantees a card keeps the value
            return line
        line.append(card)
        position = after
        if not position.trick:
            ends += 1
    return line


def _lower(name: str) -> str:
    """A convention's name inside a sentence: ``'Low from A-x-x'`` → ``'low from A-x-x'``."""
    return name[:1].lower() + name[1:] if name[1:2].islower() else name


def _breaks(item: QuizItem, hand: BalkanHand, choice: str, act: str, adv) -> str:
    """The rule a wrong choice breaks, in a sentence about the player's own cards."""
    if item.kind in ("opening-lead", "discard"):
        return _card_breaks(item, hand, choice, act, adv)
    if item.kind == "defence":
        return _decision_breaks(choice, act, adv)
    return _call_breaks(choice, act, adv)


def _card_breaks(item: QuizItem, hand: BalkanHand, choice: str, act: str, adv) -> str:
    from ..cards import Suit
    from .conventions.evaluation import holding_text
    from .conventions.leads import is_rezon, suit_words
    ps = hand.play_state
    seat = ps.to_move
    mine = ps.hands[seat]
    c, a = parse_card(choice), parse_card(act)
    ct, at = card_text(choice), card_text(act)
    if c not in mine:
        return _("You do not hold {card}.").format(card=ct)
    why = why_illegal(mine, ps.trick, ps.rules, seat) if c not in hand.legal_cards() else None
    if why:
        return _("{card} is not legal: {why}.").format(card=ct, why=why)
    suit = Suit(c >> 4)
    ranks = mine.ranks(suit)
    trump = ps.rules.trump
    lead = item.kind == "opening-lead"
    name = _lower(adv.name)
    words = {"card": ct, "rule_card": at, "suit": suit_words(suit), "name": name}
    if c >> 4 == a >> 4:
        text = _("From {suit} the rule plays {rule_card}, not {card}: {name}")
        return text.format(**words) + ("" if adv.name.endswith(".") else ".")
    if lead and trump is not None and c >> 4 != trump and len(ranks) == 1:
        text = _("{card} is a side-suit singleton, and a singleton is not led: the declarer "
                 "draws trumps before you can ruff. The rule leads {rule_card}.")
    elif lead and trump is not None and c >> 4 == trump:
        text = _("{card} is a trump; a trump is led only from strong trumps, with the trump ace "
                 "and a void, or a lone small trump. Here the rule leads {rule_card}.")
    elif lead and trump is not None and len(ranks) > 1 and (c & 15) != ranks[0] \
            and is_rezon(ranks):
        words["top"] = card_text(card_name((c & 0x30) | ranks[0]))
        text = _("{card} leads small under your {top}, which is how a sure trick is given "
                 "away; the rule leads {rule_card}.")
    elif lead and trump is not None and is_rezon(ranks) and (c & 15) == ranks[0] \
            and len(ranks) > 1:
        text = _("{card} spends your trick in {suit} at once and sets up the declarer's cards "
                 "there; the rule leads {rule_card}.")
    elif not lead and hand.contract.game is not Game.BETL and is_rezon(ranks):
        text = _("{card} comes from {suit}, where you hold a possible trick; the signal here "
                 "is {rule_card} ({name}).")
    elif not lead and ps.trick and c >> 4 != ps.trick[0] >> 4 and len(ranks) > 0:
        words["holding"] = holding_text(ranks)
        text = _("Discarding {card} sends your partner a signal in {suit}, where you hold "
                 "{holding}; the signal this hand needs is {rule_card} ({name}).")
    else:
        words["suit"] = suit_words(Suit(a >> 4))
        text = (_("{card} is not the card of this rule: {name} leads {rule_card} from {suit}.")
                if lead else
                _("{card} is not the card of this rule: {name} plays {rule_card} from {suit}."))
    return text.format(**words)


_DECISION_WHY = {
    ("pass", "follow"): N_("Passing leaves your partner alone against a hand you hold the "
                           "minimum to defend."),
    ("follow", "pass"): N_("Following without the minimum makes you answer for the fall."),
    ("kontra", "follow"): N_("A kontra doubles the stakes; your cards are enough to follow, not "
                             "to double."),
    ("kontra", "pass"): N_("A kontra doubles the stakes, and your cards are not even enough to "
                           "follow."),
    ("follow", "kontra"): N_("Following is not enough here: the kontra is asked of you."),
    ("pass", "kontra"): N_("Passing is not allowed here: the kontra is asked of you."),
    ("call", "alone"): N_("Calling your partner in makes him answer for tricks he may not have; "
                          "you can defend alone."),
    ("alone", "call"): N_("Alone you cannot make the defenders' tricks; call your partner in."),
    ("kontra", "decline"): N_("A kontra doubles the stakes and wants five tricks in your hand; "
                              "you do not hold them."),
    ("decline", "kontra"): N_("Declining gives away the doubled stakes that your tricks can "
                              "win."),
    ("rekontra", "decline"): N_("A rekontra doubles the stakes again; your hand does not carry "
                                "it."),
    ("decline", "rekontra"): N_("Declining gives away the doubled stakes that your hand can "
                                "win."),
}


def _decision_breaks(choice: str, act: str, adv) -> str:
    if (choice, act) in _DECISION_WHY:
        lead = _(_DECISION_WHY[choice, act])
    else:
        lead = capitalized(_("{choice} is not what the rule asks.").format(
            choice=choice_label(choice, "defence")))
    return _("{why} The rule says {rule_choice} ({name}).").format(
        why=lead, rule_choice=choice_label(act, "defence"), name=adv.name)


def _call_breaks(choice: str, act: str, adv) -> str:
    def number(x: str) -> int | None:
        return int(x) if digits(x) else None
    n, m = number(choice), number(act)
    if choice == "pass":
        text = _("Passing gives up a bid the hand can make ({rule_call}).")
    elif act == "pass":
        text = _("Saying {call} promises more than the hand holds; pass.")
    elif n is not None and m is not None:
        text = (_("{call} goes past what the hand is worth (up to {rule_call}).") if n > m
                else _("{call} stops below what the hand is worth ({rule_call})."))
    elif choice in ("betl", "sans") and act not in ("betl", "sans"):
        text = _("{call} announced now must be played with these ten cards as they are, and "
                 "this hand is not ready for it; say {rule_call}.")
    elif act in ("betl", "sans") and choice != act:
        text = _("{call} does not show this hand: it is ready for {rule_call} as it stands, so "
                 "announce {rule_call} now, without the talon.")
    elif choice == "igra":
        text = _("Igra promises a game without the talon; this hand bids {rule_call} instead.")
    elif choice == "hold":
        text = _("Holding stops at the number said, below what the hand is worth; say "
                 "{rule_call}.")
    elif act == "hold" and n is not None:
        text = _("{call} goes past the hand's game; hold the number instead.")
    else:
        text = _("{call} is not the call for this hand; say {rule_call}.")
    lead = capitalized(text.format(call=choice_label(choice), rule_call=choice_label(act)))
    return _("{why} The rule: {name}.").format(why=lead, name=_lower(adv.name))


# -- reading the partner's discards ------------------------------------------------------
def _reading(item: QuizItem) -> tuple[BalkanHand, int, int, list[Card], Suit | None]:
    """The position of a ``read-discards`` item: the hand, the reader, his partner,
    the partner's discards in order and the suit led to the first of them."""
    hand = _position(item)
    if hand.phase is not Phase.PLAY or hand.play_state is None:
        raise ParseError(f"read-discards needs a position in the play (the hand is at the "
                         f"{hand.phase.value} step)", line=item.line)
    if hand.contract.game is Game.BETL:
        raise ParseError("read-discards: betl discards are no signals (a defender sheds his "
                         "highest cards)", line=item.line)
    ps = hand.play_state
    seat = ps.to_move
    if seat == hand.declarer:
        raise ParseError(f"read-discards asks a defender; seat {seat} to play is the declarer",
                         line=item.line)
    partner = next(s for s in hand.seats if s not in (seat, hand.declarer))
    trump = ps.rules.trump
    found: list[Card] = []
    led: Suit | None = None
    tricks = [(t.cards, t.seats) for t in ps.tricks]
    if ps.trick:
        order = [ps.leader]
        while len(order) < len(ps.trick):
            order.append(ps.next_seat(order[-1]))
        tricks.append((tuple(ps.trick), tuple(order)))
    for cards, seats in tricks:
        for c, who in zip(cards, seats):
            if who == partner and c >> 4 != cards[0] >> 4 and (trump is None or c >> 4 != trump):
                if not found:
                    led = Suit(cards[0] >> 4)
                found.append(c)
    if not found:
        raise ParseError(f"read-discards: partner (seat {partner}) has not discarded yet",
                         line=item.line)
    return hand, seat, partner, found, led


def _suit_of(letter: str) -> str:
    return str(Game.find(letter))


def _read_discards(item: QuizItem) -> Answer:
    """The suits partner's discards ask for, by the default school and each that differs."""
    from .conventions.signals import read_discards
    hand, _seat, _partner, cards, led = _reading(item)
    adv = read_discards(cards, hand.contract, led=led)
    if not adv.actions:
        raise ParseError(f"read-discards: {adv.reason}", line=item.line)
    main = _reading_answer(hand, cards, led, adv)
    if not adv.schools:
        return main
    name = adv.school or DEFAULT_SCHOOL
    schools = {k: _reading_answer(hand, cards, led, a) for k, a in adv.schools.items()}
    schools.setdefault(name, main)
    schools.setdefault(DEFAULT_SCHOOL, main)
    return replace(main, school=name, schools=schools)


_ALL_RIGHT = ("read.deny", "read.sans-untouched-suit")
"""Readings where every suit partner points to is a right answer (else only the first)."""


def _reading_answer(hand: BalkanHand, cards: list[Card], led: Suit | None, adv) -> Answer:
    from .conventions.leads import suit_words
    wanted = [_suit_of(x) for x in adv.actions]
    values = tuple(wanted) if adv.convention in _ALL_RIGHT else (wanted[0],)
    trump = hand.contract.game.trump
    sans = trump is None
    shown = {Suit(c >> 4) for c in cards}

    def said(s: Suit) -> str:
        return _(" then ").join(card_symbol(c) for c in cards if c >> 4 == s)

    def judge(choice: str) -> tuple[bool, str]:
        s = Game.find(choice).trump
        assert s is not None
        if choice in values:
            return True, f"{adv.name}: {adv.reason}"
        first = _(" or ").join(suit_words(Suit(Game.find(v).trump)) for v in values)
        words = {"suit": suit_words(s), "first": first, "said": said(s)}
        if s == trump:
            text = _("{suit} are trumps: the partner's discards talk about the side suits, and "
                     "they ask for {first}.")
        elif sans and s == led:
            text = _("{suit} is the suit the declarer was running: partner showed out of it, so "
                     "he has none. His discards point to {first}.")
        elif s in shown and sans:
            text = _("In sans partner discards from a suit where he expects nothing: his {said} "
                     "says {suit} hold no trick for him. He points to {first}.")
        elif s in shown and choice in wanted:
            text = _("{suit} is partner's second call ({said}); the first suit he called, "
                     "{first}, is his primary one.")
        elif s in shown:
            text = _("Partner's {said} in {suit} is high, then lower (or a lone high spot card): "
                     "a denial, he has nothing there. Lead {first}.")
        elif sans and adv.convention == "read.sans-high-low":
            text = _("{suit} is the other of the two suits left, but the card partner threw "
                     "tells them apart: {reason}")
        else:
            text = _("Partner's discards say nothing for {suit}; they ask for {first}.")
        return False, capitalized(text.format(reason=adv.reason, **words))
    return Answer(values, f"{adv.name}: {adv.reason}", judge)


def _solver_position(item: QuizItem):
    from .solve import position_from_deal
    hand = _position(item)
    if hand.phase is not Phase.PLAY or hand.play_state is None or hand.deal is None:
        raise ParseError("this kind needs a position in the play of a dealt hand (the hand is "
                         f"at the {hand.phase.value} step)", line=item.line)
    ps = hand.play_state
    out = next((s for s in hand.seats if s not in ps.active), None)
    hands = tuple(hand.hands) if hand.hands is not None else hand.deal.hands
    from ..deal import Deal
    start = Deal(tuple(hands))
    return hand, position_from_deal(start, hand.contract.game, hand.declarer, hand.leader,
                                    ps.played, out=out)


def _declarer_tricks(item: QuizItem) -> Answer:
    from ..solver import solve
    _hand, pos = _solver_position(item)
    n = solve(pos)
    return Answer((str(n),), ngettext("With best play by everyone the declarer takes {n} trick.",
                                      "With best play by everyone the declarer takes {n} tricks.",
                                      n).format(n=n))


def _best_card(item: QuizItem) -> Answer:
    from ..solver import Solver, wants_tricks
    _hand, pos = _solver_position(item)
    solver = Solver()
    table = {card_name(c): n for c, n in solver.card_table(pos).items()}
    seat = pos.to_move
    best_n = (max if wants_tricks(pos, seat) else min)(table.values())
    best = tuple(c for c, n in table.items() if n == best_n)
    top = card_text(best[0])

    def judge(choice: str) -> tuple[bool, str]:
        if choice not in table:
            return False, _("{card} cannot be played now.").format(card=card_text(choice))
        n = table[choice]
        if n == best_n:
            return True, ngettext(
                "After {card} the declarer takes {n} trick with best play (the best for seat "
                "{seat} is {best}).",
                "After {card} the declarer takes {n} tricks with best play (the best for seat "
                "{seat} is {best}).", n).format(card=card_text(choice), n=n, seat=seat,
                                                 best=best_n)
        return False, ngettext(
            "After {line} the declarer takes {n} trick with best play; after {top} he takes "
            "{best}, the best for seat {seat}.",
            "After {line} the declarer takes {n} tricks with best play; after {top} he takes "
            "{best}, the best for seat {seat}.", n).format(
            line=_refutation(solver, pos, choice), n=n, top=top, best=best_n, seat=seat)
    values = offered(best, item)
    return Answer(values, ngettext("Best: {cards} (declarer {n} trick).",
                                   "Best: {cards} (declarer {n} tricks).", best_n).format(
        cards=cards_text(best), n=best_n), judge)


def _betl(item: QuizItem, solver=None):
    from ..analysis import betl_leads
    hand, pos = _solver_position(item)
    if hand.contract.game is not Game.BETL:
        raise ParseError("betl questions need a betl contract", line=item.line)
    ps = hand.play_state
    if ps.trick:
        raise ParseError("betl questions are asked at the start of a trick", line=item.line)
    from ..deal import Deal
    start = Deal(tuple(hand.hands))
    out = next((s for s in hand.seats if s not in ps.active), None)
    if out is not None:
        raise ParseError("in betl both defenders play", line=item.line)
    return betl_leads(start, hand.declarer, hand.leader, ps.played, solver=solver), pos


def _betl_caught(item: QuizItem) -> Answer:
    an, _pos = _betl(item)
    leads = cards_text(card_name(c) for c in an.leads)
    return Answer(("yes" if an.caught else "no",),
                   _("The betl is caught with best play (leads that catch it: {leads}).").format(
                       leads=leads)
                   if an.caught else _("With best play the declarer takes no trick."))


def _betl_leads(item: QuizItem) -> Answer:
    from ..solver import Solver
    solver = Solver()
    an, pos = _betl(item, solver)
    good = [card_name(c) for c in an.leads]
    legal = {card_name(c) for c in pos.legal_moves()}

    def judge(choice: str) -> tuple[bool, str]:
        if choice in good:
            return True, _("After {card} the declarer cannot avoid a trick.").format(
                card=card_text(choice))
        if choice not in legal:
            return False, _("{card} cannot be led now.").format(card=card_text(choice))
        return False, _("After {line} the declarer escapes: with best play he takes no "
                        "trick.").format(line=_refutation(solver, pos, choice))
    values = offered(good, item)
    return Answer(values, _("Leads that catch the betl: {cards}.").format(
        cards=cards_text(good) or _("none")), judge)


def _betl_card(item: QuizItem) -> Answer:
    """The defender's cards, lead or not, after which the declarer cannot escape a trick.

    One null-window search per legal card ("does the declarer still take a
    trick?"), as for the leads.  Our decision: the question is asked of a
    defender only, while the betl is not yet caught and some card still
    catches it; otherwise every card would be as good and there would be
    nothing to learn, so the item is refused.
    """
    from ..solver import Solver
    hand, pos = _solver_position(item)
    if hand.contract.game is not Game.BETL:
        raise ParseError("betl-card needs a betl contract", line=item.line)
    if pos.out is not None:
        raise ParseError("in betl both defenders play", line=item.line)
    seat = pos.to_move
    if seat == pos.declarer:
        raise ParseError(f"betl-card asks about a defender's card, and seat {seat} to play is the "
                         "declarer", line=item.line)
    if pos.won:
        raise ParseError("the betl is already caught: the declarer has taken a trick",
                         line=item.line)
    solver = Solver()
    legal = [card_name(c) for c in pos.legal_moves()]
    good = [c for c in legal if solver.at_least(pos.play(parse_card(c)), 1)]
    if not good:
        raise ParseError("no card catches the betl from here (every card is as good): ask "
                         "betl-caught instead", line=item.line)
    ps = hand.play_state
    mine = ps.hands[seat]

    def judge(choice: str) -> tuple[bool, str]:
        if choice in good:
            return True, _("After {card} the declarer cannot avoid a trick.").format(
                card=card_text(choice))
        c = parse_card(choice)
        if c not in mine:
            return False, _("You do not hold {card}.").format(card=card_text(choice))
        if choice not in legal:
            why = why_illegal(mine, ps.trick, ps.rules, seat)
            return False, _("{card} is not legal: {why}.").format(card=card_text(choice), why=why)
        return False, _("After {line} the declarer escapes: with best play he takes no "
                        "trick.").format(line=_refutation(solver, pos, choice))
    values = offered(tuple(good), item)
    return Answer(values, _("Cards that still catch the betl: {cards}.").format(
        cards=cards_text(good)), judge)


# -- the position, drawn ----------------------------------------------------------------
_TO_ACT = {Phase.AUCTION: N_("to call"), Phase.DISCARD: N_("to discard"),
           Phase.DECLARE: N_("to declare"), Phase.DEFENCE: N_("to decide"),
           Phase.PLAY: N_("to play")}
_SEAT_TO_ACT = {Phase.AUCTION: N_("Seat {seat} is to call."),
                Phase.DISCARD: N_("Seat {seat} is to discard."),
                Phase.DECLARE: N_("Seat {seat} is to declare."),
                Phase.DEFENCE: N_("Seat {seat} is to decide."),
                Phase.PLAY: N_("Seat {seat} is to play.")}


_HIDDEN = {"who-leads": {"to act"}, "auction-outcome": {"declarer", "to act"}}
"""What the drawing and the caption must not say for a kind, as it is the answer."""


def _shows(item: QuizItem, what: str) -> bool:
    return what not in _HIDDEN.get(item.kind, ())


def _hand(item: QuizItem) -> BalkanHand | None:
    if item.record.get("auction") is None:
        return None
    try:
        return replay(item.record, partial=True)
    except PrefaError:  # the checker accepted the item, so this is not expected
        return None


def draw(item: QuizItem, *, four_colour: bool = False) -> SvgStr | HtmlStr | None:
    """The item's position drawn as cards, or ``None`` when it has no cards.

    ``trick-winner`` items draw their trick.  Items with a ``deal`` draw the
    table as it stands when the question is asked: the cards still held, the
    trick in progress, and the talon: face down until the declarer takes it,
    face up while he discards, gone once it is in his hand (an igra, betl or
    sans leaves it face down).  A finished hand is drawn as it was dealt; a
    defender who passed is drawn with his cards, marked *not playing*.  Seats
    are marked *declarer* and *to play* (or *to call*...), except where that
    is the question (``who-leads``, ``auction-outcome``).
    """
    if item.kind == "trick-winner" and item.record.get("trick"):
        return trick_svg(parse_cards(item.record.values["trick"]), four_colour=four_colour)
    if item.kind == "read-discards":
        return _draw_reading(item, four_colour)
    hand = _hand(item)
    if hand is None or hand.deal is None:
        return None
    labels: dict[int, list[str]] = {}
    if hand.declarer is not None and _shows(item, "declarer"):
        labels.setdefault(hand.declarer, []).append(_("declarer"))
    if hand.to_act is not None and hand.phase in _TO_ACT and _shows(item, "to act"):
        labels.setdefault(hand.to_act, []).append(_(_TO_ACT[hand.phase]))
    talon = hand.deal.talon or None
    talon_up = hand.phase in (Phase.DONE, Phase.DISCARD)  # as dealt; or just taken
    if hand.discards is not None and hand.phase is not Phase.DONE:
        talon = None  # taken into the declarer's hand; the discards lie face down
    trick: list[tuple[int, int]] = []
    ps = hand.play_state
    if hand.phase is Phase.PLAY and ps is not None:
        hands = list(ps.hands)
        for s in range(len(hands)):
            if s not in ps.active and hand.hands is not None and hand.hands[s]:
                hands[s] = hand.hands[s]  # a defender who passed keeps his cards out of play
                labels.setdefault(s, []).append(_("not playing"))
        seat = ps.leader
        for c in ps.trick:
            trick.append((seat, c))
            seat = ps.next_seat(seat)
    elif hand.phase is Phase.DONE:
        hands = list(hand.deal.hands)
    else:
        hands = list(hand.hands or hand.deal.hands)
    seen = item.seen_by
    hidden: dict[int, int] = {}
    if seen is not None and hand.phase is not Phase.DONE:
        if not 0 <= seen < len(hands):
            raise ParseError(f"seen-by: no seat {seen} at this table (seats 0 to {len(hands) - 1})",
                             line=item.record.line("seen-by"))
        # what the seat cannot see: the other hands face down, as they lie at the table
        hidden = {s: len(hands[s]) for s in range(len(hands)) if s != seen and hands[s]}
    return table_svg(hands, talon=talon, talon_face_up=talon_up, trick=trick,
                     labels={s: ", ".join(v) for s, v in labels.items()},
                     four_colour=four_colour, hidden=hidden)


def _draw_reading(item: QuizItem, four_colour: bool) -> SvgStr | None:
    """A ``read-discards`` position as the reader sees it: his own cards only (his
    partner's hand would give the answer away)."""
    try:
        hand, seat, partner, cards, _led = _reading(item)
    except PrefaError:  # the checker accepted the item, so this is not expected
        return None
    mine = hand.play_state.hands[seat]
    thrown = ", ".join(card_symbol(c) for c in cards)
    return hand_svg(mine, four_colour=four_colour,
                    label=_("Seat {seat}, your cards; partner (seat {partner}) discarded "
                            "{cards}").format(seat=seat, partner=partner, cards=thrown))


def _reading_caption(item: QuizItem, out: list[str]) -> str:
    try:
        hand, seat, partner, cards, _led = _reading(item)
    except PrefaError:
        return "".join(out)
    thrown = ", ".join(card_symbol(c) for c in cards)
    words = (_("Seat {declarer} plays {contract}. Your partner, seat {partner}, could not "
               "follow and discarded {cards}. You are seat {seat}, to lead.")
             if not hand.play_state.trick else
             _("Seat {declarer} plays {contract}. Your partner, seat {partner}, could not "
               "follow and discarded {cards}. You are seat {seat}, to play.")).format(
        declarer=hand.declarer, contract=hand.contract, partner=partner, cards=thrown, seat=seat)
    out.append(f'<p class="pq-caption">{escape(words)}</p>')
    return "".join(out)


def caption(item: QuizItem) -> str:
    """The position in words, as HTML: the auction by seat, the contract, whose turn
    (for ``read-discards``: the partner's discards)."""
    if item.kind == "trick-winner":
        c = item.record.get("contract")
        words = _("Contract: {contract}.").format(contract=_contract_words(c)) if c else ""
        return f'<p class="pq-caption">{escape(words)}</p>' if c else ""
    hand = _hand(item)
    if hand is None:
        return ""
    from ..quiz_render import auction_table  # quiz_render draws any ruleset's auction
    out = [auction_table(hand.auction.seats, hand.auction.calls, call_words)]
    if item.kind == "read-discards":
        return _reading_caption(item, out)
    words = []
    if hand.contract is not None and hand.declarer is not None and _shows(item, "declarer"):
        words.append(_("Seat {seat} plays {game}.").format(seat=hand.declarer,
                                                           game=hand.contract))
    if hand.phase is Phase.DONE and hand.declarer is not None:
        words.append(_("Tricks: {tricks}.").format(tricks=", ".join(
            _("seat {seat} {n}").format(seat=s, n=n) for s, n in enumerate(hand.tricks))))
    elif hand.to_act is not None and hand.phase in _TO_ACT and _shows(item, "to act"):
        words.append(_(_SEAT_TO_ACT[hand.phase]).format(seat=hand.to_act))
    if words:
        out.append(f'<p class="pq-caption">{escape(" ".join(words))}</p>')
    return "".join(out)


# -- the kinds, registered ----------------------------------------------------------------
_RULES = N_("the Serbian rules text")
"""The source the rules kinds follow (seed 001), named after each of their verdicts' reasons."""

_PARTS: dict[str, tuple[Callable[[QuizItem], Answer], Callable[[str], str], bool, str]] = {
    # kind: engine, canonical spelling, whether several answers may be right, source
    "legal-cards": (_legal_cards, _card, True, _RULES),
    "trick-winner": (_trick_winner, _card, False, _RULES),
    "legal-calls": (_legal_calls, _call, True, _RULES),
    "auction-outcome": (_auction_outcome, _outcome, False, _RULES),
    "who-leads": (_who_leads, _seat, False, _RULES),
    "hand-score": (_hand_score, _int, False, _RULES),
    "defence": (_convention, _decision, False, ""),
    "bid": (_convention, _call, False, ""),
    "opening-lead": (_convention, _card, False, ""),
    "discard": (_convention, _card, False, ""),
    "read-discards": (_read_discards, _suit, True, ""),
    "betl-caught": (_betl_caught, _yes_no, False, ""),
    "betl-leads": (_betl_leads, _card, True, ""),
    "betl-card": (_betl_card, _card, True, ""),
    "declarer-tricks": (_declarer_tricks, _int, False, ""),
    "best-card": (_best_card, _card, True, "")}

for _kind in KINDS:
    _engine, _norm, _multi, _source = _PARTS[_kind]
    register_kind(_kind, _engine, _norm, multi=_multi, draw=draw, caption=caption, source=_source)
