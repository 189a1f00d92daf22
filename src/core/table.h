// A Table drives one game: it owns the state, resolves chance from the seed,
// and keeps the actions for the record. The terminal, the simulator and the
// server all play through it, so every game is played the same way.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/game.h"
#include "core/record.h"
#include "core/registry.h"

namespace parlour {

class Table {
 public:
  Table(const Selection& sel, Config config, std::uint64_t seed);

  const State& state() const { return *state_; }
  const Selection& selection() const { return sel_; }
  const Config& config() const { return config_; }
  std::uint64_t seed() const { return seed_; }

  // Resolves one chance event. REQUIRES: state().to_move() == kChance.
  void chance();
  // Whether a seat may play `a` now.
  bool legal(Action a) const;
  // Applies a seat's action if legal; false (and nothing changes) otherwise.
  [[nodiscard]] bool act(Action a);

  // The record so far (with the outcome once the game is over).
  Record record() const;

 private:
  Selection sel_;
  Config config_;
  std::uint64_t seed_;
  Rng chance_rng_;
  std::unique_ptr<State> state_;
  std::vector<Action> actions_;
  std::vector<std::string> labels_;
};

}  // namespace parlour
