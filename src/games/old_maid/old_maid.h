// Old Maid and its family: one game whose options cover Old Maid (queen
// removed or the picture deck), Schwarzer Peter, Vieux Garçon, Pouilleux,
// Jackass, Scabby Queen, Babanuki and Jiji-nuki. The rules, with the source of
// each, are in rules.md beside this file (`parlour rules old-maid`).
//
// Design decisions:
// - Pairs are discarded automatically the moment they form: the texts allow
//   no choice ("he lays the new pair down"). Three of a kind keeps the third
//   card back, four of a kind makes two pairs (seed 001).
// - A hand is a fan with positions. The drawer picks a position, not a card.
//   A card drawn goes to the right end of the drawer's fan, where the player
//   who gave it knows it is; only a shuffle hides it again.
// - "Shuffle" mixes the fan face down: nobody, the owner included, knows the
//   order until the owner looks again ("look"). A draw from a shuffled fan is a
//   chance event: a uniform card of the fan. This is the physical meaning of
//   shuffling before offering, and it lets the simulator play blind games with
//   one random draw per turn.
// - The drawer always draws from the nearest player on the offering side who
//   still holds cards, so a player who goes out is simply passed over.
#pragma once

#include <cstdint>
#include <optional>

#include "core/game.h"

namespace parlour::old_maid {

// Option values, in the order of their choices in the option specs.
enum class Odd : std::uint8_t { kQueen, kJack, kJoker, kRandom, kPicture };
enum class Scoring : std::uint8_t { kLoser, kMostPairs, kHandsAvoided, kFinishingOrder };
enum class Penalty : std::uint8_t { kNone, kSoot, kRaps };
enum class Title : std::uint8_t {
  kOldMaid,
  kSchwarzerPeter,
  kVieuxGarcon,
  kPouilleux,
  kJackass,
  kScabbyQueen,
  kBaba,
  kJiji
};

// The options of one game, resolved from a Config.
struct Rules {
  int players = 4;
  int packs = 1;
  Odd odd = Odd::kQueen;
  Suit removed = kClubs;      // which queen or jack is taken out
  bool colour_pairs = false;  // pairs by rank and colour (seed 001's longer variation)
  bool dealer_first = false;  // the dealer offers first (seed 002)
  int dir = +1;               // +1: play passes to the left; -1: to the right
  bool keep_drawing = false;  // draw again from the same player after a match (seed 001, Bolton)
  bool deal_from_dealer = false;  // the dealer takes the first card (and so any extra)
  bool spare_aside = false;       // equal hands: cards left over are set aside face down
  bool face_up = true;            // discarded pairs lie face up (seed 001) or down (seed 004)
  Scoring scoring = Scoring::kLoser;
  int hands = 1;  // hands in a match
  Penalty penalty = Penalty::kNone;
  Title title = Title::kOldMaid;

  static Rules from(const Config& c);
  OutcomeKind outcome_kind() const;

  // Pairing classes: two cards pair when their classes are equal. At most
  // kMaxClasses, so a hand's classes fit a 32-bit mask.
  int classes() const;
  int pair_class(Card c) const {
    if (c.is_picture()) return c.character();
    if (c.is_joker()) return classes() - 1;
    return colour_pairs ? (c.rank() - 1) * 2 + c.colour() : c.rank() - 1;
  }
  // Every card of the game, before the deal (the odd card already removed or added).
  std::vector<Card> deck() const;
  // The seat dealt the first card, and how many cards go round (the rest aside).
  int first_dealt(int dealer) const {
    return deal_from_dealer ? dealer : ((dealer + dir) % players + players) % players;
  }
  int dealt(int deck_size) const {
    return spare_aside ? deck_size - deck_size % players : deck_size;
  }
};
inline constexpr int kMaxClasses = 27;
inline constexpr int kMaxFan = 31;  // positions fit 5 bits in an action

// A move of Old Maid, typed. It becomes an Action only at the interface.
struct Move {
  enum Kind : std::uint8_t { kOffer, kShuffle, kLook, kDraw, kArrange };
  constexpr Move(Kind k = kOffer, int f = 0, int t = 0) : kind(k), from(f), to(t) {}  // NOLINT
  Kind kind = kOffer;
  int from = 0;  // kDraw: position drawn; kArrange: position moved from (0-based)
  int to = 0;    // kArrange: position moved to

  // Inline: simulation decodes a few moves every step.
  constexpr Action encode() const {
    switch (kind) {
      case kOffer:
        return 0;
      case kShuffle:
        return 1;
      case kLook:
        return 2;
      case kDraw:
        return 32 + static_cast<Action>(from);
      case kArrange:
        return 64 + static_cast<Action>(from * 32 + to);
    }
    return 0;
  }
  static constexpr std::optional<Move> decode(Action a) {
    if (a == 0) return Move{kOffer};
    if (a == 1) return Move{kShuffle};
    if (a == 2) return Move{kLook};
    if (a >= 32 && a < 64) return Move{kDraw, static_cast<int>(a - 32)};
    if (a >= 64 && a < 64 + 32 * 32)
      return Move{kArrange, static_cast<int>((a - 64) / 32), static_cast<int>((a - 64) % 32)};
    return std::nullopt;
  }
  bool operator==(const Move&) const = default;
};

// The registration entry.
GameInfo game_info();

// The display name of the loser: "the Old Maid", "Schwarzer Peter"...
std::string_view title_name(Title t);

}  // namespace parlour::old_maid
