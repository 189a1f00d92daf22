// Polignac's own bot, its search hints and its resampler. The bot sees only
// its seat's Observation.
#pragma once

#include <memory>

#include "core/game.h"

namespace parlour::polignac {

class PolignacState;

// Keeps out of tricks that hold Jacks: leads low cards that others can beat;
// following suit, plays the highest card under the one winning (a Jack
// first), else the lowest unless it is last to play; when it cannot follow,
// throws Polignac, then the other Jacks, then its highest cards. Announces
// capot only on a hand that cannot lose a trick; against a capot it plays to
// win a trick.
std::unique_ptr<Bot> make_heuristic_bot();

// Whether the hand of `me` takes every trick however the others play.
bool sure_capot(const PolignacState& s, Seat me);

// That policy for seat `me`, which may act. It reads only what the seat
// knows (its hand, the cards played, the announcements), so it may run on a
// sampled state.
Action heuristic_action(const PolignacState& s, Seat me);

// The heuristic policy and an estimate of the final standings, for searches.
const SearchHints& search_hints();

// Deals the other hands anew, never a card of a suit a seat has shown it
// lacks (resample.cc).
const Resampler& resampler();

}  // namespace parlour::polignac
