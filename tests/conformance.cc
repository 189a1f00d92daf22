#include "conformance.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "core/record.h"
#include "core/table.h"
#include "core/view_json.h"

namespace parlour::testing {
namespace {

std::vector<Card> sorted(std::vector<Card> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// Cards a view shows face up or known, as a multiset, per zone kind and owner.
bool same_view(const View& a, const View& b) {
  return a == b;
}

}  // namespace

Record random_game(const Selection& sel, const Config& config, std::uint64_t seed) {
  Table t(sel, config, seed);
  Rng rng(seed, 99);
  std::vector<Action> legal;
  int steps = 0;
  while (!t.state().terminal() && steps++ < 200000) {
    if (t.state().to_move() == kChance) {
      t.chance();
      continue;
    }
    t.state().legal_actions(legal);
    EXPECT_TRUE(t.act(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]));
  }
  return t.record();
}

void check_conformance(const Selection& sel, const Config& config, const ConformanceOptions& opt) {
  const GameInfo& g = *sel.game;
  const std::vector<Card> deck = sorted(g.cards(config));
  SCOPED_TRACE(std::string(sel.name()) + " with " + std::to_string(config.players) + " players");
  for (int game = 0; game < opt.games; ++game) {
    const std::uint64_t seed = opt.seed * 1000003 + game;
    SCOPED_TRACE("seed " + std::to_string(seed));
    Table t(sel, config, seed);
    Rng rng(seed, 77), resample_rng(seed, 78);
    std::vector<Action> legal;
    std::vector<Card> cards;
    int steps = 0;
    while (!t.state().terminal()) {
      ASSERT_LT(++steps, opt.max_steps) << "the game did not end";
      const State& s = t.state();
      s.all_cards(cards);
      ASSERT_EQ(sorted(cards), deck) << "cards are not conserved at step " << steps;
      const Seat who = s.to_move();
      if (who == kChance) {
        t.chance();
        continue;
      }
      ASSERT_GE(who, 0);
      ASSERT_LT(who, config.players);
      s.legal_actions(legal);
      ASSERT_FALSE(legal.empty()) << "a seat to move has no legal action";
      // The view of the seat to move lists exactly the legal actions.
      const View mine = s.view(who);
      ASSERT_EQ(mine.choices.size(), legal.size());
      for (std::size_t i = 0; i < legal.size(); ++i) ASSERT_EQ(mine.choices[i].action, legal[i]);
      for (const Choice& c : mine.choices) {  // a screen acts on these clicks
        if (c.zone < 0) continue;
        ASSERT_LT(c.zone, static_cast<int>(mine.zones.size())) << c.label;
        const int n = static_cast<int>(mine.zones[c.zone].cards.size());
        ASSERT_TRUE(c.card >= 0 && c.card < n) << c.label;
        ASSERT_LT(c.to, n) << c.label;
      }
      for (Seat v = 0; v < config.players; ++v) {
        const View view = s.view(v);
        if (v != who) {
          ASSERT_TRUE(view.choices.empty()) << "seat " << v << " sees choices out of turn";
        }
        // A seat sees every card of its own hand.
        for (const Zone& z : view.zones) {
          if (z.kind != ZoneKind::kHand || z.owner != v) continue;
          for (const CardView& c : z.cards) ASSERT_TRUE(c.card.has_value());
        }
      }
      if (steps % (8 * opt.resample_every) == 0) {
        // The JSON of a view names exactly the cards the view shows (checked
        // now and then, for the seat to move and for a spectator).
        for (Seat v : {who, kSpectator}) {
          const View view = s.view(v);
          const auto j = nlohmann::json::parse(to_json(view));
          std::size_t shown = 0, named = 0;
          for (const Zone& z : view.zones)
            for (const CardView& c : z.cards) shown += c.card.has_value();
          for (const auto& z : j["zones"])
            for (const auto& c : z["cards"]) named += !c["card"].is_null();
          ASSERT_EQ(named, shown) << "seat " << v << "'s JSON names other cards than its view";
        }
      }
      if (g.resampler && steps % opt.resample_every == 0) {
        // Views reveal nothing hidden: a state resampled consistently with a
        // seat's view must look the same to that seat. A view that showed a
        // hidden card would change when the hidden cards are dealt anew.
        for (Seat v = kSpectator; v < config.players; ++v) {
          auto other = g.resampler->resample(s, v, resample_rng);
          ASSERT_TRUE(other) << "no consistent state found for seat " << v;
          ASSERT_TRUE(same_view(other->view(v), s.view(v)))
              << "seat " << v << "'s view changed under resampling";
          other->all_cards(cards);
          ASSERT_EQ(sorted(cards), deck) << "resampling lost or made cards";
          // A sample tells no story: the real last move would name real cards.
          std::vector<std::string> story;
          other->narrate(kEveryone, story);
          ASSERT_TRUE(story.empty()) << "a sample narrates the real last move: " << story.front();
          // The sampler never peeks: from a state that looks the same to v,
          // the same random numbers give the same sample.
          Rng r1(seed + steps, 5), r2(seed + steps, 5);
          auto a = g.resampler->resample(s, v, r1);
          auto b = g.resampler->resample(*other, v, r2);
          ASSERT_TRUE(a && b);
          ASSERT_TRUE(same_view(a->view(kEveryone), b->view(kEveryone)))
              << "seat " << v << "'s sample depends on cards it cannot see";
        }
      }
      ASSERT_TRUE(t.act(legal[rng.below(static_cast<std::uint32_t>(legal.size()))]));
    }
    // Records replay exactly, through JSON.
    const Record rec = t.record();
    ASSERT_TRUE(rec.outcome.has_value());
    Result<Record> parsed = parse_record(to_json(rec));
    ASSERT_TRUE(parsed.ok()) << parsed.message();
    Result<Replayed> again = replay(*parsed);
    ASSERT_TRUE(again.ok()) << again.message();
    ASSERT_TRUE(again->state->terminal());
    ASSERT_EQ(again->state->outcome(), t.state().outcome());
    ASSERT_TRUE(same_view(again->state->view(kEveryone), t.state().view(kEveryone)));
    // Places run from 1 and every seat has a score.
    const Outcome o = t.state().outcome();
    ASSERT_EQ(static_cast<int>(o.scores.size()), config.players);
    ASSERT_EQ(*std::min_element(o.places.begin(), o.places.end()), 1);
  }
}

void check_all_presets(const GameInfo& game, const ConformanceOptions& opt) {
  for (const Selection& sel : all_selections()) {
    if (sel.game != &game) continue;
    const int lo = sel.preset ? sel.preset->min_players : game.min_players;
    const int hi = sel.preset ? sel.preset->max_players : game.max_players;
    for (int p = lo; p <= hi; ++p) {
      Result<Config> c = make_config(sel, p, {});
      ASSERT_TRUE(c.ok()) << sel.name() << " " << p << ": " << c.message();
      check_conformance(sel, *c, opt);
    }
  }
}

}  // namespace parlour::testing
