// What the solitaires' solvers share: a table of the positions met, kept
// from search to search on each thread, and the budget of a search.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"

namespace parlour::kit {

// Positions met, by a 64-bit hash: open addressing over a fixed table, a
// slot of a few given up when all are taken (it may forget; it never
// invents, but for two hashes alike in their top 48 bits and their slot). A
// new search bumps a generation rather than clear the table.
class Seen {
 public:
  // Readies the thread's table for a search of up to `max_nodes` positions
  // (2^max_bits slots at most, 8 bytes each; the thread's table as it is
  // where that is up to 4 times larger) and returns it. A larger table
  // forgets less but misses the cache more: each game picks its own size.
  static Seen& for_search(std::uint64_t max_nodes, int max_bits = 22);
  // True the first time h is offered in this search.
  bool insert(std::uint64_t h) {
    // A slot holds the hash's top 48 bits and the generation, so that one
    // read of memory (the search's main cost) answers both.
    const std::uint64_t tag = (h & ~kGen) | gen_;
    const std::size_t base = static_cast<std::size_t>(h) & mask_;
    for (std::size_t i = 0; i < 4; ++i) {
      const std::size_t k = (base + i) & mask_;
      if ((slots_[k] & kGen) != gen_) {
        slots_[k] = tag;
        return true;
      }
      if (slots_[k] == tag) return false;
    }
    slots_[(base + (h >> 62)) & mask_] = tag;
    return true;
  }
  // Asks the processor for h's slot ahead of insert(h): a search that knows
  // a position's children hashes them all first, so that their misses of the
  // cache overlap (most children have been met, and return at once).
  void prefetch(std::uint64_t h) const {
    __builtin_prefetch(&slots_[static_cast<std::size_t>(h) & mask_]);
  }
  // The slots, and the most that stay in a core's cache (256 KB).
  std::size_t size() const { return size_; }
  static constexpr std::size_t kCached = std::size_t{1} << 15;

 private:
  static constexpr std::uint64_t kGen = 0xffff;
  void start(int bits);
  struct Free {
    void operator()(std::uint64_t* p) const;
  };
  std::unique_ptr<std::uint64_t[], Free> slots_;
  std::size_t size_ = 0;
  std::uint64_t gen_ = 0;
  std::size_t mask_ = 0;
};

// A search's budget of positions and seconds (the clock read every 4096
// positions).
class Budget {
 public:
  explicit Budget(const SolveLimits& limits) : limits_(limits) {}
  // Counts a position; true once the budget is spent (and from then on).
  bool spend() {
    if (spent_) return true;
    ++nodes_;
    spent_ = nodes_ > limits_.max_nodes ||
             ((nodes_ & 4095) == 0 && limits_.max_seconds > 0 &&
              std::chrono::duration<double>(Clock::now() - start_).count() > limits_.max_seconds);
    return spent_;
  }
  bool spent() const { return spent_; }
  std::uint64_t nodes() const { return nodes_; }

 private:
  using Clock = std::chrono::steady_clock;
  SolveLimits limits_;
  Clock::time_point start_ = Clock::now();
  std::uint64_t nodes_ = 0;
  bool spent_ = false;
};

// The search each solitaire's solver runs: depth first, each position met
// once (by hash), within a budget and a depth. Derived::expand(s, moves)
// lists a position's moves into `moves` (a buffer of its depth) and tries
// them, each through deeper(child, action); it returns whether one wins.
template <class Derived, class S, class M>
class DepthFirst {
 public:
  // `table_bits`: Seen::for_search's `max_bits`.
  DepthFirst(const SolveLimits& limits, std::size_t max_depth, int table_bits = 22)
      : budget_(limits),
        seen_(Seen::for_search(limits.max_nodes, table_bits)),
        max_depth_(max_depth),
        table_bits_(table_bits) {}

  // Readies it for another search within `limits`, its buffers kept (many
  // small searches: a bot's).
  void restart(const SolveLimits& limits) {
    budget_ = Budget(limits);
    Seen::for_search(limits.max_nodes, table_bits_);
    line_.clear();
    depth_ = 0;
    cut_ = false;
  }

  // From `root`. `proves_loss`: whether a search that ends within its
  // budget proves the deal lost (it does not where the moves are pruned).
  SolveReport run(S& root, bool proves_loss, std::string method) {
    SolveReport r;
    const bool won = dfs(root);
    r.nodes = budget_.nodes();
    r.verdict = won                                        ? SolveReport::kWon
                : proves_loss && !budget_.spent() && !cut_ ? SolveReport::kLost
                                                           : SolveReport::kUnknown;
    if (won) r.line = std::move(line_);
    r.method = std::move(method);
    return r;
  }

 protected:
  bool spent() const { return budget_.spent(); }
  // A child played and hashed before any is entered, so that their slots in
  // the table are asked for together (prefetch); then deeper(state, a, hash).
  struct Child {
    S state;
    std::uint64_t hash = 0;
  };
  // The buffer of the children of the position being expanded.
  std::vector<Child>& children() {
    if (depth_ == children_.size()) children_.emplace_back();
    return children_[depth_];
  }
  void prefetch(std::uint64_t hash) const { seen_.prefetch(hash); }
  // Whether the table is small enough to stay in the cache (prefetching it
  // then gains nothing).
  bool table_cached() const { return seen_.size() <= Seen::kCached; }
  // The child `s` reached by `a`: whether it wins (the line then holds `a`).
  bool deeper(S& s, Action a) { return deeper(s, a, s.hash()); }
  // The same, with s.hash() already worked out (and prefetched).
  bool deeper(S& s, Action a, std::uint64_t hash) {
    line_.push_back(a);
    ++depth_;
    const bool won = dfs(s, hash);
    --depth_;
    if (!won) line_.pop_back();
    return won;
  }

 private:
  bool dfs(S& s) { return dfs(s, s.hash()); }
  bool dfs(S& s, std::uint64_t hash) {
    if (s.won()) return true;
    if (budget_.spend()) return false;
    // A line longer than any a win needs is cut (it keeps the recursion
    // within the stack); a search that cut one proves nothing lost.
    if (depth_ >= max_depth_) return cut_ = true, false;
    if (!seen_.insert(hash)) return false;
    if (depth_ == buffers_.size()) buffers_.emplace_back();
    return static_cast<Derived*>(this)->expand(s, buffers_[depth_]);
  }

  Budget budget_;
  Seen& seen_;
  std::size_t max_depth_;
  int table_bits_;
  std::vector<Action> line_;
  std::deque<std::vector<M>> buffers_;       // by depth; a deque: growing moves none
  std::deque<std::vector<Child>> children_;  // by depth, as buffers_
  std::size_t depth_ = 0;
  bool cut_ = false;
};

// The verdict of a search that found a win or not, and whether its budget
// ran out first.
inline SolveReport::Verdict verdict(bool won, const Budget& b) {
  return won ? SolveReport::kWon : b.spent() ? SolveReport::kUnknown : SolveReport::kLost;
}

// A solitaire's capabilities, from its state's own: S::undo() (false where
// it cannot), S::undo_forbidden() (why a player may not take the last move
// back, or ""), S::hash(), S::dealt(), S::unsolvable() (why the solver
// cannot answer from here, or "") and its solver kSolve.
template <class S, SolveReport (*kSolve)(const S&, const SolveLimits&)>
struct SolitaireCaps {
  // Gives `g` the three, and its check that one plays it.
  static void attach(GameInfo& g);
  class Undoer final : public Undo {
   public:
    bool undo(State& state) const override { return static_cast<S&>(state).undo(); }
    std::string forbidden(const State& state) const override {
      return static_cast<const S&>(state).undo_forbidden();
    }
  };
  class Hasher final : public StateHash {
   public:
    std::uint64_t hash(const State& state) const override {
      return static_cast<const S&>(state).hash();
    }
  };
  class Solver_ final : public Solver {
   public:
    Result<SolveReport> solve(const State& state, const SolveLimits& limits) const override {
      const auto& s = static_cast<const S&>(state);
      if (!s.dealt() || s.terminal()) return Status::error("the game is not in play");
      if (std::string why = s.unsolvable(); !why.empty() && !limits.reading_hidden_cards)
        return Status::error(why);
      return kSolve(s, limits);
    }
  };
};

template <class S, SolveReport (*kSolve)(const S&, const SolveLimits&)>
void SolitaireCaps<S, kSolve>::attach(GameInfo& g) {
  static const Undoer undo;
  static const Hasher hasher;
  static const Solver_ solver;
  g.undo = &undo, g.hash = &hasher, g.solver = &solver;
  g.min_players = g.max_players = g.default_players = 1;
  g.validate = [title = g.title](const Config& c) {
    if (c.players == 1) return Status();
    return Status::error(std::string(title) + " is a solitaire: 1 player, not " +
                         std::to_string(c.players));
  };
}

// The honest player of a solitaire: solves the position as a sample of its
// view deals what it cannot see (the stock's order, the shuffles to come),
// and plays a winning line's first move; it keeps the line while the table
// is the one the line leads to, and solves again where a card it could not
// see surprises it. Where no line is found within `budget` positions, the
// move whose position scores most (kScore), else the first.
template <class S, SolveReport (*kSolve)(const S&, const SolveLimits&), int (*kScore)(const S&)>
class SolverBot final : public Bot {
 public:
  explicit SolverBot(std::uint64_t budget) : budget_(budget) {}
  Action act(const Observation& obs, Rng& rng) override {
    if (obs.legal().size() == 1) return obs.legal()[0];
    const std::unique_ptr<State> world = obs.sample(rng);
    if (!world) return obs.legal()[0];
    const auto& s = static_cast<const S&>(*world);
    if (next_ < line_.size() && s.hash() == expect_ &&
        std::find(obs.legal().begin(), obs.legal().end(), line_[next_]) != obs.legal().end())
      return follow(s);
    SolveLimits lim;
    lim.max_nodes = budget_;
    lim.max_seconds = obs.seconds_left(0);
    SolveReport r = kSolve(s, lim);
    if (r.verdict == SolveReport::kWon && !r.line.empty()) {
      line_ = std::move(r.line), next_ = 0;
      return follow(s);
    }
    line_.clear();
    Action best = obs.legal()[0];
    int most = -1;
    for (Action a : obs.legal()) {
      S next = s;
      next.apply(obs.seat(), a);
      if (kScore(next) > most) most = kScore(next), best = a;
    }
    return best;
  }

 private:
  Action follow(const S& s) {
    const Action a = line_[next_++];
    S after = s;
    after.apply(0, a);
    expect_ = after.hash();
    return a;
  }

  std::uint64_t budget_;
  std::vector<Action> line_;
  std::size_t next_ = 0;
  std::uint64_t expect_ = 0;
};

}  // namespace parlour::kit
