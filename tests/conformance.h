// The conformance harness every game's test runs, and the generic test runs
// over every registered game: random playouts that check cards are conserved,
// views reveal nothing a seat may not see, records replay exactly, every seat
// to move has a legal action, and games end.
#pragma once

#include <cstdint>
#include <string>

#include "core/game.h"
#include "core/record.h"
#include "core/registry.h"

namespace parlour::testing {

struct ConformanceOptions {
  int games = 20;
  std::uint64_t seed = 1;
  int max_steps = 200000;   // a game longer than this fails "games end"
  int resample_every = 7;   // leak check every Nth step (resampling is costly)
};

// Plays `opt.games` random games of `sel` with `config` and checks every
// invariant at every step, with gtest assertions.
void check_conformance(const Selection& sel, const Config& config, const ConformanceOptions& opt = {});

// The same over every preset and every player count it allows.
void check_all_presets(const GameInfo& game, const ConformanceOptions& opt = {});

// Plays one random game to the end through a Table; returns the record.
Record random_game(const Selection& sel, const Config& config, std::uint64_t seed);

}  // namespace parlour::testing
