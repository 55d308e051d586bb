"""``gin-scorer --verbose COMMAND`` says on standard error what the command wrote (issue 39:
the command line uses the Changes its writes give)."""

from __future__ import annotations


def test_verbose_says_what_a_command_wrote(run) -> None:  # type: ignore[no-untyped-def]
    status, _, err = run(
        "--verbose", "event", "new", "--name", "Club", "--preset", "wikipedia-standard"
    )
    assert status == 0 and "written: 1 event(s)" in err
    status, _, err = run("--verbose", "match", "new", "--event", "1", "--a", "Ada", "--b", "Bob")
    assert status == 0
    assert "1 event(s), 0 round(s), 1 table(s), 2 entrant(s)" in err
    assert "the standings may have moved" in err
    status, out, err = run("--verbose", "event", "list")
    assert status == 0 and "Club" in out and "nothing was written" in err


def test_verbose_says_what_a_refused_command_wrote(run) -> None:  # type: ignore[no-untyped-def]
    run("event", "new", "--name", "Club", "--preset", "wikipedia-standard")
    status, _, err = run("--verbose", "match", "new", "--event", "9", "--a", "Ada", "--b", "Bob")
    assert status != 0 and "nothing was written" in err


def test_without_verbose_nothing_more_is_said(run) -> None:  # type: ignore[no-untyped-def]
    status, _, err = run("event", "new", "--name", "Club", "--preset", "wikipedia-standard")
    assert status == 0 and "written" not in err
