#include "analysis/sim.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "analysis/journal.h"
#include "analysis/solve.h"

namespace parlour {
namespace {

SimSpec spec(const char* name, int players, std::uint64_t games,
             std::vector<std::string> bots = {}) {
  SimSpec s;
  s.sel = *select(name);
  s.config = *make_config(s.sel, players, {});
  s.games = games;
  s.bots = std::move(bots);
  return s;
}

TEST(Sim, WilsonIntervalMatchesKnownValues) {
  // 50 of 100: 40.38% to 59.62% (the textbook figures).
  Interval i = wilson(50, 100);
  EXPECT_NEAR(i.low, 0.4038, 1e-4);
  EXPECT_NEAR(i.high, 0.5962, 1e-4);
  i = wilson(0, 10);
  EXPECT_EQ(i.low, 0.0);
  EXPECT_NEAR(i.high, 0.2775, 1e-4);
}

TEST(Sim, SameResultsWhateverTheThreadCount) {
  SimSpec a = spec("old-maid", 4, 3000);
  SimSpec b = a;
  b.threads = 2;
  Result<SimResult> ra = simulate(a), rb = simulate(b);
  ASSERT_TRUE(ra.ok() && rb.ok());
  EXPECT_EQ(format_json(a, *ra), format_json(b, *rb));
  std::uint64_t losses = 0;
  for (const Tally& t : ra->seats) losses += t.losses;
  EXPECT_EQ(losses, 3000u);  // exactly one loser a game
}

TEST(Sim, RotationGivesEveryBotEverySeat) {
  SimSpec s = spec("old-maid", 2, 100, {"blind", "random"});
  s.rotate = true;
  Result<SimResult> r = simulate(s);
  ASSERT_TRUE(r.ok());
  ASSERT_EQ(r->bot_names.size(), 2u);
  EXPECT_EQ(r->bots[0].games, 100u);
  EXPECT_EQ(r->bots[1].games, 100u);
}

// Issue 38: in a partnership game a tournament seats one bot a side, both
// partners the same bot, and goes round every ordered pair of bots, so each
// bot meets each other from either side. The pairs are listed here by hand.
TEST(Sim, APartnershipGameSeatsOneBotASideAndEveryPairFromEitherSide) {
  SimSpec s = spec("bridge-whist", 4, 6, {"a", "b", "c"});
  s.rotate = true;
  ASSERT_TRUE(by_side(s));
  EXPECT_EQ(rotations_of(s), 6u);
  const std::vector<std::pair<std::size_t, std::size_t>> want = {{0, 1}, {0, 2}, {1, 0},
                                                                 {1, 2}, {2, 0}, {2, 1}};
  for (std::uint64_t i = 0; i < 12; ++i) {
    const auto [a, b] = want[i % 6];
    EXPECT_EQ(seat_bot(s, 3, i, 0), a) << "game " << i;
    EXPECT_EQ(seat_bot(s, 3, i, 2), a) << "game " << i;
    EXPECT_EQ(seat_bot(s, 3, i, 1), b) << "game " << i;
    EXPECT_EQ(seat_bot(s, 3, i, 3), b) << "game " << i;
  }
  // Without partners, seats rotate as before: bot (s + i) mod bots.
  SimSpec om = spec("old-maid", 3, 6, {"a", "b", "c"});
  om.rotate = true;
  EXPECT_FALSE(by_side(om));
  EXPECT_EQ(seat_bot(om, 3, 1, 2), 0u);
  // Two real bots: partners share a result, so each side counts once for
  // its bot, and each game is one pairing of the two sides.
  SimSpec t = spec("bridge-whist", 4, 4, {"heuristic", "random"});
  t.rotate = true;
  const std::vector<std::string> one_deal = {"scope=deal"};
  t.config = *make_config(t.sel, 4, one_deal);
  Result<SimResult> r = simulate(t);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_EQ(r->bots[0].games, 4u);
  EXPECT_EQ(r->bots[1].games, 4u);
  EXPECT_EQ(r->head_to_head[0][1].games, 4u);
  for (int seat : {0, 1}) {
    EXPECT_EQ(r->seats[seat].score_sum, r->seats[seat + 2].score_sum) << "partners differ";
  }
}

TEST(Sim, DuplicatePlaysEachDealUnderEveryRotation) {
  // Two identical players: on the same deals from every seat, their mean
  // scores are the same deal by deal, so the paired difference is exactly 0,
  // while the games differ from deal to deal.
  SimSpec s = spec("macao", 2, 41, {"threshold", "threshold"});
  s.rotate = true;
  s.duplicate = true;
  s.threads = 2;
  Result<SimResult> r = simulate(s);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_EQ(r->games, 42u);  // rounded up to whole deals
  ASSERT_EQ(r->bot_names.size(), 1u);
  EXPECT_TRUE(r->paired.empty() || r->paired[0].empty() || r->paired[0][0].deals == 0);
  // Two different bots: one difference a deal.
  s.bots = {"optimal", "threshold"};
  r = simulate(s);
  ASSERT_TRUE(r.ok()) << r.message();
  ASSERT_EQ(r->paired.size(), 2u);
  EXPECT_EQ(r->paired[0][1].deals, 21u);
  EXPECT_NEAR(r->paired[0][1].mean(), -r->paired[1][0].mean(), 1e-9);
  // Each bot sits once in each deal's two games: its mean score a deal is half
  // its score over them, and the differences add up to half the difference
  // of the bots' score sums over the tournament.
  EXPECT_NEAR(r->paired[0][1].sum, (r->bots[0].score_sum - r->bots[1].score_sum) / 2, 1e-6);
}

TEST(Sim, JsonCarriesSeatsLoseRatesAndIntervals) {
  SimSpec s = spec("old-maid", 3, 200);
  Result<SimResult> r = simulate(s);
  ASSERT_TRUE(r.ok());
  auto j = nlohmann::json::parse(format_json(s, *r));
  EXPECT_EQ(j["games"], 200);
  ASSERT_EQ(j["seats"].size(), 3u);
  for (int k = 0; k < 3; ++k) {
    EXPECT_EQ(j["seats"][k]["seat"], k);
    const double lose = j["seats"][k]["lose"];
    EXPECT_LE(j["seats"][k]["lose_ci"][0].get<double>(), lose);
    EXPECT_GE(j["seats"][k]["lose_ci"][1].get<double>(), lose);
  }
}

TEST(Sim, GamesEndedAtTheCapAreCountedAndSaidAndLengthsAreExact) {
  // Issue 36, item 5: lengths were clamped at 4,095 (the mean above the
  // max), and games stopped at a game's safety cap went unmentioned.
  // Klondike's greedy bot often plays to the cap of 1,000 moves: the games
  // counted as capped are those of exactly 1,000 moves not won (a fact of
  // the lengths, not of the flag).
  Result<SimResult> r = simulate(spec("klondike", 1, 40, {"greedy"}));
  ASSERT_TRUE(r.ok()) << r.message();
  ASSERT_GT(r->length_hist.size(), 1000u);
  EXPECT_GT(r->capped, 0u);
  EXPECT_LE(r->capped, r->length_hist[1000]);
  EXPECT_GE(r->capped + r->seats[0].wins, r->length_hist[1000]);
  EXPECT_EQ(r->cap, 1000);
  EXPECT_EQ(r->cap_unit, "moves");
  const std::string text = format_text(spec("klondike", 1, 40, {"greedy"}), *r);
  EXPECT_NE(text.find(std::to_string(r->capped) + " games ("), std::string::npos) << text;
  EXPECT_NE(text.find("ended at the cap of 1000 moves"), std::string::npos) << text;
  // Cheat's games run past 4,095 seat actions: the mean lies within the
  // lengths, whatever they are.
  Result<SimResult> c = simulate(spec("cheat", 4, 6, {"random"}));
  ASSERT_TRUE(c.ok()) << c.message();
  const double mean = static_cast<double>(c->length_sum) / static_cast<double>(c->games);
  EXPECT_LE(mean, static_cast<double>(c->length_percentile(1.0)));
  EXPECT_GE(mean, static_cast<double>(c->length_percentile(0.0)));
  std::uint64_t sum = 0;
  for (std::size_t i = 0; i < c->length_hist.size(); ++i) sum += i * c->length_hist[i];
  EXPECT_EQ(sum, c->length_sum);
}

TEST(Sim, BadBotsAreNamed) {
  Result<SimResult> r = simulate(spec("old-maid", 3, 10, {"blind", "genius", "blind"}));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("unknown bot 'genius'"), std::string::npos) << r.message();
  r = simulate(spec("old-maid", 3, 10, {"blind", "blind"}));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("2 bots for 3 players"), std::string::npos) << r.message();
}

// A journal file of this test's own, removed at the end.
struct JournalFile {
  std::string path;
  explicit JournalFile(const char* name)
      : path((std::filesystem::temp_directory_path() /
              (std::string("parlour_journal_") + name + "_" + std::to_string(::getpid())))
                 .string()) {
    std::filesystem::remove(path);
  }
  ~JournalFile() { std::filesystem::remove(path); }
  std::string text() const {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }
  long lines() const {
    const std::string t = text();
    return std::count(t.begin(), t.end(), '\n');
  }
  void append(const std::string& s) const { std::ofstream(path, std::ios::app) << s; }
};

// Runs s with the journal at path; the games taken from it in *taken.
Result<SimResult> journaled(SimSpec s, const std::string& path, std::uint64_t* taken = nullptr) {
  Result<std::unique_ptr<SimJournal>> j = SimJournal::open(path, s);
  if (!j.ok()) return Status::error(j.message());
  (*j)->attach(s);
  if (taken) *taken = (*j)->taken(s.games);
  return simulate(s);
}

TEST(SimJournal, AStoppedSimulationGoesOnWhereItStoppedWithTheSameFigures) {
  JournalFile f("resume");
  SimSpec whole = spec("old-maid", 3, 300, {"random"});
  whole.threads = 2;
  SimSpec first = whole;
  first.games = 120;  // stopped after 120 games
  std::uint64_t taken = 99;
  ASSERT_TRUE(journaled(first, f.path, &taken).ok());
  EXPECT_EQ(taken, 0u);
  // 120 games and the header, a line each.
  EXPECT_EQ(f.lines(), 121);
  Result<SimResult> resumed = journaled(whole, f.path, &taken);
  ASSERT_TRUE(resumed.ok()) << resumed.message();
  EXPECT_EQ(taken, 120u);
  Result<SimResult> straight = simulate(whole);
  ASSERT_TRUE(straight.ok());
  EXPECT_EQ(format_json(whole, *resumed), format_json(whole, *straight));
  EXPECT_EQ(f.lines(), 301);
  // All 300 there: nothing is played, the figures the same.
  SimSpec none = whole;
  none.bots = {"random"};
  Result<std::unique_ptr<SimJournal>> j = SimJournal::open(f.path, none);
  ASSERT_TRUE(j.ok());
  (*j)->attach(none);
  int played = 0;
  none.record = [&](std::uint64_t, const Playout&) { ++played; };
  Result<SimResult> again = simulate(none);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(played, 0);
  EXPECT_EQ(format_json(whole, *again), format_json(whole, *straight));
}

TEST(SimJournal, ALastLineCutShortIsDroppedAndItsGamePlayedAgain) {
  JournalFile f("cut");
  SimSpec s = spec("old-maid", 4, 40);
  ASSERT_TRUE(journaled(s, f.path).ok());
  const std::string before = f.text();
  f.append("{\"game\": 40, \"kind\": \"lo");  // stopped while writing
  std::uint64_t taken = 0;
  s.games = 41;
  Result<SimResult> r = journaled(s, f.path, &taken);
  ASSERT_TRUE(r.ok()) << r.message();
  EXPECT_EQ(taken, 40u);
  EXPECT_EQ(r->games, 41u);
  // The cut line gone, game 40's whole line in its place.
  const std::string after = f.text();
  ASSERT_EQ(after.substr(0, before.size()), before);
  EXPECT_EQ(after.substr(before.size(), 10), "{\"game\":40");
  EXPECT_EQ(after.back(), '\n');
}

TEST(SimJournal, AnotherSimulationsJournalIsRefusedAndLeftAsItWas) {
  JournalFile f("other");
  SimSpec s = spec("old-maid", 4, 20);
  ASSERT_TRUE(journaled(s, f.path).ok());
  const std::string before = f.text();
  SimSpec other = s;
  other.seed = 7;
  Result<SimResult> r = journaled(other, f.path);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("journal of another simulation: its seed 1, here 7"),
            std::string::npos)
      << r.message();
  other = s;
  other.bots = {"random"};
  r = journaled(other, f.path);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("its bots"), std::string::npos) << r.message();
  EXPECT_EQ(f.text(), before);
  // A line that is no game's result is named, and nothing is written.
  f.append("{\"game\": 3}\n");
  r = journaled(s, f.path);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("line 22 is not a game's result"), std::string::npos) << r.message();
  // A file that is no journal at all is not touched.
  JournalFile g("notes");
  g.append("my notes\n");
  r = journaled(s, g.path);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("is not a simulation's journal"), std::string::npos) << r.message();
  EXPECT_EQ(g.text(), "my notes\n");
}

TEST(SimJournal, DuplicatePlayGoesOnByWholeDeals) {
  JournalFile f("duplicate");
  SimSpec whole = spec("macao", 2, 41, {"threshold", "optimal"});
  whole.rotate = whole.duplicate = true;
  SimSpec first = whole;
  first.games = 17;  // 18 played: duplicate play rounds up to whole deals
  ASSERT_TRUE(journaled(first, f.path).ok());
  std::uint64_t taken = 0;
  Result<SimResult> resumed = journaled(whole, f.path, &taken);
  ASSERT_TRUE(resumed.ok()) << resumed.message();
  EXPECT_EQ(taken, 18u);  // 17, rounded up to whole deals of 2
  Result<SimResult> straight = simulate(whole);
  ASSERT_TRUE(straight.ok());
  EXPECT_EQ(games_of(whole), 42u);
  EXPECT_EQ(format_json(whole, *resumed), format_json(whole, *straight));
}

TEST(SimJournal, TheSameGameWithTwoResultsOrAMalformedLineIsRefusedWithoutACrash) {
  JournalFile f("twice");
  SimSpec s = spec("old-maid", 4, 5);
  ASSERT_TRUE(journaled(s, f.path).ok());
  const std::string t = f.text();
  const std::size_t from = t.find('\n') + 1;
  const std::string game0 = t.substr(from, t.find('\n', from) - from);
  f.append(game0 + "\n");  // the same result again: one run's, taken
  ASSERT_TRUE(journaled(s, f.path).ok());
  nlohmann::json other = nlohmann::json::parse(game0);
  other["length"] = other["length"].get<int>() + 1;
  f.append(other.dump() + "\n");
  Result<SimResult> r = journaled(s, f.path);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("lines 2 and 8 give game 0 two results"), std::string::npos)
      << r.message();
  // Fields of the wrong kind are a line that is no game's result, not a crash.
  JournalFile g("kinds");
  ASSERT_TRUE(journaled(s, g.path).ok());
  g.append(
      R"({"game":9,"kind":2,"scores":[0,0,0,0],"places":[1,1,1,1],"length":3,"facts":[0,0,0,0]})"
      "\n");
  r = journaled(s, g.path);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("line 7 is not a game's result"), std::string::npos) << r.message();
  JournalFile h("header");
  h.append(R"({"parlour":1})"
           "\n");
  r = journaled(s, h.path);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.message().find("is not a simulation's journal"), std::string::npos) << r.message();
}

TEST(SimJournal, AJournalWithNoGameInItIsWrittenAfresh) {
  // Say the first run stopped at once, on a bot's name mistyped: its header
  // alone holds nothing to lose.
  JournalFile f("fresh");
  SimSpec s = spec("old-maid", 4, 10, {"blind"});
  ASSERT_TRUE(SimJournal::open(f.path, s).ok());
  s.bots = {"random"};
  std::uint64_t taken = 5;
  ASSERT_TRUE(journaled(s, f.path, &taken).ok());
  EXPECT_EQ(taken, 0u);
  EXPECT_NE(f.text().find("\"bots\":[\"random\""), std::string::npos) << f.text();
}

// "Deal a winnable game" (issue: the solitaires): the deal given is one the
// solver proves won, and the deals before it are not.
TEST(Solve, AWinnableDealIsTheFirstProvedWon) {
  const Selection sel = *select("klondike");
  Result<Config> cfg = make_config(sel, std::nullopt, {});
  ASSERT_TRUE(cfg.ok()) << cfg.message();
  const SolveLimits lim{200'000, 0};
  Result<WinnableDeal> w = winnable_deal(sel, *cfg, 17, 20, lim);
  ASSERT_TRUE(w.ok()) << w.message();
  SolveLimits reading = lim;
  reading.reading_hidden_cards = true;
  for (std::uint64_t seed = 17; seed <= w->seed; ++seed) {
    Result<DealSolved> d = solve_deal(*sel.game, *cfg, seed, reading);
    ASSERT_TRUE(d.ok()) << d.message();
    EXPECT_EQ(d->verdict == SolveReport::kWon, seed == w->seed) << seed;
  }
  EXPECT_EQ(w->seed, 19u);  // deal 17 is beyond this budget, deal 18 proved lost
  EXPECT_EQ(w->tried, 3);
  // Without reading the hidden cards, Klondike's solver will not answer.
  EXPECT_FALSE(solve_deal(*sel.game, *cfg, 1, lim).ok());
  // Too small a budget proves nothing: a clear error, not a deal.
  Result<WinnableDeal> none = winnable_deal(sel, *cfg, 1, 3, SolveLimits{10, 0});
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.message().find("no deal of 3 from seed 1 was proved winnable"), std::string::npos)
      << none.message();
  EXPECT_FALSE(winnable_deal(*select("old-maid"),
                             *make_config(*select("old-maid"), std::nullopt, {}), 1, 3, lim)
                   .ok());
}

}  // namespace
}  // namespace parlour
