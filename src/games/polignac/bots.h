// Polignac's own bot, its search hints and its resampler. The bot sees only
// its seat's Observation.
#pragma once

#include <memory>

#include "core/game.h"
#include "kit/dd_sample.h"

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

// Perfect-information sampling (kit/dd_sample.h): for each card, deals the
// unseen cards anew as its view allows and solves each deal double dummy,
// counting the Jacks' counters (DdPosition::points) with every other seat
// playing to make it take the most; plays the card with the fewest on
// average. Bids of capot, and the play while a capot stands, are the
// heuristic's; so are deals of eight players (the solver seats seven).
std::unique_ptr<Bot> make_dd_sample_bot(kit::DdSampleOptions options = {});

// The same reading for `parlour dd --record` and `replay --dd`: the fewest
// counters the player to move can be held to after each card.
const DoubleDummy& double_dummy();

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
