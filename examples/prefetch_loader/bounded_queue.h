// A blocking FIFO between threads, closable so a waiting thread can be told
// to stop (pop then returns nothing).
#pragma once

#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>

namespace prefetch_loader {

template <class T> class BoundedQueue {
public:
  void push(T value) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      items_.push_back(std::move(value));
    }
    changed_.notify_one();
  }

  // The oldest item, waiting for one; nothing once the queue is closed.
  std::optional<T> pop() {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return closed_ || !items_.empty(); });
    if (closed_)
      return std::nullopt;
    T value = std::move(items_.front());
    items_.pop_front();
    return value;
  }

  void close() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      closed_ = true;
    }
    changed_.notify_all();
  }

private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<T> items_;
  bool closed_ = false;
};

} // namespace prefetch_loader
