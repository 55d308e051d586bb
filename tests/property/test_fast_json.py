"""core/fast_json.loads reads every text exactly as json.loads does: the same value (types,
key order, duplicate keys, floats to the last bit) or the same error. verify's reports must
not change by a byte when orjson reads the stored hands and seal links."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from gin_scorer.core.fast_json import loads

_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(st.characters(codec=None, exclude_categories=()))
)
_VALUES = st.recursive(
    _SCALARS,
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=5), inner, max_size=5)
    ),
    max_leaves=25,
)


def _outcome(read: Any, text: str) -> tuple[str, str]:
    try:
        return "value", repr(read(text))
    except (ValueError, RecursionError) as error:
        return "error", type(error).__name__


@settings(max_examples=400, deadline=None)
@given(_VALUES, st.booleans(), st.sampled_from([None, (",", ":"), (", ", ": ")]))
def test_json_as_written_reads_the_same(value: Any, ascii_only: bool, separators: Any) -> None:
    text = json.dumps(value, ensure_ascii=ascii_only, separators=separators)
    assert _outcome(loads, text) == _outcome(json.loads, text)


@settings(max_examples=400, deadline=None)
@given(_VALUES, st.data())
def test_damaged_json_reads_the_same(value: Any, data: st.DataObject) -> None:
    """A stored text edited by hand: characters cut, doubled or put in."""
    text = json.dumps(value, ensure_ascii=data.draw(st.booleans()))
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(text)))
        edit = data.draw(st.sampled_from(["cut", "double", "put"]))
        if edit == "cut":
            text = text[:at] + text[at + 1 :]
        elif edit == "double":
            text = text[:at] + text[at : at + 1] * 2 + text[at + 1 :]
        else:
            put = data.draw(
                st.sampled_from(list('{}[],:"\\ \t\n0123456789.eE-+truefalsnNI\x00\u2028\ud800'))
            )
            text = text[:at] + put + text[at:]
    assert _outcome(loads, text) == _outcome(json.loads, text)


@given(st.text(st.characters(codec=None, exclude_categories=())))
def test_any_text_reads_the_same(text: str) -> None:
    assert _outcome(loads, text) == _outcome(json.loads, text)


def test_the_texts_orjson_reads_otherwise() -> None:
    """Each of these orjson refuses or reads differently; json.loads's answer stands."""
    for text in (
        "18446744073709551616",  # orjson: a float
        "-9223372036854775809",
        '{"deadwood": {"A": 100000000000000000000}}',
        "NaN",
        "[Infinity, -Infinity]",
        "1e400",
        '"\\ud800"',
        "[" * 1100 + "]" * 1100,  # orjson: too deep; json.loads: read, or RecursionError
        "\ud800",
    ):
        assert _outcome(loads, text) == _outcome(json.loads, text), text
