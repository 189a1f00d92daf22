// Two tiny games that exist only for the tests of the engine, where the real
// games do not (yet) reach: a solitaire with undo, a state hash and a solver;
// and a game where several seats act at once, all of them (a hidden stake) or
// the first of them (a snap any seat may call). They are registered only in
// test programs (register_toy_games), never in `parlour list`.
#pragma once

#include "core/game.h"

namespace parlour::testing {

// "toy-patience": eight cards, two of each rank ace to four, dealt face up in
// two rows of four. Remove two cards of one rank that lie in the same row or
// the same column. Won when every card is gone; lost when no pair can be
// removed.
GameInfo toy_patience();

// "toy-snap", 2 to 4 players: each stakes 0 to 2 chips at once, unseen until
// all have staked; then cards are turned from a stock of twelve, one at a
// time, and whenever a card matches the rank of the one before, any player
// may call "snap" (or let it go): the first to call scores a point. At the
// end each player scores their snaps times their stake plus one.
GameInfo toy_snap();

// Registers both (idempotent).
void register_toy_games();

}  // namespace parlour::testing
