// Chase the Ace (Ranter-go-Round, Cuckoo; Le Her for two): one card each,
// keep it or make your left-hand neighbour exchange, the dealer may cut a new
// one, and the lowest card loses a life. Source: seed 004
// (004_51e9d4c9f9ca782a.txt, Parlett). rules.md beside this file gives every
// rule, its source and each reading we made (`parlour rules chase-the-ace`).
//
// Design decisions:
// - A round is a short sequence of typed moves: each player but the dealer,
//   from the eldest, keeps or asks to exchange; the dealer stands or cuts. The
//   neighbour's answer is not a move: holding a King he always refuses, and
//   otherwise he may not (seed 004: "may refuse only if he holds a King").
// - A King is always kept (and turned face up): giving it away can never help.
// - What each seat knows travels with the cards: an exchange shows both
//   players both cards, a King kept or shown is face up, an announced Ace,
//   Two or Three is public. Everyone can also tell that a card kept without
//   being turned up, or passed in an exchange, is no King; the resampler
//   honours that.
// - With two players the round is Le Her, whose exact equilibrium the
//   "equilibrium" bot computes from these rules (le_her.h).
#pragma once

#include <cstdint>
#include <optional>

#include "core/game.h"
#include "games/chase_the_ace/le_her.h"

namespace parlour::chase_the_ace {

enum class Draw : std::uint8_t { kCut, kTop };          // how the dealer replaces his card
enum class LastTie : std::uint8_t { kReplay, kShare };  // everyone left loses the last life at once

// The options of one game, resolved from a Config.
struct Rules {
  int players = 4;
  int lives = 3;
  DealerKing dealer_king = DealerKing::kCounts;
  Draw draw = Draw::kCut;
  bool announce = false;  // passing an Ace, Two or Three to the right is announced
  bool cuckoo = false;    // a King shown in refusal says "Cuckoo!"
  LastTie last_tie = LastTie::kReplay;

  static Rules from(const Config& c);
  // The round between two players, as the equilibrium sees it.
  LeHerRules le_her() const { return {dealer_king, false, true}; }
};

// A move, typed; an Action only at the interface.
enum class Move : std::uint8_t {
  kKeep,      // keep your card (a King is turned face up)
  kExchange,  // ask your left-hand neighbour to exchange
  kStand,     // the dealer stands pat
  kCut,       // the dealer rejects his card and cuts (or takes the top card)
};
inline constexpr Action encode(Move m) {
  return static_cast<Action>(m);
}
inline constexpr std::optional<Move> decode(Action a) {
  return a <= 3 ? std::optional<Move>(static_cast<Move>(a)) : std::nullopt;
}

// The registration entry.
GameInfo game_info();

}  // namespace parlour::chase_the_ace
