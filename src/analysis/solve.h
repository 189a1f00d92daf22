// Solving many deals of a solitaire: `parlour solve GAME --deals N`. Deal i
// is the deal `parlour play GAME --seed (from + i)` gives; each is solved
// within the limits, on `threads` threads (the verdicts do not depend on
// them, except where a limit of seconds is what stops a search).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "analysis/sim.h"
#include "core/game.h"
#include "core/registry.h"

namespace parlour {

struct SolveSpec {
  Selection sel;
  Config config;
  std::uint64_t deals = 1000;
  std::uint64_t from = 1;
  int threads = 1;
  SolveLimits limits;
};

struct DealSolved {
  SolveReport::Verdict verdict = SolveReport::kUnknown;
  std::uint64_t nodes = 0;
  double seconds = 0;
};

struct SolveSummary {
  std::vector<DealSolved> deals;  // by deal
  std::uint64_t won = 0, lost = 0, unknown = 0, nodes = 0;
  double seconds = 0;  // solver time, summed over the deals
  double wall = 0;     // the whole run
  std::string method;  // the game solver's, for people
  Interval win_rate() const { return wilson(won, deals.size()); }
};

// Errors: a game with no solver, or a deal whose solver failed.
[[nodiscard]] Result<SolveSummary> solve_deals(const SolveSpec& spec);
// What solves the deals: solve_deals(), or the same spread over processes
// (parlour-mpi). Empty: solve_deals().
using SolveRunner = std::function<Result<SolveSummary>(const SolveSpec&)>;
// The summary of deals solved (by deal) with `method`; its wall time 0.
SolveSummary summarize(std::vector<DealSolved> deals, std::string method);

// The games that have a solver, for messages: "klondike, montana, ...".
std::string games_with_solver();
// Why `game` cannot deal a winnable game: "needs a game with a solver
// (klondike, ...); old-maid has none".
std::string needs_solver(const GameInfo& game);

// One deal, as `parlour play GAME --seed seed` gives it, solved within the
// limits. A deal over as dealt is won or lost as it lies. `method`, if given,
// gets the solver's. REQUIRES: the game has a solver.
[[nodiscard]] Result<DealSolved> solve_deal(const GameInfo& game, const Config& config,
                                            std::uint64_t seed, const SolveLimits& limits,
                                            std::string* method = nullptr);

// "Deal a winnable game": the first of the deals from, from + 1, ... (at most
// `tries` of them) that the solver proves won within `limits` each, reading
// every card (limits.reading_hidden_cards is set). Errors: a game with no
// solver, or no deal proved won in `tries`.
struct WinnableDeal {
  std::uint64_t seed = 0;
  int tried = 0;  // deals solved, this one included
  std::uint64_t nodes = 0;
};
[[nodiscard]] Result<WinnableDeal> winnable_deal(const Selection& sel, const Config& config,
                                                 std::uint64_t from, int tries, SolveLimits limits);

}  // namespace parlour
