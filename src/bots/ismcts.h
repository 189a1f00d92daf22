// Information-set Monte Carlo tree search (ISMCTS; Cowling, Powley and
// Whitehouse, "Information Set Monte Carlo Tree Search", 2012): a bot for any
// game that can sample the cards a seat cannot see (GameInfo::resampler).
//
// Each iteration deals the hidden cards anew, consistently with the bot's
// view (Observation::sample), then walks one tree shared by every such deal:
// a node's children are the actions taken from it, whoever took them; the
// actions legal in this deal are the ones it may choose among, by UCB with
// availability counts (a child is weighed against the times it could have
// been chosen). Chance is resolved afresh in every deal. Below the tree the
// game is played out at random to its end, and every seat's result is backed
// up: each seat chooses for itself in the tree.
//
// Where a game gives SearchHints, the other seats play by its policy, in the
// tree as in play-outs (the tree then holds this seat's choices alone: in a
// single tree over deals that all share this seat's own cards, opponents
// choosing by the tree would play as if they saw them), play-outs take a
// share of random moves, and stop after `depth` moves, or where the hints
// call the position settled (the end of a deal), scored by its estimate.
// Where the hints say the policy's move stands (overrule), the bot plays it
// without searching. Where they say luck outweighs a move
// (same_deals), the root's moves are compared on the same sampled deals,
// each played out by the policy with one random stream, and the policy's move
// stands unless another gains clearly, deal by deal. The search itself is the
// same for every game.
//
// Reproducible: the same observation and random stream give the same move.
// The budget is iterations, or time (not reproducible then).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>

#include "core/game.h"
#include "core/status.h"

namespace parlour {

struct IsmctsOptions {
  int iterations = 500;       // per move
  double seconds = 0;         // if above zero: the budget is time, not iterations
  double exploration = 0.7;   // UCB's constant, for results in [0, 1]
  int max_rollout = 2000;     // steps of a play-out before it is scored where it stands
  int depth = 60;             // with the game's hints: moves of a play-out before its estimate
  double random_share = 0.1;  // with the game's hints: the share of play-out moves made at random
  double margin = 2;  // with the game's hints: standard errors by which a move must beat the
                      // policy's (plus half the log of the number of other moves)
  int min_visits =
      30;  // with the game's hints: the visits a move needs to be chosen over the policy's
};

// `hints`: the game's SearchHints, or null.
std::unique_ptr<Bot> make_ismcts_bot(const IsmctsOptions& options = {},
                                     const SearchHints* hints = nullptr);

// "ismcts", "ismcts:5000" (iterations) or "ismcts:2s" (seconds): the options,
// or nothing if `name` is not of that form. Total: any text gives an answer,
// never an exception.
std::optional<IsmctsOptions> parse_ismcts(std::string_view name);
// The same, or an error naming what is wrong with `name` and what is accepted.
[[nodiscard]] Result<IsmctsOptions> read_ismcts(std::string_view name);

// A seat's result of a finished game in [0, 1], 1 best: not losing where a
// game has only losers, winning a solitaire, otherwise by place.
double seat_reward(const Outcome& o, Seat seat);

}  // namespace parlour
