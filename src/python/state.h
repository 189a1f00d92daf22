// parlour.State: one game in progress, on the engine's own Table (which
// resolves chance from the seed, checks every action and keeps the record).
#pragma once

#include "python/python.h"
#include "rl/encode.h"

namespace parlour::python {

// A seat's information state as far as it has been read, and the replay it
// was read from: a table of its own, left after the seat actions seen, so
// that the next information_state_tensor() goes on from there. Replaying from
// the deal at each call cost time in the game's length: asked at every step,
// 196 us a call on average over an Old Maid game and 574 us over an Oh Hell!
// match, against 21 and 13 us now.
struct InfoSoFar {
  explicit InfoSoFar(const rl::InfoShape& shape) : info(shape) {}
  Seat viewer = kNobody;
  std::size_t seen = 0;   // seat actions of the game's record seen
  std::size_t given = 0;  // chance outcomes given when the replay began
  std::unique_ptr<Table> replay;
  rl::InfoState info;
  View before, after;  // buffers, filled with the cards alone
};

struct State {
  std::shared_ptr<Game> game;
  std::unique_ptr<Table> table;
  mutable std::vector<Action> legal;     // a buffer
  mutable std::vector<InfoSoFar> infos;  // a seat's each, made when asked
};

std::unique_ptr<State> new_state(const std::shared_ptr<Game>& g, std::uint64_t seed);
std::unique_ptr<State> deserialize_state(const std::shared_ptr<Game>& g, const std::string& text);

}  // namespace parlour::python
