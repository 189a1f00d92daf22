// Bridge deals in PBN, random deals, and the table's text (dd.h). DDS itself
// is called from dds.cc alone.
#include "analysis/dd.h"

#include <algorithm>
#include <cctype>
#include <span>

#include "core/deck.h"
#include "core/rng.h"

namespace parlour::analysis {
namespace {

constexpr std::string_view kRanks = "AKQJT98765432";
// PBN's suits in order: spades, hearts, diamonds, clubs.
constexpr std::array<Suit, 4> kPbnSuits = {kSpades, kHearts, kDiamonds, kClubs};

Rank rank_of(char c) {
  const std::size_t i = kRanks.find(c);
  if (i == std::string_view::npos) return kNoRank;
  return i == 0 ? kAce : Rank(14 - static_cast<int>(i));
}

int compass_of(char c) {
  for (int i = 0; i < 4; ++i)
    if (kCompass[static_cast<std::size_t>(i)][0] == c) return i;
  return -1;
}

std::string name(Card c) {
  return short_name(c, Charset::kAscii);
}

}  // namespace

Result<BridgeDeal> parse_pbn(std::string_view text) {
  while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
  if (text.size() < 2 || text[1] != ':' || compass_of(text[0]) < 0)
    return Status::error(
        "a deal in PBN begins with the first hand's compass and a colon: N:, E:, S: or W: "
        "(for example N:AKQJ.T98.765.432 ...)");
  const int first = compass_of(text[0]);
  text.remove_prefix(2);
  BridgeDeal d;
  std::array<bool, 52> seen{};
  int hand = 0;
  std::size_t start = 0;
  for (; hand < 4; ++hand) {
    while (start < text.size() && text[start] == ' ') ++start;
    if (start >= text.size())
      return Status::error("the deal has " + std::to_string(hand) +
                           " hands: PBN gives four, separated by spaces");
    std::size_t end = text.find(' ', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view h = text.substr(start, end - start);
    start = end;
    const int seat = (first + hand) % 4;
    const std::string who = std::string(kCompass[static_cast<std::size_t>(seat)]);
    int suit = 0;
    for (char c : h) {
      if (c == '.') {
        if (++suit > 3) return Status::error(who + "'s hand has more than four suits (three dots)");
        continue;
      }
      const Rank r =
          rank_of(static_cast<char>(c == 't' ? 'T' : std::toupper(static_cast<unsigned char>(c))));
      if (r == kNoRank)
        return Status::error(who + "'s hand: '" + std::string(1, c) +
                             "' is not a rank (AKQJT98765432)");
      const Card card = Card::standard(r, kPbnSuits[static_cast<std::size_t>(suit)]);
      if (seen[card.index()]) return Status::error(name(card) + " is dealt twice");
      seen[card.index()] = true;
      d.hands[static_cast<std::size_t>(seat)].push_back(card);
    }
    if (suit != 3)
      return Status::error(who + "'s hand has " + std::to_string(suit + 1) +
                           (suit == 0 ? " suit" : " suits") +
                           ": PBN gives four, separated by dots (an empty suit is nothing "
                           "between two dots)");
    if (d.hands[static_cast<std::size_t>(seat)].size() > 13)
      return Status::error(who + "'s hand has " +
                           std::to_string(d.hands[static_cast<std::size_t>(seat)].size()) +
                           " cards: at most 13");
  }
  while (start < text.size() && text[start] == ' ') ++start;
  if (start < text.size()) return Status::error("more than four hands: PBN gives four");
  for (int s = 1; s < 4; ++s)
    if (d.hands[static_cast<std::size_t>(s)].size() != d.hands[0].size())
      return Status::error("the hands are of unequal size: N " + std::to_string(d.hands[0].size()) +
                           ", " + std::string(kCompass[static_cast<std::size_t>(s)]) + " " +
                           std::to_string(d.hands[static_cast<std::size_t>(s)].size()));
  if (d.hands[0].size() != 13)
    for (int i = 0; i < 52; ++i)
      if (!seen[static_cast<std::size_t>(i)])
        return Status::error(name(Card::from_index(static_cast<std::uint8_t>(i))) +
                             " is missing: a deal has all 52 cards, 13 a hand");
  return d;
}

std::string to_pbn(const BridgeDeal& deal) {
  std::string out = "N:";
  for (int s = 0; s < 4; ++s) {
    if (s) out += ' ';
    for (int k = 0; k < 4; ++k) {
      if (k) out += '.';
      for (char r : kRanks)
        for (Card c : deal.hands[static_cast<std::size_t>(s)])
          if (c.suit() == kPbnSuits[static_cast<std::size_t>(k)] && c.rank() == rank_of(r))
            out += r;
    }
  }
  return out;
}

BridgeDeal random_bridge_deal(std::uint64_t seed, std::uint64_t index) {
  std::vector<Card> deck = standard_deck();
  Rng rng(seed, index);
  rng.shuffle(std::span<Card>(deck));
  BridgeDeal d;
  for (std::size_t i = 0; i < deck.size(); ++i) d.hands[i % 4].push_back(deck[i]);
  return d;
}

std::string format_table(const DdTable& t) {
  std::string out = "      N   E   S   W\n";
  for (std::size_t s = 0; s < 5; ++s) {
    std::string row(kStrainNames[s]);
    row.resize(4, ' ');
    for (int h : t.tricks[s]) {
      std::string n = std::to_string(h);
      row += std::string(4 - n.size(), ' ') + n;
    }
    out += row + "\n";
  }
  return out;
}

}  // namespace parlour::analysis
