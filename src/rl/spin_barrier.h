// A barrier for the VectorEnv's threads that spins a little before it
// sleeps. A step of N light games (Oh Hell! without observations: a tenth of
// a microsecond a row) takes a few hundred microseconds; std::barrier put
// each waiting thread to sleep at once, and the wake-ups (tens of
// microseconds each, four a step) held threads=2 to 1.55 times threads=1.
// Spinning is bounded, so that threads beyond the cores, or a worker idle
// while Python draws the next actions, sleep as before.
#pragma once

#include <atomic>
#include <cstdint>

namespace parlour::rl {

class SpinBarrier {
 public:
  explicit SpinBarrier(int parties) : parties_(parties) {}
  SpinBarrier(const SpinBarrier&) = delete;
  SpinBarrier& operator=(const SpinBarrier&) = delete;

  // Returns once all `parties` have arrived; what each did before arriving
  // is visible to every one after it returns.
  void arrive_and_wait() {
    const std::uint32_t gen = gen_.load(std::memory_order_acquire);
    if (arrived_.fetch_add(1, std::memory_order_acq_rel) + 1 == parties_) {
      arrived_.store(0, std::memory_order_relaxed);
      gen_.fetch_add(1, std::memory_order_acq_rel);
      gen_.notify_all();
      return;
    }
    for (int i = 0; i < kSpins; ++i) {
      if (gen_.load(std::memory_order_acquire) != gen) return;
      relax();
    }
    for (std::uint32_t now = gen; now == gen; now = gen_.load(std::memory_order_acquire))
      gen_.wait(gen, std::memory_order_acquire);
  }

 private:
  // 4,096 pauses: from some tens to a couple of hundred microseconds, by
  // processor (a pause takes 10 to 140 cycles), short of a time slice.
  static constexpr int kSpins = 1 << 12;
  static void relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
  }
  const int parties_;
  std::atomic<int> arrived_{0};
  std::atomic<std::uint32_t> gen_{0};
};

}  // namespace parlour::rl
