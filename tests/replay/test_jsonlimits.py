"""The limits of a JSON Lines line: the shortcut that skips walking a plainly small line
(issue 24: the import's hot path) never lets through what the walk refuses."""

from __future__ import annotations

import json
import random

import pytest

from tablelog.replay.jsonlimits import (
    _ENVELOPE_FORMS,
    MAX_DEPTH,
    MAX_SEQ,
    MAX_TEXT,
    MalformedFile,
    _bad_text,
    _plainly_fits,
    _plainly_within,
    check_envelope,
    load_line,
)

REFUSED = {
    "lone surrogate": '{"a":"\\ud800"}',
    "lone surrogate in a key": '{"\\udc00":1}',
    "too deep": '{"a":' + "[" * MAX_DEPTH + "]" * MAX_DEPTH + "}",
    "too long a text": '{"a":"' + "x" * (MAX_TEXT + 1) + '"}',
    "a byte order mark": '\ufeff{"a":1}',
}


@pytest.mark.parametrize("line", REFUSED.values(), ids=REFUSED.keys())
def test_what_the_walk_refuses_is_still_refused(line: str) -> None:
    with pytest.raises(MalformedFile):
        load_line(line, 1)


def test_the_deepest_allowed_nest_and_the_longest_text_pass() -> None:
    deep = MAX_DEPTH - 1
    assert load_line('{"a":' + "[" * deep + "]" * deep + "}", 1)["a"]
    assert len(load_line('{"a":"' + "é" * MAX_TEXT + '"}', 1)["a"]) == MAX_TEXT


def test_a_line_the_shortcut_passes_is_one_the_walk_passes() -> None:
    rng = random.Random(24)
    pieces = ['"x"', '"é"', '"\\ud83c\\udca1"', '"\\u00e9"', "1", "[", "]", "{", "}"]
    checked = 0
    for _ in range(3000):
        depth = rng.randint(0, MAX_DEPTH + 2)
        value: object = rng.choice(["x", "é" * rng.randint(0, 50), 7, None])
        for _ in range(depth):
            value = [value] if rng.random() < 0.5 else {"k": value}
        raw = json.dumps({"v": value, "t": rng.choice(pieces)}, ensure_ascii=rng.random() < 0.5)
        if _plainly_within(raw):
            checked += 1
            assert _bad_text(json.loads(raw)) is None, raw
    assert checked > 1000


def test_wide_lines_pass_the_shortcut_by_their_depth_not_their_brackets() -> None:
    """A deal's line holds more brackets than ``MAX_DEPTH`` but nests three deep: the
    shortcut counts how deep the brackets outside texts nest (texts may hold brackets and
    escaped quotes), and agrees with the walk on every such line, deep or not."""
    rng = random.Random(7)
    texts = ["[", "]]", "{[", '"}', "\\", 'a"]', "x"]

    def value(depth: int) -> object:
        if depth <= 0:
            return rng.choice([*texts, 3, None])
        inner = [value(depth - 1), *(rng.choice(texts) for _ in range(rng.randint(0, 2)))]
        if rng.random() < 0.5:
            return inner
        return {rng.choice(texts) + str(i): v for i, v in enumerate(inner)}

    wide = passed = 0
    for _ in range(2000):
        side = [{"t": rng.choice(texts)} for _ in range(MAX_DEPTH)]
        raw = json.dumps({"v": value(rng.randint(1, MAX_DEPTH + 3)), "w": side})
        if raw.count("[") + raw.count("{") <= MAX_DEPTH or len(raw) > MAX_TEXT:
            continue
        wide += 1
        walked = _bad_text(json.loads(raw)) is None
        assert _plainly_within(raw) == walked, raw
        passed += walked
    deal = json.dumps({"cards": [{"card": "AS", "to": i % 4} for i in range(52)]})
    assert _plainly_within(deal)
    assert wide > 500 and 100 < passed < wide


def test_the_envelope_shortcut_passes_only_what_every_field_check_passes() -> None:
    """``check_envelope``'s hot path (``_plainly_fits``) never passes an envelope a field
    check refuses, passes the envelopes tablelog writes, and leaves every refusal, with its
    sentence, to the field checks."""
    good = {"seq": 3, "type": "karnoffel.Play", "type_version": 1, "actor": 2,
            "recorded_at": "2026-11-26T05:00:00Z", "id": "e" * 26, "hash": "0a" * 32}  # fmt: skip
    odd: dict[str, list[object]] = {
        "seq": [0, 1, MAX_SEQ, MAX_SEQ + 1, True, 3.0, "3", None],
        "type": ["", "t" * 100, "t" * 101, 7, None],
        "type_version": [0, 1, 10_000, 10_001, False, 1.0],
        "actor": [None, 0, 999, 1000, -1, True, "1"],
        "recorded_at": ["", "t" * 64, "t" * 65, 0, None],
        "id": ["", "i" * 100, "i" * 101, 5],
        "hash": ["0a" * 32, "0A" * 32, "g" * 64, "0" * 63, "0" * 65, " " + "0" * 63, 0],
    }
    assert _plainly_fits(good) and check_envelope(good, 4) == "line 4 (event 3)"
    passed = refused = 0
    for field, values in odd.items():
        for value in values:
            data = {**good, field: value}
            fits = all(ok(data[f]) for f, (_, ok) in _ENVELOPE_FORMS.items())
            if _plainly_fits(data):
                assert fits, (field, value)
                passed += 1
            if fits:
                check_envelope(data, 4)
            else:
                refused += 1
                with pytest.raises(MalformedFile, match=f"the field '{field}' must be"):
                    check_envelope(data, 4)
    assert passed > 10 and refused > 20
