// Farmer: seed 003 (003_f6f2248119171254.txt) gives its opening, the pack and
// the count; the rest is Foster's Complete Hoyle (Gutenberg #53881), as
// rules.md quotes. The pack is 45 cards: no 8s, and no 6 but the six of
// hearts; court cards count 10, the ace 1, the rest their pips. Each player
// puts a counter into a pool, the farm, and a farmer buys it. He deals one
// card to each other player and takes none; from his left each must take at
// least one card more and may draw on, to get as near 16 as he can, saying
// nothing if he overdraws. Then every hand is shown: exactly 16 takes the
// farm; every hand over 16 pays the farmer a counter a point over; the hand
// nearest 16 takes a counter from each of the others. With no 16 the farmer
// deals again; a farm won is sold anew. rules.md gives the rules and our
// readings.
//
// Design decisions:
// - The farm is sold without an auction (our reading): the first farmer is
//   the player the six of hearts falls to when cards are dealt round face up,
//   and his price is the option `price`. A farm won is sold again as option
//   `new-farmer` says (by the six of hearts again, by default).
// - Every card a player receives lies face down before him: nobody but he
//   knows his count until all are helped, and a player over 16 says nothing:
//   he stands like anyone else.
// - The farm is pot 0 of the Chips. A balance may fall below zero: a player
//   owes what he cannot pay, as counters settled at the end.
// - A match is `deals` deals, played on until the farm standing is won, so
//   that no farm is left unsold; the players then rank by their counters.
// - What a seat cannot see: the other players' cards until the hands are
//   shown, and the pack. Having drawn again tells that a hand was 15 or less
//   before the card; the resampler keeps that.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/game.h"

namespace parlour::farmer {

// Twelve players at most: with a hand drawing only while it holds 15 or
// less, eleven hands can never take more than 43 of the 45 cards.
inline constexpr int kMaxPlayers = 12;
inline constexpr int kPackSize = 45;
inline constexpr int kTarget = 16;
inline constexpr Card kSixOfHearts = Card::standard(kSix, kHearts);

// Seed 003: "All court cards count for 10, the ace for 1, and all others at
// their face value."
constexpr int points(Card c) {
  return c.rank() >= kTen ? 10 : static_cast<int>(c.rank());
}
// Seed 003: "All the 8's and all the 6's but the ♡6 are discarded from a pack
// of fifty-two cards."
constexpr bool in_pack(Card c) {
  return c.is_standard() && c.rank() != kEight && (c.rank() != kSix || c == kSixOfHearts);
}
// The 45 cards, in the order of standard_deck().
std::vector<Card> farmer_pack();

// Who buys a farm once the last was won.
enum class NewFarmer : std::uint8_t {
  kSixOfHearts,  // "resold as in the beginning": the six of hearts dealt round again
  kWinner,       // the player who won the farm (Vingt-et-un's old rule for the bank)
  kLeft,         // the player on the last farmer's left (Vingt-et-un's modern practice)
};

struct Rules {
  int players = 4;
  int price = 12;     // counters the farmer puts into the farm he buys
  int counters = 50;  // counters each player starts with
  int deals = 12;     // deals in a match, played on until the farm is won
  NewFarmer new_farmer = NewFarmer::kSixOfHearts;

  static Rules from(const Config& c);
};

// A move: take a card (face down) or stand.
struct Move {
  enum Kind : std::uint8_t { kTake, kStand };
  Kind kind = kStand;

  static constexpr Move take() { return {kTake}; }
  static constexpr Move stand() { return {kStand}; }
  constexpr Action encode() const { return kind == kTake ? 1 : 2; }
  static constexpr std::optional<Move> decode(Action a) {
    if (a == 1) return take();
    if (a == 2) return stand();
    return std::nullopt;
  }
  bool operator==(const Move&) const = default;
};

GameInfo game_info();

}  // namespace parlour::farmer
