// The clcuda worker thread: runs user callbacks (event, memory and context
// destructor, context error) and work that waits for the GPU (releasing
// memory, noticing completions), so no CUDA host function and no caller of
// an entry point ever runs them. Started on first use.
#pragma once

#include <functional>

namespace clcuda::core {

// Starts the worker thread if it is not running (device runtimes do, so a
// CUDA host function never has to).
void startWorker();

// Queues `task` for the worker thread; tasks run one at a time, in order.
// Safe to call from a CUDA host function: it takes one mutex that is never
// held while anything waits for CUDA.
void postToWorker(std::function<void()> task);

} // namespace clcuda::core
