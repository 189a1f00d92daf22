// Montana's solver: a depth-first search with the safe moves made at once
// and a table of the positions met (state.h).
#include <algorithm>
#include <chrono>
#include <deque>
#include <vector>

#include "games/montana/state.h"

namespace parlour::montana {
namespace {

// Positions met, by hash: open addressing over a fixed table, the oldest of
// a few slots given up when all are taken (it may forget; it never invents).
// One table per thread, kept from search to search: a new search bumps the
// generation instead of clearing 32 MB.
class Seen {
 public:
  void start(int bits) {
    const std::size_t n = std::size_t{1} << bits;
    if (keys_.size() != n || ++gen_ == 0) {
      keys_.assign(n, 0);
      gens_.assign(n, 0);
      gen_ = 1;
    }
    mask_ = n - 1;
  }
  // True the first time h is offered in this generation.
  bool insert(std::uint64_t h) {
    const std::size_t base = static_cast<std::size_t>(h) & mask_;
    for (std::size_t i = 0; i < 4; ++i) {
      const std::size_t k = (base + i) & mask_;
      if (gens_[k] != gen_) {
        keys_[k] = h, gens_[k] = gen_;
        return true;
      }
      if (keys_[k] == h) return false;
    }
    const std::size_t k = (base + (h >> 62)) & mask_;
    keys_[k] = h, gens_[k] = gen_;
    return true;
  }

 private:
  std::vector<std::uint64_t> keys_;
  std::vector<std::uint16_t> gens_;
  std::uint16_t gen_ = 0;
  std::size_t mask_ = 0;
};

class Search {
 public:
  explicit Search(const SolveLimits& limits) : limits_(limits), seen_(table()) {
    seen_.start(table_bits(limits));
  }
  static Seen& table() {
    thread_local Seen t;
    return t;
  }

  // A slot for every position the budget allows, up to 4M slots (32 MB).
  static int table_bits(const SolveLimits& limits) {
    int bits = 12;
    while (bits < 22 && (std::uint64_t{1} << bits) < limits.max_nodes) ++bits;
    return bits;
  }

  bool dfs(MontanaState& s) {
    if (s.won()) return true;
    if (++nodes_ > limits_.max_nodes || ((nodes_ & 4095) == 0 && out_of_time())) {
      out_of_budget_ = true;
      return false;
    }
    if (!seen_.insert(s.hash())) return false;
    // A buffer per depth: no allocation once the search is deep enough.
    if (depth_ == buffers_.size()) buffers_.emplace_back();
    std::vector<Move>& moves = buffers_[depth_];
    s.moves(moves);
    if (moves.empty()) {
      if (s.redeals_left() <= 0) return false;
      MontanaState next = s;
      next.apply(0, Move::redeal_move().encode());
      line_.push_back(Move::redeal_move().encode());
      ++depth_;
      const bool won = dfs(next);
      --depth_;
      if (won) return true;
      line_.pop_back();
      return false;
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
      if (out_of_budget_) return false;
      s.step(m);
      line_.push_back(m.encode());
      ++depth_;
      const bool won = dfs(s);
      --depth_;
      if (won) return true;
      line_.pop_back();
      s.unstep(m);
    }
    return false;
  }

  bool out_of_time() const {
    return limits_.max_seconds > 0 &&
           std::chrono::duration<double>(Clock::now() - start_).count() > limits_.max_seconds;
  }
  std::uint64_t nodes() const { return nodes_; }
  bool out_of_budget() const { return out_of_budget_; }
  std::vector<Action>& line() { return line_; }

 private:
  using Clock = std::chrono::steady_clock;
  SolveLimits limits_;
  Clock::time_point start_ = Clock::now();
  Seen& seen_;
  std::uint64_t nodes_ = 0;
  bool out_of_budget_ = false;
  std::vector<Action> line_;
  std::deque<std::vector<Move>> buffers_;  // a deque: growing moves none
  std::size_t depth_ = 0;
};

}  // namespace

SolveReport solve(const MontanaState& s, const SolveLimits& limits) {
  Search search(limits);
  MontanaState work = s;
  SolveReport r;
  const bool won = search.dfs(work);
  r.nodes = search.nodes();
  r.verdict = won                      ? SolveReport::kWon
              : search.out_of_budget() ? SolveReport::kUnknown
                                       : SolveReport::kLost;
  if (won) r.line = std::move(search.line());
  r.method =
      "depth-first search over the moves, every card and the redeals' shuffles known; a card "
      "that extends its row's sequence moved at once; positions met before not searched again";
  return r;
}

}  // namespace parlour::montana
