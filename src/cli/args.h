// The options of the commands that parlour-mpi takes as parlour does (sim,
// tournament, fairness), defined once for both programs.
#pragma once

#include <CLI/CLI.hpp>

#include "cli/commands.h"

namespace parlour::cli {

// Each adds its subcommand to `app`, its options written into `a`.
CLI::App* add_sim(CLI::App& app, SimArgs& a);
CLI::App* add_tournament(CLI::App& app, SimArgs& a);
CLI::App* add_fairness(CLI::App& app, FairnessArgs& a);

}  // namespace parlour::cli
