// The terminal's generic pieces: input matching, the summary of accepted
// input, card tokens, colour and ascii.
#include "cli/terminal.h"

#include <gtest/gtest.h>

namespace parlour::cli {
namespace {

std::vector<Choice> offer_choices() {
  return {{0, "offer", "o"}, {1, "shuffle", "s"}, {65, "move 1 to 2", "m 1 2"}, {96, "move 2 to 1", "m 2 1"}};
}

TEST(Terminal, ParsesKeysAndLabelsIgnoringCaseAndSpaces) {
  auto c = offer_choices();
  EXPECT_EQ(Terminal::parse("o", c), 0u);
  EXPECT_EQ(Terminal::parse("  SHUFFLE ", c), 1u);
  EXPECT_EQ(Terminal::parse("m   1 2", c), 65u);
  EXPECT_EQ(Terminal::parse("move 2 to 1", c), 96u);
  EXPECT_FALSE(Terminal::parse("m 1 3", c).has_value());
  EXPECT_FALSE(Terminal::parse("", c).has_value());
  EXPECT_FALSE(Terminal::parse("offerx", c).has_value());
}

TEST(Terminal, SummarisesAcceptedInputByShape) {
  EXPECT_EQ(Terminal::accepted(offer_choices()), "o, s, m A B (1-2)");
  std::vector<Choice> draws = {{32, "draw 1", "1"}, {33, "draw 2", "2"}, {34, "draw 3", "3"}};
  EXPECT_EQ(Terminal::accepted(draws), "1-3");
}

TEST(Terminal, RendersCardTokensPlainColouredAndAscii) {
  const Card qs = Card::standard(kQueen, kSpades), qh = Card::standard(kQueen, kHearts);
  const std::string line = "You draw " + card_token(qh) + " and keep " + card_token(qs) + ". [[999]] [[x]]";
  EXPECT_EQ(Terminal({}).text(line), "You draw Q♥ and keep Q♠. [[999]] [[x]]");
  EXPECT_EQ(Terminal({false, true}).text(line), "You draw QH and keep QS. [[999]] [[x]]");
  EXPECT_EQ(Terminal({true, false}).text(card_token(qh)), "\033[31mQ♥\033[0m");
}

TEST(Terminal, TableHidesWhatTheViewHides) {
  View v;
  v.players = 2;
  v.viewer = 0;
  v.seats = {{"Seat 0", 2, 0, false, ""}, {"Seat 1", 1, 0, false, "dealer"}};
  v.zones.push_back({ZoneKind::kHand, 0, "Seat 0's hand", {{Card::standard(kTwo, kClubs), false}, {Card::standard(kKing, kHearts), false}}, true, ""});
  v.zones.push_back({ZoneKind::kHand, 1, "Seat 1's hand", {{std::nullopt, false}}, true, ""});
  const std::string t = Terminal({}).table(v);
  EXPECT_NE(t.find("Your hand: 1:2♣ 2:K♥"), std::string::npos) << t;
  EXPECT_NE(t.find("Seat 1        1 card"), std::string::npos) << t;
  EXPECT_NE(t.find("[dealer]"), std::string::npos) << t;
}

}  // namespace
}  // namespace parlour::cli
