// Farmer's optimal player and odds (optimal.cc), from solve.h. Private to
// this folder.
#pragma once

#include <span>
#include <string>

#include "games/farmer/state.h"
#include "kit/edge.h"
#include "kit/policy.h"

namespace parlour::farmer {

// The optimal choice for `me`, whose turn it is to draw or stand: whether
// he draws, what each is worth, and why, for people.
struct OptimalChoice {
  bool draw = false;
  double if_draw = 0, if_stand = 0;  // counters a deal
  std::string why;
};
OptimalChoice optimal_choice(const FarmerState& s, Seat me);

// Draws where drawing on is worth more than standing: heads-up the exact
// best play; with more players the best answer, every card he has not seen
// weighed, to the others as the model's equilibrium plays them, those before
// him read by the cards they took.
// (The choice reads only the seat's own cards and how many each player took:
// any sample of the view answers alike.)
Action optimal_action(const FarmerState& s, Seat me, std::span<const Action> legal);
using OptimalBot = kit::PolicyBot<FarmerState, optimal_action>;

class Odds final : public kit::StakesOdds {
 public:
  Result<OddsReport> from_deal(const Config& config) const override;
  Result<OddsReport> for_seat(const State& state, Seat seat) const override;
  Result<OddsReport> check(const Config& config, long hands, std::uint64_t seed) const override;
  Result<OddsReport> compare(const Config& config, long hands, std::uint64_t seed,
                             std::string_view against) const override;
};

// The hand a check or comparison counts: a deal, from the sale of the farm
// (if one is sold before it) to its settlement.
int hand_of(const FarmerState& s);

}  // namespace parlour::farmer
