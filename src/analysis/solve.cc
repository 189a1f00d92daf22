// Many deals solved, on threads (solve.h).
#include "analysis/solve.h"

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

namespace parlour {

std::string games_with_solver() {
  std::string with;
  for (const GameInfo& g : games())
    if (g.solver) with += (with.empty() ? "" : ", ") + std::string(g.name);
  return with;
}

std::string needs_solver(const GameInfo& g) {
  return "needs a game with a solver (" + games_with_solver() + "); " + std::string(g.name) +
         " has none";
}

Result<DealSolved> solve_deal(const GameInfo& g, const Config& config, std::uint64_t seed,
                              const SolveLimits& limits, std::string* method) {
  using Clock = std::chrono::steady_clock;
  std::unique_ptr<State> s = g.new_game(config);
  Rng rng(seed, kChanceStream);
  while (s->chance()) s->apply_chance(rng);
  DealSolved d;
  if (s->terminal()) {  // over at the deal: won or lost as dealt
    d.verdict = s->outcome().won(0) ? SolveReport::kWon : SolveReport::kLost;
    return d;
  }
  const auto t0 = Clock::now();
  Result<SolveReport> r = g.solver->solve(*s, limits);
  d.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  if (!r.ok()) return Status::error("deal " + std::to_string(seed) + ": " + r.message());
  d.verdict = r->verdict, d.nodes = r->nodes;
  if (method) *method = std::move(r->method);
  return d;
}

Result<WinnableDeal> winnable_deal(const Selection& sel, const Config& config, std::uint64_t from,
                                   int tries, SolveLimits limits) {
  const GameInfo& g = *sel.game;
  limits.reading_hidden_cards = true;
  if (!g.solver) return Status::error(std::string(g.name) + " has no solver");
  WinnableDeal out;
  for (out.tried = 1; out.tried <= tries; ++out.tried) {
    out.seed = from + static_cast<std::uint64_t>(out.tried - 1);
    Result<DealSolved> d = solve_deal(g, config, out.seed, limits);
    if (!d.ok()) return d.status();
    out.nodes += d->nodes;
    if (d->verdict == SolveReport::kWon) return out;
  }
  return Status::error("no deal of " + std::to_string(tries) + " from seed " +
                       std::to_string(from) + " was proved winnable within the solver's limits");
}

Result<SolveSummary> solve_deals(const SolveSpec& spec) {
  const GameInfo& g = *spec.sel.game;
  if (!g.solver) return Status::error(std::string(g.name) + " has no solver");
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  SolveSummary out;
  out.deals.resize(spec.deals);
  std::atomic<std::uint64_t> next{0};
  std::mutex mu;
  std::string error, method;
  auto work = [&] {
    for (std::uint64_t i; (i = next++) < spec.deals;) {
      std::string how;
      Result<DealSolved> r = solve_deal(g, spec.config, spec.from + i, spec.limits, &how);
      const std::lock_guard<std::mutex> lock(mu);
      if (method.empty()) method = std::move(how);
      if (!r.ok()) {
        if (error.empty()) error = r.message();
        continue;
      }
      out.deals[i] = *r;
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < spec.threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  if (!error.empty()) return Status::error(error);
  out = summarize(std::move(out.deals), std::move(method));
  out.wall = std::chrono::duration<double>(Clock::now() - start).count();
  return out;
}

SolveSummary summarize(std::vector<DealSolved> deals, std::string method) {
  SolveSummary out;
  out.deals = std::move(deals);
  for (const DealSolved& d : out.deals) {  // in deal order: the same sum of seconds each time
    (d.verdict == SolveReport::kWon    ? out.won
     : d.verdict == SolveReport::kLost ? out.lost
                                       : out.unknown)++;
    out.nodes += d.nodes, out.seconds += d.seconds;
  }
  out.method = std::move(method);
  return out;
}

}  // namespace parlour
