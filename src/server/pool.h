// Threads for the server's slow work (bots' thinking, live odds, hints),
// shared fairly: jobs are queued by key (a client's address) and the threads
// take the keys in turn, one job of a key at a time, so a key with many jobs
// waiting delays another key's next job by at most the one it is running. Private
// to src/server; no Beast, so tests drive it directly.
#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>

namespace parlour::server {

class FairPool {
 public:
  // `per_key`: jobs a key may have waiting; more are refused. `nice`: the
  // threads' niceness (Linux: per thread), above 0 so that the network's
  // and the tables' threads come first on a busy machine.
  FairPool(std::size_t threads, std::size_t per_key, int nice = 0);
  // stop() with a grace of two seconds, if not stopped before.
  ~FairPool();
  FairPool(const FairPool&) = delete;
  FairPool& operator=(const FairPool&) = delete;

  // Queues `job` under `key`. Returns false, and drops it, if the key has
  // `per_key` jobs waiting or the pool is stopping. A job that throws is
  // caught (and counted in failures()).
  [[nodiscard]] bool submit(const std::string& key, std::function<void()> job);

  // Drops the jobs not started and waits up to `grace` for those running.
  // Returns whether every thread has ended; if not, those still running are
  // left to end on their own (detached: a job must not touch what its
  // submitter frees once this returns false).
  bool stop(std::chrono::milliseconds grace);

  std::size_t waiting() const;   // jobs queued, not started
  std::size_t failures() const;  // jobs that threw

 private:
  struct Shared;
  std::shared_ptr<Shared> shared_;
  bool stopped_ = false;
};

}  // namespace parlour::server
