"""The shipped JavaScript Unicode tables (jsregex/data/js_unicode.json) against the installed V8.

`scripts/make_js_unicode_tables.py` reads them off V8 and checks them
exhaustively; this test re-checks a sample on every run, so a table that
drifts from V8 (or a V8 that changes) shows up: case classes under `/i` with
and without `u`, and the code points of property escapes.
"""

from __future__ import annotations

import json
import random

from helpers.js_oracle import v8

from fuzzroute.jsregex.charsets import _classes, case_class, property_names, property_set

JUDGE_PAIRS = r"""
function pairs(items, flags) {
  return items.map(function (p) {
    var a = flags.indexOf('u') < 0 ? '\\u' + ('000' + p[0].toString(16)).slice(-4) : '\\u{' + p[0].toString(16) + '}';
    var b = flags.indexOf('u') < 0 ? String.fromCharCode(p[1]) : String.fromCodePoint(p[1]);
    return new RegExp('^[' + a + ']$', flags).test(b);
  });
}
function props(names, points) {
  return names.map(function (n) {
    var re = new RegExp('^\\p{' + n + '}$', 'u');
    return points.map(function (c) { return re.test(String.fromCodePoint(c)); });
  });
}
"""


def _case_pairs(rng: random.Random, unicode_mode: bool) -> list[tuple[int, int]]:
    limit = 0x110000 if unicode_mode else 0x10000
    classes = _classes(unicode_mode)[0]
    pairs = [(cls[i], cls[j]) for cls in rng.sample(classes, 300) for i in range(len(cls)) for j in range(len(cls))]
    for _ in range(3000):  # random code points against their case mappings: equal exactly when one class
        code = rng.randrange(limit)
        if 0xD800 <= code < 0xE000:
            continue
        for other in {chr(code).lower(), chr(code).upper(), chr(code).casefold()}:
            if len(other) == 1 and ord(other) < limit:
                pairs.append((code, ord(other)))
    return pairs


def test_case_classes_and_properties_agree_with_v8() -> None:
    rng = random.Random(20260601)
    names = rng.sample(sorted(property_names()), 40)
    points = [rng.randrange(0x110000) for _ in range(400)]
    points = [p for p in points if not 0xD800 <= p < 0xE000]
    with v8() as engine:
        engine.eval(JUDGE_PAIRS)
        for unicode_mode, flags in ((False, "i"), (True, "ui")):
            pairs = _case_pairs(rng, unicode_mode)
            got = json.loads(engine.eval(f"JSON.stringify(pairs({json.dumps(pairs)}, {json.dumps(flags)}))"))
            expected = [b in case_class(a, unicode_mode) for a, b in pairs]
            assert got == expected
        got = json.loads(engine.eval(f"JSON.stringify(props({json.dumps(names)}, {json.dumps(points)}))"))
    for name, row in zip(names, got, strict=True):
        charset = property_set(name)
        assert charset is not None
        assert row == [p in charset for p in points], name
