// Conquian's own bot, its search hints and its resampler. The bot sees only
// its seat's Observation.
#pragma once

#include <memory>

#include "core/game.h"

namespace parlour::conquian {

class ConquianState;

// Melds whenever it can, the meld that lays down the most cards; keeps the
// cards that join others and discards the one least likely to help, never
// one the other player's melds would take; forces a card on a player left
// with two cards or fewer, so that he must break what he waits with.
std::unique_ptr<Bot> make_heuristic_bot();

// The heuristic's move for `me`, which may act. It reads only what the seat
// knows, so it may run on a sampled state.
Action heuristic_action(const ConquianState& s, Seat me);

const SearchHints& search_hints();

// Deals what a seat cannot see (the other player's hand and the order of the
// stock) anew; every card on the table, faced, melded or turned down, stays.
const Resampler& resampler();

}  // namespace parlour::conquian
