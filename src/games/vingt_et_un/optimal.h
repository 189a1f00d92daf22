// Vingt-et-un's optimal player and exact odds (optimal.cc), from the duel
// that solve.h solves. Private to this folder.
#pragma once

#include <span>
#include <string>

#include "games/vingt_et_un/state.h"
#include "kit/edge.h"
#include "kit/policy.h"

namespace parlour::vingt_et_un {

// The optimal choice for `me`, who may act: the chance of the first of the
// two moves (call, double, draw), and why, for people.
struct OptimalChoice {
  double yes = 0;
  std::string why;
};
OptimalChoice optimal_choice(const VingtState& s, Seat me);

// Stakes a chip; calls, doubles, draws as the solved duel says (mixing where
// it mixes); as dealer against several punters standing, answers them all at
// his best, each weighed by what he drew as the duel's punter plays.
// (The bot that plays it is info.cc's OptimalBot.)
Action optimal_action(const VingtState& s, Seat me, std::span<const Action> legal, Rng& rng);

class Odds final : public kit::StakesOdds {
 public:
  Result<OddsReport> from_deal(const Config& config) const override;
  Result<OddsReport> for_seat(const State& state, Seat seat) const override;
  Result<OddsReport> check(const Config& config, long hands, std::uint64_t seed) const override;
  Result<OddsReport> compare(const Config& config, long hands, std::uint64_t seed,
                             std::string_view against) const override;
};

}  // namespace parlour::vingt_et_un
