#include "harness.h"

#include "common/timing.h"

namespace differential {

const char *verdictName(Verdict verdict) {
  constexpr const char *kNames[] = {"PASS", "FAIL", "SKIPPED",
                                    "REFERENCE OFF-SPEC"}; // in Verdict's order
  return kNames[static_cast<int>(verdict)];
}

SideRun runSide(const DifferentialProgram &program, const Side &side) {
  SideRun run;
  if (!side.device) {
    run.state = side.unavailableIsFailure ? SideRun::State::Error : SideRun::State::NotRun;
    run.note = side.role + " is unavailable: " + side.unavailable;
    run.sideUnavailable = true;
    return run;
  }
  if (program.unsupported) {
    const std::string why = program.unsupported(*side.device);
    if (!why.empty()) {
      run.note = side.role + " cannot run it: " + why;
      return run;
    }
  }
  const double buildBefore = side.device->buildSeconds();
  clexample::Stopwatch stopwatch;
  try {
    run.result = program.run(*side.device);
    run.state = SideRun::State::Ran;
  } catch (const clexample::BuildError &error) {
    run.state = SideRun::State::Error;
    run.note = error.what();
    run.buildLog = error.log();
  } catch (const std::exception &error) {
    run.state = SideRun::State::Error;
    run.note = error.what();
  }
  run.seconds = stopwatch.seconds();
  run.buildSeconds = side.device->buildSeconds() - buildBefore;
  return run;
}

Row judge(const DifferentialProgram &program, SideRun reference, SideRun clcuda) {
  Row row;
  row.program = &program;
  row.reference = std::move(reference);
  row.clcuda = std::move(clcuda);
  auto decide = [&](Verdict verdict, std::string reason) {
    row.verdict = verdict;
    row.reason = std::move(reason);
    return std::move(row);
  };
  if (row.reference.state == SideRun::State::Ran && !row.reference.result.valid() &&
      row.clcuda.validRun())
    return decide(Verdict::ReferenceOffSpec, "the reference differs from the host: " +
                                                 row.reference.result.failures.front() +
                                                 " (clcuda matches the host)");
  for (const auto &[role, run] :
       {std::pair<const char *, const SideRun &>{"reference", row.reference},
        {"clcuda", row.clcuda}}) {
    if (run.state == SideRun::State::Error)
      return decide(Verdict::Fail, std::string(role) + ": " + run.note);
    if (run.state == SideRun::State::Ran && !run.result.valid())
      return decide(Verdict::Fail,
                    std::string(role) + " differs from the host: " + run.result.failures.front());
  }
  if (row.reference.state == SideRun::State::NotRun || row.clcuda.state == SideRun::State::NotRun) {
    std::string reason;
    for (const SideRun *run : {&row.reference, &row.clcuda})
      if (run->state == SideRun::State::NotRun)
        reason += (reason.empty() ? "" : "; ") + run->note;
    if (row.reference.validRun())
      reason += " (the reference matches the host)";
    if (row.clcuda.validRun())
      reason += " (clcuda matches the host)";
    return decide(Verdict::Skipped, reason);
  }
  row.comparison = compareResults(row.reference.result, row.clcuda.result);
  if (!row.comparison.problem.empty())
    return decide(Verdict::Fail, row.comparison.problem);
  if (!row.comparison.agrees())
    return decide(Verdict::Fail, std::to_string(row.comparison.outside) +
                                     " values beyond the bound; first " +
                                     row.comparison.firstOutside);
  return decide(Verdict::Pass, "");
}

} // namespace differential
