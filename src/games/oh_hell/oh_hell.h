// Oh Hell! (Elevator, Blackout, Up-and-Down the River): seed 002
// (002_6b7a1a89f58223bd.txt), with variations from pagat.com's Oh Hell! page
// (https://www.pagat.com/exact/ohhell.html). A fixed number of hands of one
// card each, then two, and so on up and back down; after the deal a card is
// turned for trumps; everyone bids the tricks they will take, the dealer last
// and never so that the bids add up to the tricks there are; tricks are
// played, and only an exact bid scores. rules.md beside this file gives the
// rules and our readings (`parlour rules oh-hell`).
//
// Design decisions:
// - The first dealer is found by chance (each player draws a card), then the
//   deal is a second chance step: a record holds only the seats' bids and
//   plays.
// - The trick machinery is shared (kit/tricks.h): the trick, what may
//   be played, who wins, the voids shown.
// - Cards played stay public: the trick in play, the last trick won, and each
//   seat's tricks taken, shown to all. What a seat cannot see is the others'
//   hands and the stock below the turned card; the resampler deals those
//   anew, never giving a seat a card of a suit it has shown it lacks.
#pragma once

#include <cstdint>
#include <optional>

#include "core/game.h"

namespace parlour::oh_hell {

inline constexpr int kMaxPlayers = 7;
inline constexpr int kMaxHand = 17;   // 52 cards among three
inline constexpr int kMaxHands = 33;  // 1..17..1

enum class Scoring : std::uint8_t {
  kPerTrick,  // seed 002: 10 a trick for an exact bid, 10 for zero made, -10 a trick off
  kTenPlus,   // pagat.com: 10 plus the bid for an exact bid, nothing otherwise
};
enum class Sequence : std::uint8_t {
  kUpDown,  // 1, 2 ... most ... 2, 1 (seed 002)
  kDownUp,  // most ... 1 ... most (pagat.com)
  kDown,    // most, most - 1 ... 1
};

struct Rules {
  int players = 4;
  Scoring scoring = Scoring::kPerTrick;
  Sequence sequence = Sequence::kUpDown;
  int most = 13;                  // the largest hand: max-cards, within what the pack deals evenly
  bool largest_no_trump = false;  // the largest hands are played without trumps
  bool hook = true;               // the dealer may not make the bids add up

  static Rules from(const Config& c);
  // The largest hand `players` can each be dealt from 52 cards, capped by
  // `cap` (0: no cap).
  static int most_cards(int players, int cap);
  // The number of hands in a game, and the cards of hand `i` (from 0).
  int hands() const;
  int cards_in_hand(int i) const {
    switch (sequence) {
      case Sequence::kUpDown:  // "one card ... two cards ... until ... then decreasing"
        return i < most ? i + 1 : 2 * most - 1 - i;
      case Sequence::kDownUp:
        return i < most ? most - i : i - most + 2;
      case Sequence::kDown:
        return most - i;
    }
    return 1;
  }
  // What a hand scores for this bid and these tricks taken.
  int points(int bid, int taken) const;
};

// A move of Oh Hell!, typed; an Action only at the interface.
struct Move {
  enum Kind : std::uint8_t { kBid, kPlay };
  Kind kind = kBid;
  int bid = 0;  // kBid: the tricks bid
  Card card;    // kPlay

  static constexpr Move make_bid(int n) { return {kBid, n, Card()}; }
  static constexpr Move play(Card c) { return {kPlay, 0, c}; }
  constexpr Action encode() const {
    return kind == kPlay ? card.index() : 64 + static_cast<Action>(bid);
  }
  static constexpr std::optional<Move> decode(Action a) {
    if (a < 52) return play(Card::from_index(static_cast<std::uint8_t>(a)));
    if (a >= 64 && a <= 64 + kMaxHand) return make_bid(static_cast<int>(a - 64));
    return std::nullopt;
  }
  bool operator==(const Move&) const = default;
};

GameInfo game_info();

}  // namespace parlour::oh_hell
