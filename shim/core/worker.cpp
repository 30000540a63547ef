#include "worker.h"

#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <thread>

namespace clcuda::core {
namespace {

class Worker {
public:
  Worker() : thread_([this] { run(); }) {
    id_ = thread_.get_id();
    thread_.detach();
  }

  // At exit: lets the tasks already posted (releases an application made
  // just before returning from main) finish first, for up to a second, so
  // no CUDA call of theirs runs while the process tears down its libraries
  // (compute-sanitizer's crashed the process that way).
  void drain() {
    if (std::this_thread::get_id() == id_)
      return; // exit() called from a task
    std::unique_lock<std::mutex> lock(mutex_);
    idle_.wait_for(lock, std::chrono::seconds(1), [this] { return tasks_.empty() && !busy_; });
  }

  void post(std::function<void()> task) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      tasks_.push_back(std::move(task));
    }
    ready_.notify_one();
  }

private:
  [[noreturn]] void run() {
    for (;;) {
      std::function<void()> task;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        ready_.wait(lock, [this] { return !tasks_.empty(); });
        task = std::move(tasks_.front());
        tasks_.pop_front();
        busy_ = true;
      }
      try {
        task();
      } catch (...) {
        // A task (a user callback among them) must not end the process.
      }
      task = nullptr; // what it held goes before the worker counts as idle
      {
        std::lock_guard<std::mutex> lock(mutex_);
        busy_ = false;
      }
      idle_.notify_all();
    }
  }

  std::mutex mutex_;
  std::condition_variable ready_, idle_;
  std::deque<std::function<void()>> tasks_;
  bool busy_ = false;
  std::thread thread_;
  std::thread::id id_;
};

Worker &worker() {
  // Never destroyed: at exit the thread may be inside a user callback, and
  // nothing may pull its state away; exit waits a second at most for it.
  static Worker *instance = [] {
    auto *created = new Worker();
    std::atexit([] { worker().drain(); });
    return created;
  }();
  return *instance;
}

} // namespace

void startWorker() { worker(); }

void postToWorker(std::function<void()> task) { worker().post(std::move(task)); }

} // namespace clcuda::core
