// Host-side work split over the machine's cores, for host reference results
// of examples sized for a GPU.
#pragma once

#include <algorithm>
#include <thread>
#include <vector>

namespace clexample {

// Calls body(begin, end) on disjoint chunks covering [0, count), one thread each.
template <class Body> void parallelFor(size_t count, const Body &body) {
  const size_t threads =
      std::max<size_t>(1, std::min<size_t>(std::thread::hardware_concurrency(), count / 4096));
  const size_t chunk = (count + threads - 1) / threads;
  std::vector<std::thread> workers;
  for (size_t begin = chunk; begin < count; begin += chunk)
    workers.emplace_back(body, begin, std::min(count, begin + chunk));
  body(size_t{0}, std::min(count, chunk));
  for (std::thread &worker : workers)
    worker.join();
}

} // namespace clexample
