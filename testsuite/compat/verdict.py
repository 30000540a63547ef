"""How one application's runs on several OpenCL platforms compare.

Pure logic, no I/O, so that verdict_test.py (ctest compat_runner) can check it
without a network, a GPU or the applications.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

PASSED, FAILED, SKIPPED = "passed", "failed", "skipped"
OUTCOMES = (PASSED, FAILED, SKIPPED)

# ctest's meaning of the runner's exit status (SKIP_RETURN_CODE 77).
EXIT_CODES = {"PASS": 0, "FAIL": 1, "SKIPPED": 77}


@dataclass
class PlatformRun:
    """One application on one platform: its own verdict on each of its cases."""

    platform: str  # the column: clcuda, nvidia, pocl
    description: str = ""  # platform and device, as the probe saw them
    unavailable: str = ""  # why it did not run; empty when it ran
    broken: str = ""  # why the run as a whole cannot be trusted (crash, timeout, no test ran)
    outcomes: dict[str, str] = field(default_factory=dict)  # case -> passed/failed/skipped
    results: dict[str, str] = field(default_factory=dict)  # case -> what it printed, compared across platforms
    notes: list[str] = field(default_factory=list)  # details for the reader, not compared
    seconds: float = 0.0

    def counts(self) -> dict[str, int]:
        counts = dict.fromkeys(OUTCOMES, 0)
        for outcome in self.outcomes.values():
            counts[outcome] += 1
        return counts

    def summary(self) -> str:
        """The one-line summary: 'N passed, N failed, N skipped' (or why there is none)."""
        if self.unavailable:
            return f"SKIPPED ({self.unavailable})"
        counts = self.counts()
        line = f"{counts[PASSED]} passed, {counts[FAILED]} failed, {counts[SKIPPED]} skipped"
        return f"{line}; BROKEN: {self.broken}" if self.broken else line


def mark_if_nothing_ran(run: PlatformRun) -> None:
    """A run in which no case passed or failed tested nothing: it is broken, not a pass."""
    counts = run.counts()
    if not run.unavailable and not run.broken and counts[PASSED] + counts[FAILED] == 0:
        run.broken = f"no test ran ({counts[SKIPPED]} skipped)"


@dataclass
class Difference:
    case: str
    reference: str  # the reference's outcome or result ("missing" when it has none)
    tested: str
    regression: bool  # passes on the reference and not on the tested platform, or prints another result


@dataclass
class Comparison:
    verdict: str  # PASS, FAIL, SKIPPED
    reason: str
    reference: str = ""  # the platform compared against
    differences: list[Difference] = field(default_factory=list)

    @property
    def regressions(self) -> list[Difference]:
        return [d for d in self.differences if d.regression]


BUILD_LINE = re.compile(r"^clcuda: (build|compile|link) for .*?\): (ok|failed);", re.MULTILINE)


def stand_in_builds(log: str) -> tuple[int, int]:
    """(builds, failed builds) in a CLCUDA_LOG=build log: each clBuildProgram,
    clCompileProgram and clLinkProgram writes one line."""
    outcomes = [match.group(2) for match in BUILD_LINE.finditer(log)]
    return len(outcomes), outcomes.count("failed")


def with_stand_in_builds(comparison: Comparison, builds: int, failed: int) -> Comparison:
    """Without a GPU, clcuda still translates and compiles every program the
    application builds (the stand-in driver runs none of them): a build that
    fails there fails the comparison, whatever the reference did, and so does
    a run that built nothing (the check would have tested nothing)."""
    if not builds:
        return Comparison("FAIL", "no program built on clcuda with the stand-in driver: the build "
                                  "check tested nothing", comparison.reference, comparison.differences)
    if failed:
        return Comparison("FAIL", f"{failed} of {builds} program builds failed on clcuda with the "
                                  f"stand-in driver (translator or NVRTC)", comparison.reference,
                          comparison.differences)
    return comparison


def choose_reference(runs: dict[str, PlatformRun], preference: tuple[str, ...]) -> str:
    """The first platform of the preference that ran; else the first that is there at all."""
    for name in preference:
        if name in runs and not runs[name].unavailable:
            return name
    return next((name for name in preference if name in runs), "")


def differences(reference: PlatformRun, tested: PlatformRun) -> list[Difference]:
    found = []
    for case in sorted(reference.outcomes.keys() | tested.outcomes.keys()):
        ref_outcome = reference.outcomes.get(case, "missing")
        tested_outcome = tested.outcomes.get(case, "missing")
        if ref_outcome != tested_outcome:
            found.append(Difference(case, ref_outcome, tested_outcome,
                                    regression=ref_outcome == PASSED))
    # A result the reference printed for a case it failed is no answer to match.
    for case in sorted(reference.results.keys() & tested.results.keys()):
        if reference.results[case] != tested.results[case]:
            found.append(Difference(f"{case} (result)", reference.results[case],
                                    tested.results[case],
                                    regression=reference.outcomes.get(case) == PASSED))
    return found


def compare(runs: dict[str, PlatformRun], reference_name: str, tested_name: str,
            tested_must_run: bool) -> Comparison:
    """The verdict: every case that passes on the reference passes on the tested
    platform and prints the same result.

    tested_must_run: a CUDA device is present, so clcuda not running is a failure.
    """
    reference = runs.get(reference_name)
    tested = runs.get(tested_name)
    if reference is None or reference.unavailable:
        why = reference.unavailable if reference else "no reference platform"
        return Comparison("SKIPPED", f"reference {reference_name or 'platform'}: {why}", reference_name)
    if tested is None or tested.unavailable:
        why = tested.unavailable if tested else f"no {tested_name} platform"
        if tested_must_run:
            return Comparison("FAIL", f"a CUDA device is present but {tested_name} did not run: {why}",
                              reference_name)
        if reference.broken:
            return Comparison("FAIL", f"{reference_name} broken: {reference.broken}", reference_name)
        return Comparison("SKIPPED", f"{tested_name}: {why}; {reference_name} ran: {reference.summary()}",
                          reference_name)
    if tested.broken:
        return Comparison("FAIL", f"{tested_name} broken: {tested.broken}", reference_name)
    if reference.broken:
        # Nothing trustworthy to compare against: the tested side has to stand alone.
        if tested.counts()[FAILED]:
            return Comparison("FAIL", f"{reference_name} broken ({reference.broken}) and "
                                      f"{tested_name} has failures", reference_name)
        return Comparison("PASS", f"{reference_name} broken ({reference.broken}); "
                                  f"{tested_name} passes on its own", reference_name)
    found = differences(reference, tested)
    regressions = [d for d in found if d.regression]
    if regressions:
        return Comparison("FAIL", f"{len(regressions)} case(s) pass on {reference_name} "
                                  f"but not on {tested_name}, or print other results",
                          reference_name, found)
    return Comparison("PASS", f"every case that passes on {reference_name} passes on {tested_name}",
                      reference_name, found)
