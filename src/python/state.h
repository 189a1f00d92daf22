// parlour.State: one game in progress, on the engine's own Table (which
// resolves chance from the seed, checks every action and keeps the record).
#pragma once

#include "python/python.h"

namespace parlour::python {

struct State {
  std::shared_ptr<Game> game;
  std::unique_ptr<Table> table;
  mutable std::vector<Action> legal;  // a buffer
};

std::unique_ptr<State> new_state(const std::shared_ptr<Game>& g, std::uint64_t seed);
std::unique_ptr<State> deserialize_state(const std::shared_ptr<Game>& g, const std::string& text);

}  // namespace parlour::python
