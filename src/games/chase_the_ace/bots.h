// Chase the Ace's own bots. Both see only their seat's Observation: they read
// a state sampled consistently with their view, in which only what they can
// see is real.
#pragma once

#include <memory>

#include "core/game.h"

namespace parlour::chase_the_ace {

class ChaseState;

// Heads-up (two players left in the round), plays Le Her's exact equilibrium
// for the game's rules, computed by linear programming (le_her.h), drawing
// mixed choices from its own random stream. With more players it plays as
// the heuristic bot.
std::unique_ptr<Bot> make_equilibrium_bot();

// Keeps or exchanges, stands or cuts, by the chance of ending with the lowest
// card: each other player's card is taken as one drawn from the cards this
// seat has not seen (no King where everyone can tell there is none), a card
// it knows is lower than its own makes it safe, and the dealer's cut is a
// card from the pack.
std::unique_ptr<Bot> make_heuristic_bot();

// The heuristic choice of seat `me`, which is to move in `s`. Reads only what
// `me` can see (and what everyone can tell), so `s` may be a sample.
Action heuristic_action(const ChaseState& s, Seat me);

// For searches (bots/ismcts.h): the heuristic as the policy, and a position's
// worth to each seat by its lives against each other player's.
const SearchHints& search_hints();

}  // namespace parlour::chase_the_ace
