// Conquian (Cooncan), the oldest of the Rummy family: seed 004
// (004_51e9d4c9f9ca782a.txt) names it the oldest western example and the
// first of the "flat-out" games, whose melds score nothing; the seed breaks
// off there, so the rules come from the period sources rules.md names:
// pagat.com's "Conquian" (C1), Foster's Complete Hoyle (1897) (C2), Foster's
// Cooncan (1913) (C3) and the U.S. Playing Card Company's rules (C4).
//
// Two players (three: the dealer sits out) and a 40-card pack, ten cards
// each. A card is faced: turned from the stock, or discarded. The player it
// is offered to melds it with cards from his hand and then discards, or lets
// it go; a card let go by both is turned down and the next is turned from
// the stock. A faced card never enters the hand. The first to have eleven
// cards melded wins the deal, and the loser pays a counter.
//
// Design decisions:
// - A player's melds are kept as a set of cards: a meld is legal when his
//   melds, the faced card and the cards he adds can all be laid out as
//   melds (kit/melds.h). So rearranging his melds (C1, C4) is part of every
//   meld, and the layout shown is one such layout.
// - The cards a player adds with the faced card are of its rank or its suit:
//   cards melded from the hand always go with the faced card (C1).
// - Turning the next card of the stock is no choice: it follows a pass of a
//   card nobody took, in the same transition.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/game.h"

namespace parlour::conquian {

inline constexpr int kMaxPlayers = 3;
inline constexpr int kHandSize = 10;
inline constexpr int kToGoOut = 11;
// Melds on the table before a player is out: eleven cards lie in at most
// three (3 + 4 + 4).
inline constexpr int kMeldZones = 3;

enum class Pack : std::uint8_t { kSpanish, kAceToTen };
enum class Names : std::uint8_t { kFrench, kSpanish };
enum class Tableau : std::uint8_t { kPool, kCarry, kNone };

struct Rules {
  int players = 2;
  Pack pack = Pack::kSpanish;
  Names names = Names::kFrench;
  int deal_by = 1;  // cards dealt at a time: 1 (C1) or 2 (C3)
  bool forcing = true;
  int stake = 1;
  Tableau tableau = Tableau::kPool;
  int deals = 10;

  static Rules from(const Config& c);
};

// A move. Meld: the faced card with the hand cards at the positions of
// `mask` (bit i: the hand's i-th card). Discard: the hand's card at `pos`.
// Pass: let the faced card go. Force: make the other player add the faced
// card to his melds (C4).
struct Move {
  enum Kind : std::uint8_t { kMeld, kDiscard, kPass, kForce };
  Kind kind = kPass;
  std::uint16_t mask = 0;  // kMeld
  int pos = 0;             // kDiscard

  static constexpr Move meld(std::uint16_t mask) { return {kMeld, mask, 0}; }
  static constexpr Move discard(int pos) { return {kDiscard, 0, pos}; }
  static constexpr Move pass() { return {kPass, 0, 0}; }
  static constexpr Move force() { return {kForce, 0, 0}; }
  // Melds 0..1023, discards 1100.., pass 1200, force 1201.
  constexpr Action encode() const {
    switch (kind) {
      case kMeld:
        return mask;
      case kDiscard:
        return 1100 + static_cast<Action>(pos);
      case kPass:
        return 1200;
      case kForce:
        return 1201;
    }
    return 1200;
  }
  static constexpr std::optional<Move> decode(Action a) {
    if (a < 1024) return meld(static_cast<std::uint16_t>(a));
    if (a >= 1100 && a < 1100 + kHandSize + 1) return discard(static_cast<int>(a - 1100));
    if (a == 1200) return pass();
    if (a == 1201) return force();
    return std::nullopt;
  }
  bool operator==(const Move&) const = default;
};

GameInfo game_info();

}  // namespace parlour::conquian
