// Vingt-et-un, as Foster's Complete Hoyle gives it (Gutenberg #53881, the
// 1914 revision): the banking game seed 003's Macao is "a variety of". The
// dealer is the banker; each player stakes within the limit, two cards are
// dealt to each, an ace and a tenth card (a natural) is shown at once and paid
// double; the others draw in turn, face up, as near 21 as they dare, paying at
// once when créve; then the dealer shows his two and draws as he likes, and
// settles with each: more wins, less loses, the same is a tie. The deal
// passes to the left. rules.md gives the rules and our readings.
//
// Design decisions:
// - Stakes are placed in turn from the dealer's left, openly, within what the
//   table allows: no balance ever falls below zero (a punter may lose twice
//   his stake to a natural, twice that after the dealer's double).
// - After the first card each, the dealer may call on all to double; a player
//   who will not gives up his stake and sits the hand out (Foster).
// - The pack is dealt through, hand after hand; the discards lie face down and
//   are shuffled back when the stock could not serve another hand.
// - What a seat cannot see: the others' first two cards until shown, the
//   stock and the discards. Having shown no natural tells that two cards are
//   no natural; going créve tells that they take the total over 21.
#pragma once

#include <cstdint>
#include <optional>

#include "core/game.h"

namespace parlour::vingt_et_un {

inline constexpr int kMaxPlayers = 8;

// A card's value, an ace counting 1 here (best_total makes it 11 where it can).
constexpr int value(Card c) {
  return c.rank() >= kTen ? 10 : static_cast<int>(c.rank());
}

enum class BankPasses : std::uint8_t {
  kRotation,  // "each player to be the banker in turn, the deal passing in regular rotation"
  kNatural,   // "until one of his adversaries held a natural, the dealer having none"
};

struct Rules {
  int players = 4;
  int limit = 5;             // the betting limit
  bool fixed_stake = false;  // "or it may be a fixed sum, such as one counter"
  bool look_first =
      false;  // "each player is allowed to look at the first card ... before making his bet"
  bool dealer_double = true;  // the dealer may call on all to double
  int chips = 50;             // "usually 25 or 50"
  BankPasses bank = BankPasses::kRotation;
  int rounds = 3;  // a match: players x rounds hands

  static Rules from(const Config& c);
  int match_hands() const { return players * rounds; }
  // The most a stake can cost: a natural's double, doubled again.
  int exposure() const { return dealer_double ? 4 : 2; }
};

// A move: a stake (0: none this hand), draw ("One"), stand, the dealer's call
// to double or not, a player's answer.
struct Move {
  enum Kind : std::uint8_t { kStake, kDraw, kStand, kDouble, kNoDouble, kAccept, kRefuse };
  Kind kind = kStand;
  int chips = 0;  // kStake

  static constexpr Move stake(int n) { return {kStake, n}; }
  static constexpr Move of(Kind k) { return {k, 0}; }
  constexpr Action encode() const {
    return kind == kStake ? 100 + static_cast<Action>(chips) : static_cast<Action>(kind);
  }
  static constexpr std::optional<Move> decode(Action a) {
    if (a >= 1 && a <= kRefuse) return of(Kind(a));
    if (a >= 100 && a <= 100 + 100000) return stake(static_cast<int>(a - 100));
    return std::nullopt;
  }
  bool operator==(const Move&) const = default;
};

GameInfo game_info();

}  // namespace parlour::vingt_et_un
