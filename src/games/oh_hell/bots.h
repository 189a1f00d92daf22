// Oh Hell!'s own bot, its search hints and its resampler. The bot sees only
// its seat's Observation.
#pragma once

#include <memory>

#include "core/game.h"
#include "kit/dd_sample.h"

namespace parlour::oh_hell {

class OhHellState;

// Bids the tricks its hand should take (high trumps, aces and kings by the
// length of their suits, short suits it can trump), never the dealer's
// forbidden bid; then plays to make the bid exactly: while it needs tricks
// it wins as cheaply as it can, once it has them it ducks, throwing its
// highest card that does not win.
std::unique_ptr<Bot> make_heuristic_bot();

// The tricks the hand of `me` should take, before the bidding.
double expected_tricks(const OhHellState& s, Seat me);

// That policy for seat `me`, which may act. It reads only what the seat
// knows (its hand, the bids, the cards played, the turned card), so it may
// run on a sampled state.
Action heuristic_action(const OhHellState& s, Seat me);

// The heuristic policy and an estimate of the final standings, for searches
// (GameInfo::search).
const SearchHints& search_hints();

// Deals what a seat cannot see (the others' hands and the stock) anew,
// never a card of a suit a seat has shown it lacks (resample.cc).
const Resampler& resampler();

// Bids as the heuristic; plays each card by double-dummy sampling
// (kit/dd_sample.h): deals the unseen cards anew as its view allows, and
// for each card the fewest and the most tricks it can take from there with
// the others against it; scores its bid by them (made if between, else as
// near as it can come) and plays the best mean.
std::unique_ptr<Bot> make_dd_sample_bot(kit::DdSampleOptions options = {});

// Double-dummy analysis of the play (`parlour dd --record`, `replay --dd`):
// each seat's own tricks.
const DoubleDummy& double_dummy();

}  // namespace parlour::oh_hell
