// Every bot answers within the limits its caller sets (Observation::limits;
// issue 35: a server caps every bot's thought, the game's own bots included,
// in time, and a search's tree in memory). What is checked is counted from
// outside the bots: the samples they draw, through a resampler that counts,
// and the bytes they hold, through this program's own operator new. No
// clock is read by the test.
#include <gtest/gtest.h>
#include <malloc.h>

#include <atomic>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <new>
#include <vector>

#include "bots/random_bot.h"
#include "conformance.h"
#include "core/registry.h"
#include "core/seeds.h"
#include "core/table.h"
#include "games/registry.h"

// Every allocation of this program is counted: the bytes held now, and the
// most held since the last reset.
namespace {
std::atomic<long long> held{0}, peak{0};
void note(long long bytes) {
  const long long now = held.fetch_add(bytes) + bytes;
  long long p = peak.load();
  while (now > p && !peak.compare_exchange_weak(p, now)) {
  }
}
}  // namespace

void* operator new(std::size_t n) {
  void* p = std::malloc(n ? n : 1);
  if (!p) throw std::bad_alloc();
  note(static_cast<long long>(malloc_usable_size(p)));
  return p;
}
void operator delete(void* p) noexcept {
  if (!p) return;
  note(-static_cast<long long>(malloc_usable_size(p)));
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
  operator delete(p);
}

namespace parlour {
namespace {

// The game's own sampler, counting the samples drawn.
class Counting final : public Resampler {
 public:
  explicit Counting(const Resampler& inner) : inner_(inner) {}
  std::unique_ptr<State> resample(const State& s, Seat seat, Rng& rng) const override {
    ++drawn;
    return inner_.resample(s, seat, rng);
  }
  mutable long drawn = 0;

 private:
  const Resampler& inner_;
};

// Positions of `g` where some seat has a choice, by random play from `seed`.
std::vector<std::unique_ptr<State>> decisions(const GameInfo& g, int players, std::uint64_t seed,
                                              int wanted) {
  std::vector<std::unique_ptr<State>> out;
  Result<Config> config = make_config(Selection{&g, nullptr}, players, {});
  if (!config.ok()) return out;
  std::unique_ptr<State> s = g.new_game(*config);
  Rng rng(seed, kChanceStream);
  std::vector<Action> legal;
  for (int step = 0; step < 3000 && !s->terminal() && static_cast<int>(out.size()) < wanted;
       ++step) {
    if (s->chance()) {
      s->apply_chance(rng);
      continue;
    }
    const Actors a = s->actors();
    Seat seat = 0;
    while (!a.has(seat)) ++seat;
    s->legal_actions(seat, legal);
    if (legal.size() > 1 && step % 5 == 2) out.push_back(s->clone());
    s->apply(seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
  }
  return out;
}

Seat first_actor(const State& s) {
  const Actors a = s.actors();
  Seat seat = 0;
  while (!a.has(seat)) ++seat;
  return seat;
}

// Past its deadline, every bot of every game (and a search asked for 100,000
// iterations) still answers with a legal move, after a few samples at most:
// what it has weighed by then, not what it was built to weigh. (Without the
// deadline the search alone would draw 100,000.) Most of this test's time is
// the solves some games' optimal bots make once a process (Vingt-et-un's
// duel), which no deadline cuts: the server keeps them off other tables'
// bots by its threads (server/net.cc).
TEST(BotLimits, EveryBotAnswersPastItsDeadline) {
  register_all_games();
  long checked = 0;
  for (const GameInfo& g : games()) {
    if (!g.resampler) continue;
    const Counting counting(*g.resampler);
    std::vector<std::string> names;
    for (const BotSpec& b : g.bots) names.emplace_back(b.name);
    names.emplace_back("ismcts:100000");
    const int players = std::clamp(3, g.min_players, g.max_players);
    for (const std::unique_ptr<State>& s : decisions(g, players, 11, 4)) {
      const Seat seat = first_actor(*s);
      std::vector<Action> legal;
      s->legal_actions(seat, legal);
      for (const std::string& name : names) {
        std::unique_ptr<Bot> bot = make_bot(g, name);
        ASSERT_TRUE(bot) << name;
        Observation::Limits cap;
        cap.deadline = Observation::Clock::now() - std::chrono::seconds(1);
        Rng rng = bot_rng(5, seat);
        counting.drawn = 0;
        const Action a = bot->act(Observation(*s, seat, &counting, legal).limit(cap), rng);
        EXPECT_NE(std::find(legal.begin(), legal.end(), a), legal.end())
            << g.name << " " << name << ": an action that is not legal";
        // ISMCTS: one for the game's hints and 16 before it reads the
        // clock; the Klondike bot: its 16 deals of what it cannot see and
        // the table it follows.
        EXPECT_LE(counting.drawn, 24) << g.name << " " << name;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 100);
}

// The same search, with and without a cap on memory, measured by the bytes
// it holds at most: within the cap (and the few deals it samples at once),
// and beyond it without the cap, so that the measure can tell.
TEST(BotLimits, ASearchKeepsItsTreeWithinItsMemory) {
  register_all_games();
  const GameInfo* g = find_game("old-maid");
  ASSERT_TRUE(g);
  const std::vector<std::unique_ptr<State>> at = decisions(*g, 4, 3, 1);
  ASSERT_EQ(at.size(), 1u);
  const State& s = *at[0];
  const Seat seat = first_actor(s);
  std::vector<Action> legal;
  s.legal_actions(seat, legal);
  constexpr std::size_t kCap = std::size_t{1} << 20;
  auto most_held = [&](const std::string& name, std::size_t memory) {
    std::unique_ptr<Bot> bot = make_bot(*g, name);
    Observation::Limits cap;
    cap.memory = memory;
    Rng rng = bot_rng(9, seat);
    const long long before = held.load();
    peak.store(before);
    (void)bot->act(Observation(s, seat, g->resampler, legal).limit(cap), rng);
    return peak.load() - before;
  };
  const long long capped = most_held("ismcts:10000000", kCap);
  const long long free = most_held("ismcts:60000", 0);
  std::cout << "old-maid ismcts: " << capped << " bytes held at most under a cap of " << kCap
            << "; " << free << " uncapped over 60,000 iterations\n";
  EXPECT_LE(capped, static_cast<long long>(kCap + kCap / 4));
  EXPECT_GT(free, static_cast<long long>(2 * kCap));
}

// A bot given 5 ms a move, as a server gives a deadline: a slow bot answers
// within it (by a search cut short, or its game's quick bot), so that whole
// games of it take seconds (Oh Hell!'s 25 hands of dd-sample took 60 s).
class Hurried final : public Player {
 public:
  Hurried(std::unique_ptr<Bot> bot, const Resampler* resampler, Rng rng)
      : bot_(std::move(bot)), resampler_(resampler), rng_(rng) {}
  Action act(const State& state, Seat seat, std::span<const Action> legal) override {
    return bot_->act(Observation(state, seat, resampler_, legal)
                         .limit(Observation::Limits::from_now(0.005, 0)),
                     rng_);
  }

 private:
  std::unique_ptr<Bot> bot_;
  const Resampler* resampler_;
  Rng rng_;
};

TEST(Bots, EveryBotOfEveryGamePlaysWholeGamesAtEachEndOfTheTable) {
  // Each of a game's own bots in every seat, at the fewest and the most
  // players: only legal moves (the table refuses others and stops), to the
  // end. A slow bot (seconds a move: the dd-sample bots) takes seat 0, with
  // 5 ms a move, and the game's default bot the others.
  register_all_games();
  for (const GameInfo& g : games())
    for (const BotSpec& b : g.bots)
      // One count where the game has one: the same seed would play the same game again.
      for (int players : g.min_players == g.max_players
                             ? std::vector<int>{g.min_players}
                             : std::vector<int>{g.min_players, g.max_players}) {
        Config config = testing::test_config(g.name, players);
        Table table(Selection{&g, nullptr}, config, 11);
        std::vector<std::unique_ptr<Player>> bots;
        std::vector<Player*> seats;
        for (int s = 0; s < players; ++s) {
          const BotSpec& who = b.slow && s > 0 ? g.bots[0] : b;
          if (b.slow && s == 0)
            bots.push_back(std::make_unique<Hurried>(who.make(), g.resampler, bot_rng(11, s)));
          else
            bots.push_back(std::make_unique<BotPlayer>(who.make(), g.resampler, bot_rng(11, s)));
          seats.push_back(bots.back().get());
        }
        EXPECT_TRUE(table.run(seats)) << g.name << " " << b.name << " at " << players;
        EXPECT_EQ(table.state().to_move(), kTerminal)
            << g.name << " " << b.name << " at " << players;
      }
}

}  // namespace
}  // namespace parlour
