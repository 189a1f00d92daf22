// Records: a finished (or interrupted) game as JSON, holding what reproduces
// it exactly: game, options, player count, seed and the seats' actions, each
// with the seat that took it. Chance is replayed from the seed. The outcome is
// stored too, so a tampered record is caught when its replay ends differently.
//
//   {"format": "parlour-record", "version": 2, "game": "old-maid",
//    "preset": "schwarzer-peter", "players": 4, "options": {"odd": "jack", ...},
//    "seed": 7, "actions": [[0, 1], [0, 0], [1, 35], ...], "labels": ["shuffle", ...],
//    "outcome": {"kind": "loser", "scores": [...], "places": [...], "summary": "..."}}
//
// Each action is [seat, action]. Version 3 adds chance given one draw at a
// time (Python's chance_outcomes; core/rng.h's Draws): "chance" lists
// [event, [draw, ...]] for each chance event (counted from 0) whose first
// draws were given, any further draws of it coming from the seed's stream;
// "pending" is [event, [draw, ...]] for the event the game waits at, given
// some draws but not yet decided; "waits_at_chance" is the number of chance
// events resolved in a game stopped at chance (Python's states may stop
// there; play settles chance at once). A record with none of these is written
// as version 2, so that what every game writes in play is unchanged. Version
// 1 records (plain action numbers, written before several seats could act at
// once) are read too: their seats are worked out on replay. "labels" is for people reading the file; replay
// ignores it. Replaying is in core/table.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.h"

namespace parlour {

struct SeatAction {
  Seat seat = kNobody;  // kNobody: not recorded (version 1)
  Action action = 0;
  bool operator==(const SeatAction&) const = default;
};

// The first draws of one chance event, given from outside (see above).
struct GivenChance {
  std::uint32_t event = 0;  // the game's chance events, counted from 0
  std::vector<std::uint32_t> draws;
  bool operator==(const GivenChance&) const = default;
};

struct Record {
  int version = 2;
  std::string game;    // registered game name
  std::string preset;  // the name that was played, for people; may equal game
  int players = 0;
  std::vector<std::string> options;  // "key=value", every option
  std::uint64_t seed = 0;
  std::vector<SeatAction> moves;
  std::vector<std::string> labels;
  std::optional<Outcome> outcome;  // absent while a game is unfinished
  std::vector<GivenChance> chance;  // version 3: ascending events
  std::optional<GivenChance> pending;  // version 3: the undecided event's draws
  std::optional<std::uint32_t> waits_at_chance;  // version 3: chance events resolved
};

// Writes the current version.
std::string to_json(const Record& r);
// Checks the shape and types of every field; names the first problem.
Result<Record> parse_record(std::string_view json);

}  // namespace parlour
