#include "server/pool.h"

#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace parlour::server {

// Owned by the pool and by each thread: a thread left running after stop()
// still finds it.
struct FairPool::Shared {
  std::mutex mu;
  std::condition_variable wake, ended;
  std::unordered_map<std::string, std::deque<std::function<void()>>> queues;
  std::deque<std::string> turns;         // keys with jobs waiting, in the order they are served
  std::unordered_set<std::string> busy;  // keys with a job running (not in turns meanwhile)
  std::size_t per_key = 0, queued = 0, failures = 0, running_threads = 0;
  bool stopping = false;
  std::vector<std::thread> threads;

  void run() {
    std::unique_lock lock(mu);
    for (;;) {
      wake.wait(lock, [&] { return stopping || !turns.empty(); });
      if (stopping) break;
      std::string key = std::move(turns.front());
      turns.pop_front();
      auto q = queues.find(key);
      std::function<void()> job = std::move(q->second.front());
      q->second.pop_front();
      --queued;
      if (q->second.empty()) queues.erase(q);
      // A key has one job running at a time, and is back in the turns only
      // once it is done: a key that comes meanwhile goes before its next.
      busy.insert(key);
      lock.unlock();
      try {
        job();
      } catch (...) {  // a job's failure is its own: the thread goes on
        lock.lock();
        ++failures;
        lock.unlock();
      }
      job = nullptr;  // what it holds goes before the lock is taken again
      lock.lock();
      busy.erase(key);
      if (!stopping && queues.contains(key)) {
        turns.push_back(std::move(key));
        wake.notify_one();
      }
    }
    --running_threads;
    ended.notify_all();
  }
};

FairPool::FairPool(std::size_t threads, std::size_t per_key, int nice)
    : shared_(std::make_shared<Shared>()) {
  shared_->per_key = per_key;
  shared_->running_threads = threads;
  for (std::size_t i = 0; i < threads; ++i)
    shared_->threads.emplace_back([s = shared_, nice] {
      // Best effort: a thread that cannot be made nicer still works.
      if (nice > 0) (void)setpriority(PRIO_PROCESS, static_cast<id_t>(syscall(SYS_gettid)), nice);
      s->run();
    });
}

FairPool::~FairPool() {
  if (!stopped_) stop(std::chrono::seconds(2));
}

bool FairPool::submit(const std::string& key, std::function<void()> job) {
  std::lock_guard lock(shared_->mu);
  if (shared_->stopping) return false;
  auto& q = shared_->queues[key];
  if (q.size() >= shared_->per_key) {
    if (q.empty()) shared_->queues.erase(key);
    return false;
  }
  if (q.empty() && !shared_->busy.contains(key)) shared_->turns.push_back(key);
  q.push_back(std::move(job));
  ++shared_->queued;
  shared_->wake.notify_one();
  return true;
}

bool FairPool::stop(std::chrono::milliseconds grace) {
  stopped_ = true;
  std::vector<std::function<void()>> dropped;  // destroyed outside the lock
  std::unique_lock lock(shared_->mu);
  shared_->stopping = true;
  for (auto& [key, q] : shared_->queues)
    for (auto& job : q) dropped.push_back(std::move(job));
  shared_->queues.clear();
  shared_->turns.clear();
  shared_->queued = 0;
  shared_->wake.notify_all();
  const bool all =
      shared_->ended.wait_for(lock, grace, [&] { return shared_->running_threads == 0; });
  std::vector<std::thread> threads = std::move(shared_->threads);
  lock.unlock();
  for (std::thread& t : threads)
    if (all)
      t.join();
    else
      t.detach();
  return all;
}

std::size_t FairPool::waiting() const {
  std::lock_guard lock(shared_->mu);
  return shared_->queued;
}

std::size_t FairPool::failures() const {
  std::lock_guard lock(shared_->mu);
  return shared_->failures;
}

}  // namespace parlour::server
