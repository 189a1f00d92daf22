// A simulation, or a solitaire's deals solved, spread over the ranks of an
// MPI job (parlour-mpi): the same games, the same figures, as simulate() and
// solve_deals() in one process.
//
// The games [0, games) are cut into chunks of consecutive indices. Rank 0
// hands them out on request, so that fast and slow ranks, and long and short
// games, balance; it plays chunks itself meanwhile, on a thread of its own.
// Each rank plays a chunk with its threads. Game i is game i of simulate()
// (game_seed(seed, i), its bots' streams from that seed), whoever plays it,
// and every sum is of whole numbers (SimTallies), so the order in which the
// chunks come back changes nothing.
#pragma once

#include <cstdint>
#include <string>

#include "analysis/sim.h"
#include "analysis/solve.h"

namespace parlour::mpi {

struct Job {
  int rank = 0, ranks = 1;
  std::uint64_t chunk = 65536;  // games a work unit
  // --checkpoint: rank 0 keeps here each simulation's flags, the chunks it
  // has finished and their sums, every `checkpoint_seconds` and at the end
  // (written whole, synced and renamed over the last). A run with the same
  // flags takes them and plays only the rest; one with other flags is
  // refused, naming the first that differs. Fairness keeps one entry a row.
  std::string checkpoint;
  double checkpoint_seconds = 10;
};

// Called by every rank, with the same spec: the results, on every rank (rank
// 0 sends the sums to all), or the same error on every rank.
[[nodiscard]] Result<SimResult> simulate(const SimSpec& spec, const Job& job);

// The same for solve_deals(): deal i is deal i of the single process's run
// (`parlour play GAME --seed (from + i)`), whoever solves it, and rank 0
// puts each deal's verdict in its place, so the report is the single
// process's. `job.chunk` counts deals.
[[nodiscard]] Result<SolveSummary> solve(const SolveSpec& spec, const Job& job);

// The time rank 0 spent handing chunks out and taking results in, and the
// number of chunks, over the simulations of this process (for
// bench/mpi_scaling.sh's overhead figure).
struct Traffic {
  double seconds = 0;
  std::uint64_t chunks = 0;
};
Traffic traffic();

}  // namespace parlour::mpi
