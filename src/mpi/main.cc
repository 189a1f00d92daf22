// parlour-mpi: `parlour sim`, `tournament`, `fairness` and `solve` over the
// ranks of an MPI job, with the single process's figures and output, byte for
// byte (solve's times excepted, which are never the same twice).
//
//   mpirun -n 4 build/parlour-mpi sim old-maid --games 100000000 --seed 7 --threads 2
//
// Every rank parses the same arguments and runs the same command; rank 0
// alone prints (the others' output goes nowhere) and writes files. Bad
// arguments are refused by every rank alike, so no rank waits for another;
// rank 0 says why, and the job exits with status 2.
#include <mpi.h>

#include <CLI/CLI.hpp>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>

#include "cli/args.h"
#include "cli/commands.h"
#include "games/registry.h"
#include "mpi/mpi_sim.h"

int main(int argc, char** argv) {
  using namespace parlour;
  int provided = 0;
  // Only the main thread calls MPI; the game threads never do.
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  mpi::Job job;
  MPI_Comm_rank(MPI_COMM_WORLD, &job.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &job.ranks);
  register_all_games();

  CLI::App app{"parlour-mpi: Parlour's simulations over the ranks of an MPI job (mpirun)."};
  app.name("parlour-mpi");
  app.require_subcommand(1);
  cli::SimArgs sa, ta;
  cli::FairnessArgs fa;
  cli::SolveArgs va;
  std::uint64_t chunk = 65536;
  // A deal solved takes a thousand times a game played: solve's work units
  // are smaller.
  constexpr std::uint64_t kSolveChunk = 16;
  bool traffic = false;
  const auto began = std::chrono::steady_clock::now();
  CLI::App* solvec = cli::add_solve(app, va);
  for (CLI::App* c :
       {cli::add_sim(app, sa), cli::add_tournament(app, ta), cli::add_fairness(app, fa), solvec}) {
    c->add_option("--chunk", chunk,
                  c == solvec ? "deals a work unit handed to a rank (default 16)"
                              : "games a work unit handed to a rank (default 65536)")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
    c->add_option("--checkpoint", job.checkpoint,
                  "keep the finished chunks and their sums in FILE (every 10 s and at the end); "
                  "run again with the same flags and FILE to play only the rest");
    c->add_option("--checkpoint-every", job.checkpoint_seconds,
                  "seconds between checkpoints (default 10)")
        ->check(CLI::Range(0.05, 86400.0));
    c->add_flag("--traffic", traffic,
                "say on stderr how long rank 0 spent handing chunks out and taking results in");
  }

  // Rank 0 speaks; the others' words go nowhere.
  std::ostringstream nowhere;
  std::ostream& out = job.rank == 0 ? std::cout : nowhere;
  std::ostream& err = job.rank == 0 ? std::cerr : nowhere;
  int status = 2;
  try {
    app.parse(argc, argv);
    job.chunk = chunk;
    const auto run = [job](const SimSpec& spec) { return mpi::simulate(spec, job); };
    const bool quiet = job.rank != 0;
    if (app.got_subcommand("sim")) {
      if (!sa.journal.empty())
        throw CLI::ValidationError("--journal",
                                   "parlour-mpi keeps no journal: run `parlour sim` for one");
      sa.run = run, sa.quiet = quiet;
      status = cli::sim(sa, out, err, false);
    } else if (app.got_subcommand("tournament")) {
      if (!ta.journal.empty())
        throw CLI::ValidationError(
            "--journal", "parlour-mpi keeps no journal: run `parlour tournament` for one");
      ta.run = run, ta.quiet = quiet;
      status = cli::tournament(ta, out, err, false);
    } else if (app.got_subcommand("fairness")) {
      fa.run = run, fa.quiet = quiet;
      status = cli::fairness(fa, out, err);
    } else if (app.got_subcommand("solve")) {
      if (solvec->get_option("--chunk")->count() == 0) job.chunk = kSolveChunk;
      va.run = [job](const SolveSpec& spec) { return mpi::solve(spec, job); };
      va.processes = job.ranks;
      // One position (--record) is solved by rank 0 alone: the others would
      // only repeat it.
      status = !va.record.empty() && job.rank != 0 ? 0 : cli::solve(va, cli::Style{}, out, err);
    }
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) {
      app.exit(e, out, err);
      status = 0;
    } else {
      err << "parlour-mpi: " << e.what() << "\n"
          << "Run `parlour-mpi --help` (or `parlour-mpi COMMAND --help`) for usage.\n";
      status = 2;
    }
  }
  out << std::flush;
  if (traffic && job.rank == 0) {
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    const mpi::Traffic t = mpi::traffic();
    char line[200];
    std::snprintf(line, sizeof line,
                  "parlour-mpi: rank 0 spent %.4f s handing out %llu chunks to %d ranks: %.3f%% "
                  "of %.2f s\n",
                  t.seconds, static_cast<unsigned long long>(t.chunks), job.ranks,
                  100 * t.seconds / wall, wall);
    std::cerr << line;
  }
  MPI_Finalize();
  return status;
}
