// Polignac (Four Jacks, Quatre Valets): seed 003 (003_f6f2248119171254.txt),
// the paragraph "Objects of the Game", with the pack, the number of players
// and the match from Wikipedia's "Polignac (card game)" (after Parlett) and
// Boussac's Encyclopédie des jeux de cartes (1896). No trumps; follow suit;
// whoever wins a trick holding a Jack pays a counter into the pool, two for
// the Jack of spades (Polignac). A player may announce capot before the first
// lead. rules.md beside this file gives the rules and our readings
// (`parlour rules polignac`).
//
// Design decisions:
// - The trick machinery is shared (kit/tricks.h), played without
//   trumps (kit::kNoTrump); cards rank ace high.
// - Counters are core Chips; the pool is pot 0 and carries from deal to deal
//   of a match; at the end of the match the players who paid least share it.
// - The first dealer is the last seat, so seat 0 is eldest in the first deal;
//   the deal passes to the left. A record holds only the seats' moves.
// - Cards played are public; the resampler deals the other hands anew, never
//   giving a seat a suit it has shown it lacks.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/game.h"
#include "kit/tricks.h"

namespace parlour::polignac {

inline constexpr int kMinPlayers = 3;
inline constexpr int kMaxPlayers = 8;
inline constexpr int kMaxHand = 17;  // 52 cards among three

enum class Pack : std::uint8_t {
  kPiquet,  // 32 cards, sevens out as the players require
  kFull,    // 52 cards, the lowest out so that the pack deals evenly
};

struct Rules {
  int players = 4;
  Pack pack = Pack::kPiquet;
  bool capot = true;  // a player may announce capot
  int deals = 4;      // deals in a match
  int limit = 0;      // the match also ends once a player has paid this many (0: never)
  int counters = 20;  // each player's counters at the start
  int hand = 8;       // cards each: the pack divided among the players
  kit::AceRank ace = kit::AceRank::kHigh;  // where the ace ranks in a suit

  static Rules from(const Config& c);
  // The cards played with, in index order.
  std::vector<Card> cards() const;
};

// What a trick costs its winner: one counter a Jack, two for Polignac.
int jack_cost(Card c);

// A move, typed; an Action only at the interface.
struct Move {
  enum Kind : std::uint8_t { kPlay, kCapot, kPass };
  Kind kind = kPlay;
  Card card;

  static constexpr Move play(Card c) { return {kPlay, c}; }
  static constexpr Move capot() { return {kCapot, Card()}; }
  static constexpr Move pass() { return {kPass, Card()}; }
  constexpr Action encode() const {
    return kind == kPlay ? card.index() : kind == kCapot ? 100 : 101;
  }
  static constexpr std::optional<Move> decode(Action a) {
    if (a < 52) return play(Card::from_index(static_cast<std::uint8_t>(a)));
    if (a == 100) return capot();
    if (a == 101) return pass();
    return std::nullopt;
  }
  bool operator==(const Move&) const = default;
};

GameInfo game_info();

}  // namespace parlour::polignac
