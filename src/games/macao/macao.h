// Macao: seed 003 (003_f6f2248119171254.txt), "a variety of Vingt-et-un",
// completed from the period accounts rules.md names. A banker plays against
// the others (punters). Each punter stakes before the deal; everyone gets one
// card; tens and court cards count nothing, the ace one, and the aim is 9. A
// natural 9, 8 or 7 is paid three times, twice or once; a banker's natural
// collects the same from each. Otherwise the punters draw in turn, then the
// banker, and each punter settles with the banker alone. The bank passes to
// the left after an agreed number of hands; a match ends when each player has
// held the bank as often. rules.md gives the rules and our readings.
//
// Design decisions:
// - Stakes are placed in turn from the banker's left, openly, before the
//   deal, within what the table allows: no more than `limit`, no more than a
//   third of the punter's chips (a banker's 9 natural costs three times the
//   stake), and no more than the bank can still cover three times over. So
//   no balance ever falls below zero.
// - A stake lies in a pot of the Chips, one pot a seat.
// - The pack is shuffled for each hand; the undealt cards are the stock, face
//   down, and a card drawn is dealt face up.
// - What a seat cannot see: the others' first cards and the stock. Having
//   shown no natural tells that a first card is not a 7, 8 or 9; the
//   resampler keeps that.
#pragma once

#include <cstdint>
#include <optional>

#include "core/game.h"

namespace parlour::macao {

inline constexpr int kMaxPlayers = 8;

// A card's points: tens and court cards 0, the ace 1, the rest their pips.
constexpr int points(Card c) {
  return c.rank() >= kTen ? 0 : static_cast<int>(c.rank());
}
// "The number to be reached is 9": a one-card 7, 8 or 9 is a natural, paid
// once, twice or three times.
constexpr int natural_multiple(int pts) {
  return pts >= 7 && pts <= 9 ? pts - 6 : 0;
}

enum class Ties : std::uint8_t {
  kStandOff,  // equal points: nothing paid (Foster's Vingt-et-un)
  kBanker,    // equal points: the banker wins (Peel's Vingt-et-un; Macao, 1905)
};

struct Rules {
  int players = 4;
  int limit = 5;       // the most a punter may stake
  int chips = 50;      // chips each player starts with
  int bank_hands = 1;  // hands a banker holds the bank before it passes left
  int rounds = 3;      // times the bank goes round the table in a match
  Ties ties = Ties::kStandOff;

  static Rules from(const Config& c);
  int match_hands() const { return players * bank_hands * rounds; }
};

// A move: a stake of n chips (0: sit this hand out), draw a card, or stand.
struct Move {
  enum Kind : std::uint8_t { kStake, kDraw, kStand };
  Kind kind = kStand;
  int chips = 0;  // kStake

  static constexpr Move stake(int n) { return {kStake, n}; }
  static constexpr Move draw() { return {kDraw, 0}; }
  static constexpr Move stand() { return {kStand, 0}; }
  constexpr Action encode() const {
    return kind == kDraw ? 1 : kind == kStand ? 2 : 100 + static_cast<Action>(chips);
  }
  static constexpr std::optional<Move> decode(Action a) {
    if (a == 1) return draw();
    if (a == 2) return stand();
    if (a >= 100 && a <= 100 + 1000) return stake(static_cast<int>(a - 100));
    return std::nullopt;
  }
  bool operator==(const Move&) const = default;
};

GameInfo game_info();

}  // namespace parlour::macao
