// Montana's solver: a depth-first search with the safe moves made at once
// and a table of the positions met (state.h).
#include <deque>
#include <vector>

#include "games/montana/state.h"
#include "kit/solver.h"

namespace parlour::montana {
namespace {

class Search {
 public:
  explicit Search(const SolveLimits& limits)
      : budget_(limits), seen_(kit::Seen::for_search(limits.max_nodes)) {}

  bool dfs(MontanaState& s) {
    if (s.won()) return true;
    if (budget_.spend()) return false;
    if (!seen_.insert(s.hash())) return false;
    // A buffer per depth (a deque: growing moves none), no allocation once
    // the search is deep enough.
    if (depth_ == buffers_.size()) buffers_.emplace_back();
    std::vector<Move>& moves = buffers_[depth_];
    s.moves(moves);
    if (moves.empty()) {
      if (s.redeals_left() <= 0) return false;
      MontanaState next = s;
      next.apply(0, Move::redeal_move().encode());
      return deeper(next, Move::redeal_move().encode());
    }
    // The safe move: a card that extends its row's sequence.
    for (const Move& m : moves) {
      const int row = m.to / kColumns, col = m.to % kColumns;
      if (col > 0 && s.in_sequence(row) == col) {
        const Move safe = m;
        moves.assign(1, safe);
        break;
      }
    }
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Move m = moves[i];
      // A Two from one row's start to another's changes nothing that counts.
      if (m.from % kColumns == 0 && m.to % kColumns == 0) continue;
      if (budget_.spent()) return false;
      s.step(m);
      if (deeper(s, m.encode())) return true;
      s.unstep(m);
    }
    return false;
  }

  const kit::Budget& budget() const { return budget_; }
  std::vector<Action>& line() { return line_; }

 private:
  bool deeper(MontanaState& s, Action a) {
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

SolveReport solve(const MontanaState& s, const SolveLimits& limits) {
  Search search(limits);
  MontanaState work = s;
  SolveReport r;
  const bool won = search.dfs(work);
  r.nodes = search.budget().nodes();
  r.verdict = kit::verdict(won, search.budget());
  if (won) r.line = std::move(search.line());
  r.method =
      "depth-first search over the moves, every card and the redeals' shuffles known; a card "
      "that extends its row's sequence moved at once; positions met before not searched again";
  return r;
}

}  // namespace parlour::montana
