// Montana's solver: a depth-first search with the safe moves made at once
// and a table of the positions met (state.h).
#include <vector>

#include "games/montana/state.h"
#include "kit/solver.h"

namespace parlour::montana {
namespace {

class Search final : public kit::DepthFirst<Search, MontanaState, Move> {
 public:
  explicit Search(const SolveLimits& limits) : DepthFirst(limits, 100000) {}

  bool expand(MontanaState& s, std::vector<Move>& moves) {
    s.moves(moves);
    if (moves.empty()) {
      if (s.redeals_left() <= 0) return false;
      MontanaState next = s;
      next.apply(0, Move::redeal_move().encode());
      return deeper(next, Move::redeal_move().encode());
    }
    // No move is made "at once" because it looks safe: a card that extends
    // its row's sequence, moved first, lost wins that the plain search of
    // solvers_test finds (issue 36; gaps, seed 36 there).
    const bool left = s.rules().aces == Aces::kLeft;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Move m = moves[i];
      // A Two from one row's start to another's changes nothing that counts
      // (but under Blue Moon it goes to its own row); where a redeal is
      // left, it changes which cards the shuffle deals where, every card
      // and shuffle known to the search.
      if (!left && s.redeals_left() <= 0 && m.from % kColumns == 0 && m.to % kColumns == 0)
        continue;
      if (spent()) return false;
      s.step(m);
      if (deeper(s, m.encode())) return true;
      s.unstep(m);
    }
    return false;
  }
};

}  // namespace

SolveReport solve(const MontanaState& s, const SolveLimits& limits) {
  MontanaState work = s;
  return Search(limits).run(
      work, /*proves_loss=*/true,
      "depth-first search over the moves, every card and the redeals' shuffles known; "
      "positions met before not searched again");
}

}  // namespace parlour::montana
