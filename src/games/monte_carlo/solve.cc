// Monte Carlo's solver: a depth-first search over the pairs and the closing
// of the gaps, with a table of the positions met (state.h).
#include <vector>

#include "games/monte_carlo/state.h"
#include "kit/solver.h"

namespace parlour::monte_carlo {
namespace {

class Search final : public kit::DepthFirst<Search, MonteCarloState, Move> {
 public:
  explicit Search(const SolveLimits& limits) : DepthFirst(limits, 1000) {}

  bool expand(MonteCarloState& s, std::vector<Move>& moves) {
    s.moves(moves);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Move m = moves[i];
      if (spent()) return false;
      if (m.close) {
        // Closing deals from the stock: on a copy.
        MonteCarloState next = s;
        next.apply(0, m.encode());
        if (deeper(next, m.encode())) return true;
        continue;
      }
      const std::uint8_t ca = s.at(m.a), cb = s.at(m.b);
      s.take(m);
      if (deeper(s, m.encode())) return true;
      s.put_back(m, ca, cb);
    }
    return false;
  }
};

}  // namespace

SolveReport solve(const MonteCarloState& s, const SolveLimits& limits) {
  MonteCarloState work = s;
  return Search(limits).run(
      work, /*proves_loss=*/true,
      "depth-first search over the pairs and the closing of the gaps, every card and the "
      "stock's order known; positions met before not searched again");
}

}  // namespace parlour::monte_carlo
