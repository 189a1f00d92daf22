// The one random engine: pcg32 with our own bounded draw and Fisher–Yates, so a
// seed gives the same game with every compiler and standard library.
// (std::shuffle and std::uniform_int_distribution differ between libraries.)
#pragma once

#include <cstdint>
#include <pcg_random.hpp>
#include <span>
#include <utility>

namespace parlour {

// Draws given from outside instead of pcg32's: a chance event resolved one
// draw at a time (Python's chance_outcomes) or replayed from a record that
// keeps such draws (core/table.h). Each call answers one draw of the event.
class Draws {
 public:
  virtual std::uint32_t below(std::uint32_t n) = 0;  // REQUIRES: n > 0; answers < n
  virtual std::uint32_t next() = 0;                  // any 32 bits
 protected:
  ~Draws() = default;
};

class Rng {
 public:
  // Different streams of one seed are independent sequences.
  explicit Rng(std::uint64_t seed, std::uint64_t stream = 0) : g_(seed, stream) {}
  // An Rng whose every draw `given` answers (it must outlive the Rng).
  explicit Rng(Draws& given) : g_(0, 0), given_(&given) {}

  std::uint32_t next() {
    if (given_) [[unlikely]]
      return given_->next();
    return g_();
  }

  // Uniform in [0, n). REQUIRES: n > 0. Lemire's multiply-and-reject: no modulo bias.
  std::uint32_t below(std::uint32_t n) {
    if (given_) [[unlikely]]
      return given_->below(n);
    std::uint64_t m = std::uint64_t(g_()) * n;
    std::uint32_t low = static_cast<std::uint32_t>(m);
    if (low < n) {
      const std::uint32_t threshold = static_cast<std::uint32_t>(-n) % n;
      while (low < threshold) {
        m = std::uint64_t(g_()) * n;
        low = static_cast<std::uint32_t>(m);
      }
    }
    return static_cast<std::uint32_t>(m >> 32);
  }

  // Fisher–Yates (Durstenfeld): for i from the end down to 1, swap a[i] with a[below(i + 1)].
  template <class T>
  void shuffle(std::span<T> a) {
    for (std::size_t i = a.size(); i > 1; --i) {
      const std::size_t j = below(static_cast<std::uint32_t>(i));
      using std::swap;
      swap(a[i - 1], a[j]);
    }
  }

 private:
  pcg32 g_;
  // Set only for a chance event's given draws: one test of a pointer a draw
  // (random play-outs of Old Maid and Oh Hell!: 1.002 and 0.9995 the time
  // without it, farm-bench, 7 pairs).
  Draws* given_ = nullptr;
};

// SplitMix64: a fixed, well-mixed 64-bit function, for seeds derived from
// seeds and for the keys of position hashes (Zobrist).
constexpr std::uint64_t splitmix64(std::uint64_t z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// The chance events of a game draw from this stream of the game's seed. Every
// other use of the seed (bots, players) takes a seed of its own from seeds.h,
// never another stream of the same seed: pcg32 streams of one seed are
// correlated.
inline constexpr std::uint64_t kChanceStream = 0;

}  // namespace parlour
