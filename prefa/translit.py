"""Serbian in both scripts: Latin to Cyrillic and back.

Serbian is written in Latin (*latinica*) and Cyrillic (*ćirilica*) script,
one letter for one letter, but for three Latin pairs, each one Cyrillic
letter: *lj* љ, *nj* њ, *dž* џ.  Cyrillic to Latin is therefore exact;
Latin to Cyrillic must know the few words where the pair is two letters
(*injekcija* инјекција, *nadživeti* наджив): :data:`TWO_LETTERS` lists their
stems.  The course writes its Serbian in Latin and makes the Cyrillic
catalog from it with :func:`to_cyrillic` (``python -m prefa.catalogs``).

What is not Serbian text stays as it is: a ``{placeholder}``, a card or a
holding with its suit sign (``K♠``, ``♠A K 8 7``), numbers, ``NT``, a word
with a letter Serbian has not (*q*, *w*, *x*, *y*: an English name), an
address.

>>> to_cyrillic("Moraš da pratiš {suit}: imaš ♥7. Pub i dama, dođem!")
'Мораш да пратиш {suit}: имаш ♥7. Пуб и дама, дођем!'
>>> to_cyrillic("Njegova pratnja, LJUBAV, Džon i injekcija")
'Његова пратња, ЉУБАВ, Џон и инјекција'
>>> to_latin("Његова пратња, ЉУБАВ, Џон и инјекција")
'Njegova pratnja, LJUBAV, Džon i injekcija'
>>> to_cyrillic("♠A K 8 7 i 7NT ostaju, kao i New York")
'♠A K 8 7 и 7NT остају, као и New York'
"""

from __future__ import annotations

import re

_LATIN = {"a": "а", "b": "б", "c": "ц", "č": "ч", "ć": "ћ", "d": "д", "dž": "џ", "đ": "ђ",
          "e": "е", "f": "ф", "g": "г", "h": "х", "i": "и", "j": "ј", "k": "к", "l": "л",
          "lj": "љ", "m": "м", "n": "н", "nj": "њ", "o": "о", "p": "п", "r": "р", "s": "с",
          "š": "ш", "t": "т", "u": "у", "v": "в", "z": "з", "ž": "ж"}
_CYRILLIC = {c: l for l, c in _LATIN.items()}

TWO_LETTERS = ("injek", "konjug", "konjunk", "vanjezi", "nadživ", "nadžnj", "nadžel",
               "odžal", "odživ", "podžanr", "podžup", "podžel", "tanjug")
"""Stems whose *nj*, *lj* or *dž* are two letters (н+ј, л+ј, д+ж), not one."""

_KEEP = re.compile(r"\{[^{}]*\}"                       # a placeholder
                   r"|[♠♥♦♣](?:\s?(?:10|[2-9AKQJT]))+"  # a holding: ♠A K 8 7
                   r"|\S*[♠♥♦♣0-9]\S*"                 # a card, a number, a contract
                   r"|https?://\S+"                    # an address
                   r"|\bNT\b"
                   r"|\b\w*[qwxyQWXY]\w*\b")           # not a Serbian word
_WORD = re.compile(r"[^\W\d_]+")


def _word_to_cyrillic(word: str) -> str:
    low = word.lower()
    split = set()  # where a pair is two letters: the index of its second letter
    for stem in TWO_LETTERS:
        at = low.find(stem)
        while at >= 0:
            for k in range(at, at + len(stem) - 1):
                if low[k:k + 2] in ("lj", "nj", "dž"):
                    split.add(k + 1)
            at = low.find(stem, at + 1)
    out, i = [], 0
    while i < len(word):
        pair = low[i:i + 2]
        if pair in ("lj", "nj", "dž") and i + 1 not in split:
            letter = _LATIN[pair]
            out.append(letter.upper() if word[i].isupper() else letter)
            i += 2
            continue
        ch = low[i]
        letter = _LATIN.get(ch, word[i])
        out.append(letter.upper() if word[i].isupper() and ch in _LATIN else letter)
        i += 1
    return "".join(out)


def _outside_kept(text: str, convert) -> str:
    out, pos = [], 0
    for m in _KEEP.finditer(text):
        out.append(_WORD.sub(lambda w: convert(w.group()), text[pos:m.start()]))
        out.append(m.group())
        pos = m.end()
    out.append(_WORD.sub(lambda w: convert(w.group()), text[pos:]))
    return "".join(out)


def to_cyrillic(text: str) -> str:
    """Serbian Latin text in Cyrillic script (what is not Serbian text kept as it is)."""
    return _outside_kept(text, _word_to_cyrillic)


def _word_to_latin(word: str) -> str:
    caps = len(word) > 1 and word.isupper()
    out = []
    for ch in word:
        low = ch.lower()
        letter = _CYRILLIC.get(low)
        if letter is None:
            out.append(ch)
        elif ch.isupper():
            out.append(letter.upper() if caps else letter[0].upper() + letter[1:])
        else:
            out.append(letter)
    return "".join(out)


def to_latin(text: str) -> str:
    """Serbian Cyrillic text in Latin script: exact, letter for letter."""
    return _WORD.sub(lambda w: _word_to_latin(w.group()), text)


__all__ = ["TWO_LETTERS", "to_cyrillic", "to_latin"]
