// Records: a finished (or interrupted) game as JSON, holding what reproduces
// it exactly: game, options, player count, seed and the seats' actions. Chance
// is replayed from the seed. The outcome is stored too, so a tampered record is
// caught when its replay ends differently.
//
//   {"format": "parlour-record", "version": 1, "game": "old-maid",
//    "preset": "schwarzer-peter", "players": 4, "options": {"odd": "jack", ...},
//    "seed": 7, "actions": [1, 0, 35, ...], "labels": ["shuffle", ...],
//    "outcome": {"scores": [...], "places": [...], "summary": "..."}}
//
// "labels" is for people reading the file; replay ignores it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"
#include "core/registry.h"

namespace parlour {

struct Record {
  std::string game;    // registered game name
  std::string preset;  // the name that was played, for people; may equal game
  int players = 0;
  std::vector<std::string> options;  // "key=value", every option
  std::uint64_t seed = 0;
  std::vector<Action> actions;
  std::vector<std::string> labels;
  std::optional<Outcome> outcome;  // absent while a game is unfinished
};

std::string to_json(const Record& r);
// Checks the shape and types of every field; names the first problem.
Result<Record> parse_record(std::string_view json);

struct Replayed {
  std::unique_ptr<State> state;  // after the last action (terminal if finished)
  const GameInfo* game = nullptr;
  Config config;
};

// Replays a record: every action must be legal where it stands, and a stored
// outcome must equal the replayed one. `on_step`, if set, is called after each
// transition (chance or seat) with the state.
Result<Replayed> replay(const Record& r,
                        const std::function<void(const State&)>& on_step = nullptr);

}  // namespace parlour
