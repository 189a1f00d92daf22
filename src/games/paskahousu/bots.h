// Paskahousu's own bot. It sees only its seat's Observation.
#pragma once

#include <memory>

#include "core/game.h"

namespace parlour::paskahousu {

class PaskahousuState;

// Plays the truth when it can (a Ten or an Ace that clears first, then the
// lowest rank it holds, Twos last), lies with one card it needs least when
// the pile is small or the stock is gone, and otherwise draws and keeps.
// Challenges a play the cards it has seen make impossible, one that would
// take the player out, and one that is unlikely by the cards it cannot see.
std::unique_ptr<Bot> make_sharp_bot();

// That policy for seat `me`, which may act. It reads only what the seat
// knows (its hand, what it saw) and the public table, so it may run on a
// sampled state. Allocates nothing.
Action sharp_action(const PaskahousuState& s, Seat me, Rng& rng);

// The chance that a seat's call is true, as `me` judges it from what it has
// seen. REQUIRES: s.phase() is kWindow.
double chance_true(const PaskahousuState& s, Seat me);

// The sharp policy and a count of cards, for searches (GameInfo::search).
const SearchHints& search_hints();

// Samples hidden cards consistently with a seat's view (resample.cc).
const Resampler& resampler();

}  // namespace parlour::paskahousu
