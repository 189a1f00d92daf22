// Klondike's solver: a depth-first search over the moves of the thoughtful
// game, with a table of the positions met (state.h).
#include <vector>

#include "games/klondike/state.h"
#include "kit/solver.h"

namespace parlour::klondike {
namespace {

class Search final : public kit::DepthFirst<Search, KlondikeState, Move> {
 public:
  // A line longer than 500 moves is longer than any win needs.
  explicit Search(const SolveLimits& limits) : DepthFirst(limits, 500) {}

  bool expand(KlondikeState& s, std::vector<Move>& moves) {
    s.moves(moves);
    order(s, moves);
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const Move m = moves[i];
      if (spent()) return false;
      KlondikeState next = s;
      next.play_quiet(m);
      if (deeper(next, m.encode())) return true;
    }
    return false;
  }

 private:
  // Drops the moves that cannot help and puts the likeliest first: cards up
  // to the foundations, runs that turn a card up, the waste, the stock.
  void order(const KlondikeState& s, std::vector<Move>& moves) {
    // One scratch for every depth: the order is made before going deeper.
    std::vector<std::pair<int, Move>>& ranked = ranked_;
    ranked.clear();
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

  std::vector<std::pair<int, Move>> ranked_;
};

}  // namespace

SolveReport solve(const KlondikeState& s, const SolveLimits& limits) {
  KlondikeState root = s;
  root.forget_history();
  // The search prunes moves (state.h): a deal it does not win is not proved
  // lost, only undecided.
  return Search(limits).run(
      root, /*proves_loss=*/false,
      "depth-first search over the moves, every card known; no card back from a foundation; a "
      "run between columns only where it turns a card up, empties a column, or lets the card it "
      "leaves go up; positions met before not searched again; as it prunes, a deal it does not "
      "win is undecided, never proved lost");
}

}  // namespace parlour::klondike
