// Klondike's solver: a depth-first search over the moves of the thoughtful
// game, with a table of the positions met (state.h).
#include <deque>
#include <vector>

#include "games/klondike/state.h"
#include "kit/solver.h"

namespace parlour::klondike {
namespace {

constexpr std::size_t kMaxDepth = 500;

class Search {
 public:
  explicit Search(const SolveLimits& limits)
      : budget_(limits), seen_(kit::Seen::for_search(limits.max_nodes)) {}

  bool dfs(const KlondikeState& s) {
    if (s.won()) return true;
    if (budget_.spend()) return false;
    // A line of play longer than any a win needs is cut (it keeps the
    // recursion within the stack); the game is never proved lost here.
    if (depth_ >= kMaxDepth) return false;
    if (!seen_.insert(s.hash())) return false;
    if (depth_ == buffers_.size()) buffers_.emplace_back();
    std::vector<Move>& moves = buffers_[depth_];
    s.moves(moves);
    order(s, moves);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Move m = moves[i];
      if (budget_.spent()) return false;
      KlondikeState next = s;
      next.play_quiet(m);
      line_.push_back(m.encode());
      ++depth_;
      const bool won = dfs(next);
      --depth_;
      if (won) return true;
      line_.pop_back();
    }
    return false;
  }

  const kit::Budget& budget() const { return budget_; }
  std::vector<Action>& line() { return line_; }

 private:
  // Drops the moves that cannot help and puts the likeliest first: cards up
  // to the foundations, runs that turn a card up, the waste, the stock.
  static void order(const KlondikeState& s, std::vector<Move>& moves) {
    std::vector<std::pair<int, Move>> ranked;
    for (const Move& m : moves) {
      int rank = -1;
      if (m.kind == Move::kTurn)
        rank = 2;
      else if (m.kind == Move::kRecycle)
        rank = 1;
      else if (m.from >= kFoundation0)
        rank = -1;  // nothing comes back down
      else if (m.to >= kFoundation0)
        rank = 9;
      else if (m.from == kWaste)
        rank = 5;
      else {
        const int c = m.from - kColumn0;
        const Pile& p = s.column(c);
        const int base = static_cast<int>(p.size()) - m.count;
        if (base == s.down(c) && base > 0)
          rank = 8;  // turns a card up
        else if (base == 0)
          rank = 4;  // empties a column
        else if (base > s.down(c)) {
          // Leaves a card that can go up next.
          const Card left = p[static_cast<std::size_t>(base - 1)];
          if (s.foundation(static_cast<int>(left.suit())) + 1 == left.rank()) rank = 6;
        }
      }
      if (rank >= 0) ranked.push_back({rank, m});
    }
    std::stable_sort(ranked.begin(), ranked.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    moves.clear();
    for (const auto& [r, m] : ranked) moves.push_back(m);
  }

  kit::Budget budget_;
  kit::Seen& seen_;
  std::vector<Action> line_;
  std::deque<std::vector<Move>> buffers_;
  std::size_t depth_ = 0;
};

}  // namespace

SolveReport solve(const KlondikeState& s, const SolveLimits& limits) {
  Search search(limits);
  SolveReport r;
  KlondikeState root = s;
  root.forget_history();
  const bool won = search.dfs(root);
  r.nodes = search.budget().nodes();
  // The search prunes moves (state.h): a deal it does not win is not proved
  // lost, only undecided.
  r.verdict = won ? SolveReport::kWon : SolveReport::kUnknown;
  if (won) r.line = std::move(search.line());
  r.method =
      "depth-first search over the moves, every card known; no card back from a foundation; a "
      "run between columns only where it turns a card up, empties a column, or lets the card it "
      "leaves go up; positions met before not searched again; as it prunes, a deal it does not "
      "win is undecided, never proved lost";
  return r;
}

}  // namespace parlour::klondike
