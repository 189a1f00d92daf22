// Cheat's own bot. It sees only its seat's Observation.
#pragma once

#include <memory>

#include "core/game.h"

namespace parlour::cheat {

class CheatState;

// Plays every card of the rank called for when it has any (the truth), else
// one card it will want least soon (a lie); calls "Cheat!" when the claim
// cannot be true by the cards it knows of, when the caller would go out, or
// when the claim is unlikely by the cards it cannot see.
std::unique_ptr<Bot> make_sharp_bot();

// That policy for seat `me`, which may act. It reads only what the seat
// knows (its hand, what it saw) and the public table, so it may run on a
// sampled state.
Action sharp_action(const CheatState& s, Seat me, Rng& rng);

// The sharp policy and a count of cards, for searches (GameInfo::search).
const SearchHints& search_hints();

// Samples hidden cards consistently with a seat's view (resample.cc).
const Resampler& resampler();

}  // namespace parlour::cheat
