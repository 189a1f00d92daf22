// Rum, a negative Rummy: seed 004 (004_51e9d4c9f9ca782a.txt) gives the
// family's play "by draw and discard", melds, going out "by playing the last
// card from his hand", and the others "penalized according to the value of
// cards remaining in their hands"; in negative games "melds score nothing".
// The rules come from the period sources rules.md names: the U.S. Playing
// Card Company's "Rummy (Rum)" (D2, the defaults) and the Encyclopaedia
// Britannica, 14th edition (1929), "Rummy or Rum" (D1, the preset
// rum-english-1929: two packs, seven cards, "Rummy" called at seven or less).
//
// Design decisions:
// - Melds lie on the table for all; anyone may lay off on any of them.
// - A card taken from the discard pile is public until it is melded, laid
//   off or discarded: every view shows it in its holder's hand, and the
//   resampler keeps it there.
// - With two packs a meld is of distinct cards; the deadwood of a hand is its
//   least (kit/melds.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/game.h"

namespace parlour::rum {

inline constexpr int kMaxPlayers = 6;
inline constexpr int kMaxHand = 16;
inline constexpr int kMaxMelds = 40;

enum class GoingOut : std::uint8_t {
  kMelds,  // D2: melds and lay-offs on the table; out with the last card
  kCall,   // D1: no melds on the table; "Rummy" called at `call_at` or less
};

struct Rules {
  int players = 4;
  int packs = 1;
  bool ace_high_too = false;  // ace=high-or-low: Q K A as well as A 2 3
  bool rummy_double = true;
  GoingOut going_out = GoingOut::kMelds;
  int call_at = 7;
  int deals = 0;  // 0: one round, each player dealing once
  int hand_size = 7;

  static Rules from(const Config& c);
  int match_deals() const { return deals > 0 ? deals : players; }
};

// A move. Draw: the stock's top, or the discard pile's. Meld: the hand's
// cards at the positions of `mask`. Lay off: the hand's card at `pos` on the
// table's meld `meld`. Discard: the hand's card at `pos`. Call: "Rummy"
// (going-out=call).
struct Move {
  enum Kind : std::uint8_t { kDrawStock, kDrawDiscard, kMeld, kLayOff, kDiscard, kCall };
  Kind kind = kDrawStock;
  std::uint32_t mask = 0;
  int pos = 0, meld = 0;

  static constexpr Move draw_stock() { return {kDrawStock, 0, 0, 0}; }
  static constexpr Move draw_discard() { return {kDrawDiscard, 0, 0, 0}; }
  static constexpr Move meld_of(std::uint32_t mask) { return {kMeld, mask, 0, 0}; }
  static constexpr Move lay_off(int pos, int meld) { return {kLayOff, 0, pos, meld}; }
  static constexpr Move discard(int pos) { return {kDiscard, 0, pos, 0}; }
  static constexpr Move call() { return {kCall, 0, 0, 0}; }
  // Melds 0..65535; lay-offs 70000 + 64 pos + meld; discards 80000 + pos;
  // draws 90000, 90001; the call 90002.
  constexpr Action encode() const {
    switch (kind) {
      case kMeld:
        return mask;
      case kLayOff:
        return 70000 + 64 * static_cast<Action>(pos) + static_cast<Action>(meld);
      case kDiscard:
        return 80000 + static_cast<Action>(pos);
      case kDrawStock:
        return 90000;
      case kDrawDiscard:
        return 90001;
      case kCall:
        return 90002;
    }
    return 90000;
  }
  static constexpr std::optional<Move> decode(Action a) {
    if (a < 65536) return meld_of(a);
    if (a >= 70000 && a < 70000 + 64 * kMaxHand)
      return lay_off(static_cast<int>((a - 70000) / 64), static_cast<int>((a - 70000) % 64));
    if (a >= 80000 && a < 80000 + kMaxHand) return discard(static_cast<int>(a - 80000));
    if (a == 90000) return draw_stock();
    if (a == 90001) return draw_discard();
    if (a == 90002) return call();
    return std::nullopt;
  }
  bool operator==(const Move&) const = default;
};

GameInfo game_info();

}  // namespace parlour::rum
