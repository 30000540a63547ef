// Errors a column reports while preparing or running a measure.
#pragma once

#include <stdexcept>

namespace clcuda::bench {

// A measure failed on a column (an API error, a wrong result): its cell reads
// "n/a", the report's notes say why, and the run's exit status is 1.
class BenchError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// The column cannot take this measure at all (its platform is missing, or it
// lacks a feature): the cell reads "n/a" with the reason, and that is no fault.
class Unavailable : public BenchError {
public:
  using BenchError::BenchError;
};

} // namespace clcuda::bench
