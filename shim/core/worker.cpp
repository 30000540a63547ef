#include "worker.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

namespace clcuda::core {
namespace {

class Worker {
public:
  Worker() : thread_([this] { run(); }) { thread_.detach(); }

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
      }
      try {
        task();
      } catch (...) {
        // A task (a user callback among them) must not end the process.
      }
    }
  }

  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> tasks_;
  std::thread thread_;
};

Worker &worker() {
  // Never destroyed: at exit the thread may be inside a user callback, and
  // nothing may wait for it or pull its state away.
  static Worker *instance = new Worker();
  return *instance;
}

} // namespace

void startWorker() { worker(); }

void postToWorker(std::function<void()> task) { worker().post(std::move(task)); }

} // namespace clcuda::core
