// Registers every game with the core registry. Idempotent; call it once at
// start-up, before looking games up. The list of games is written by the
// build from the folders under src/games (see cmake/parlour.cmake): adding a
// game is adding its folder.
#pragma once

#include "core/game.h"

namespace parlour {

void register_all_games();

namespace games_list {
// Generated: calls `add` with every game's GameInfo, in the order of the folders' names.
void add_all(void (*add)(GameInfo));
}  // namespace games_list

}  // namespace parlour
