// Macao's optimal player and exact odds (optimal.cc), from the duel that
// solve.h solves. Private to this folder.
#pragma once

#include <span>
#include <string>

#include "games/macao/state.h"
#include "kit/edge.h"
#include "kit/policy.h"

namespace parlour::macao {

// The optimal choice for `me`, who may act: the chance of drawing, and why,
// for people.
struct OptimalChoice {
  double draw = 0;
  std::string why;
};
OptimalChoice optimal_choice(const MacaoState& s, Seat me);
Action optimal_action(const MacaoState& s, Seat me, std::span<const Action> legal, Rng& rng);

// Stakes a chip; draws as the duel's equilibrium says (mixing where it
// mixes); as banker against several punters, answers them all at his best.
// (The choice reads only the seat's own cards and those face up: any sample
// of the view answers alike.)
using OptimalBot = kit::MixedPolicyBot<MacaoState, optimal_action>;

class Odds final : public kit::StakesOdds {
 public:
  Result<OddsReport> from_deal(const Config& config) const override;
  Result<OddsReport> for_seat(const State& state, Seat seat) const override;
  Result<OddsReport> check(const Config& config, long hands, std::uint64_t seed) const override;
  Result<OddsReport> compare(const Config& config, long hands, std::uint64_t seed,
                             std::string_view against) const override;
};

}  // namespace parlour::macao
