"""Write fuzzroute/jsregex/data/js_unicode.json: JavaScript's case folding and Unicode properties, read off V8.

fuzzroute translates JavaScript regexes into Python ones (`fuzzroute/jsregex/translation.py`).  Where
the two engines' Unicode data differ (JavaScript's `/i` canonicalisation, `\\p{...}`), the
translation spells sets out explicitly, and those sets must be V8's own, not Python's
`unicodedata` (another Unicode version, and no simple case folding or scripts).  So this script
asks V8 itself (the `mini-racer` wheel, a dev dependency), for every code point:

* `units`: the classes of UTF-16 code units that `/x/i` treats as equal (no `u` or `v` flag);
* `points`: the classes of code points that `/x/ui` treats as equal (simple case folding);
* `properties`: the code points of every `\\p{...}` value V8 accepts among the General_Category
  values, the binary properties of ECMA-262 and the Script / Script_Extensions values
  (candidate names from the Unicode property value aliases; only names V8 compiles are kept),
  and `names`: every accepted spelling -> its canonical key.

Each class is checked in V8 in both directions (members match each other; no code point matches
a member of another class), so the file is V8's behaviour, not a reconstruction.  Run:

    python scripts/make_js_unicode_tables.py SCRIPT_NAMES.json

where SCRIPT_NAMES.json is a list of [short, long] script name pairs (Unicode's
PropertyValueAliases.txt, sc).  tests/test_engine_js_tables.py checks the shipped file against
the installed V8.
"""

from __future__ import annotations

import json
import sys
import unicodedata
from pathlib import Path

from py_mini_racer import MiniRacer

OUT = Path(__file__).resolve().parent.parent / "fuzzroute" / "jsregex" / "data" / "js_unicode.json"

GENERAL_CATEGORIES = [
    ("C", "Other"), ("Cc", "Control", "cntrl"), ("Cf", "Format"), ("Cn", "Unassigned"), ("Co", "Private_Use"),
    ("Cs", "Surrogate"), ("L", "Letter"), ("LC", "Cased_Letter"), ("Ll", "Lowercase_Letter"),
    ("Lm", "Modifier_Letter"), ("Lo", "Other_Letter"), ("Lt", "Titlecase_Letter"), ("Lu", "Uppercase_Letter"),
    ("M", "Mark", "Combining_Mark"), ("Mc", "Spacing_Mark"), ("Me", "Enclosing_Mark"), ("Mn", "Nonspacing_Mark"),
    ("N", "Number"), ("Nd", "Decimal_Number", "digit"), ("Nl", "Letter_Number"), ("No", "Other_Number"),
    ("P", "Punctuation", "punct"), ("Pc", "Connector_Punctuation"), ("Pd", "Dash_Punctuation"),
    ("Pe", "Close_Punctuation"), ("Pf", "Final_Punctuation"), ("Pi", "Initial_Punctuation"),
    ("Po", "Other_Punctuation"), ("Ps", "Open_Punctuation"), ("S", "Symbol"), ("Sc", "Currency_Symbol"),
    ("Sk", "Modifier_Symbol"), ("Sm", "Math_Symbol"), ("So", "Other_Symbol"), ("Z", "Separator"),
    ("Zl", "Line_Separator"), ("Zp", "Paragraph_Separator"), ("Zs", "Space_Separator"),
]

BINARY = [
    ("ASCII",), ("ASCII_Hex_Digit", "AHex"), ("Alphabetic", "Alpha"), ("Any",), ("Assigned",),
    ("Bidi_Control", "Bidi_C"), ("Bidi_Mirrored", "Bidi_M"), ("Case_Ignorable", "CI"), ("Cased",),
    ("Changes_When_Casefolded", "CWCF"), ("Changes_When_Casemapped", "CWCM"),
    ("Changes_When_Lowercased", "CWL"), ("Changes_When_NFKC_Casefolded", "CWKCF"),
    ("Changes_When_Titlecased", "CWT"), ("Changes_When_Uppercased", "CWU"), ("Dash",),
    ("Default_Ignorable_Code_Point", "DI"), ("Deprecated", "Dep"), ("Diacritic", "Dia"), ("Emoji",),
    ("Emoji_Component", "EComp"), ("Emoji_Modifier", "EMod"), ("Emoji_Modifier_Base", "EBase"),
    ("Emoji_Presentation", "EPres"), ("Extended_Pictographic", "ExtPict"), ("Extender", "Ext"),
    ("Grapheme_Base", "Gr_Base"), ("Grapheme_Extend", "Gr_Ext"), ("Hex_Digit", "Hex"),
    ("IDS_Binary_Operator", "IDSB"), ("IDS_Trinary_Operator", "IDST"), ("ID_Continue", "IDC"),
    ("ID_Start", "IDS"), ("Ideographic", "Ideo"), ("Join_Control", "Join_C"),
    ("Logical_Order_Exception", "LOE"), ("Lowercase", "Lower"), ("Math",),
    ("Noncharacter_Code_Point", "NChar"), ("Pattern_Syntax", "Pat_Syn"), ("Pattern_White_Space", "Pat_WS"),
    ("Quotation_Mark", "QMark"), ("Radical",), ("Regional_Indicator", "RI"), ("Sentence_Terminal", "STerm"),
    ("Soft_Dotted", "SD"), ("Terminal_Punctuation", "Term"), ("Unified_Ideograph", "UIdeo"),
    ("Uppercase", "Upper"), ("Variation_Selector", "VS"), ("White_Space", "space"),
    ("XID_Continue", "XIDC"), ("XID_Start", "XIDS"),
]

JS = r"""
var CP = 0x110000;
function cps(re) {            // the code points a one-character regex matches, as [lo, hi) pairs
  var out = [], open = -1;
  for (var c = 0; c <= CP; c++) {
    var hit = c < CP && re.test(String.fromCodePoint(c));
    if (hit && open < 0) open = c;
    if (!hit && open >= 0) { out.push(open, c); open = -1; }
  }
  return out;
}
function accepts(src, flags) { try { new RegExp(src, flags); return true; } catch (e) { return false; } }
function hex(c) { return '\\u{' + c.toString(16) + '}'; }
function unitHex(c) { return '\\u' + ('000' + c.toString(16)).slice(-4); }
// Candidate partners of a character under case-insensitive matching: its case mappings and theirs.
function candidates(c, units) {
  var s = String.fromCodePoint(c), out = [];
  [s.toLowerCase(), s.toUpperCase(), s.toLowerCase().toUpperCase(), s.toUpperCase().toLowerCase()]
    .forEach(function (t) {
      var cs = Array.from(t);
      if (cs.length === 1) { var d = cs[0].codePointAt(0); if (d !== c && (!units || d < 0x10000)) out.push(d); }
    });
  return out;
}
function classes(flags, limit, extra) {
  var units = flags.indexOf('u') < 0, parent = new Int32Array(limit);
  for (var i = 0; i < limit; i++) parent[i] = i;
  function find(x) { while (parent[x] !== x) { parent[x] = parent[parent[x]]; x = parent[x]; } return x; }
  function join(a, b) { a = find(a); b = find(b); if (a !== b) parent[Math.max(a, b)] = Math.min(a, b); }
  function eq(a, b) {
    var ea = units ? unitHex(a) : hex(a), sb = units ? String.fromCharCode(b) : String.fromCodePoint(b);
    return new RegExp('^[' + ea + ']$', flags).test(sb);
  }
  for (var c = 0; c < limit; c++) {
    var cand = candidates(c, units).concat(extra[c] || []);
    for (var k = 0; k < cand.length; k++) if (cand[k] < limit && eq(c, cand[k])) join(c, cand[k]);
  }
  var groups = {};
  for (var c = 0; c < limit; c++) { var r = find(c); (groups[r] = groups[r] || []).push(c); }
  var out = [];
  for (var r in groups) if (groups[r].length > 1) out.push(groups[r]);
  // Verify: every pair within a class matches both ways.
  out.forEach(function (g) { g.forEach(function (a) { g.forEach(function (b) {
    if (!eq(a, b)) throw new Error('not equal under ' + flags + ': ' + a + ' ' + b);
  }); }); });
  // Verify: no code point matches a member of another class (split by each bit of the class number).
  var id = new Int32Array(limit);
  for (var c = 0; c < limit; c++) id[c] = find(c);
  for (var bit = 0; bit < 21; bit++) {
    var ranges = [], open = -1;
    for (var c = 0; c <= limit; c++) {
      var inA = c < limit && !(c >= 0xD800 && c < 0xE000) && ((id[c] >> bit) & 1) === 0;
      if (inA && open < 0) open = c;
      if (!inA && open >= 0) {
        ranges.push(units ? unitHex(open) + '-' + unitHex(c - 1) : hex(open) + '-' + hex(c - 1));
        open = -1;
      }
    }
    var re = new RegExp('[' + ranges.join('') + ']', flags);
    for (var c = 0; c < limit; c++) {
      if (((id[c] >> bit) & 1) === 1 && re.test(units ? String.fromCharCode(c) : String.fromCodePoint(c))) {
        throw new Error('cross-class match under ' + flags + ' at ' + c);
      }
    }
  }
  return out;
}
"""


def main() -> None:
    script_names = json.loads(Path(sys.argv[1]).read_text())
    ctx = MiniRacer()
    ctx.eval(JS)
    # Extra candidates from Python's own case data (V8 decides; these only widen the search).
    extra_units: dict[int, list[int]] = {}
    extra_points: dict[int, list[int]] = {}
    by_key: dict[str, list[int]] = {}
    for c in range(0x110000):
        if not 0xD800 <= c < 0xE000:
            by_key.setdefault(unicodedata.normalize("NFKD", chr(c).casefold()), []).append(c)
    for c in range(0x110000):
        ch = chr(c)
        partners = {x for x in (ch.casefold(), ch.lower(), ch.upper()) if len(x) == 1 and x != ch}
        if not 0xD800 <= c < 0xE000:
            same = by_key[unicodedata.normalize("NFKD", ch.casefold())]
            if len(same) < 8:
                partners |= {chr(d) for d in same if d != c}
        if partners:
            extra_points[c] = sorted(ord(x) for x in partners)
            if c < 0x10000:
                extra_units[c] = [ord(x) for x in partners if ord(x) < 0x10000]
    units = ctx.eval(f"JSON.stringify(classes('i', 0x10000, {json.dumps(extra_units)}))")
    points = ctx.eval(f"JSON.stringify(classes('ui', 0x110000, {json.dumps(extra_points)}))")
    names: dict[str, str] = {}
    properties: dict[str, list[int]] = {}

    def add(key: str, spellings: list[str]) -> None:
        accepted = [s for s in spellings if ctx.eval(f"accepts({json.dumps(chr(92) + 'p{' + s + '}')}, 'u')")]
        if not accepted:
            return
        if key not in properties:
            source = json.dumps(chr(92) + "p{" + accepted[0] + "}")
            properties[key] = json.loads(ctx.eval(f"JSON.stringify(cps(new RegExp({source}, 'u')))"))
        for spelling in accepted:
            names[spelling] = key

    for short, long_name, *more in GENERAL_CATEGORIES:
        values = [short, long_name, *more]
        add(f"gc={short}", values + [f"{p}={v}" for p in ("gc", "General_Category") for v in values])
    for name, *more in BINARY:
        add(name, [name, *more])
    for short, long_name in script_names:
        for prop in ("sc", "scx"):
            prefixes = ("sc", "Script") if prop == "sc" else ("scx", "Script_Extensions")
            add(f"{prop}={short}", [f"{p}={v}" for p in prefixes for v in dict.fromkeys((short, long_name))])
    out = {
        "v8": ctx.v8_version,
        "units": json.loads(units),
        "points": json.loads(points),
        "names": dict(sorted(names.items())),
        "properties": {k: _deltas(v) for k, v in sorted(properties.items())},
    }
    ctx.close()
    OUT.write_text(json.dumps(out, separators=(",", ":")) + "\n")
    print(f"wrote {OUT}: {len(out['units'])} unit classes, {len(out['points'])} code point classes, "
          f"{len(properties)} properties, {len(names)} names")


def _deltas(bounds: list[int]) -> list[int]:
    """[lo, hi, lo, hi, ...] as differences from the previous bound: small numbers, a small file."""
    return [b - (bounds[i - 1] if i else 0) for i, b in enumerate(bounds)]


if __name__ == "__main__":
    main()
