// Cheat (I Doubt, Bullshit): seed 004 (004_51e9d4c9f9ca782a.txt), Parlett.
// Play one to four cards face down, calling them the next rank in sequence;
// anyone may call "Cheat!" before the play is covered; whoever was wrong
// takes up the pile. The first out of cards wins. rules.md beside this file
// gives the rules and our readings (`parlour rules cheat`).
//
// Design decisions:
// - A play is made a card at a time (put down, take back), then called:
//   many small choices rather than one choice among every set of cards,
//   so a person clicks cards and a search weighs few moves at a time.
// - After a call every other player may challenge at once (a window that
//   resolves to the first challenge); each may let it pass. When all have,
//   the play is covered and the next player plays. This gives everyone,
//   not only the next in turn, the moment the text gives them.
// - What a seat knows is kept card by card (kit/hidden.h): its hand,
//   the cards it played into the pile, cards turned up at a challenge and
//   where they went.
#pragma once

#include <cstdint>
#include <optional>

#include "core/game.h"

namespace parlour::cheat {

// kHigherOrLower is seed 004's "next higher or lower rank"; kNext, which
// allows the same rank again too, keeps its name so that records made with it
// still replay (info.cc gives its source).
enum class Sequence : std::uint8_t { kUp, kDown, kNext, kHigherOrLower };

struct Rules {
  int players = 4;
  int packs = 1;
  Sequence sequence = Sequence::kUp;
  bool stated = false;  // the number of cards is stated (and may be a lie)
  int max_turns = 1000;

  static Rules from(const Config& c);
  int max_play() const { return 4 * packs; }
  int of_each_rank() const { return 4 * packs; }
  // Whether a player chooses the rank to call among those near the last call.
  bool choose_rank() const {
    return sequence == Sequence::kNext || sequence == Sequence::kHigherOrLower;
  }
};

// A move of Cheat, typed; an Action only at the interface.
struct Move {
  enum Kind : std::uint8_t { kPut, kTakeBack, kCall, kChallenge, kPass };
  Kind kind = kPass;
  Card card;            // kPut, kTakeBack
  Rank rank = kNoRank;  // kCall: the rank called
  int count = 0;        // kCall with stated numbers: the number stated

  static constexpr Move put(Card c) { return {kPut, c, kNoRank, 0}; }
  static constexpr Move take_back(Card c) { return {kTakeBack, c, kNoRank, 0}; }
  static constexpr Move call(Rank r, int n = 0) { return {kCall, Card(), r, n}; }
  static constexpr Move challenge() { return {kChallenge, Card(), kNoRank, 0}; }
  static constexpr Move pass() { return {kPass, Card(), kNoRank, 0}; }

  constexpr Action encode() const {
    switch (kind) {
      case kPut:
        return card.index();
      case kTakeBack:
        return 64 + card.index();
      case kCall:
        return 128 + rank * 16 + static_cast<Action>(count);
      case kChallenge:
        return 1000;
      case kPass:
        return 1001;
    }
    return 9999;
  }
  static constexpr std::optional<Move> decode(Action a) {
    if (a < 52) return put(Card::from_index(static_cast<std::uint8_t>(a)));
    if (a >= 64 && a < 116) return take_back(Card::from_index(static_cast<std::uint8_t>(a - 64)));
    if (a >= 128 + 16 && a < 128 + 14 * 16)
      return call(Rank((a - 128) / 16), static_cast<int>((a - 128) % 16));
    if (a == 1000) return challenge();
    if (a == 1001) return pass();
    return std::nullopt;
  }
  bool operator==(const Move&) const = default;
};

GameInfo game_info();

}  // namespace parlour::cheat
