// Monte Carlo's solver: a depth-first search over the pairs and the closing
// of the gaps, with a table of the positions met (state.h).
#include <deque>
#include <vector>

#include "games/monte_carlo/state.h"
#include "kit/solver.h"

namespace parlour::monte_carlo {
namespace {

class Search {
 public:
  explicit Search(const SolveLimits& limits)
      : budget_(limits), seen_(kit::Seen::for_search(limits.max_nodes)) {}

  bool dfs(MonteCarloState& s) {
    if (s.won()) return true;
    if (budget_.spend()) return false;
    if (!seen_.insert(s.hash())) return false;
    if (depth_ == buffers_.size()) buffers_.emplace_back();
    std::vector<Move>& moves = buffers_[depth_];
    s.moves(moves);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Move m = moves[i];
      if (budget_.spent()) return false;
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

  const kit::Budget& budget() const { return budget_; }
  std::vector<Action>& line() { return line_; }

 private:
  bool deeper(MonteCarloState& s, Action a) {
    line_.push_back(a);
    ++depth_;
    const bool won = dfs(s);
    --depth_;
    if (!won) line_.pop_back();
    return won;
  }

  kit::Budget budget_;
  kit::Seen& seen_;
  std::vector<Action> line_;
  std::deque<std::vector<Move>> buffers_;
  std::size_t depth_ = 0;
};

}  // namespace

SolveReport solve(const MonteCarloState& s, const SolveLimits& limits) {
  Search search(limits);
  MonteCarloState work = s;
  SolveReport r;
  const bool won = search.dfs(work);
  r.nodes = search.budget().nodes();
  r.verdict = kit::verdict(won, search.budget());
  if (won) r.line = std::move(search.line());
  r.method =
      "depth-first search over the pairs and the closing of the gaps, every card and the "
      "stock's order known; positions met before not searched again";
  return r;
}

}  // namespace parlour::monte_carlo
