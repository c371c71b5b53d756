"""String helpers with the reference library's (JavaScript) semantics.

Blank checks and never-route keys are defined with JavaScript's ``trim()``,
whose whitespace set differs from Python's ``str.strip()``: it removes U+FEFF
but keeps U+001C-U+001F and U+0085.  Using ``strip()`` would refuse or accept
different declarations than the reference does.
"""

from __future__ import annotations

import json

#: The ASCII word characters: the keyword law's word edges test them (case-sensitively).
ASCII_WORD = "[A-Za-z0-9_]"

JS_WHITESPACE = (
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
    "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
)


def js_trim(value: str) -> str:
    """Trim exactly the characters JavaScript's ``String.prototype.trim`` trims."""
    return value.strip(JS_WHITESPACE)


def is_blank(value: str) -> bool:
    """True when nothing is left after a JavaScript trim."""
    return js_trim(value) == ""


def phrase_key(value: str) -> str:
    """The key two phrases are compared by: trimmed and lower-cased, inner spaces kept."""
    return js_trim(value).lower()


def render_value(value: object) -> str:
    """Render a refused value the way an author would recognise it (JSON where possible)."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


#: Characters of a name shown in a message or a file name before it is shortened.
SHOWN_NAME = 80


def indefinite_article(word: str) -> str:
    """ "an" before a word spelled with a vowel first, else "a": by spelling, as generated text needs no more."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def shortened(text: str, limit: int = SHOWN_NAME) -> str:
    """`text` as a message shows it: whole up to `limit` characters, else its start and its length.

    A graph or rule name has no length limit; a ten-thousand-character one
    would otherwise turn every line that names it into a screenful.
    """
    if len(text) <= limit:
        return text
    return f"{text[: limit - 24]}... ({len(text):,} characters)"
