// Verish' Ne Verish''s own bot, its hints for searches, and its sampler. The
// bot sees only its seat's Observation.
#pragma once

#include <array>
#include <memory>

#include "core/game.h"

namespace parlour::verish_ne_verish {

class VerishState;

// Plays every card it holds of the rank in play (the truth), else one card of
// a rank it holds little of and may be the one laid aside (a lie); says "Ne
// verish'" when the cards it knows of make the claim impossible, when letting
// the play stand would leave it last, or when the claim is unlikely by the
// cards it cannot see; puts every set of four away.
std::unique_ptr<Bot> make_canny_bot();

// That policy for seat `me`, which may act. It reads only what the seat
// knows (its hand, what it saw) and the public table, so it may run on a
// sampled state.
Action canny_action(const VerishState& s, Seat me, Rng& rng);

// What seat `me` knows of where the cards are, by rank.
struct Knowledge {
  std::array<int, RANK_NB> seen{};  // cards of the rank whose place it knows
  std::array<int, RANK_NB> mine{};  // in its hand, or being put down by it
  int unseen = 0;                   // cards whose place it does not know
};
Knowledge knowledge(const VerishState& s, Seat me);

// The chance, as seat `me` may reckon it, that the last play is what it claims.
double chance_true(const VerishState& s, Seat me, const Knowledge& k);

// The canny policy, and each seat's chance of not being left with the cards,
// for searches (GameInfo::search).
const SearchHints& search_hints();

// Samples hidden cards consistently with a seat's view (resample.cc).
const Resampler& resampler();

}  // namespace parlour::verish_ne_verish
