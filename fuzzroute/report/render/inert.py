"""Text from the graph stays inert on the page: isolated from its neighbours, its invisible characters shown.

Autoescaping keeps a hostile rule id from becoming markup, but two things
survive it: a right-to-left override (U+202E) or isolate inside a rule id
reorders everything after it on the line, and strong right-to-left letters
pull neighbouring digits and punctuation into their run ("#2 שלום" can read
as "שלום 2#").  So every value the templates print goes through
`inert_value` (Jinja's `finalize`, applied to every `{{ ... }}`): it is
escaped, every invisible or direction-changing character (controls, format
characters such as bidi controls and zero-width spaces, line and paragraph
separators, surrogates, private-use and unassigned code points) is replaced
by a marker, and a value holding right-to-left letters is bracketed by two
private-use sentinels (a value without them cannot reorder anything).

`place_isolation` then turns the sentinels into markup where markup is
allowed: in text, the value becomes a `<bdi>` element (its own direction,
isolated from the text around it) and each marker a visible
`<span class="ctl">U+202E</span>` whose title names the character; inside a
tag (an attribute value) and in `<title>`, where no element may appear, the
sentinels are dropped and a marker is written as the plain text `[U+202E]`.
Graph text can never contain the sentinels themselves: they are private-use
characters, which the marking step has already replaced.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from markupsafe import Markup, escape

#: Characters shown as a `U+XXXX` marker instead of themselves (a space stays a space).
VISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp", "Co", "Cn"})
#: Layout whitespace our own values use (pasted code lines); never direction-changing.
_KEPT = frozenset("\n\t")
OPEN, CLOSE, MARK, END, OPEN_LTR = "\ue000", "\ue001", "\ue002", "\ue003", "\ue004"
_CANDIDATE = re.compile(r"[^\x20-\x7e]")
_TOKEN = re.compile(r"<[^>]*>|[^<]+|<")
_MARKER = re.compile(MARK + "([0-9A-F]{4,6})" + END)
#: Elements whose content is text only: a `<bdi>` there would show as the characters "<bdi>".
_TEXT_ONLY = ("title", "textarea", "style", "script")


def _marked(char: str) -> str:
    if char in _KEPT or unicodedata.category(char) not in VISIBLE_CATEGORIES:
        return char
    return f"{MARK}{ord(char):04X}{END}"


def visible_text(text: str) -> str:
    """`text` with every invisible or direction-changing character replaced by a marker (not yet escaped)."""
    if not _CANDIDATE.search(text):
        return text
    return _CANDIDATE.sub(lambda found: _marked(found.group(0)), text)


def visible_markup(text: str) -> Markup:
    """Escaped `text` with markers for its invisible characters (for filters that build markup)."""
    return Markup(escape(visible_text(text)))


#: Bidi classes that make a run of text right-to-left (or Arabic digits, which reorder with it).
_RIGHT_TO_LEFT = frozenset({"R", "AL", "AN"})


def needs_isolation(text: str) -> bool:
    """True when `text` holds right-to-left letters (or Arabic digits), which reorder their neighbours.

    Text without them cannot move anything around it: the page's own text is
    left-to-right, and every direction-changing control is already a marker.
    """
    return bool(_CANDIDATE.search(text)) and any(
        unicodedata.bidirectional(char) in _RIGHT_TO_LEFT for char in text if char > "\x7f"
    )


def _opener(text: str) -> str:
    """`<bdi>` (its direction from its own text) for text that starts right-to-left, else `<bdi dir=ltr>`.

    A label such as "#3 שלום" starts with no strong character, so an automatic
    direction would be taken from the name and draw the number after it;
    starting left-to-right keeps "#3" first and the name, still right-to-left
    inside, after it.
    """
    for char in text.lstrip():
        kind = unicodedata.bidirectional(char)
        if kind in ("L", "R", "AL"):
            return OPEN if kind != "L" else OPEN_LTR
        if kind not in ("WS", "ON", "CS", "ES", "ET", "BN", "NSM"):
            break
    return OPEN_LTR


def inert_value(value: Any) -> Any:
    """Jinja `finalize`: every printed string is escaped and marked; right-to-left text is bracketed."""
    if isinstance(value, Markup):
        return Markup(_opener(value.striptags()) + value + CLOSE) if needs_isolation(value) else value
    if isinstance(value, str):
        shown = str(escape(visible_text(value)))
        return Markup(_opener(value) + shown + CLOSE) if needs_isolation(value) else Markup(shown)
    return value


def _span(found: re.Match[str]) -> str:
    code = int(found.group(1), 16)
    name = unicodedata.name(chr(code), "") if code not in range(0xD800, 0xE000) else "SURROGATE"
    title = f' title="{escape(name)}"' if name else ""
    return f'<span class="ctl"{title}>U+{found.group(1)}</span>'


def _plain(text: str) -> str:
    text = text.replace(OPEN, "").replace(OPEN_LTR, "").replace(CLOSE, "")
    return _MARKER.sub(lambda found: f"[U+{found.group(1)}]", text)


def place_isolation(html: str) -> str:
    """Replace the sentinels of `inert_value` by markup in text, and by plain text inside tags."""
    if OPEN not in html and OPEN_LTR not in html and MARK not in html:
        return html
    out: list[str] = []
    text_only: str | None = None
    for found in _TOKEN.finditer(html):
        token = found.group(0)
        if token.startswith("<") and len(token) > 1:
            name = re.match(r"</?\s*([A-Za-z][A-Za-z0-9-]*)", token)
            tag = name.group(1).lower() if name else ""
            if text_only is None and tag in _TEXT_ONLY and not token.startswith("</"):
                text_only = tag
            elif text_only == tag and token.startswith("</"):
                text_only = None
            out.append(_plain(token))
        elif text_only is not None:
            out.append(_plain(token))
        else:
            isolated = token.replace(OPEN, "<bdi>").replace(OPEN_LTR, '<bdi dir="ltr">').replace(CLOSE, "</bdi>")
            out.append(_MARKER.sub(_span, isolated))
    return "".join(out)
