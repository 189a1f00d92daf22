// A game's own policy as a bot and as search hints. The policy reads only
// what the seat to act could know, so it may run on any state consistent
// with that seat's view: the bot plays it on a sample of its view (any
// sample answers the same), and a search plays it inside its deals.
#pragma once

#include <array>
#include <memory>
#include <span>

#include "core/game.h"
#include "kit/standing.h"

namespace parlour::kit {

template <class S>
using Policy = Action (*)(const S& state, Seat me, std::span<const Action> legal);

template <class S, Policy<S> kPolicy>
class PolicyBot final : public Bot {
 public:
  Action act(const Observation& obs, Rng& rng) override {
    if (obs.legal().size() == 1) return obs.legal()[0];
    const std::unique_ptr<State> world = obs.sample(rng);
    if (!world) return obs.legal()[0];
    return kPolicy(static_cast<const S&>(*world), obs.seat(), obs.legal());
  }
};

// A policy that mixes its choices, drawing on the bot's Rng.
template <class S>
using MixedPolicy = Action (*)(const S& state, Seat me, std::span<const Action> legal, Rng& rng);

template <class S, MixedPolicy<S> kPolicy>
class MixedPolicyBot final : public Bot {
 public:
  Action act(const Observation& obs, Rng& rng) override {
    if (obs.legal().size() == 1) return obs.legal()[0];
    const std::unique_ptr<State> world = obs.sample(rng);
    if (!world) return obs.legal()[0];
    return kPolicy(static_cast<const S&>(*world), obs.seat(), obs.legal(), rng);
  }
};

// Hints for a game played for chips: the policy, and each seat's standing by
// its balance against each other seat's (standing_by_score over `scale`
// chips). `same_deals`: SearchHints::same_deals.
template <class S, Policy<S> kPolicy>
class ChipHints final : public SearchHints {
 public:
  ChipHints(double scale, bool same_deals) : scale_(scale), same_deals_(same_deals) {}
  Action policy(const State& state, Seat seat, std::span<const Action> legal, Rng&) const override {
    return kPolicy(static_cast<const S&>(state), seat, legal);
  }
  void estimate(const State& state, std::span<double> value) const override {
    const Chips& c = *state.chips();
    std::array<double, kMaxSeats> held{};
    const std::size_t n = static_cast<std::size_t>(c.players());
    for (std::size_t p = 0; p < n; ++p) held[p] = c.balance(static_cast<Seat>(p));
    standing_by_score(std::span<const double>(held.data(), n), scale_, value.first(n));
  }
  bool same_deals() const override { return same_deals_; }

 private:
  double scale_;
  bool same_deals_;
};

}  // namespace parlour::kit
