// Bachelor Girl's own bots. Both see only their seat's Observation.
#pragma once

#include <memory>

#include "core/game.h"

namespace parlour::bachelor_girl {

class BachelorGirlState;

// Takes whatever it can, uses the Bachelor Girl at once, claims every error,
// and lays the single card whose match is least likely to be out there.
std::unique_ptr<Bot> make_greedy_bot();

// Determinized Monte Carlo: for `samples` deals of the hidden cards consistent
// with its view (and with what everyone can infer), plays each legal move out
// to the end of the hand with the greedy policy for everyone, and leaves the
// greedy move only for one whose average lead is clearly better (two standard
// errors, on paired samples).
std::unique_ptr<Bot> make_search_bot(int samples = 256);

// The greedy policy for seat `me`, which may act. It reads only that seat's
// hand and the face-up table, so it may run on a sampled state.
Action greedy_action(const BachelorGirlState& s, Seat me);

}  // namespace parlour::bachelor_girl
