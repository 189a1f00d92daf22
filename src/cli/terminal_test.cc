// The terminal's generic pieces: input matching, the summary of accepted
// input, card tokens, colour and ascii.
#include "cli/terminal.h"

#include <gtest/gtest.h>

#include "cli/commands.h"

namespace parlour::cli {
namespace {

Choice ch(Action a, std::string label, std::string key) {
  return Choice{a, std::move(label), std::move(key), {}, {}};
}

std::vector<Choice> offer_choices() {
  return {ch(0, "offer", "o"), ch(1, "shuffle", "s"), ch(65, "move 1 to 2", "m 1 2"),
          ch(96, "move 2 to 1", "m 2 1")};
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
  std::vector<Choice> draws = {ch(32, "draw 1", "1"), ch(33, "draw 2", "2"), ch(34, "draw 3", "3")};
  EXPECT_EQ(Terminal::accepted(draws), "1-3");
  EXPECT_EQ(Terminal::accepted({ch(1, "call Threes", "c 3"), ch(2, "draw it", "d"), draws[0]}),
            "c 3, d, 1");
}

TEST(Terminal, HintsSayWhatEachKeyDoesInWords) {
  EXPECT_EQ(Terminal({}).hints(offer_choices()),
            "o: offer · s: shuffle · m A B: move A to B (A, B: 1-2)");
  std::vector<Choice> draws = {ch(32, "draw 1", "1"), ch(33, "draw 2", "2"), ch(34, "draw 3", "3")};
  EXPECT_EQ(Terminal({}).hints(draws), "A: draw A (A: 1-3)");
  // Numbers some of which are refused are listed as runs (issue 36, item 14:
  // Klondike's "(A: 3-6)" named columns 4 and 5, which it then refused).
  const std::vector<Choice> gaps{ch(1, "to column 3", "3"), ch(2, "to column 6", "6"),
                                 ch(3, "to column 7", "7")};
  EXPECT_EQ(Terminal::accepted(gaps), "3, 6-7");
  EXPECT_EQ(Terminal({}).hints(gaps), "A: to column A (A: 3, 6-7)");
  EXPECT_EQ(Terminal({}).hints({ch(8003, "claim both cards", "c"), ch(8004, "let it go", "n")}),
            "c: claim both cards · n: let it go");
  // Choices of one shape that name their own cards (Cheat's put-down): one
  // hint, "card A" where A is the position of the card picked.
  std::vector<Choice> puts;
  for (int i = 0; i < 3; ++i) {
    Choice c =
        ch(100 + i, "put down " + card_token(Card::standard(static_cast<Rank>(kAce + i), kClubs)),
           std::to_string(i + 1));
    c.picks = {{0, i}};
    puts.push_back(c);
  }
  puts.push_back(ch(200, "call aces", "c"));
  EXPECT_EQ(Terminal({}).hints(puts), "A: put down card A (A: 1-3) · c: call aces");
  puts[1].picks = {{0, 0}};  // not its position: the words it does not share are left out
  EXPECT_EQ(Terminal({}).hints(puts), "A: put down … (A: 1-3) · c: call aces");
  // A key alone of its shape is said as it is typed.
  EXPECT_EQ(Terminal({}).hints({ch(300, "call Threes", "c 3"), ch(301, "draw it", "d")}),
            "c 3: call Threes · d: draw it");
}

TEST(Terminal, RendersCardTokensPlainColouredAndAscii) {
  const Card qs = Card::standard(kQueen, kSpades), qh = Card::standard(kQueen, kHearts);
  const std::string line =
      "You draw " + card_token(qh) + " and keep " + card_token(qs) + ". [[999]] [[x]]";
  EXPECT_EQ(Terminal({}).text(line), "You draw Q♥ and keep Q♠. [[999]] [[x]]");
  EXPECT_EQ(Terminal({false, true}).text(line), "You draw QH and keep QS. [[999]] [[x]]");
  EXPECT_EQ(Terminal({true, false}).text(card_token(qh)), "\033[31mQ♥\033[0m");
}

TEST(Terminal, TableHidesWhatTheViewHides) {
  View v;
  v.players = 2;
  v.viewer = 0;
  v.seats = {{"Seat 0", 2, 0, false, "", {}}, {"Seat 1", 1, 0, false, "dealer", {}}};
  Zone mine{ZoneKind::kHand, Layout::kFan, 0, "Seat 0's hand", {}, "", 0, 0};
  mine.cards = {{Card::standard(kTwo, kClubs)}, {Card::standard(kKing, kHearts)}};
  Zone theirs{ZoneKind::kHand, Layout::kFan, 1, "Seat 1's hand", {}, "", 0, 0};
  theirs.cards = {CardView{}};
  v.zones = {mine, theirs};
  const std::string t = Terminal({}).table(v);
  EXPECT_NE(t.find("Your hand: 1:2♣ 2:K♥"), std::string::npos) << t;
  EXPECT_NE(t.find("Seat 1        1 card"), std::string::npos) << t;
  EXPECT_NE(t.find("[dealer]"), std::string::npos) << t;
}

TEST(Terminal, NumbersTheCardsAKeyPicksByPosition) {
  View v;
  v.players = 1;
  v.viewer = 0;
  v.seats = {{"Seat 0", 2, 0, false, "", {}}};
  Zone mine{ZoneKind::kHand, Layout::kHand, 0, "Seat 0's hand", {}, "", 0, 0};
  mine.cards = {{Card::standard(kTwo, kClubs)}, {Card::standard(kKing, kHearts)}};
  v.zones = {mine};
  EXPECT_NE(Terminal({}).table(v).find("Your hand: 2♣ K♥"), std::string::npos);
  Choice put{7, "put down K♥", "2", {{0, 1}}, {}};
  v.choices = {put};
  EXPECT_NE(Terminal({}).table(v).find("Your hand: 1:2♣ 2:K♥"), std::string::npos)
      << Terminal({}).table(v);
}

TEST(Terminal, ReadsPlacesOfTheViewersHandForWhyNot) {
  // "m 2 3 5" and "3" name cards of the viewer's own hand by place, as the
  // meld and discard keys do; anything else names none.
  View v;
  v.viewer = 1;
  v.zones = {Zone{ZoneKind::kHand, Layout::kHand, 0, "Seat 0's hand", {}, "", 0, 0},
             Zone{ZoneKind::kHand, Layout::kHand, 1, "Seat 1's hand", {}, "", 0, 0}};
  const auto m = Terminal::typed_picks("M  2 3 5", v);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->word, "m");
  EXPECT_EQ(m->picks, (std::vector<CardRef>{{1, 1}, {1, 2}, {1, 4}}));
  const auto alone = Terminal::typed_picks("3", v);
  ASSERT_TRUE(alone.has_value());
  EXPECT_EQ(alone->word, "");
  EXPECT_EQ(alone->picks, (std::vector<CardRef>{{1, 2}}));
  for (const char* no : {"", "m", "m 0", "m 2 x", "m 100", "pass", "2 -1"})
    EXPECT_FALSE(Terminal::typed_picks(no, v).has_value()) << no;
  v.viewer = kSpectator;
  EXPECT_FALSE(Terminal::typed_picks("m 1 2 3", v).has_value());
}

TEST(Terminal, DrawsEveryLayoutFromTheViewAlone) {
  View v;
  v.players = 2;
  v.viewer = 0;
  v.seats = {{"Seat 0", 0, 0, false, "", {{"chips", 12}}}, {"Seat 1", 0, 0, false, "", {}}};
  const Card as = Card::standard(kAce, kSpades), kh = Card::standard(kKing, kHearts);
  Zone trick{ZoneKind::kTrick, Layout::kTrick, kNobody, "trick", {}, "", 0, 0};
  trick.cards = {CardView{as, true, 0}, CardView{kh, true, 1}};
  Zone grid{ZoneKind::kTableau, Layout::kGrid, kNobody, "grid", {}, "", 2, 0};
  grid.cards = {CardView{as, true}, CardView{std::nullopt, false, kNobody, true},
                CardView{kh, true}, CardView{}};
  Zone pile{ZoneKind::kStock, Layout::kPile, kNobody, "stock", {}, "", 0, 0};
  pile.cards = {CardView{}, CardView{}, CardView{kh, true}};
  Zone pot{ZoneKind::kPot, Layout::kPot, kNobody, "pot", {}, "", 0, 7};
  v.zones = {trick, grid, pile, pot};
  const std::string t = Terminal({}).table(v);
  EXPECT_NE(t.find("trick: Seat 0 A♠, Seat 1 K♥"), std::string::npos) << t;
  EXPECT_NE(t.find("grid: A♠"), std::string::npos) << t;
  EXPECT_NE(t.find("stock: 3 cards, top K♥"), std::string::npos) << t;
  EXPECT_NE(t.find("pot: 7 chips"), std::string::npos) << t;
  EXPECT_NE(t.find("chips 12"), std::string::npos) << t;
}

// Issue 36, item 14: what a player at the table sees, the terminal says.
TEST(Terminal, SaysAnEmptyColumnOneCardFaceDownAndNoScoreColumnOfZeros) {
  View v;
  v.players = 2;
  v.viewer = 0;
  v.hands = 0;  // rounds to the last player (Chase the Ace): no score yet
  v.seats = {{"Seat 0", 1, 0, false, "", {}}, {"Seat 1", 1, 0, false, "", {}}};
  Zone mine{ZoneKind::kHand, Layout::kHand, 0, "Seat 0's hand", {}, "", 0, 0};
  mine.cards = {{Card::standard(kTwo, kClubs)}};
  Zone column{ZoneKind::kTableau, Layout::kColumn, kNobody, "column 3", {}, "", 0, 0};
  Zone down{ZoneKind::kTableau, Layout::kColumn, kNobody, "column 4", {}, "", 0, 0};
  down.cards = {CardView{}};
  v.zones = {mine, column, down};
  for (bool ascii : {false, true}) {
    Style plain;
    plain.ascii = ascii, plain.colour = false;
    const std::string t = Terminal(plain).table(v);
    EXPECT_NE(t.find("column 3: empty"), std::string::npos) << t;
    EXPECT_NE(t.find("column 4: 1 card face down"), std::string::npos) << t;
    EXPECT_EQ(t.find("score"), std::string::npos) << t;
  }
  v.seats[1].score = 2;  // once scored, every seat's score is shown
  const std::string t = Terminal({}).table(v);
  EXPECT_NE(t.find("score 0"), std::string::npos) << t;
  EXPECT_NE(t.find("score 2"), std::string::npos) << t;
}

// A score-sheet as one is ruled by hand: the latest entry above the line
// nearest the top, the line, then the entries below it in order with a rule
// under the one that won a game. Plain: ASCII only.
TEST(Terminal, RulesAScoreSheetAboveAndBelowTheLine) {
  ScoreSheet sh;
  sh.columns = {"We", "They"};
  sh.note = "We: you and Seat 2; They: Seat 1 and Seat 3.";
  sh.above = {{"deal 1: simple honours", {16, 0}, false}, {"rubber", {0, 100}, false}};
  sh.below = {{"deal 1: 2 by cards in hearts; game", {32, 0}, true},
              {"deal 2: 1 by cards in clubs", {0, 4}, false}};
  sh.games = {1, 0};
  sh.totals = {48, 104};
  sh.result = "They are ahead on the totals and win 56 points.";
  Style plain;
  plain.plain = true;
  const std::string t = Terminal(plain).sheet(sh);
  const std::string want =
      "Score-sheet. We: you and Seat 2; They: Seat 1 and Seat 3.\n"
      "        We    They\n"
      "               100   rubber\n"
      "        16           deal 1: simple honours\n"
      "  ================   the line\n"
      "        32           deal 1: 2 by cards in hearts; game\n"
      "  ----------------\n"
      "                 4   deal 2: 1 by cards in clubs\n"
      "         1       0   games\n"
      "        48     104   totals\n"
      "They are ahead on the totals and win 56 points.\n";
  EXPECT_EQ(t, want);
  for (unsigned char c : t) EXPECT_LT(c, 128) << "not ASCII with --plain";
  const std::string fancy = Terminal({}).sheet(sh);
  EXPECT_NE(fancy.find("════"), std::string::npos) << fancy;
  EXPECT_NE(fancy.find("────"), std::string::npos) << fancy;
  EXPECT_EQ(Terminal({}).sheet(ScoreSheet{}), "");
}

TEST(Sim, ProgressSaysTheTimeLeftAtThePaceOfTheGamesPlayed) {
  EXPECT_EQ(sim_progress(0, 2000, 0, 0), "0 / 2000 games");
  EXPECT_EQ(sim_progress(10, 2000, 0, 3), "10 / 2000 games");  // too soon to say
  // 100 played in 400 s: 4 s a game, 1,900 to go.
  EXPECT_EQ(sim_progress(100, 2000, 0, 400), "100 / 2000 games, about 2 h 6 min to go");
  // 1,000 taken from a journal at once: the pace is that of the 100 played.
  EXPECT_EQ(sim_progress(1100, 2000, 1000, 400), "1100 / 2000 games, about 1 h 0 min to go");
  EXPECT_EQ(sim_progress(1990, 2000, 0, 1990), "1990 / 2000 games, about 10 s to go");
  EXPECT_EQ(sim_progress(1900, 2000, 0, 1900), "1900 / 2000 games, about 2 min to go");
  EXPECT_EQ(sim_progress(1000, 1000, 1000, 9), "1000 / 1000 games");
}

}  // namespace
}  // namespace parlour::cli
