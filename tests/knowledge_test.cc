// Every view of every game, preset and player count, at every step of random
// games, against the independent model of what each seat may know
// (knowledge_model.h): a card a view names that the model says its seat
// cannot name is a leak. The games' own bookkeeping of knowledge (kit/hidden
// and the games' resamplers) plays no part in the check.
//
// The narration of every step is checked too: each card a viewer's story
// names must be one it could name, or saw face up, just before or just after
// the step (a card given away was its own a moment ago; a card turned up is
// public now). A line of the last hand's summary may name a card it could
// name at any moment so far.
//
// PARLOUR_KNOWLEDGE_GAMES sets the games per preset, its player counts in
// turn (the measure is 1,000; `make test` plays 4);
// PARLOUR_KNOWLEDGE_FROM skips the first games, so that a long run can be
// finished in parts with the same seeds. A count of leaks per preset is
// printed either way.
#include <gtest/gtest.h>

#include <bit>
#include <bitset>
#include <cstdlib>
#include <iostream>
#include <string_view>

#include "conformance.h"
#include "core/table.h"
#include "games/registry.h"
#include "knowledge_model.h"

namespace parlour {
namespace {

int games_per_table() {
  const char* e = std::getenv("PARLOUR_KNOWLEDGE_GAMES");
  return e ? std::max(1, std::atoi(e)) : 4;
}

int first_game() {
  const char* e = std::getenv("PARLOUR_KNOWLEDGE_FROM");
  return e ? std::max(0, std::atoi(e)) : 0;
}

struct Tally {
  long games = 0, steps = 0, views = 0, namings = 0, lines = 0;
  std::vector<testing::Leak> first;
};

// Cards by index.
using CardSet = std::bitset<256>;

// What `viewer` could name or saw face up at the model's last table.
CardSet known(const testing::KnowledgeModel& model, Seat viewer) {
  CardSet out;
  for (Card c : model.nameable(viewer)) out.set(c.index());
  for (Card c : model.face_up_cards()) out.set(c.index());
  return out;
}

// One random game of `sel`; every seat's and the spectator's view checked at
// every step.
void play_and_check(const Selection& sel, const Config& config, std::uint64_t seed, Tally& tally) {
  std::vector<Card> deck = sel.game->cards(config);
  testing::KnowledgeModel model(config.players, deck);
  Table t(sel, config, seed);
  Rng rng(seed, 99);
  std::vector<Action> legal;
  model.observe(t.state().view(kEveryone));
  // Index 0: the spectator; then the seats.
  std::vector<CardSet> before(static_cast<std::size_t>(config.players) + 1), ever = before;
  std::vector<View> views(before.size());
  for (Seat v = kSpectator; v < config.players; ++v)
    ever[static_cast<std::size_t>(v + 1)] = before[static_cast<std::size_t>(v + 1)] =
        known(model, v);
  std::vector<std::string> story;
  for (int step = 1; !t.state().terminal() && step < 200000; ++step) {
    if (t.state().chance()) {
      t.chance();
    } else {
      const Actors a = t.state().actors();
      int k = static_cast<int>(rng.below(static_cast<std::uint32_t>(std::popcount(a.seats))));
      Seat seat = kNobody;
      for (Seat p = 0; p < config.players; ++p)
        if (a.has(p) && k-- == 0) seat = p;
      t.state().legal_actions(seat, legal);
      ASSERT_TRUE(t.act(seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]).ok());
    }
    const View narrator = t.state().view(kEveryone);
    model.observe(narrator);
    ++tally.steps;
    for (Seat v = kSpectator; v < config.players; ++v) {
      const auto i = static_cast<std::size_t>(v + 1);
      const CardSet after = known(model, v);
      ever[i] |= after;
      auto tell = [&](const std::string& line, const CardSet& allowed) {
        ++tally.lines;
        for (Card c : testing::cards_named(line))
          if (!allowed[c.index()] && !before[i][c.index()] && !after[c.index()] &&
              !testing::public_deduction(sel.game->name, line, c, narrator)) {
            ++tally.namings;
            if (tally.first.size() < 3)
              tally.first.push_back({v, "the story it is told: \"" + line + "\"", c, step});
          }
      };
      story.clear();
      t.state().narrate(v, story);
      for (const std::string& line : story) tell(line, {});
      views[i] = t.state().view(v);
      tell(views[i].last_hand.summary, ever[i]);
      tell(views[i].result, ever[i]);
      before[i] = after;
    }
    // At the end every hand is shown: nothing is hidden any more.
    if (t.state().terminal()) break;
    for (Seat v = kSpectator; v < config.players; ++v) {
      ++tally.views;
      for (const testing::Leak& l : model.check(views[static_cast<std::size_t>(v + 1)], step)) {
        if (std::getenv("PARLOUR_KNOWLEDGE_DEBUG") && tally.namings == 0) {
          std::cout << "seed " << seed << " step " << step << ", viewer " << v << "\n";
          for (const Zone& z : t.state().view(kEveryone).zones) {
            std::cout << "  " << z.name << " (owner " << z.owner << "):";
            for (const CardView& c : z.cards)
              std::cout << " " << (c.card ? short_name(*c.card) : "?") << (c.face_up ? "^" : "");
            std::cout << "\n";
          }
          std::cout << model.describe(v);
        }
        ++tally.namings;
        if (tally.first.size() < 3) tally.first.push_back(l);
      }
    }
  }
  ++tally.games;
}

TEST(Knowledge, NoViewNamesACardItsSeatCannotKnow) {
  register_all_games();
  const int n = games_per_table();
  const char* only = std::getenv("PARLOUR_KNOWLEDGE_ONLY");
  long total = 0;
  for (const Selection& sel : all_selections()) {
    const GameInfo& g = *sel.game;
    if (only && sel.name() != only) continue;
    const int lo = sel.preset ? sel.preset->min_players : g.min_players;
    const int hi = sel.preset ? sel.preset->max_players : g.max_players;
    Tally tally;
    for (int game = first_game(); game < n; ++game) {
      // The player counts in turn, so every count is played.
      const int players = lo + game % (hi - lo + 1);
      Result<Config> c = make_config(sel, players, {});
      ASSERT_TRUE(c.ok()) << c.message();
      play_and_check(sel, *c, 1000003ull * static_cast<std::uint64_t>(players) + game, tally);
      if (::testing::Test::HasFatalFailure()) return;
    }
    std::cout << sel.name() << ": " << tally.games << " games, " << tally.steps << " steps, "
              << tally.views << " views, " << tally.lines << " lines told, " << tally.namings
              << " cards named unknowably\n";
    for (const testing::Leak& l : tally.first)
      ADD_FAILURE() << sel.name() << ": " << seat_name(l.viewer) << "'s view names "
                    << short_name(l.card) << " in " << l.zone << " at step " << l.step;
    total += tally.namings;
  }
  EXPECT_EQ(total, 0);
}

}  // namespace
}  // namespace parlour
