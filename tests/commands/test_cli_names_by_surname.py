"""``round show --by-name`` lists the round by surname, as the director's setting says
(issue 35, finding 9; decision 0024)."""

from __future__ import annotations

from tests.name_field import BY_SURNAME, FIELD


def test_the_round_by_name_is_by_surname(run) -> None:  # type: ignore[no-untyped-def]
    assert run("event", "new", "--name", "Open", "--format", "swiss")[0] == 0
    for name in FIELD:
        assert run("entrant", "add", "--event", "1", name)[0] == 0
    assert run("round", "start", "--event", "1")[0] == 0
    status, out, _ = run("round", "show", "--event", "1", "--by-name")
    assert status == 0
    listed = [line.strip() for line in out.splitlines() if line.startswith("  ")]
    assert [next(n for n in FIELD if line.startswith(n)) for line in listed] == BY_SURNAME
