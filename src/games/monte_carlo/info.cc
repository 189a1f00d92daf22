// Monte Carlo's options, each with its source; its bot, undo, hash, solver
// and resampler.
#include <memory>

#include "games/monte_carlo/state.h"
#include "kit/solver.h"
#include "rules_text.h"

namespace parlour::monte_carlo {
namespace {

const std::vector<OptionSpec>& specs() {
  using T = OptionType;
  static const std::vector<OptionSpec> s = {
      {"close-gaps",
       T::kChoice,
       0,
       0,
       {"any-time", "when-stuck"},
       0,
       "when the gaps may be closed: any-time, whenever the player chooses; when-stuck, only "
       "when no pair touches",
       "when-stuck (the preset monte-carlo): seed 002, \"When there are no available pairs of "
       "cards to remove, move all of the cards left to fill up blank spaces\"; any-time (the "
       "preset monte-carlo-any-time): Wikipedia, \"Monte Carlo (solitaire)\", \"Once some or "
       "all such pairs have been removed, the cards are consolidated\"",
       "Closing the gaps"},
  };
  return s;
}

using Caps = kit::SolitaireCaps<MonteCarloState, monte_carlo::solve>;

// Only the stock's order is hidden: a sample shuffles it.
class Sampler final : public Resampler {
 public:
  std::unique_ptr<State> resample(const State& state, Seat, Rng& rng) const override {
    auto out = std::make_unique<MonteCarloState>(static_cast<const MonteCarloState&>(state));
    Stock& st = out->mutable_stock();
    std::sort(st.begin(), st.end());  // a sample depends on which cards, not their order
    rng.shuffle(std::span<Card>(st.data(), st.size()));
    out->forget_last_event();
    return out;
  }
};

int discarded(const MonteCarloState& s) {
  return s.discarded();
}
// The honest player: the stock's order drawn afresh (it cannot see it);
// where no line wins, the move that discards most.
using SolverBot = kit::SolverBot<MonteCarloState, monte_carlo::solve, discarded>;

}  // namespace

Rules Rules::from(const Config& c) {
  Rules r;
  r.close = CloseGaps(c.options.get("close-gaps"));
  return r;
}

GameInfo game_info() {
  static const Sampler sampler;
  GameInfo g;
  g.name = "monte-carlo";
  g.title = "Monte Carlo";
  g.summary =
      "Five by five: discard pairs that touch, close the gaps from the stock, until all "
      "52 are gone";
  g.rules = kRulesText;
  g.options = specs();
  g.presets = {
      {"monte-carlo",
       "Monte Carlo, seed 002: the gaps closed when no pair is left to remove",
       {{"close-gaps", "when-stuck"}},
       1,
       1,
       1},
      {"monte-carlo-any-time",
       "Monte Carlo as Wikipedia gives it: the gaps closed whenever the player chooses",
       {{"close-gaps", "any-time"}},
       1,
       1,
       1},
  };
  g.bots = {{"solver",
             "solves the position, the stock's order drawn afresh (it cannot see it), and plays a "
             "winning line's first move; else the move that discards most",
             [] { return std::unique_ptr<Bot>(std::make_unique<SolverBot>(200000)); }}};
  g.new_game = state_factory<MonteCarloState, Rules>();
  // Move::encode: 1 + a * kCells + b, closing the gaps 1 + kCells * kCells.
  g.bounds = [](const Config&) { return Bounds{2 + kCells * kCells, 3, 0}; };
  g.resampler = &sampler;
  Caps::attach(g);
  return g;
}

}  // namespace parlour::monte_carlo
