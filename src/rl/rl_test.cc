// The observation tensors against facts they do not compute: the cards each
// hand holds, read from the omniscient view; the game's resampler, which
// changes only what a seat cannot see; and every game's own bounds.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <thread>
#include <vector>

#include "analysis/sim.h"
#include "bots/random_bot.h"
#include "conformance.h"
#include "core/registry.h"
#include "core/rng.h"
#include "core/seeds.h"
#include "core/table.h"
#include "rl/encode.h"
#include "rl/spin_barrier.h"
#include "rl/vector_env.h"

namespace parlour::rl {
namespace {

std::vector<float> encode(const State& s, Seat viewer, const Shape& shape) {
  std::vector<float> out(shape.size());
  const Status st = encode_observation(s.view(viewer), shape, out);
  EXPECT_TRUE(st.ok()) << st.message();
  return out;
}

// Random positions of every game, preset and player count: `visit` at each
// seat's turn, every `every` steps.
template <class Visit>
void random_positions(int games, int every, Visit visit) {
  for (const Selection& sel : all_selections()) {
    const GameInfo& g = *sel.game;
    const auto [lo, hi] = testing::player_range(sel);
    for (int p : {lo, hi}) {
      Result<Config> c = make_config(sel, p, {});
      ASSERT_TRUE(c.ok()) << c.message();
      const Shape shape = observation_shape(g.bounds(*c), p);
      for (int game = 0; game < games; ++game) {
        SCOPED_TRACE(std::string(sel.name()) + " " + std::to_string(p) + " players, game " +
                     std::to_string(game));
        const std::unique_ptr<State> s = g.new_game(*c);
        Rng rng(static_cast<std::uint64_t>(game), 5);
        std::vector<Action> legal;
        for (int step = 0; !s->terminal() && step < 3000; ++step) {
          if (s->chance()) {
            s->apply_chance(rng);
            continue;
          }
          const Seat seat = static_cast<Seat>(std::countr_zero(s->actors().seats));
          if (step % every == 0) visit(g, *c, shape, *s, seat, rng);
          if (::testing::Test::HasFatalFailure()) return;
          s->legal_actions(seat, legal);
          s->apply(seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
        }
      }
    }
  }
}

TEST(SpinBarrier, NoThreadPassesARoundBeforeAllHaveWrittenTheirPart) {
  // Each round every thread writes its own slot and, past the barrier, reads
  // every other slot: it must see this round's value in each (what the
  // VectorEnv relies on between its check and its step). Three threads on
  // two cores: some rounds spin, others sleep.
  constexpr int kThreads = 3, kRounds = 500;
  SpinBarrier barrier(kThreads);
  std::array<std::atomic<int>, kThreads> slot{};
  std::atomic<int> stale{0};
  auto body = [&](int me) {
    for (int round = 1; round <= kRounds; ++round) {
      slot[static_cast<std::size_t>(me)].store(round, std::memory_order_relaxed);
      barrier.arrive_and_wait();
      for (const auto& x : slot) stale += x.load(std::memory_order_relaxed) != round;
      barrier.arrive_and_wait();  // nobody writes the next round before all have read
    }
  };
  std::vector<std::thread> others;
  for (int t = 1; t < kThreads; ++t) others.emplace_back(body, t);
  body(0);
  for (std::thread& t : others) t.join();
  EXPECT_EQ(stale.load(), 0);
}

// A VectorEnv's observation rows, which each step rewrites only where they
// changed (Written), against each row's position encoded afresh into a
// zeroed buffer: the env's games followed by tables of our own, from the
// seeds the env's numbering gives (row i's j-th game is game j*N + i), with
// the actions it was given, and the seats that are not the learner's played
// by the same bots, each made as the env makes its own (from the bot streams
// of the game's seed, again at each new game). Through games that end and
// restart.
void rows_are_positions_encoded_afresh(const GameInfo& g, int p, const VectorOptions& o,
                                       int steps) {
  Result<Config> c = make_config(Selection{&g, nullptr}, p, {});
  ASSERT_TRUE(c.ok()) << c.message();
  Result<std::unique_ptr<VectorEnv>> made = VectorEnv::make(Selection{&g, nullptr}, *c, o);
  ASSERT_TRUE(made.ok()) << made.message();
  VectorEnv& env = **made;
  env.reset();
  const Shape shape = env.shape();
  const auto n = static_cast<std::size_t>(o.envs);
  auto learner = [&](Seat s) {
    return o.learners.empty() ||
           std::find(o.learners.begin(), o.learners.end(), s) != o.learners.end();
  };
  struct Ours {
    std::unique_ptr<Table> table;
    std::vector<std::unique_ptr<Player>> bots;
    std::vector<Player*> players;  // by seat; null for a learner
    std::uint64_t game = 0;
  };
  auto start = [&](Ours& r, std::uint64_t seed) {
    if (!r.table)
      r.table = std::make_unique<Table>(Selection{&g, nullptr}, *c, seed);
    else
      r.table->restart(seed);
    r.bots.clear(), r.players.clear();
    for (Seat s = 0; s < p; ++s) {
      if (!learner(s)) r.bots.push_back(make_bot_player(g, g.bots.front().name, bot_rng(seed, s)));
      r.players.push_back(learner(s) ? nullptr : r.bots.back().get());
    }
  };
  auto run_on = [&](Ours& r) {  // to a learner's turn; a game over starts the row's next
    while (r.table->run(r.players)) start(r, game_seed(o.seed, r.game += n));
  };
  std::vector<Ours> ours(n);
  for (std::size_t i = 0; i < n; ++i) {
    ours[i].game = i;
    start(ours[i], game_seed(o.seed, i));
    run_on(ours[i]);
  }
  Rng rng(3, 3);
  std::vector<std::int64_t> actions(n);
  std::vector<Action> legal;
  std::vector<float> fresh(shape.size());
  int compared = 0;
  for (int step = 0; step < steps; ++step) {
    for (std::size_t i = 0; i < n; ++i) {
      const Seat seat = env.to_move()[i];
      ASSERT_EQ(seat, ours[i].table->asked()) << "row " << i << ", step " << step;
      ASSERT_TRUE(learner(seat)) << "row " << i << ", step " << step;
      const State& s = ours[i].table->state();
      s.legal_actions(seat, legal);
      ASSERT_FALSE(legal.empty());
      std::fill(fresh.begin(), fresh.end(), 0.0f);
      ASSERT_TRUE(encode_observation(s.view(seat), shape, fresh).ok());
      const auto row = env.observations().subspan(i * shape.size(), shape.size());
      ASSERT_TRUE(std::equal(fresh.begin(), fresh.end(), row.begin()))
          << "row " << i << ", step " << step;
      ++compared;
      actions[i] = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      ASSERT_TRUE(ours[i].table->act(seat, static_cast<Action>(actions[i])).ok());
      run_on(ours[i]);
    }
    ASSERT_TRUE(env.step(actions).ok());
  }
  EXPECT_EQ(compared, steps * o.envs);
}

// Every seat a learner: every game at its fewest players with one thread, and
// at its most with two (each filling one View for its block of rows in turn).
TEST(Observation, AVectorEnvsRowsAreTheirPositionsEncodedAfresh) {
  for (const GameInfo& g : games()) {
    for (const auto& [p, threads] : {std::pair{g.min_players, 1}, std::pair{g.max_players, 2}}) {
      SCOPED_TRACE(std::string(g.name) + " " + std::to_string(p) + " players, " +
                   std::to_string(threads) + " threads");
      VectorOptions o;
      o.envs = 6, o.seed = 11, o.threads = threads;
      rows_are_positions_encoded_afresh(g, p, o, 150);
    }
  }
}

// One learner, seat 0, and the game's default bot at the other seats: a step
// plays the bots' turns too. Every game with two seats or more, two threads.
TEST(Observation, ALearnersRowsAmongBotsAreItsPositionsEncodedAfresh) {
  for (const GameInfo& g : games()) {
    if (g.max_players < 2) continue;  // a solitaire has no seat for a bot
    SCOPED_TRACE(std::string(g.name) + " " + std::to_string(g.min_players) + " players");
    VectorOptions o;
    o.envs = 4, o.seed = 5, o.learners = {0}, o.threads = 2;
    rows_are_positions_encoded_afresh(g, g.min_players, o, 30);
  }
}

TEST(Observation, EveryViewOfEveryGameFitsItsShape) {
  random_positions(
      2, 5, [](const GameInfo&, const Config& c, const Shape& shape, const State& s, Seat, Rng&) {
        for (Seat v = kSpectator; v < c.players; ++v) {
          std::vector<float> out(shape.size());
          const Status st = encode_observation(s.view(v), shape, out);
          ASSERT_TRUE(st.ok()) << "viewer " << v << ": " << st.message();
        }
      });
}

// Each seat finds its own hand in the slot of seat 0's hand, the next seat's
// in seat 1's: the cards come from the omniscient view.
TEST(Observation, EachSeatSeesItsOwnHandFirst) {
  const Config c = testing::test_config("old-maid", 4);
  const GameInfo& g = *find_game("old-maid");
  const Shape shape = observation_shape(g.bounds(c), 4);
  const std::unique_ptr<State> s = g.new_game(c);
  Rng rng(3, 3);
  while (s->chance()) s->apply_chance(rng);
  const View all = s->view(kEveryone);
  // Where the table's view lists seat k's hand.
  auto hand_slot = [&](Seat k) {
    for (std::size_t i = 0; i < all.zones.size(); ++i)
      if (all.zones[i].kind == ZoneKind::kHand && all.zones[i].owner == k) return i;
    ADD_FAILURE() << "no hand of seat " << k;
    return std::size_t{0};
  };
  for (Seat v = 0; v < 4; ++v) {
    const std::vector<float> t = encode(*s, v, shape);
    for (int k = 0; k < 4; ++k) {  // the seat k places after the viewer
      const Seat owner = (v + k) % 4;
      std::vector<float> want(kZoneWidth, 0);
      for (const Zone& z : all.zones)
        if (z.kind == ZoneKind::kHand && z.owner == owner)
          for (const CardView& cv : z.cards)
            want[static_cast<std::size_t>(owner == v ? card_kind(*cv.card) : kCardKinds)] += 1;
      const std::size_t at = hand_slot(k) * kZoneWidth;
      const std::vector<float> got(t.begin() + static_cast<std::ptrdiff_t>(at),
                                   t.begin() + static_cast<std::ptrdiff_t>(at + kZoneWidth));
      EXPECT_EQ(got, want) << "seat " << v << " reading seat " << owner << "'s hand";
    }
  }
}

// Deals that differ only in what a seat cannot see give it the same tensor;
// the resampler changes the hidden cards, not the view.
TEST(Observation, HiddenCardsMoveNoTensor) {
  int compared = 0, changed_world = 0;
  random_positions(1, 9,
                   [&](const GameInfo& g, const Config&, const Shape& shape, const State& s,
                       Seat seat, Rng& rng) {
                     if (!g.resampler) return;
                     const std::unique_ptr<State> other = g.resampler->resample(s, seat, rng);
                     if (!other) return;
                     ++compared;
                     changed_world += !(other->view(kEveryone) == s.view(kEveryone));
                     ASSERT_EQ(encode(*other, seat, shape), encode(s, seat, shape))
                         << "seat " << seat;
                     ASSERT_EQ(encode(*other, kSpectator, shape), encode(s, kSpectator, shape));
                   });
  EXPECT_GT(compared, 500);
  EXPECT_GT(changed_world, compared / 4) << "the resampled deals were mostly the same deal";
}

TEST(Observation, AViewLargerThanTheShapeIsRefusedNotWrittenPast) {
  const Config c = testing::test_config("old-maid", 4);
  const GameInfo& g = *find_game("old-maid");
  const std::unique_ptr<State> s = g.new_game(c);
  Rng rng(1, 1);
  while (s->chance()) s->apply_chance(rng);
  Bounds small = g.bounds(c);
  small.zones = 2;
  const Shape shape = observation_shape(small, 4);
  std::vector<float> out(shape.size(), 7.0f);
  const Status st = encode_observation(s->view(0), shape, out);
  EXPECT_FALSE(st.ok());
  EXPECT_NE(st.message().find("zones"), std::string::npos) << st.message();
  EXPECT_TRUE(std::all_of(out.begin(), out.end(), [](float x) { return x == 0; }));
}

// The information state's rows, against the seats' card counts in the views
// (which the rows do not read): in Old Maid, each draw takes one card from
// the seat drawn from and gives it to the drawer (a pair laid down then
// moves two to the pairs). Summed over the hand, the rows give each seat's
// change of cards since the deal.
TEST(InformationState, RowsAddUpToWhatTheViewsShowOverTheHand) {
  const Config c = testing::test_config("old-maid", 3);
  const GameInfo& g = *find_game("old-maid");
  const InfoShape shape{observation_shape(g.bounds(c), 3)};
  const std::unique_ptr<State> s = g.new_game(c);
  Rng rng(4, 1);
  while (s->chance()) s->apply_chance(rng);
  const Seat me = 1;
  const View start = s->view(me);
  InfoState info(shape);
  std::vector<Action> legal;
  int actions = 0;
  while (!s->terminal() && actions < 30) {
    const Seat seat = s->to_move();
    legal.clear();
    s->legal_actions(seat, legal);
    const View before = s->view(me);
    s->apply(seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]);
    info.saw(seat, before, s->view(me));
    ++actions;
    while (s->chance()) s->apply_chance(rng);
  }
  std::vector<float> out(shape.size());
  ASSERT_TRUE(info.write(s->view(me), out).ok());
  EXPECT_EQ(info.rows(), actions);
  const View now = s->view(me);
  const std::size_t width = shape.row();
  for (Seat seat = 0; seat < 3; ++seat) {
    const Seat turned = (seat - me + 3) % 3;
    double held = 0;  // the change in the cards of the seat's zones, summed
    for (int r = 0; r < actions; ++r) {
      const float* row =
          out.data() + shape.observation.size() + static_cast<std::size_t>(r) * width;
      const float* cards =
          row + 3 + 3 * (1 + kCounters) + static_cast<std::size_t>(turned) * kZoneWidth;
      for (int k = 0; k < kZoneWidth; ++k) held += cards[k];
    }
    // The hand and the pairs: every card a seat holds or laid down.
    auto count = [&](const View& v) {
      int n = 0;
      for (const Zone& z : v.zones)
        if (z.owner == seat) n += static_cast<int>(z.cards.size());
      return n;
    };
    EXPECT_EQ(held, count(now) - count(start)) << "seat " << seat;
  }
  // The rows are the viewer's: the first row's actor is the seat that moved
  // first, turned.
  EXPECT_EQ(
      out[shape.observation.size() +
          static_cast<std::size_t>((start.actors ? std::countr_zero(start.actors) : 0) - me + 3) %
              3],
      1.0f);
}

TEST(InformationState, KeepsTheLatestRowsAndForgetsThemAtANewHand) {
  const Config c = testing::test_config("old-maid", 3);
  const GameInfo& g = *find_game("old-maid");
  InfoShape shape{observation_shape(g.bounds(c), 3)};
  shape.history = 4;
  const std::unique_ptr<State> s = g.new_game(c);
  Rng rng(2, 1);
  while (s->chance()) s->apply_chance(rng);
  InfoState info(shape);
  View v = s->view(0);
  for (int i = 0; i < 6; ++i) info.saw(i % 3, v, v);
  EXPECT_EQ(info.rows(), 4);
  std::vector<float> out(shape.size());
  ASSERT_TRUE(info.write(v, out).ok());
  // The oldest kept is the third action (seat 2), the newest the sixth (seat 2).
  EXPECT_EQ(out[shape.observation.size() + 2], 1.0f);
  EXPECT_EQ(out[shape.observation.size() + 3 * shape.row() + 2], 1.0f);
  View next = v;
  next.hand = v.hand + 1;
  info.saw(0, next, next);
  EXPECT_EQ(info.rows(), 1);
  // A view of another hand than the rows': none of them written.
  next.hand = v.hand + 2;
  ASSERT_TRUE(info.write(next, out).ok());
  EXPECT_TRUE(std::all_of(out.begin() + static_cast<std::ptrdiff_t>(shape.observation.size()),
                          out.end(), [](float x) { return x == 0; }));
  std::vector<float> wrong(shape.size() + 1, 5.0f);
  EXPECT_FALSE(info.write(v, wrong).ok());
  EXPECT_TRUE(std::all_of(wrong.begin(), wrong.end(), [](float x) { return x == 0; }));
}

}  // namespace
}  // namespace parlour::rl
