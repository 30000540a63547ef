"""A pytest plugin the compat runner loads (-p pytest_outcomes) into an
application's own test suite.

It writes each test's start and outcome to $COMPAT_OUTCOMES_LOG as they
happen (JSON lines, flushed), so that a run that crashes in a native library
still tells which tests ran and which one it died in; and it deselects the
tests listed in $COMPAT_DONE_TESTS (what an earlier, crashed run got through),
so the runner can go on after a crash.
"""
import json
import os

_log = None


def pytest_configure(config):
    global _log
    _log = open(os.environ["COMPAT_OUTCOMES_LOG"], "a", encoding="utf-8")


def pytest_collection_modifyitems(config, items):
    done_file = os.environ.get("COMPAT_DONE_TESTS")
    if not done_file:
        return
    with open(done_file, encoding="utf-8") as f:
        done = set(f.read().splitlines())
    kept = [item for item in items if item.nodeid not in done]
    config.hook.pytest_deselected(items=[item for item in items if item.nodeid in done])
    items[:] = kept


def _write(record):
    _log.write(json.dumps(record) + "\n")
    _log.flush()


def pytest_runtest_logstart(nodeid, location):
    _write({"test": nodeid, "event": "start"})


def pytest_runtest_logreport(report):
    if report.passed and report.when != "call":
        return
    if hasattr(report, "wasxfail"):
        # An expected failure is the suite's own skip; an unexpected pass, a pass.
        outcome = "skipped" if report.skipped else "passed"
    else:
        outcome = report.outcome
    _write({"test": report.nodeid, "event": report.when, "outcome": outcome})
