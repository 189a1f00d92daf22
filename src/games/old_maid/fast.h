// Old Maid at speed: blind play with hands as bitmasks of pairing classes.
// It plays exactly the games OldMaidState plays with the blind bot in every
// seat and the same seed: the same deal, the same draws, the same outcome.
// That holds because a blind offerer always shuffles, so every draw from a fan
// of two or more cards is one chance draw (rng.below(n)) of the n-th card in
// class order, which is the n-th set bit of the offerer's mask here.
#pragma once

#include <array>
#include <cstdint>

#include "games/old_maid/old_maid.h"

namespace parlour::old_maid {

// Playout::facts[kOddCardFact]: the seats dealt the odd card (GameStats).
inline constexpr int kOddCardFact = 0;

class OldMaidFast final : public FastPlayouts {
 public:
  explicit OldMaidFast(const Rules& rules);

  void play(std::uint64_t seed, Playout& out) override;

  // The same, calling trace(drawer, offerer, class) for every draw.
  template <class Trace>
  void play(std::uint64_t seed, Playout& out, Trace&& trace);

 private:
  Rules r_;
  // The deck as pairing classes: Fisher–Yates permutes positions the same way
  // whatever it moves, so shuffling classes deals what shuffling cards deals.
  std::array<std::uint8_t, 128> deck_{};
  int deck_size_ = 0;
};

}  // namespace parlour::old_maid
