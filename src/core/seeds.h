// Seeds derived from a game's seed, one for each purpose that draws random
// numbers beside the game's chance events.
#pragma once

#include <cstdint>

#include "core/rng.h"

namespace parlour {

// The chance events of a game draw from pcg32 stream kChanceStream (0) of the
// game's seed, as every record since the first has, so records replay unchanged.
//
// Every other use of a game's seed (each seat's bot, a person's terminal
// player, a check's seats) gets a seed of its own, mixed from the game's seed
// and a purpose by SplitMix64. Not another pcg32 stream of the same seed:
// streams that differ only in their increment are strongly correlated (the
// i-th draws of two such streams fail a chi-squared test of independence by
// hundreds of standard deviations), so a bot drawing from stream 1000 of the
// deal's seed drew numbers tied to the deal it must not see. core_test's
// SeedsOfEachPurposeAreIndependent measures both schemes.
enum class Purpose : std::uint64_t { kBot = 1, kPerson = 2, kCheck = 3 };
constexpr std::uint64_t derive_seed(std::uint64_t seed, Purpose purpose, std::uint64_t index = 0) {
  return splitmix64(splitmix64(seed ^ 0x6a09e667f3bcc909ull) ^
                    splitmix64((static_cast<std::uint64_t>(purpose) << 32) + index));
}
// The random numbers of the bot at `seat` in the game of `seed`.
inline Rng bot_rng(std::uint64_t seed, int seat) {
  return Rng(derive_seed(seed, Purpose::kBot, static_cast<std::uint64_t>(seat)));
}

}  // namespace parlour
