// Many deals solved, on threads (solve.h).
#include "analysis/solve.h"

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

namespace parlour {

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
      std::unique_ptr<State> s = g.new_game(spec.config);
      Rng rng(spec.from + i, kChanceStream);
      while (s->chance()) s->apply_chance(rng);
      DealSolved& d = out.deals[i];
      if (s->terminal()) {  // over at the deal: won or lost as dealt
        d.verdict = s->outcome().won(0) ? SolveReport::kWon : SolveReport::kLost;
        continue;
      }
      const auto t0 = Clock::now();
      Result<SolveReport> r = g.solver->solve(*s, spec.limits);
      d.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
      const std::lock_guard<std::mutex> lock(mu);
      if (!r.ok()) {
        if (error.empty()) error = "deal " + std::to_string(spec.from + i) + ": " + r.message();
        continue;
      }
      d.verdict = r->verdict, d.nodes = r->nodes;
      if (method.empty()) method = r->method;
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < spec.threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  if (!error.empty()) return Status::error(error);
  for (const DealSolved& d : out.deals) {
    (d.verdict == SolveReport::kWon    ? out.won
     : d.verdict == SolveReport::kLost ? out.lost
                                       : out.unknown)++;
    out.nodes += d.nodes, out.seconds += d.seconds;
  }
  out.method = method;
  out.wall = std::chrono::duration<double>(Clock::now() - start).count();
  return out;
}

}  // namespace parlour
