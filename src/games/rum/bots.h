// Rum's own bot, its search hints and its resampler. The bot sees only its
// seat's Observation.
#pragma once

#include <memory>

#include "core/game.h"

namespace parlour::rum {

class RumState;

// Takes the discard only where it completes or extends a meld; melds and lays
// off all it can, so going out as soon as it can (seed 004: "the general aim
// is to go out as soon as possible"); discards its highest card that joins
// nothing, never the card it took; calls "Rummy" whenever it may.
std::unique_ptr<Bot> make_heuristic_bot();

// The heuristic's move for `me`, which may act. It reads only what the seat
// knows, so it may run on a sampled state.
Action heuristic_action(const RumState& s, Seat me);

const SearchHints& search_hints();

// Deals what a seat cannot see (the other hands, less the cards they took
// from the discard pile, and the order of the stock) anew.
const Resampler& resampler();

}  // namespace parlour::rum
