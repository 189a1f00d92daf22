// Verish' Ne Verish' ("Believe you, believe you not"): seed 004
// (004_51e9d4c9f9ca782a.txt), Parlett, after Leo Broukhis on pagat.com. "An
// ingenious cross between Cheat and Old Maid": one card is laid aside unseen;
// players play cards face down claiming a rank, the next in turn believes
// (plays on, claiming the same rank) or says "Ne verish'" and turns the play
// up; whoever was wrong takes up the table and may put away sets of four.
// Whoever is left holding cards, in the end the three of the rank laid aside,
// loses. rules.md beside this file gives the rules and our readings
// (`parlour rules verish-ne-verish`).
//
// Design decisions:
// - A play is made a card at a time (put down, take back), then declared, as
//   in Cheat: a person clicks cards, a search weighs few moves at a time.
//   Challenging is the other choice of the player in turn, before he puts
//   anything down.
// - After a pickup the taker always has a turn to put sets of four away or
//   play on, whether or not he holds a set, so that nobody learns from the
//   pause whether he holds one.
// - What a seat knows is kept card by card (kit/hidden.h), as in Cheat.
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>

#include "core/game.h"

namespace parlour::verish_ne_verish {

struct Rules {
  int players = 3;
  int deck = 36;            // 36 (six to ace) or 52 cards
  int first_most = 4;       // cards in the play that starts a round
  int later_most = 0;       // cards in a later play of a round; 0: no limit but the hand
  bool compulsory = false;  // sets of four are put away at once, without a choice
  bool say_verish = true;   // narration has players say "Verish'" when they play on
  int max_plays = 1000;     // plays after which the game stops (see rules.md)

  static Rules from(const Config& c);
  bool in_pack(Rank r) const { return r != kNoRank && (deck == 52 || r == kAce || r >= kSix); }
  // The most cards a play may hold: the first of a round, or a later one.
  int most(bool first) const { return first ? first_most : later_most ? later_most : 52; }
  // Cards a turn may take back: as many as a play may hold, and four at most,
  // so that every turn ends.
  int take_backs(bool first) const { return std::min(most(first), 4); }
};

// A move of Verish' Ne Verish', typed; an Action only at the interface.
struct Move {
  enum Kind : std::uint8_t { kPut, kTakeBack, kDeclare, kChallenge, kPutAway, kPlayOn };
  Kind kind = kPlayOn;
  Card card;            // kPut, kTakeBack
  Rank rank = kNoRank;  // kDeclare: the rank declared; kPutAway: the set put away

  static constexpr Move put(Card c) { return {kPut, c, kNoRank}; }
  static constexpr Move take_back(Card c) { return {kTakeBack, c, kNoRank}; }
  static constexpr Move declare(Rank r) { return {kDeclare, Card(), r}; }
  static constexpr Move challenge() { return {kChallenge, Card(), kNoRank}; }
  static constexpr Move put_away(Rank r) { return {kPutAway, Card(), r}; }
  static constexpr Move play_on() { return {kPlayOn, Card(), kNoRank}; }

  constexpr Action encode() const {
    switch (kind) {
      case kPut:
        return card.index();
      case kTakeBack:
        return 64 + card.index();
      case kDeclare:
        return 128 + rank;
      case kPutAway:
        return 160 + rank;
      case kChallenge:
        return 1000;
      case kPlayOn:
        return 1001;
    }
    return 9999;
  }
  static constexpr std::optional<Move> decode(Action a) {
    if (a < 52) return put(Card::from_index(static_cast<std::uint8_t>(a)));
    if (a >= 64 && a < 116) return take_back(Card::from_index(static_cast<std::uint8_t>(a - 64)));
    if (a > 128 && a < 128 + RANK_NB) return declare(Rank(a - 128));
    if (a > 160 && a < 160 + RANK_NB) return put_away(Rank(a - 160));
    if (a == 1000) return challenge();
    if (a == 1001) return play_on();
    return std::nullopt;
  }
  bool operator==(const Move&) const = default;
};

GameInfo game_info();

}  // namespace parlour::verish_ne_verish
