// The options of the commands that parlour-mpi takes as parlour does (sim,
// tournament, fairness, solve), defined once for both programs.
#pragma once

#include <CLI/CLI.hpp>

#include "cli/commands.h"

namespace parlour::cli {

// Each adds its subcommand to `app`, its options written into `a`.
CLI::App* add_sim(CLI::App& app, SimArgs& a);
CLI::App* add_tournament(CLI::App& app, SimArgs& a);
CLI::App* add_fairness(CLI::App& app, FairnessArgs& a);
CLI::App* add_solve(CLI::App& app, SolveArgs& a);

}  // namespace parlour::cli
