// Baccara's optimal player and exact odds (optimal.cc), from the coup that
// solve.h solves. Private to this folder.
#pragma once

#include <span>
#include <string>

#include "games/baccara/state.h"
#include "kit/edge.h"
#include "kit/policy.h"

namespace parlour::baccara {

// The optimal choice for `me`, who may act: the chance of taking the card
// (or drawing), and why, for people.
struct OptimalChoice {
  double take = 0;
  std::string why;
};
OptimalChoice optimal_choice(const BaccaraState& s, Seat me);

// Stakes a chip; takes or refuses, draws or stands, as the solved coup says
// (mixing where it mixes); as banker with unequal stakes on the sides,
// answers both at his best.
// (The choice reads only the seat's own point and the cards face up: any
// sample of the view answers alike.)
Action optimal_action(const BaccaraState& s, Seat me, std::span<const Action> legal, Rng& rng);
using OptimalBot = kit::MixedPolicyBot<BaccaraState, optimal_action>;

class Odds final : public kit::StakesOdds {
 public:
  Result<OddsReport> from_deal(const Config& config) const override;
  Result<OddsReport> for_seat(const State& state, Seat seat) const override;
  Result<OddsReport> check(const Config& config, long hands, std::uint64_t seed) const override;
  Result<OddsReport> compare(const Config& config, long hands, std::uint64_t seed,
                             std::string_view against) const override;
};

}  // namespace parlour::baccara
