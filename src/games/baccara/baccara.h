// Baccara (baccara banque, à deux tableaux): seed 003 (003_f6f2248119171254.txt)
// keeps the end of Foster's Complete Hoyle's account, its drawing and
// settlement; the rest is Foster's (Gutenberg #53881), with Hoffmann's Hoyle's
// Games Modernized, as rules.md names. A banker plays against two sides of
// punters, right and left; on each side one punter holds the cards for it.
// Two cards each to the right, the left and the banker; tens and court cards
// count nothing and a point is the last figure of the sum. An 8 or 9 is shown
// at once and nobody draws; otherwise a card is offered face down to the
// right, then the left, and the banker may or must take one; one card at most
// each. Each side wins or loses with the banker alone, at even money; ties
// are a stand-off.
//
// Design decisions:
// - Punters stake on their own side, in turn R1, L1, R2, L2..., before the
//   deal, within `limit`, their chips, and what is left of the bank (the
//   banker's chips): no balance falls below zero. Stakes lie in two pots, one
//   a side.
// - The shoe (`packs` packs) is dealt through, coup after coup, and shuffled
//   anew when fewer than 10 cards remain; the cards of a coup go face up to
//   the discards.
// - What a seat cannot see: the other hands' two cards until shown, and the
//   shoe. A card offered and taken lies face up. Having shown no 8 or 9 tells
//   that a hand is no natural; the resampler keeps that.
#pragma once

#include <cstdint>
#include <optional>

#include "core/game.h"

namespace parlour::baccara {

inline constexpr int kMaxPlayers = 11;  // Foster: "from three to eleven"
inline constexpr int kMaxRounds = 20;   // of the bank round the table, in a match

// A card's points: tens and court cards 0, the ace 1, the rest their pips.
constexpr int pips(Card c) {
  return c.rank() >= kTen ? 0 : static_cast<int>(c.rank());
}

enum Side : std::uint8_t { kRight, kLeft, kNoSide };

struct Rules {
  int players = 5;
  int packs = 3;       // Foster: "Three packs of fifty-two cards each"
  int limit = 10;      // the most one punter may stake on a coup
  int chips = 100;     // chips each player starts with
  int bank_hands = 5;  // coups a banker holds the bank before it passes left
  int rounds = 1;      // times the bank goes round the table in a match

  static Rules from(const Config& c);
  int match_hands() const { return players * bank_hands * rounds; }
};

// A move: a stake of n chips on the punter's side (0: none this coup), take
// the card offered (or draw, for the banker), or refuse it (stand).
struct Move {
  enum Kind : std::uint8_t { kStake, kTake, kRefuse };
  Kind kind = kRefuse;
  int chips = 0;  // kStake

  static constexpr Move stake(int n) { return {kStake, n}; }
  static constexpr Move take() { return {kTake, 0}; }
  static constexpr Move refuse() { return {kRefuse, 0}; }
  constexpr Action encode() const {
    return kind == kTake ? 1 : kind == kRefuse ? 2 : 100 + static_cast<Action>(chips);
  }
  static constexpr std::optional<Move> decode(Action a) {
    if (a == 1) return take();
    if (a == 2) return refuse();
    if (a >= 100 && a <= 100 + 100000) return stake(static_cast<int>(a - 100));
    return std::nullopt;
  }
  bool operator==(const Move&) const = default;
};

GameInfo game_info();

}  // namespace parlour::baccara
