// Michigan (Boodle, Stops): seed 002 (002_6b7a1a89f58223bd.txt, lines 6-10),
// completed from pagat.com's Michigan page
// (https://www.pagat.com/stops/michigan.html) and Bicycle's
// (https://bicyclecards.com/how-to-play/michigan/). Before each deal every
// player stakes the ante on the four boodle cards (A♥ K♣ Q♦ J♠); the whole
// pack is dealt with a dead hand nobody sees; runs of a suit are played up
// from the leader's lowest card by whoever holds each next card, until a stop;
// playing a boodle card collects its chips, and the first out collects a chip
// for every card the others hold. rules.md beside this file gives the rules
// and our readings (`parlour rules michigan`).
//
// Design decisions:
// - Stakes are placed in turn, openly, one chip at a time, from the dealer's
//   left to the dealer, before the deal. A player may also place the whole
//   ante in one move: evenly, or as he divided it last deal (the table's
//   memory, so that a player need not click four times a deal).
// - Playing the next card of a run is forced: the holder's only move. The
//   only real choices are the stakes and the leads (which suit).
// - Chips are one core Chips; each boodle card is a pot, carried from hand to
//   hand while nobody plays the card, and divided among the players when the
//   match ends, so that every chip ends in a balance.
// - What a seat cannot see: the other hands and the dead hand. A stop shows
//   the next card is dead; a lead shows the leader holds no lower card of the
//   suit; a pass shows he holds no other suit. The resampler keeps all three.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "core/game.h"

namespace parlour::michigan {

inline constexpr int kMaxPlayers = 8;
inline constexpr int kBoodles = 4;

// The boodle cards, each a pot of the Chips by its index here.
inline constexpr std::array<Card, kBoodles> kBoodleCards = {
    Card::standard(kAce, kHearts), Card::standard(kKing, kClubs), Card::standard(kQueen, kDiamonds),
    Card::standard(kJack, kSpades)};

enum class Staking : std::uint8_t {
  kFree,  // seed 002: each divides his ante as he likes
  kEven,  // pagat.com, Bicycle: the same number on each boodle card
};

struct Rules {
  int players = 4;
  int ante = 4;                // chips each player stakes a hand
  bool dealer_double = false;  // the dealer stakes twice the ante
  Staking staking = Staking::kFree;
  bool exchange = false;  // the dealer may exchange his hand for the dead hand, unseen
  int hands = 0;          // hands in the match; 0: one deal for each player
  int chips = 50;         // chips each player starts with

  static Rules from(const Config& c);
  int match_hands() const { return hands > 0 ? hands : players; }
};

// A move: a chip staked on a boodle card, the whole ante staked at once
// (evenly, or as the player divided it last deal), a card played, the lead
// passed, or the dealer's exchange of his hand for the dead hand (or not).
struct Move {
  enum Kind : std::uint8_t { kStake, kPlay, kPass, kExchange, kKeep, kStakeEvenly, kStakeAsLast };
  Kind kind = kPass;
  int boodle = 0;  // kStake: 0..3, kBoodleCards' order
  Card card;       // kPlay

  static constexpr Move stake(int b) { return {kStake, b, Card()}; }
  static constexpr Move play(Card c) { return {kPlay, 0, c}; }
  static constexpr Move pass() { return {kPass, 0, Card()}; }
  static constexpr Move exchange() { return {kExchange, 0, Card()}; }
  static constexpr Move keep() { return {kKeep, 0, Card()}; }
  static constexpr Move stake_evenly() { return {kStakeEvenly, 0, Card()}; }
  static constexpr Move stake_as_last() { return {kStakeAsLast, 0, Card()}; }
  constexpr Action encode() const {
    switch (kind) {
      case kPlay:
        return card.index();
      case kStake:
        return 60 + static_cast<Action>(boodle);
      case kPass:
        return 100;
      case kExchange:
        return 101;
      case kKeep:
        return 102;
      case kStakeEvenly:
        return 64;
      case kStakeAsLast:
        return 65;
    }
    return 100;
  }
  static constexpr std::optional<Move> decode(Action a) {
    if (a < 52) return play(Card::from_index(static_cast<std::uint8_t>(a)));
    if (a >= 60 && a < 60 + kBoodles) return stake(static_cast<int>(a - 60));
    if (a == 64) return stake_evenly();
    if (a == 65) return stake_as_last();
    if (a == 100) return pass();
    if (a == 101) return exchange();
    if (a == 102) return keep();
    return std::nullopt;
  }
  bool operator==(const Move&) const = default;
};

GameInfo game_info();

}  // namespace parlour::michigan
