#include "core/card.h"

#include <array>
#include <cctype>

namespace parlour {
namespace {

// The names printed on the commercial picture deck's cards.
constexpr std::array<std::string_view, kPictureCharacters + 1> kCharacters = {
    "Admiral Archie", "Baker Bertie",        "Chimney-sweep Charlie",
    "Dancing Dora",   "Engine-driver Ernie", "Farmer Fred",
    "Gardener Gwen",  "Hatter Hal",          "Inventor Ida",
    "Juggler Jem",    "Knitting Kate",       "Lamplighter Lou",
    "Milkmaid Molly", "Nurse Nell",          "Organ-grinder Otto",
    "Postman Percy",  "Quilter Queenie",     "Rag-and-bone Ron",
    "Sailor Sam",     "Tailor Tom",          "Umbrella-mender Una",
    "Vicar Vernon",   "Washerwoman Winnie",  "Yodeller Yvonne",
    "Zookeeper Zak",  "the Old Maid"};

constexpr std::array<std::string_view, RANK_NB> kRankShort = {"?", "A", "2", "3",  "4", "5", "6",
                                                              "7", "8", "9", "10", "J", "Q", "K"};
constexpr std::array<std::string_view, RANK_NB> kRankNames = {
    "none",  "ace",   "two",  "three", "four", "five",  "six",
    "seven", "eight", "nine", "ten",   "jack", "queen", "king"};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The first name: what follows the last space or hyphenated trade.
std::string_view first_name(std::string_view full) {
  auto sp = full.rfind(' ');
  return sp == std::string_view::npos ? full : full.substr(sp + 1);
}

}  // namespace

std::string_view suit_symbol(Suit s, Charset cs) {
  static constexpr std::array<std::string_view, SUIT_NB> uni = {"♣", "♦", "♥", "♠"};
  static constexpr std::array<std::string_view, SUIT_NB> ascii = {"C", "D", "H", "S"};
  return cs == Charset::kUnicode ? uni[s] : ascii[s];
}

std::string_view suit_name(Suit s) {
  static constexpr std::array<std::string_view, SUIT_NB> names = {"clubs", "diamonds", "hearts",
                                                                  "spades"};
  return names[s];
}

std::string_view rank_name(Rank r) {
  return kRankNames[r];
}

std::string_view character_name(int character) {
  return kCharacters.at(character);
}

std::string short_name(Card c, Charset cs) {
  if (c.is_standard())
    return std::string(kRankShort[c.rank()]) + std::string(suit_symbol(c.suit(), cs));
  if (c.is_joker()) return "Jkr";
  if (c.is_lone_picture())
    return std::string(kCharacters[kLoneCharacter].substr(4));  // without "the"
  if (c.is_picture()) return std::string(first_name(kCharacters[c.character()]));
  return "??";
}

std::string long_name(Card c) {
  if (c.is_standard())
    return std::string(rank_name(c.rank())) + " of " + std::string(suit_name(c.suit()));
  if (c.is_joker()) return "joker";
  if (c.is_picture()) return std::string(kCharacters[c.character()]);
  return "unknown card";
}

std::optional<Card> parse_card(std::string_view text) {
  std::string t = lower(text);
  if (t == "jkr" || t == "joker") return Card::joker(0);
  if (t == "oldmaid" || t == lower(kCharacters[kLoneCharacter].substr(4)) ||
      t == lower(kCharacters[kLoneCharacter]))
    return Card::picture(kLoneCharacter);
  for (int i = 0; i < kPictureCharacters; ++i)
    if (t == lower(first_name(kCharacters[i])) || t == lower(kCharacters[i]))
      return Card::picture(i);
  // Suit: last character (ascii) or a trailing UTF-8 symbol.
  for (int s = 0; s < SUIT_NB; ++s) {
    // Kept here: a temporary in the loop's list would be gone before the loop runs.
    const std::string ascii = lower(suit_symbol(Suit(s), Charset::kAscii));
    for (std::string_view sym :
         {suit_symbol(Suit(s), Charset::kUnicode), std::string_view(ascii)}) {
      if (t.size() <= sym.size() || t.compare(t.size() - sym.size(), sym.size(), sym) != 0)
        continue;
      std::string_view r = std::string_view(t).substr(0, t.size() - sym.size());
      for (int k = 1; k < RANK_NB; ++k)
        if (r == lower(kRankShort[k]) || (k == kTen && r == "t"))
          return Card::standard(Rank(k), Suit(s));
    }
  }
  return std::nullopt;
}

namespace {

constexpr std::array<std::string_view, SUIT_NB> kSpanishSuits = {"bastos", "oros", "copas",
                                                                 "espadas"};
constexpr std::array<char, SUIT_NB> kSpanishSuitLetters = {'B', 'O', 'C', 'E'};

// The Spanish name of a rank of the forty, "" for one outside it.
std::string spanish_rank(Rank r, bool shortly) {
  if (r >= kAce && r <= kSeven) return std::to_string(static_cast<int>(r));
  if (r == kJack) return shortly ? "S" : "sota";
  if (r == kQueen) return shortly ? "C" : "caballo";
  if (r == kKing) return shortly ? "R" : "rey";
  return "";
}

bool in_forty(Card c) {
  return c.is_standard() && !spanish_rank(c.rank(), true).empty();
}

}  // namespace

std::string_view spanish_suit_name(Suit s) {
  return kSpanishSuits[static_cast<std::size_t>(s)];
}

std::string spanish_long_name(Card c) {
  if (!in_forty(c)) return long_name(c);
  return spanish_rank(c.rank(), false) + " de " + std::string(spanish_suit_name(c.suit()));
}

std::string spanish_short_name(Card c) {
  if (!in_forty(c)) return short_name(c);
  return spanish_rank(c.rank(), true) + kSpanishSuitLetters[static_cast<std::size_t>(c.suit())];
}

std::optional<Card> parse_spanish_card(std::string_view text) {
  const std::string t = lower(text);
  for (int s = 0; s < SUIT_NB; ++s)
    for (int r = kAce; r <= kKing; ++r) {
      const Card c = Card::standard(Rank(r), Suit(s));
      if (!in_forty(c)) continue;
      if (t == lower(spanish_long_name(c)) || t == lower(spanish_short_name(c))) return c;
    }
  return std::nullopt;
}

}  // namespace parlour
