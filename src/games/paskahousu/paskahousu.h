// Paskahousu ("Shitpants"): seed 004 (004_51e9d4c9f9ca782a.txt), Parlett,
// a Finnish relative of Cheat. Five cards each and a stock; play cards face
// down, calling a rank equal to or higher than the last call (with rules for
// the court cards, Aces, Twos and Tens), or draw from the stock instead, and
// play the drawn card blind if you like. Any play may be challenged before it
// is covered; whoever was wrong takes the pile. A Ten after a lower rank, or
// an Ace after a court card, clears the pile from play. The last player left
// with cards is the Paskahousu. rules.md beside this file gives the rules and
// our readings (`parlour rules paskahousu`).
//
// Design decisions:
// - A play is made a card at a time (put down, take back), then called, as
//   in Cheat. Drawing from the stock is one action, "draw and keep" or "draw
//   and play blind, calling a rank": the drawn card is not looked at before
//   the choice, so splitting it would give nobody anything to decide on.
// - After a call every other player still in play may challenge at once (a
//   window that resolves to the first challenge); each may let it pass.
// - The game's start is a round of offers: each seat from the dealer's left
//   in turn may start with a card called a Three; if all pass, Fours, and so
//   on up to Aces, which the first seat offered must take.
// - What a seat knows is kept card by card (kit/hidden.h). A card played
//   blind from the stock is known to nobody, its player included.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>

#include "core/game.h"

namespace parlour::paskahousu {

enum class Challengers : std::uint8_t { kAny, kNext };

struct Rules {
  int players = 4;
  int hand = 5;         // "Deal five cards each"
  bool refill = false;  // draw back up to five after each turn while the stock lasts
  Challengers challengers = Challengers::kAny;
  int max_turns = 1000;

  static Rules from(const Config& c);
};

// A move of Paskahousu, typed; an Action only at the interface.
struct Move {
  enum Kind : std::uint8_t { kPut, kTakeBack, kCall, kBlind, kKeep, kDecline, kChallenge, kPass };
  Kind kind = kPass;
  Card card;            // kPut, kTakeBack
  Rank rank = kNoRank;  // kCall, kBlind: the rank called

  static constexpr Move put(Card c) { return {kPut, c, kNoRank}; }
  static constexpr Move take_back(Card c) { return {kTakeBack, c, kNoRank}; }
  static constexpr Move call(Rank r) { return {kCall, Card(), r}; }
  // Draws the top card of the stock and plays it face down unseen, calling r.
  static constexpr Move blind(Rank r) { return {kBlind, Card(), r}; }
  // Draws the top card of the stock and keeps it, ending the turn.
  static constexpr Move keep() { return {kKeep, Card(), kNoRank}; }
  // Lets an offer to start the game go by.
  static constexpr Move decline() { return {kDecline, Card(), kNoRank}; }
  static constexpr Move challenge() { return {kChallenge, Card(), kNoRank}; }
  static constexpr Move pass() { return {kPass, Card(), kNoRank}; }

  constexpr Action encode() const {
    switch (kind) {
      case kPut:
        return card.index();
      case kTakeBack:
        return 64 + card.index();
      case kCall:
        return 128 + rank;
      case kBlind:
        return 144 + rank;
      case kKeep:
        return 160;
      case kDecline:
        return 161;
      case kChallenge:
        return 162;
      case kPass:
        return 163;
    }
    return 9999;
  }
  static constexpr std::optional<Move> decode(Action a) {
    if (a < 52) return put(Card::from_index(static_cast<std::uint8_t>(a)));
    if (a >= 64 && a < 116) return take_back(Card::from_index(static_cast<std::uint8_t>(a - 64)));
    if (a > 128 && a < 128 + RANK_NB) return call(Rank(a - 128));
    if (a > 144 && a < 144 + RANK_NB) return blind(Rank(a - 144));
    if (a == 160) return keep();
    if (a == 161) return decline();
    if (a == 162) return challenge();
    if (a == 163) return pass();
    return std::nullopt;
  }
  bool operator==(const Move&) const = default;
};

// The ranks in the order of calls, Twos apart at the end.
inline constexpr std::array<Rank, 13> kCallOrder = {
    kThree, kFour, kFive, kSix, kSeven, kEight, kNine, kTen, kJack, kQueen, kKing, kAce, kTwo};

// A rank's height in the order of calls: Threes lowest, then up to Kings,
// Aces, and Twos, which stand apart (they may be called at any time).
constexpr int height(Rank r) {
  return r == kAce ? 14 : r == kTwo ? 15 : static_cast<int>(r);
}
constexpr bool is_court(Rank r) {
  return r == kJack || r == kQueen || r == kKing;
}

// Whether `r` may be called after the call `previous` (kNoRank: an empty
// pile), by the rules of seed 004: equal or higher; a court only after an
// Eight or higher; an Ace only after a court or on an empty pile; a Two at any
// time, but after a Two only a Two.
constexpr bool may_follow(Rank previous, Rank r) {
  if (previous == kNoRank) return true;
  if (height(r) < height(previous)) return false;
  if (is_court(r)) return height(previous) >= height(kEight);
  if (r == kAce) return is_court(previous);
  return true;
}

// Whether calling `r` after `previous`, unchallenged, clears the pile: a Ten
// after any lower rank, an Ace after a court.
constexpr bool clears(Rank previous, Rank r) {
  return (r == kTen && previous >= kThree && previous <= kNine) ||
         (r == kAce && is_court(previous));
}

GameInfo game_info();

}  // namespace parlour::paskahousu
