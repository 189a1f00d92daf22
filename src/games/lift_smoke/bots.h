// Lift Smoke's own bot, its search hints and its resampler. The bot sees only
// its seat's Observation.
#pragma once

#include <memory>

#include "core/game.h"
#include "kit/dd_sample.h"

namespace parlour::lift_smoke {

class LiftSmokeState;

// Plays to win tricks, for only the winner draws: leads a card none can beat
// in its suit (a trump first), else its highest side card; following, wins
// with its cheapest card when it is last or sure to hold the trick, else with
// its highest; when it cannot win, throws its least card, trumps kept.
std::unique_ptr<Bot> make_heuristic_bot();

// Perfect-information sampling (kit/dd_sample.h): for each card, deals the
// other hands and the stock's order anew as its view allows and searches
// each deal to its end, every other player against it (with two players,
// the game itself); plays the card that outlasts the others in the most
// deals. A deal not settled within 200,000 positions (the first cards of
// a game of several) counts for nothing; with none settled, the heuristic
// plays.
std::unique_ptr<Bot> make_dd_sample_bot(kit::DdSampleOptions options = {});

// That policy for seat `me`, which may act. It reads only what the seat
// knows, so it may run on a sampled state.
Action heuristic_action(const LiftSmokeState& s, Seat me);

// The heuristic policy and an estimate of each seat's place, for searches.
const SearchHints& search_hints();

// Deals what a seat cannot see (the other hands and the stock) anew, never
// more cards of a suit than a seat can hold by what it has shown (resample.cc).
const Resampler& resampler();

}  // namespace parlour::lift_smoke
