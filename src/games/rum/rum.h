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
  // The most cards a hand holds: those dealt, and one drawn before the
  // discard (a draw is always of one card). Move's codes are numbered for it.
  int max_hand() const { return hand_size + 1; }
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
  // Actions are numbered for a hand of at most `hand` cards
  // (Rules::max_hand()), so that the mask a learner reads is as narrow as
  // the game allows: 2,502 wide with ten cards dealt, 587 with seven.
  // Melds are the masks of the hand's positions, [0, 2^hand); lay-offs
  // follow, kMaxMelds a position; then a discard a position; then the
  // draws and the call.
  static constexpr Action lay_offs(int hand) { return Action{1} << hand; }
  static constexpr Action discards(int hand) { return lay_offs(hand) + hand * kMaxMelds; }
  static constexpr Action draws(int hand) { return discards(hand) + hand; }
  static constexpr Action actions(int hand) { return draws(hand) + 3; }  // GameInfo::bounds
  constexpr Action encode(int hand) const {
    switch (kind) {
      case kMeld:
        return mask;
      case kLayOff:
        return lay_offs(hand) + kMaxMelds * static_cast<Action>(pos) + static_cast<Action>(meld);
      case kDiscard:
        return discards(hand) + static_cast<Action>(pos);
      case kDrawStock:
        return draws(hand);
      case kDrawDiscard:
        return draws(hand) + 1;
      case kCall:
        return draws(hand) + 2;
    }
    return draws(hand);
  }
  static constexpr std::optional<Move> decode(Action a, int hand) {
    if (a < lay_offs(hand)) return meld_of(a);
    if (a < discards(hand))
      return lay_off(static_cast<int>((a - lay_offs(hand)) / kMaxMelds),
                     static_cast<int>((a - lay_offs(hand)) % kMaxMelds));
    if (a < draws(hand)) return discard(static_cast<int>(a - discards(hand)));
    if (a == draws(hand)) return draw_stock();
    if (a == draws(hand) + 1) return draw_discard();
    if (a == draws(hand) + 2) return call();
    return std::nullopt;
  }
  // Records written before these codes (to 2026-12-03) numbered every
  // config alike: melds as now (masks), lay-offs 70000 + 64 position +
  // meld, discards 80000 + position, the draws and the call 90000-90002.
  // Those codes, all 70000 or more, are above every code of today's, so a
  // record's action is read as the old code exactly when it is that large
  // (GameInfo::recode); a meld's code is the same in both.
  static constexpr Action recode(Action a, int hand) {
    const Action never = actions(hand);  // no move's code: refused as any illegal action
    if (a < 70000) return a;
    if (a < 70000 + 64 * kMaxHand) {
      const int pos = static_cast<int>((a - 70000) / 64), meld = static_cast<int>((a - 70000) % 64);
      return pos < hand && meld < kMaxMelds ? lay_off(pos, meld).encode(hand) : never;
    }
    if (a >= 80000 && a < 80000 + static_cast<Action>(hand))
      return discard(static_cast<int>(a - 80000)).encode(hand);
    if (a == 90000) return draw_stock().encode(hand);
    if (a == 90001) return draw_discard().encode(hand);
    if (a == 90002) return call().encode(hand);
    return never;
  }
  bool operator==(const Move&) const = default;
};

GameInfo game_info();

}  // namespace parlour::rum
