// What the fuzz targets share: a failed invariant aborts, which both
// libFuzzer and the corpus replay report as a crash with the message.
#pragma once

#include <cstdio>
#include <cstdlib>

#define FUZZ_CHECK(condition, what)                                                               \
  do {                                                                                            \
    if (!(condition)) {                                                                           \
      std::fprintf(stderr, "fuzz invariant broken: %s (%s)\n", what, #condition);                \
      std::abort();                                                                               \
    }                                                                                             \
  } while (0)
