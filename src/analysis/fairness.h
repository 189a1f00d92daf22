// How fair each seat is under each rule variant: every seat's chance of losing,
// side by side for the variants a game declares (GameInfo::fairness), for each
// player count; exact where the game's exact odds are quick, simulated where
// not; a plain verdict per table, and a plot.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/sim.h"
#include "core/registry.h"

namespace parlour {

struct FairnessRow {
  std::string variant;       // the variant's description
  std::vector<double> lose;  // by seat
  double half_width = 0;     // 95% half-width (0 for exact figures)
  bool exact = false;
  double range() const;  // highest minus lowest chance of losing
};

struct FairnessTable {
  int players = 0;
  std::vector<FairnessRow> rows;
  std::string verdict;
};

struct FairnessSpec {
  const GameInfo* game = nullptr;
  int min_players = 2, max_players = 8;
  std::uint64_t games = 2000000;  // per simulated cell
  int exact_up_to = 3;            // players for which exact odds are used
  int threads = 1;
  SimRunner run;  // plays each simulated row; empty: simulate()
};

[[nodiscard]] Result<std::vector<FairnessTable>> fairness(const FairnessSpec& spec);
std::string format_fairness(const GameInfo& game, const std::vector<FairnessTable>& tables);
// Writes the plot with gnuplot (SVG or PNG by the file's ending).
[[nodiscard]] Status plot_fairness(const std::vector<FairnessTable>& tables,
                                   const std::string& path);

}  // namespace parlour
