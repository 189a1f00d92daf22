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

#include <algorithm>
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
  // Inline: every step numbers its moves by it (Move::encode).
  int classes() const {
    if (odd == Odd::kPicture) return kPictureCharacters + 1;
    return (colour_pairs ? 26 : 13) + (odd == Odd::kJoker ? 1 : 0);
  }
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

  // Actions are numbered for the table's largest fan, `fan` (Rules::classes():
  // a fan never holds two cards of one class), so that a learner's mask is as
  // wide as the table needs: 173 with a standard pack, not the 460 of before.
  //   offer 0, shuffle 1, look 2; draw position p: 32 + p;
  //   move the card at position f to position t: 64 + 32 f + t for f below
  //   kept(fan), as every table numbered them before; the moves from the
  //   positions after fill, in order, the codes that named no move here:
  //   3 to 31, 32 + fan to 63, and in each kept block of 32 the code of a
  //   card moved to its own place and those of positions fan to 31.
  // So every code is below 64 + 32 kept(fan) (bound(fan) is exact: 173 for
  // 13 classes), and a code above is one of the old numbering, which
  // recode() reads.
  static constexpr int kept(int fan) {
    // The spare codes: 29 + (32 - fan) + kept (33 - fan), for
    // (fan - kept)(fan - 1) moves: enough when 32 kept >= fan^2 - 61.
    return fan * fan <= 61 ? 0 : (fan * fan - 61 + 31) / 32;
  }
  // One past the largest code: the last kept move (kept - 1 to fan - 1), the
  // last spare code taken, or the last draw.
  static constexpr Action bound(int fan) {
    const int k = kept(fan);
    Action last = 32 + static_cast<Action>(fan - 1);
    if (k > 0) last = std::max(last, 64 + static_cast<Action>(32 * (k - 1) + fan - 1));
    if (fan >= 2) last = std::max(last, spare((fan - k) * (fan - 1) - 1, fan));
    return last + 1;
  }

  // Inline and constexpr: old_maid.cc tabulates the arrangements' codes when
  // compiling, and legal_actions and decode read the table.
  constexpr Action encode(int fan) const {
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
        if (from < kept(fan)) return 64 + static_cast<Action>(from * 32 + to);
        return spare((from - kept(fan)) * (fan - 1) + to - (to > from ? 1 : 0), fan);
    }
    return bound(fan);
  }
  // The move of a code at a table of this fan, or none (old_maid.cc: read
  // from a table of encode's codes).
  static std::optional<Move> decode(Action a, int fan);
  // A code of the numbering before, where a move from f to t was always
  // 64 + 32 f + t (GameInfo::recode): today's code of the same move, or
  // an unused one. Codes below 64 + 32 kept(fan) meant the same then.
  static constexpr Action recode(Action old, int fan) {
    if (old < 64 + 32 * static_cast<Action>(kept(fan)) || old >= 64 + 32 * 32) return old;
    const int f = static_cast<int>((old - 64) / 32), t = static_cast<int>((old - 64) % 32);
    if (f >= fan || t >= fan || f == t) return old;
    return Move{kArrange, f, t}.encode(fan);
  }

 private:
  // The j-th code that named no move at a table of this fan (see encode).
  static constexpr Action spare(int j, int fan) {
    if (j < 29) return 3 + static_cast<Action>(j);
    j -= 29;
    if (j < 32 - fan) return 32 + static_cast<Action>(fan + j);
    j -= 32 - fan;
    const int b = j / (33 - fan), s = j % (33 - fan);
    return 64 + static_cast<Action>(32 * b + (s == 0 ? b : fan + s - 1));
  }

 public:
  bool operator==(const Move&) const = default;
};

// The registration entry.
GameInfo game_info();

// The display name of the loser: "the Old Maid", "Schwarzer Peter"...
std::string_view title_name(Title t);

}  // namespace parlour::old_maid
