// Bots cannot see what they may not, shown from outside (issue 35): each bot
// of every game with hidden cards plays the same game twice at once, once on
// the real deal and once on a twin that differs only in cards its seat has
// not seen, with the same random numbers for chance, the other seats and the
// bot. Up to the moment a differing card becomes visible to the bot's seat
// (its view differs) or the other seats can no longer make the same moves,
// the bot must choose the same actions in both. A bot that read a hidden
// card, through a sampler that leaked or any other way, would choose
// differently on some deal; a planted leak (a sampler handed the real state)
// shows the test finds one.
//
// PARLOUR_AB_DECISIONS sets the decisions compared per game and bot (2,000 in
// `make test`) and PARLOUR_AB_SECONDS the time each may take at most (5: the
// searches of Klondike and Bachelor Girl reach a few hundred in it);
// scripts/bots_ab runs more; PARLOUR_AB_ONLY=GAME runs one game. The twin is
// dealt by the game's own resampler; the conformance harness and
// knowledge_test check that it changes nothing a seat sees.
#include <gtest/gtest.h>

#include <bit>
#include <chrono>
#include <cstdlib>
#include <iostream>

#include "bots/random_bot.h"
#include "core/registry.h"
#include "core/seeds.h"
#include "games/registry.h"

namespace parlour {
namespace {

int decisions_wanted() {
  const char* e = std::getenv("PARLOUR_AB_DECISIONS");
  return e ? std::max(1, std::atoi(e)) : 2000;
}
// PARLOUR_AB_ONLY: one game's name, to run it alone.
const char* only_game() {
  return std::getenv("PARLOUR_AB_ONLY");
}
// (1 s: with dd-sample in every trick game, 4 s a bot made this the
// longest test of `make test` by far, and 3 s and 2 s kept it so once the
// Python suite joined it. The slowest bots, solving the first cards of a
// deal, answer only a few decisions either way; the verdict rests on every
// bot's, many thousands in all. PARLOUR_AB_SECONDS=10 runs it longer.)
// (0.5 s since issue 40's cluster tests joined make test, to stay within its
// 20 minutes.)
std::chrono::milliseconds seconds_allowed() {
  const char* e = std::getenv("PARLOUR_AB_SECONDS");
  return std::chrono::milliseconds(e ? 1000 * std::max(1, std::atoi(e)) : 500);
}

// The planted leak: a "sample" that is the real state itself.
class PeekingResampler final : public Resampler {
 public:
  std::unique_ptr<State> resample(const State& state, Seat, Rng&) const override {
    return state.clone();
  }
};

struct Tally {
  long decisions = 0, divergences = 0, deals = 0;
  std::string first;
};

// One deal: the real game and its twin, step by step, until they part.
void play_pair(const GameInfo& g, const Config& config, const std::string& bot_name, Seat seat,
               std::uint64_t seed, const Resampler* resampler, Tally& tally,
               std::chrono::steady_clock::time_point until) {
  std::unique_ptr<State> real = g.new_game(config);
  Rng chance(seed, kChanceStream), others(seed, 7);
  while (real->chance()) real->apply_chance(chance);
  if (real->terminal()) return;
  Rng twin_rng(seed, 8);
  std::unique_ptr<State> twin = g.resampler->resample(*real, seat, twin_rng);
  if (!twin) return;
  ++tally.deals;
  std::unique_ptr<Bot> a = make_bot(g, bot_name), b = make_bot(g, bot_name);
  Rng ra = bot_rng(seed, seat), rb = ra;
  std::vector<Action> legal_a, legal_b;
  for (int step = 0; step < 20000 && !real->terminal() && !twin->terminal(); ++step) {
    // The bot's budget of time ends within a pair too: a pair of whole games
    // of a slow bot (Oh Hell!'s dd-sample, 25 hands) took 75 s.
    if (std::chrono::steady_clock::now() > until) return;
    if (real->view(seat) != twin->view(seat)) return;  // a differing card came to light
    if (real->chance() != twin->chance()) return;
    if (real->chance()) {
      Rng copy = chance;
      real->apply_chance(chance), twin->apply_chance(copy);
      continue;
    }
    const Actors who = real->actors();
    if (who.seats != twin->actors().seats) return;
    int k = static_cast<int>(others.below(static_cast<std::uint32_t>(std::popcount(who.seats))));
    Seat actor = kNobody;
    for (Seat p = 0; p < config.players; ++p)
      if (who.has(p) && k-- == 0) actor = p;
    real->legal_actions(actor, legal_a);
    twin->legal_actions(actor, legal_b);
    Action act;
    if (actor == seat) {
      if (legal_a != legal_b) return;
      const Action x = a->act(Observation(*real, seat, resampler, legal_a), ra);
      const Action y = b->act(Observation(*twin, seat, resampler, legal_b), rb);
      ++tally.decisions;
      if (x != y) {
        if (tally.divergences++ == 0)
          tally.first = "seed " + std::to_string(seed) + " step " + std::to_string(step) + ": " +
                        real->action_label(seat, x) + " on the real deal, " +
                        twin->action_label(seat, y) + " on its twin";
        return;
      }
      act = x;
    } else {
      act = legal_a[others.below(static_cast<std::uint32_t>(legal_a.size()))];
      if (std::find(legal_b.begin(), legal_b.end(), act) == legal_b.end()) return;
    }
    real->apply(actor, act);
    twin->apply(actor, act);
  }
}

// Every game with hidden cards, each of its own bots and a small search.
Tally run_all(bool planted, std::vector<std::string>* report, int wanted) {
  register_all_games();
  Tally all;
  for (const GameInfo& g : games()) {
    if (!g.resampler || (only_game() && g.name != only_game())) continue;
    PeekingResampler peek;
    const Resampler* resampler = planted ? static_cast<const Resampler*>(&peek) : g.resampler;
    std::vector<std::string> names;
    for (const BotSpec& b : g.bots) names.emplace_back(b.name);
    names.emplace_back("ismcts:24");
    const int players = std::clamp(3, g.min_players, g.max_players);
    Result<Config> config = make_config(Selection{&g, nullptr}, players, {});
    if (!config.ok()) continue;
    for (const std::string& name : names) {
      Tally t;
      const auto start = std::chrono::steady_clock::now();
      for (std::uint64_t deal = 1; t.decisions < wanted; ++deal) {
        // A budget of time too: some bots think long (a solve on the first
        // move); the verdict does not depend on it, only the count.
        if (std::chrono::steady_clock::now() - start > seconds_allowed() ||
            deal > 100000)
          break;
        const Seat seat = static_cast<Seat>(deal % static_cast<std::uint64_t>(players));
        play_pair(g, *config, name, seat, 1000 * deal + 17, resampler, t,
                  start + seconds_allowed());
      }
      const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                          std::chrono::steady_clock::now() - start)
                          .count();
      if (report)
        report->push_back(std::string(g.name) + " " + name + ": " + std::to_string(t.decisions) +
                          " decisions on " + std::to_string(t.deals) + " deals in " +
                          std::to_string(ms) + " ms, " + std::to_string(t.divergences) +
                          " divergent" + (t.first.empty() ? "" : " (" + t.first + ")"));
      all.decisions += t.decisions, all.divergences += t.divergences, all.deals += t.deals;
      if (all.first.empty() && !t.first.empty())
        all.first = std::string(g.name) + " " + name + ": " + t.first;
    }
  }
  return all;
}

TEST(BotsAB, NoBotChoosesByACardItsSeatHasNotSeen) {
  std::vector<std::string> report;
  const Tally t = run_all(false, &report, decisions_wanted());
  for (const std::string& line : report) std::cout << line << "\n";
  EXPECT_GT(t.decisions, 1000);
  EXPECT_EQ(t.divergences, 0) << t.first;
}

TEST(BotsAB, APlantedLeakIsCaught) {
  // Every sample handed the real state: the searching bots then read the
  // hidden cards, and choose differently on a twin deal.
  std::vector<std::string> report;
  const Tally t = run_all(true, &report, 60);
  for (const std::string& line : report)
    if (line.find(" 0 divergent") == std::string::npos) std::cout << line << "\n";
  EXPECT_GT(t.divergences, 0);
}

}  // namespace
}  // namespace parlour
