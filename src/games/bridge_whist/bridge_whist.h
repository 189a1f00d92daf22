// Bridge (Bridge-Whist), the Bridge of about 1900-1910: seed 003
// (003_f6f2248119171254.txt, the end of its Bridge section: the score-sheet,
// the rubber, making the trump), completed from the period laws: Hoffmann,
// Hoyle's Games Modernized (1909), "Bridge" and its club code; the American
// laws of Bridge on making and doubling; and the honours table of the club
// code. Four players in two partnerships; the dealer names the trump suit
// or no trumps, or passes the make to his partner, who must name it; the
// adversaries may double, the makers go over, and so on; the dealer plays
// his partner's hand, dummy, face up after the opening lead. Tricks over six
// score below the line towards a game of 30; honours, chicane and slams
// above it; two games of three win the rubber and 100 more. rules.md beside
// this file gives the rules and their sources (`parlour rules bridge-whist`).
//
// Design decisions:
// - The trick machinery is shared (kit/tricks.h).
// - Dummy never acts: when dummy's card is due, to_move() is the dealer, who
//   plays it, and a record stores the dealer's seat.
// - The first dealer is found by cutting (a chance step); the deal is a
//   second. A record holds only the seats' moves.
// - Seats 0 and 2 are partners, and 1 and 3: a side is a seat's parity.
//   Every seat's result is its side's: the points it made less the other
//   side's, over the rubber.
// - What a seat cannot see: the other hands, and dummy's until the opening
//   lead. Cards played and voids shown are public; the resampler keeps them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/game.h"

namespace parlour::bridge_whist {

inline constexpr int kPlayers = 4;
inline constexpr int kHandSize = 13;

// Clubs, diamonds, hearts and spades are core's Suit values; no trumps is 4.
inline constexpr int kNoTrumps = 4;
inline constexpr int kStrains = 5;

// What each trick over six is worth in a strain, undoubled: seed 003
// (B7) fixes spades at 2 and clubs at 4 ("six by cards with spades ...
// three by cards with clubs"); the period laws give diamonds 6, hearts 8
// and no trumps 12.
constexpr int trick_value(int strain) {
  constexpr int kValues[kStrains] = {4, 6, 8, 2, 12};
  return kValues[strain];
}

// Seat s's side (0: seats 0 and 2; 1: seats 1 and 3), and partner.
constexpr int side_of(Seat s) {
  return s % 2;
}
constexpr Seat partner_of(Seat s) {
  return (s + 2) % kPlayers;
}
// A side by its seats, "Seat 0 and Seat 2": the browser and the terminal
// write players' names for "Seat n".
inline std::string side_name(int side) {
  return "Seat " + std::to_string(side) + " and Seat " + std::to_string(side + 2);
}

enum class Chicane : std::uint8_t {
  kAmerican,  // simple honours to its side, or taken from the adversaries'; double: four honours
  kEnglish,   // twice a trick's value to the side that holds it
  kOff,
};
enum class Scope : std::uint8_t { kRubber, kDeal };

struct Rules {
  int players = kPlayers;
  int double_limit = 100;  // the most a trick may be worth after doubling
  Chicane chicane = Chicane::kAmerican;
  Scope scope = Scope::kRubber;

  static Rules from(const Config& c);
  // Whether a trick of `strain` doubled `times` times stays within the limit.
  bool may_double_to(int strain, int times) const {
    return (trick_value(strain) << times) <= double_limit;
  }
};

// A move: a make (a strain), the make passed to the partner, a double (or
// going over), content (not doubling: "May I lead?", "Yes", "Satisfied"), or
// a card played.
struct Move {
  enum Kind : std::uint8_t { kMake, kPass, kDouble, kContent, kPlay };
  Kind kind = kPass;
  int strain = 0;  // kMake
  Card card;       // kPlay

  static constexpr Move make(int strain) { return {kMake, strain, Card()}; }
  static constexpr Move pass() { return {kPass, 0, Card()}; }
  static constexpr Move double_() { return {kDouble, 0, Card()}; }
  static constexpr Move content() { return {kContent, 0, Card()}; }
  static constexpr Move play(Card c) { return {kPlay, 0, c}; }
  constexpr Action encode() const {
    switch (kind) {
      case kPlay:
        return card.index();
      case kMake:
        return 60 + static_cast<Action>(strain);
      case kPass:
        return 66;
      case kDouble:
        return 70;
      case kContent:
        return 71;
    }
    return 66;
  }
  static constexpr std::optional<Move> decode(Action a) {
    if (a < 52) return play(Card::from_index(static_cast<std::uint8_t>(a)));
    if (a >= 60 && a < 60 + kStrains) return make(static_cast<int>(a - 60));
    if (a == 66) return pass();
    if (a == 70) return double_();
    if (a == 71) return content();
    return std::nullopt;
  }
  bool operator==(const Move&) const = default;
};

GameInfo game_info();

}  // namespace parlour::bridge_whist
