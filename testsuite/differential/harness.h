// Running one program on both sides and judging the outcome.
#pragma once

#include "comparison.h"
#include "program.h"

#include <memory>
#include <string>

namespace differential {

// The reference platform or clcuda: a device, or why there is none.
struct Side {
  std::string role; // "reference" or "clcuda"
  std::unique_ptr<clexample::Device> device;
  std::string description; // "platform / device (versions)", or "unavailable (why)"
  std::string unavailable; // why there is no device; empty when there is one
  // An unavailable side fails every program instead of skipping it (clcuda
  // where a CUDA device is present: there the comparison must happen).
  bool unavailableIsFailure = false;
};

struct SideRun {
  enum class State { NotRun, Ran, Error };
  State state = State::NotRun;
  std::string note;             // why it did not run, or the error
  bool sideUnavailable = false; // not run because the side has no device
  std::string buildLog;
  clexample::RunResult result;
  double seconds = 0;      // the whole run, builds included
  double buildSeconds = 0; // of which building programs

  bool validRun() const { return state == State::Ran && result.valid(); }
};

// ReferenceOffSpec: the reference disagrees with the host's computation of
// the spec while clcuda agrees; nothing to compare clcuda against.
enum class Verdict { Pass, Fail, Skipped, ReferenceOffSpec };
const char *verdictName(Verdict verdict);

struct Row {
  const DifferentialProgram *program = nullptr;
  SideRun reference;
  SideRun clcuda;
  Comparison comparison; // meaningful when both ran
  Verdict verdict = Verdict::Skipped;
  std::string reason; // why FAIL, SKIPPED or REFERENCE OFF-SPEC
};

// Runs `program` on `side`'s device, catching every error.
SideRun runSide(const DifferentialProgram &program, const Side &side);

// Judges the two runs: both must match the host, and each other within the
// program's Agreement.
Row judge(const DifferentialProgram &program, SideRun reference, SideRun clcuda);

} // namespace differential
