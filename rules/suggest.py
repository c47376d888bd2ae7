"""Names as people type them: accents folded away, and "did you mean" for a near miss.

``fold("Karnöffel") == fold("karnoffel")`` and ``fold("Nørdekasino") == "nordekasino"``,
so a rule set, an option or a player can be typed the way it is spoken; ``did_you_mean``
ends a refusal with the closest name there is (``'Bob'`` → ``did you mean 'Bo'?``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

__all__ = ["did_you_mean", "fold"]

_LETTERS = str.maketrans({"ø": "o", "æ": "ae", "å": "a", "ß": "ss", "œ": "oe", "ł": "l"})


def fold(text: str) -> str:
    """``text`` casefolded, without accents (``Karnöffel`` → ``karnoffel``, ``ø`` → ``o``)."""
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold().translate(_LETTERS))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """``" (did you mean 'Bo'?)"`` for the choice closest to ``word``, or ``""``."""
    import difflib  # only for a name mistyped: not every start-up pays for it

    options = list(choices)
    by_fold = {fold(c): c for c in options}
    close = difflib.get_close_matches(fold(word), list(by_fold), n=1, cutoff=0.6)
    if not close and len(fold(word)) >= 2:  # "Bob" for "Bo": a name that starts the word
        close = [f for f in by_fold if fold(word).startswith(f) or f.startswith(fold(word))][:1]
    return f" (did you mean {by_fold[close[0]]!r}?)" if close else ""
