// Montana's options, each with its source; its bots, undo, hash, solver and
// resampler.
#include <algorithm>
#include <memory>

#include "games/montana/state.h"
#include "kit/solver.h"
#include "rules_text.h"

namespace parlour::montana {
namespace {

const std::vector<OptionSpec>& specs() {
  using T = OptionType;
  static const std::vector<OptionSpec> s = {
      {"redeals",
       T::kInt,
       0,
       100,
       {},
       3,
       "redeals allowed when no card can move",
       "seed 002: \"Three re-deals are allowed before declaring the game over\"; Solitaire Till "
       "Dawn's Montana allows two (\"You may deal twice\")",
       "Redeals"},
      {"gaps",
       T::kChoice,
       0,
       0,
       {"shuffled-in", "after-sequence"},
       0,
       "where the gaps fall at a redeal: shuffled-in, the aces shuffled with the cards, dealt "
       "and removed again; after-sequence, a gap just right of each row's sequence",
       "shuffled-in: seed 002, \"shuffle them with the aces. Re-deal the cards into the empty "
       "spaces in the rows, and remove the four aces again\"; after-sequence: Wikipedia, Gaps, "
       "\"The cards are then redealt, making sure there is a gap in each row at the immediate "
       "right of each suit sequence\"",
       "Gaps at a redeal"},
      {"aces",
       T::kChoice,
       0,
       0,
       {"removed", "left"},
       0,
       "where the aces go at the deal: removed, set aside, any Two starting any row; left, one "
       "at the left of each row in suit order (clubs, diamonds, hearts, spades), the row then "
       "running from it in its suit (Blue Moon; needs gaps=after-sequence)",
       "removed: seed 002, \"remove the four aces to create four 'holes'\"; left: PySol's Blue "
       "Moon, \"The aces are then moved to the left end of the layout, making 4 initial free "
       "spaces\"",
       "Aces"},
  };
  return s;
}

using Caps = kit::SolitaireCaps<MontanaState, montana::solve>;

// Every card lies face up; only the shuffles of the redeals to come are
// hidden: a sample draws them afresh.
class Sampler final : public Resampler {
 public:
  std::unique_ptr<State> resample(const State& state, Seat, Rng& rng) const override {
    auto out = std::make_unique<MontanaState>(static_cast<const MontanaState&>(state));
    const std::uint64_t hi = rng.next();
    out->set_shuffles(hi << 32 | rng.next());
    out->forget_last_event();
    return out;
  }
};

int placed(const MontanaState& s) {
  return s.placed();
}
// The honest player: the redeals' shuffles drawn afresh (it cannot see
// them); where no line wins, the move that puts most cards in sequence.
using SolverBot = kit::SolverBot<MontanaState, montana::solve, placed>;

}  // namespace

Rules Rules::from(const Config& c) {
  Rules r;
  r.redeals = c.options.get("redeals");
  r.gaps = Gaps(c.options.get("gaps"));
  r.aces = Aces(c.options.get("aces"));
  return r;
}

GameInfo game_info() {
  static const Sampler sampler;
  GameInfo g;
  g.name = "montana";
  g.title = "Montana";
  g.summary =
      "Gaps: four rows of thirteen, the aces out; fill each gap with the next card of "
      "the suit on its left, to run 2 to King";
  g.rules = kRulesText;
  g.options = specs();
  g.presets = {
      {"montana", "Montana, seed 002: three redeals, the aces shuffled in", {}, 1, 1, 1},
      {"gaps",
       "Gaps as Wikipedia gives it: a gap just right of each row's sequence at a redeal",
       {{"gaps", "after-sequence"}},
       1,
       1,
       1},
      {"blue-moon",
       "Blue Moon as PySol gives it: the aces at the left of the rows, a gap just right of each "
       "row's sequence at a redeal, two redeals",
       {{"aces", "left"}, {"gaps", "after-sequence"}, {"redeals", "2"}},
       1,
       1,
       1},
  };
  g.bots = {{"solver",
             "solves the position, the redeals' shuffles drawn afresh (it cannot see them), and "
             "plays a winning line's first move; else the move that puts most cards in sequence",
             [] { return std::unique_ptr<Bot>(std::make_unique<SolverBot>(200000)); }}};
  g.new_game = state_factory<MontanaState, Rules>();
  // Move::encode: 1 + from * kCells + to, the redeal 1 + kCells * kCells.
  g.bounds = [](const Config&) { return Bounds{2 + kCells * kCells, 2, 0}; };
  g.resampler = &sampler;
  Caps::attach(g);
  // Blue Moon's aces stay at the rows' left: a redeal has none to shuffle in.
  g.validate = [players = g.validate](const Config& c) {
    if (Status st = players(c); !st.ok()) return st;
    if (c.options.get("aces") == static_cast<int>(Aces::kLeft) &&
        c.options.get("gaps") == static_cast<int>(Gaps::kShuffledIn))
      return Status::error(
          "aces=left (Blue Moon) keeps the aces at the rows' left, so a redeal has none to "
          "shuffle in: set gaps=after-sequence as well (the preset blue-moon does)");
    return Status();
  };
  return g;
}

}  // namespace parlour::montana
