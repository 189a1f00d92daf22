// Cards: one model for every game. A Card is one byte.
//
//   0..51   standard cards, (rank - 1) * 4 + suit, ace low
//   52, 53  the two jokers
//   64..89  the picture deck: 25 characters in pairs (0..24), then one lone
//           character (25) without a partner
//
// Two packs hold two equal Card values; zones are multisets, so that is fine.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace parlour {

enum Suit : std::uint8_t { kClubs, kDiamonds, kHearts, kSpades, SUIT_NB };
enum Colour : std::uint8_t { kBlack, kRed };
// Ranks are their pip values; 0 means "no rank" (jokers and picture cards).
enum Rank : std::uint8_t {
  kNoRank = 0,
  kAce = 1,
  kTwo,
  kThree,
  kFour,
  kFive,
  kSix,
  kSeven,
  kEight,
  kNine,
  kTen,
  kJack,
  kQueen,
  kKing,
  RANK_NB = 14
};

inline constexpr int kPictureCharacters = 25;              // pairs of named characters
inline constexpr int kLoneCharacter = kPictureCharacters;  // the one picture card without a partner

class Card {
 public:
  constexpr Card() = default;
  static constexpr Card standard(Rank r, Suit s) { return Card((r - 1) * 4 + s); }
  static constexpr Card joker(int i) { return Card(52 + i); }
  static constexpr Card picture(int character) { return Card(64 + character); }
  static constexpr Card from_index(std::uint8_t v) { return Card(v); }

  constexpr std::uint8_t index() const { return v_; }
  constexpr bool is_standard() const { return v_ < 52; }
  constexpr bool is_joker() const { return v_ == 52 || v_ == 53; }
  constexpr bool is_picture() const { return v_ >= 64 && v_ <= 64 + kLoneCharacter; }
  constexpr bool valid() const { return is_standard() || is_joker() || is_picture(); }

  // REQUIRES: is_standard() for rank/suit/colour.
  constexpr Rank rank() const { return is_standard() ? Rank(v_ / 4 + 1) : kNoRank; }
  constexpr Suit suit() const { return Suit(v_ % 4); }
  constexpr Colour colour() const {
    return (suit() == kDiamonds || suit() == kHearts) ? kRed : kBlack;
  }
  // REQUIRES: is_picture().
  constexpr int character() const { return v_ - 64; }
  constexpr bool is_lone_picture() const { return v_ == 64 + kLoneCharacter; }

  constexpr auto operator<=>(const Card&) const = default;

 private:
  constexpr explicit Card(int v) : v_(static_cast<std::uint8_t>(v)) {}
  std::uint8_t v_ = 255;
};

// Text forms. Short names are what a hand shows: "Q♠" (or "QS" in ascii),
// "Jkr", or a picture character's first name. Long names read as English.
enum class Charset { kUnicode, kAscii };
std::string short_name(Card c, Charset cs = Charset::kUnicode);
std::string long_name(Card c);
std::string_view suit_symbol(Suit s, Charset cs = Charset::kUnicode);
std::string_view suit_name(Suit s);              // "clubs"
std::string_view rank_name(Rank r);              // "queen"
std::string_view character_name(int character);  // "Baker Bertie", "the Old Maid"

// Parses a short name ("QS", "Q♠", "10h", "Jkr", "Bertie"); nullopt if it is not a card.
std::optional<Card> parse_card(std::string_view text);

// The Spanish pack's names for the standard cards of its forty (A-7 and the
// court cards): names only, the Card values stay the standard ones. Suits:
// clubs bastos, diamonds oros, hearts copas, spades espadas; the jack is the
// sota, the queen the caballo, the king the rey; the ace "1". Long: "1 de
// oros", "sota de copas"; short: "1O", "SC", "CE", "RB". Cards outside the
// forty (8, 9, 10, jokers) keep their usual names.
std::string spanish_long_name(Card c);
std::string spanish_short_name(Card c);
std::string_view spanish_suit_name(Suit s);  // "oros"
// Either Spanish name, any case; nothing for a card outside the forty.
std::optional<Card> parse_spanish_card(std::string_view text);

}  // namespace parlour
