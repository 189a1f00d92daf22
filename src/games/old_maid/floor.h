// The floor: a minimal hand-written Old Maid simulator, as small and fast as
// we know how to write it, for the one table everyone asks about: four
// players, the queen of clubs out, pairs by rank, blind draws. The fast path
// and the generic engine are measured against it in the same run.
#pragma once

#include <bit>
#include <cstdint>

#include "core/rng.h"

namespace parlour::old_maid {

// Plays one game; returns the loser's seat.
inline int floor_old_maid(Rng& rng) {
  std::uint8_t deck[51];
  for (int i = 0, k = 0; i < 52; ++i)
    if (i != (12 - 1) * 4)
      deck[k++] = static_cast<std::uint8_t>(i / 4);  // ranks; queen of clubs out
  rng.shuffle(std::span<std::uint8_t>(deck, 51));
  std::uint32_t hand[4] = {0, 0, 0, 0};
  for (int i = 0; i < 51; ++i) hand[i & 3] ^= 1u << deck[i];
  int live = (hand[0] != 0) + (hand[1] != 0) + (hand[2] != 0) + (hand[3] != 0);
  int o = 0;
  while (hand[o] == 0) o = (o + 1) & 3;
  int d = (o + 1) & 3;
  while (hand[d] == 0) d = (d + 1) & 3;
  while (live > 1) {
    std::uint32_t m = hand[o];
    for (std::uint32_t k = rng.below(static_cast<std::uint32_t>(std::popcount(m))); k; --k)
      m &= m - 1;
    const std::uint32_t bit = m & -m;
    hand[o] ^= bit;
    hand[d] ^= bit;
    live -= (hand[o] == 0) + (hand[d] == 0);
    // The next drawer is the next player with cards; it draws from the nearest
    // player with cards on its right.
    do d = (d + 1) & 3;
    while (hand[d] == 0 && live > 0);
    o = (d + 3) & 3;
    while (hand[o] == 0 && live > 0) o = (o + 3) & 3;
  }
  for (int s = 0; s < 4; ++s)
    if (hand[s]) return s;
  return -1;
}

}  // namespace parlour::old_maid
