// The engine where no real game reaches yet, through the toy games
// (toy_games.h): several seats acting at once, one-player games, undo, the
// state hash and the solver; and the driver's promises for every game: records
// with seats, version-1 records, no allocation per step, and the checks made
// when a game registers.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <new>
#include <set>
#include <sstream>

#include "bots/random_bot.h"
#include "conformance.h"
#include "core/seeds.h"
#include "core/table.h"
#include "count_allocations.h"
#include "games/registry.h"
#include "toy_games.h"

namespace parlour::testing {
namespace {

const GameInfo& toy(const char* name) {
  register_toy_games();
  return *find_game(name);
}

std::vector<std::unique_ptr<Player>> bots_of(const GameInfo& g,
                                             const std::vector<std::string>& names,
                                             std::uint64_t seed, std::vector<Player*>& at) {
  std::vector<std::unique_ptr<Player>> out;
  at.clear();
  for (std::size_t s = 0; s < names.size(); ++s) {
    out.push_back(std::make_unique<BotPlayer>(make_bot(g, names[s]), g.resampler,
                                              bot_rng(seed, static_cast<int>(s))));
    at.push_back(out.back().get());
  }
  return out;
}

// ---- Several seats at once ---------------------------------------------------------

TEST(Engine, ToyGamesConform) {
  ConformanceOptions opt;
  opt.games = 30;
  opt.resample_every = 1;
  check_all_presets(toy("toy-snap"), opt);
  check_all_presets(toy("toy-patience"), opt);
}

TEST(Engine, EveryoneStakesAtOnceAndNobodySeesAStakeBeforeAllAreIn) {
  const GameInfo& g = toy("toy-snap");
  Table t(Selection{&g, nullptr}, test_config("toy-snap", 3), 5);
  t.settle();
  Actors a = t.state().actors();
  EXPECT_EQ(a.seats, 0b111u);
  EXPECT_EQ(a.resolve, Resolve::kAll);
  EXPECT_EQ(t.state().to_move(), kSeveral);
  ASSERT_TRUE(t.act(1, 12).ok());  // seat 1 stakes 2
  auto stake_shown = [&](Seat viewer, Seat of) {
    const View v = t.state().view(viewer);  // held: the loop reads into it
    for (const Counter& c : v.seats[of].counters)
      if (c.name == "stake") return true;
    return false;
  };
  EXPECT_TRUE(stake_shown(1, 1));   // its own
  EXPECT_FALSE(stake_shown(0, 1));  // not yet to the others
  EXPECT_FALSE(stake_shown(kSpectator, 1));
  EXPECT_FALSE(t.act(1, 11).ok());  // a seat that has acted is out of the window
  EXPECT_EQ(t.state().actors().seats, 0b101u);
  ASSERT_TRUE(t.act(2, 10).ok());
  ASSERT_TRUE(t.act(0, 11).ok());
  EXPECT_TRUE(stake_shown(0, 1));                // all in: shown to all
  EXPECT_EQ(t.moves()[0], (SeatAction{1, 12}));  // the record keeps who acted
}

TEST(Engine, TheFirstToSnapTakesItAndTheWindowCloses) {
  // Eager bots in every seat: when a snap comes, the driver asks from the seat
  // after the last to act, and the first asked calls it.
  const GameInfo& g = toy("toy-snap");
  int windows = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    Table t(Selection{&g, nullptr}, test_config("toy-snap", 4), seed);
    std::vector<Player*> at;
    auto players = bots_of(g, {"eager", "eager", "eager", "eager"}, seed, at);
    Seat last = kNobody;
    ASSERT_TRUE(t.run(at, [&](const State& s, const Step& step) {
      if (step.chance) return;
      if (step.action == 1) {  // a snap: it closed the window at once
        ++windows;
        EXPECT_EQ(step.seat, last < 0 ? 0 : (last + 1) % 4);
        EXPECT_FALSE(s.actors().has(step.seat));
      }
      last = step.seat;
    }));
  }
  EXPECT_GT(windows, 10);
}

TEST(Engine, AWindowNobodyWantsClosesWhenEveryoneLetsItGo) {
  const GameInfo& g = toy("toy-snap");
  Table t(Selection{&g, nullptr}, test_config("toy-snap", 3), 2);
  std::vector<Player*> at;
  auto players = bots_of(g, {"shy", "shy", "shy"}, 2, at);
  ASSERT_TRUE(t.run(at));
  EXPECT_EQ(t.state().outcome().scores, (std::vector<double>{0, 0, 0}));
}

TEST(Engine, ActionsOfSeatsThatMayNotActAreRefusedWithAReason) {
  const GameInfo& g = toy("toy-snap");
  Table t(Selection{&g, nullptr}, test_config("toy-snap", 2), 3);
  EXPECT_NE(t.act(0, 10).message().find("chance"), std::string::npos);
  t.settle();
  EXPECT_NE(t.act(5, 10).message().find("may not act"), std::string::npos);
  EXPECT_NE(t.act(0, 99).message().find("not legal"), std::string::npos);
  EXPECT_EQ(t.version(), 0);
}

// ---- One player: undo, hash, solver -------------------------------------------------

TEST(Engine, OnePlayerGamesAreWonOrLost) {
  const GameInfo& g = toy("toy-patience");
  int won = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    Record r = random_game(Selection{&g, nullptr}, test_config("toy-patience", 1), seed);
    ASSERT_TRUE(r.outcome);
    EXPECT_EQ(r.outcome->kind, OutcomeKind::kSolo);
    EXPECT_NE(r.outcome->won(0), r.outcome->lost(0));
    won += r.outcome->won(0);
  }
  EXPECT_GT(won, 0);
  EXPECT_LT(won, 60);
}

TEST(Engine, UndoInPlaceAndByReplayReturnToTheSamePosition) {
  // In place (the toy patience can), and by replaying (Old Maid cannot).
  for (const char* name : {"toy-patience", "old-maid"}) {
    SCOPED_TRACE(name);
    register_toy_games();
    const Selection sel = *select(name);
    const int players = name == std::string("old-maid") ? 3 : 1;
    Table t(sel, test_config(name, players), 9);
    t.settle();
    const View before = t.state().view(kEveryone);
    const std::vector<Action> l = legal(t.state(), t.state().to_move());
    ASSERT_TRUE(t.act(t.state().to_move(), l.back()).ok());
    t.settle();
    const View after = t.state().view(kEveryone);
    ASSERT_TRUE(t.undo().ok());
    EXPECT_EQ(t.version(), 0);
    EXPECT_TRUE(t.state().view(kEveryone) == before);
    EXPECT_FALSE(t.undo().ok());  // nothing more to take back
    // Redo plays the move again, and what followed falls as it fell.
    ASSERT_TRUE(t.redoable());
    ASSERT_TRUE(t.redo().ok());
    EXPECT_EQ(t.version(), 1);
    EXPECT_TRUE(t.state().view(kEveryone) == after);
    EXPECT_FALSE(t.redoable());
    EXPECT_FALSE(t.redo().ok());
    // Another move forgets what was taken back.
    ASSERT_TRUE(t.undo().ok());
    ASSERT_TRUE(t.redoable());
    ASSERT_TRUE(t.act(t.state().to_move(), legal(t.state(), t.state().to_move()).front()).ok());
    EXPECT_FALSE(t.redoable());
  }
}

TEST(Engine, RedoBringsBackSeveralMovesInOrder) {
  register_toy_games();
  Table t(*select("toy-patience"), test_config("toy-patience", 1), 9);
  t.settle();
  std::vector<View> seen{t.state().view(kEveryone)};
  for (int i = 0; i < 3 && !t.state().terminal(); ++i) {
    ASSERT_TRUE(t.act(0, legal(t.state(), 0).front()).ok());
    t.settle();
    seen.push_back(t.state().view(kEveryone));
  }
  const int n = t.version();
  ASSERT_GE(n, 2);
  for (int i = 0; i < n; ++i) ASSERT_TRUE(t.undo().ok());
  for (int i = 1; i <= n; ++i) {
    ASSERT_TRUE(t.redo().ok());
    EXPECT_TRUE(t.state().view(kEveryone) == seen[static_cast<std::size_t>(i)]) << i;
  }
  EXPECT_FALSE(t.redoable());
}

TEST(Engine, TheSolverFindsAWinningLineOrProvesThereIsNone) {
  const GameInfo& g = toy("toy-patience");
  int wins = 0, losses = 0;
  for (std::uint64_t seed = 1; seed <= 80; ++seed) {
    Table t(Selection{&g, nullptr}, test_config("toy-patience", 1), seed);
    t.settle();
    Result<SolveReport> r = g.solver->solve(t.state(), {});
    ASSERT_TRUE(r.ok());
    ASSERT_NE(r->verdict, SolveReport::kUnknown);
    if (r->verdict == SolveReport::kWon) {
      ++wins;
      for (Action a : r->line) ASSERT_TRUE(t.act(0, a).ok());  // the line plays to a win
      ASSERT_TRUE(t.state().terminal());
      EXPECT_TRUE(t.state().outcome().won(0));
    } else {
      ++losses;
      // Lost: no order of play wins. Every line is tried.
      std::function<bool(State&)> any_win = [&](State& s) {
        if (s.terminal()) return s.outcome().won(0);
        for (Action a : legal(s, 0)) {
          auto next = s.clone();
          next->apply(0, a);
          if (any_win(*next)) return true;
        }
        return false;
      };
      auto copy = t.state().clone();
      EXPECT_FALSE(any_win(*copy)) << "seed " << seed;
    }
  }
  EXPECT_GT(wins, 0);
  EXPECT_GT(losses, 0);
}

// ---- Records -------------------------------------------------------------------------

TEST(Engine, VersionOneRecordsReplayTheirSeatsWorkedOut) {
  // A Bachelor Girl game with claim windows, its seats dropped as a record of
  // version 1 holds them: replaying finds each action's seat again, because
  // the table asked in the order a version-1 record implies.
  const Selection sel = *select("bachelor-girl");
  int windows = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    Table t(sel, test_config("bachelor-girl", 4), seed);
    std::vector<Player*> at;
    auto players = bots_of(*sel.game, {"random", "random", "random", "random"}, seed, at);
    ASSERT_TRUE(
        t.run(at, [&](const State& s, const Step&) { windows += s.to_move() == kSeveral; }));
    Record r = t.record();
    Record v1 = r;
    v1.version = 1;
    for (SeatAction& m : v1.moves) m.seat = kNobody;
    Result<Replayed> again = replay(v1);
    ASSERT_TRUE(again.ok()) << again.message();
    EXPECT_EQ(again->table->moves().size(), r.moves.size());
    EXPECT_TRUE(std::equal(r.moves.begin(), r.moves.end(), again->table->moves().begin()));
    EXPECT_EQ(again->state().outcome(), t.state().outcome());
  }
  EXPECT_GT(windows, 0);
}

TEST(Engine, RecordsWrittenBeforeSeatsWereKeptStillReplay) {
  // tests/records/v1: records written by `parlour play --record` before this
  // version (commit dcd3441), of both games and several presets.
  const std::string dir = PARLOUR_V1_RECORDS;
  int n = 0;
  for (const char* name :
       {"old-maid-4.json", "schwarzer-peter-3.json", "babanuki-5.json", "old-maid-match-4.json",
        "bachelor-girl-4.json", "bachelor-girl-4-claims.json",
        "bachelor-girl-standard-3-random.json", "scabby-queen-3.json"}) {
    SCOPED_TRACE(name);
    std::ifstream f(dir + "/" + name);
    ASSERT_TRUE(f) << "missing " << dir << "/" << name;
    std::stringstream text;
    text << f.rdbuf();
    Result<Record> r = parse_record(text.str());
    ASSERT_TRUE(r.ok()) << r.message();
    EXPECT_EQ(r->version, 1);
    Result<Replayed> again = replay(*r);
    ASSERT_TRUE(again.ok()) << again.message();
    EXPECT_TRUE(again->state().terminal());
    ++n;
  }
  EXPECT_EQ(n, 8);
}

TEST(Engine, RecordsOfEveryGameReplayExactly) {
  // tests/records/v2: one record of every game and preset (README there),
  // written before the bots' seeds were mixed per purpose (issue 35, F15).
  // The deal's stream did not change, so each replays to its recorded
  // outcome (replay refuses one that does not); a change to any game's
  // chance events fails here.
  register_all_games();
  const std::string dir = PARLOUR_V2_RECORDS;
  std::set<std::string> covered;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".json") continue;
    SCOPED_TRACE(entry.path().filename().string());
    std::ifstream f(entry.path());
    std::stringstream text;
    text << f.rdbuf();
    Result<Record> r = parse_record(text.str());
    ASSERT_TRUE(r.ok()) << r.message();
    Result<Replayed> again = replay(*r);
    ASSERT_TRUE(again.ok()) << again.message();
    EXPECT_TRUE(again->state().terminal());
    EXPECT_EQ(again->state().outcome(), *r->outcome);
    covered.insert(r->preset.empty() ? r->game : r->preset);
  }
  for (const Selection& sel : all_selections())  // the toy games of these tests aside
    if (!sel.name().starts_with("toy-")) {
      EXPECT_TRUE(covered.count(std::string(sel.name()))) << "no record of " << sel.name();
    }
}

// ---- The hot path ---------------------------------------------------------------------

TEST(Engine, RandomPlayoutsAllocateNothingPerStep) {
  // Random bots through the driver, as sim and rollouts play: once the
  // table's buffers have grown, a game's steps allocate nothing (the state of
  // a new game is made before the count starts).
  for (const char* name : {"old-maid", "bachelor-girl"}) {
    SCOPED_TRACE(name);
    const Selection sel = *select(name);
    const Config cfg = test_config(name, 4);
    Table t(sel, cfg, 1);
    std::vector<Player*> at;
    auto players = bots_of(*sel.game, {"random", "random", "random", "random"}, 1, at);
    std::uint64_t steps = 0, allocations = 0;
    for (std::uint64_t seed = 1; seed <= 300; ++seed) {
      t.restart(seed);
      const std::uint64_t before = heap_allocations;
      ASSERT_TRUE(t.run(at));
      if (seed > 200)
        allocations += heap_allocations - before, steps += static_cast<std::uint64_t>(t.version());
    }
    EXPECT_GT(steps, 1000u);
    EXPECT_EQ(allocations, 0u) << "over " << steps << " steps";
  }
}

TEST(Engine, TheRandomPlayerPlaysTheRandomBotsGames) {
  // `parlour sim --bots random` seats a RandomPlayer, which draws without an
  // Observation and is not searched for in the legal list. The reference is
  // the random bot itself (bots/random_bot.cc) through BotPlayer: on the same
  // streams, every game must go move for move the same.
  register_all_games();
  int games_compared = 0;
  for (const GameInfo& g : games()) {
    if (!is_generic_random(g, "random")) continue;
    SCOPED_TRACE(std::string(g.name));
    Result<Config> cfg = make_config(Selection{&g, nullptr}, g.default_players, {});
    ASSERT_TRUE(cfg.ok());
    for (std::uint64_t seed = 1; seed <= 2; ++seed) {
      Table by_bot(Selection{&g, nullptr}, *cfg, seed),
          by_player(Selection{&g, nullptr}, *cfg, seed);
      std::vector<Player*> at_bot, at_player;
      auto bots =
          bots_of(g, std::vector<std::string>(static_cast<std::size_t>(cfg->players), "random"),
                  seed, at_bot);
      std::vector<std::unique_ptr<Player>> players;
      for (int s = 0; s < cfg->players; ++s) {
        players.push_back(std::make_unique<RandomPlayer>(bot_rng(seed, s)));
        at_player.push_back(players.back().get());
      }
      ASSERT_TRUE(by_bot.run(at_bot));
      ASSERT_TRUE(by_player.run(at_player));
      EXPECT_TRUE(std::ranges::equal(by_bot.moves(), by_player.moves())) << "seed " << seed;
      ++games_compared;
    }
  }
  EXPECT_GT(games_compared, 30);
}

TEST(Engine, UndoTakesBackEveryMoveSinceTheLastRedealAndRedoPlaysThemAgain) {
  // Montana undoes in place, and refuses to take back a redeal (it has shown
  // where the shuffle put the cards). The views recorded on the way in are
  // the reference: undo returns to each position a move was made in, back to
  // the last redeal; redo then plays every move again to the position it led
  // to, in order.
  const Selection sel = *select("montana");
  int redeals_met = 0;
  for (std::uint64_t seed = 1; seed <= 40 && redeals_met < 3; ++seed) {
    Table t(sel, test_config("montana", 1), seed);
    t.settle();
    Rng rng(seed, 5);
    std::vector<View> before, after;
    for (int k = 0; k < 400 && !t.state().terminal(); ++k) {
      const Seat seat = t.state().to_move();
      const std::vector<Action> l = legal(t.state(), seat);
      before.push_back(t.state().view(kEveryone));
      ASSERT_TRUE(t.act(seat, l[rng.below(static_cast<std::uint32_t>(l.size()))]).ok());
      t.settle();
      after.push_back(t.state().view(kEveryone));
    }
    std::size_t k = before.size();
    while (k > 0) {
      if (const Status st = t.undo(); !st.ok()) {
        EXPECT_NE(st.message().find("redeal"), std::string::npos) << st.message();
        ++redeals_met;
        break;
      }
      --k;
      ASSERT_TRUE(t.state().view(kEveryone) == before[k]) << "seed " << seed << ", move " << k;
    }
    for (; k < after.size(); ++k) {
      ASSERT_TRUE(t.redo().ok()) << "move " << k;
      ASSERT_TRUE(t.state().view(kEveryone) == after[k]) << "seed " << seed << ", move " << k;
    }
    EXPECT_FALSE(t.redoable());
  }
  EXPECT_GE(redeals_met, 3);
}

// ---- Registration ----------------------------------------------------------------------

TEST(Engine, RegistrationRefusesInconsistentGames) {
  register_toy_games();
  auto refused = [](GameInfo g, const std::string& why) {
    Status s = register_game(std::move(g));
    EXPECT_FALSE(s.ok()) << why;
    EXPECT_NE(s.message().find(why), std::string::npos) << s.message();
  };
  GameInfo g = toy_patience();
  refused(g, "taken");  // the name is taken
  g.name = "Bad Name";
  refused(g, "lower-case");
  g.name = "toy-other";
  g.min_players = 3;
  refused(g, "min <= default");
  g = toy_patience();
  g.name = "toy-other";
  g.hash = nullptr;
  refused(g, "a solver needs the state hash");
  g = toy_patience();
  g.name = "toy-other";
  g.bots.clear();
  refused(g, "at least one bot");
  g = toy_patience();
  g.name = "toy-other";
  g.fast_bot = "first";
  refused(g, "go together");
  static const std::vector<OptionSpec> unlabelled = {
      {"x", OptionType::kBool, 0, 1, {}, 0, "help", "source", ""}};
  g = toy_patience();
  g.name = "toy-other";
  g.options = unlabelled;
  refused(g, "label");
}

// ---- Chance given draw by draw (Python's chance_outcomes) ---------------------------

TEST(Engine, ChanceGivenDrawByDrawIsKeptInTheRecordAndReplayed) {
  register_toy_games();
  const Selection sel = *select("old-maid");
  const Config cfg = test_config("old-maid", 3);
  Table t(sel, cfg, 9);
  // The pack of 51 (a queen out), shuffled by Fisher-Yates: a draw below 51,
  // then below 50, ..., below 2.
  std::vector<std::uint32_t> given;
  for (std::uint32_t n = 51; n >= 2; --n) {
    ASSERT_TRUE(t.state().chance());
    ASSERT_EQ(t.next_draw(), n);
    given.push_back((n * 7 + 3) % n);
    ASSERT_TRUE(t.give(given.back()).ok());
  }
  EXPECT_TRUE(t.pending().empty());
  EXPECT_EQ(t.chance_events(), 1u);
  t.settle();
  const View dealt = t.state().view(kEveryone);
  // The draws decide the deal: another seed, the same draws, the same table.
  Table other(sel, cfg, 10);
  for (std::uint32_t d : given) ASSERT_TRUE(other.give(d).ok());
  other.settle();
  EXPECT_TRUE(other.state().view(kEveryone) == dealt);
  // A draw out of range is refused, and nothing changes.
  Table refused(sel, cfg, 9);
  const Status st = refused.give(51);
  EXPECT_NE(st.message().find("51 is not below 51"), std::string::npos) << st.message();
  EXPECT_TRUE(refused.pending().empty());

  // Kept in the record (version 3), which replays to the same table.
  const Seat s = t.state().to_move();
  ASSERT_TRUE(t.act(s, legal(t.state(), s).front()).ok());
  t.settle();
  const View after = t.state().view(kEveryone);
  Record r = t.record();
  ASSERT_EQ(r.chance.size(), 1u);
  EXPECT_EQ(r.chance[0], (GivenChance{0, given}));
  Result<Record> parsed = parse_record(to_json(r));
  ASSERT_TRUE(parsed.ok()) << parsed.message();
  EXPECT_EQ(parsed->version, 3);
  Result<Replayed> back = replay(*parsed);
  ASSERT_TRUE(back.ok()) << back.message();
  EXPECT_TRUE(back->state().view(kEveryone) == after);
  // Undone by replaying, redone: the given deal falls as it fell.
  ASSERT_TRUE(t.undo().ok());
  EXPECT_TRUE(t.state().view(kEveryone) == dealt);
  ASSERT_TRUE(t.redo().ok());
  EXPECT_TRUE(t.state().view(kEveryone) == after);

  // Changed records are refused, each naming what is wrong.
  auto refusal = [&](Record changed) {
    Result<Replayed> x = replay(changed);
    return x.ok() ? std::string("accepted") : x.message();
  };
  Record wide = r;
  wide.chance[0].draws[0] = 51;
  EXPECT_NE(refusal(wide).find("chance event 0: draw 1 is 51, not below 51"), std::string::npos)
      << refusal(wide);
  Record more = r;
  more.chance[0].draws.push_back(0);
  EXPECT_NE(refusal(more).find("took 50 draws, and 51 are given"), std::string::npos)
      << refusal(more);
  // Draws for chance events the actions do not reach are not used (a record
  // cut short keeps them): the same game.
  Record beyond = r;
  beyond.chance.push_back({40, {0}});
  Result<Replayed> unused = replay(beyond);
  ASSERT_TRUE(unused.ok()) << unused.message();
  EXPECT_TRUE(unused->state().view(kEveryone) == after);

  // Some draws given, the event waits; the record keeps them pending, and the
  // rest come from the seed's stream in both.
  Table part(sel, cfg, 9);
  ASSERT_TRUE(part.give(5).ok());
  ASSERT_TRUE(part.give(6).ok());
  EXPECT_EQ(part.pending().size(), 2u);
  const Record pr = part.record();
  ASSERT_TRUE(pr.pending);
  EXPECT_EQ(*pr.pending, (GivenChance{0, {5, 6}}));
  Result<Replayed> waiting = replay(pr);
  ASSERT_TRUE(waiting.ok()) << waiting.message();
  EXPECT_TRUE(waiting->state().chance());
  EXPECT_EQ(waiting->table->pending().size(), 2u);
  part.settle();
  waiting->table->settle();
  EXPECT_TRUE(part.state().view(kEveryone) == waiting->state().view(kEveryone));
  EXPECT_FALSE(part.state().view(kEveryone) == dealt);
}

}  // namespace
}  // namespace parlour::testing
