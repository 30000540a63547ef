// The harness's report: a markdown table, one row per program, then notes.
#pragma once

#include "harness.h"

#include <iosfwd>
#include <vector>

namespace differential {

void printReport(std::ostream &out, const Side &reference, const Side &clcuda,
                 const std::vector<Row> &rows);

} // namespace differential
