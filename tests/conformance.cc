#include "conformance.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "core/chips.h"
#include "core/table.h"
#include "core/view_json.h"

namespace parlour::testing {
namespace {

std::vector<Card> sorted(std::vector<Card> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// A seat of those that may act, at random.
Seat random_actor(const State& s, int players, Rng& rng) {
  const Actors a = s.actors();
  const int n = std::popcount(a.seats);
  int k = static_cast<int>(rng.below(static_cast<std::uint32_t>(n)));
  for (Seat p = 0; p < players; ++p)
    if (a.has(p) && k-- == 0) return p;
  return kNobody;
}

// What a view says but its text (View's Detail): what a view filled at
// Detail::kCards must say, field for field.
View without_text(View v) {
  v.detail = Detail::kAll;
  for (Zone& z : v.zones) z.name.clear(), z.note.clear();
  for (SeatInfo& s : v.seats) s.name.clear(), s.status.clear();
  v.prompt.clear();
  v.choices.clear();
  v.list_choices = false;
  v.result.clear();
  v.last_hand.summary.clear();
  v.sheet = {};
  return v;
}

// Where two views differ first, in words, for a failure to name it.
std::string first_difference(const View& a, const View& b) {
  if (a.zones.size() != b.zones.size())
    return std::to_string(a.zones.size()) + " zones, not " + std::to_string(b.zones.size());
  for (std::size_t i = 0; i < a.zones.size(); ++i)
    if (!(a.zones[i] == b.zones[i]))
      return "zone " + std::to_string(i) + " (" + b.zones[i].name + ")";
  if (a.seats != b.seats) return "the seats";
  if (!(a.last_hand == b.last_hand)) return "the last hand";
  if (!(a.sheet == b.sheet)) return "the score-sheet";
  if (a.choices != b.choices || a.prompt != b.prompt) return "the choices or the prompt";
  return "a field of the view itself (game, hand, dealer, words...)";
}

// A view filled into storage used before, as a batch of observations fills
// one, says what a fresh one says: at Detail::kAll all of it, at kCards all
// but its text. The storage is one for every game and seat the test plays,
// so what one filling leaves must never show in the next.
void check_refilled(const State& s, Seat v, const View& fresh) {
  thread_local View all, cards;
  all.detail = Detail::kAll;
  s.fill_view(v, all);
  ASSERT_TRUE(all == fresh) << "seat " << v << "'s view filled again differs at "
                            << first_difference(all, fresh);
  cards.detail = Detail::kCards;
  s.fill_view(v, cards);
  ASSERT_EQ(cards.detail, Detail::kCards);
  const View expected = without_text(fresh);
  ASSERT_TRUE(without_text(cards) == expected)
      << "seat " << v << "'s view of the cards alone differs at "
      << first_difference(without_text(cards), expected);
}

// The checks of one position: who may act and what each is shown. At a big
// table, the seats that may act and one other in turn (`step`): views cost
// as much as the rest of a step together, times the seats.
// The game's Bounds (the shape of a learner's tensors) hold for this view.
void check_bounds(const View& view, const Bounds& bounds, Seat v) {
  ASSERT_LE(view.zones.size(), static_cast<std::size_t>(bounds.zones))
      << "viewer " << v << " sees more zones than GameInfo::bounds allows";
  for (const Zone& z : view.zones) {
    if (z.layout == Layout::kFan) {
      ASSERT_LE(z.cards.size(), static_cast<std::size_t>(bounds.fan))
          << z.name << ": a fan longer than GameInfo::bounds allows";
    }
  }
}

void check_position(const State& s, const Config& config, const Bounds& bounds, int step,
                    std::vector<Action>& legal) {
  const Seat who = s.to_move();
  // The seats' views are checked below; the spectator's (one more view a
  // step) now and then.
  if (step % 7 == 0) {
    const View spectator = s.view(kSpectator);
    check_bounds(spectator, bounds, kSpectator);
    check_refilled(s, kSpectator, spectator);
  }
  const Actors actors = s.actors();
  ASSERT_NE(actors.seats, 0u) << "nobody may act in a position that is neither chance nor the end";
  ASSERT_EQ(actors.seats >> config.players, 0u) << "a seat beyond the table may act";
  if (std::popcount(actors.seats) == 1) {
    ASSERT_EQ(who, std::countr_zero(actors.seats)) << "to_move() and actors() disagree";
  } else {
    ASSERT_EQ(who, kSeveral) << "several seats may act but to_move() names one";
    ASSERT_NE(actors.resolve, Resolve::kTurn) << "several seats may act in turn order";
  }
  for (Seat v = 0; v < config.players; ++v) {
    if (config.players > 4 && !actors.has(v) && v != step % config.players) continue;
    const View view = s.view(v);
    check_bounds(view, bounds, v);
    // Filled again at one position in four, each seat in turn: it costs
    // two views more, and thousands of games still reach every kind of one.
    if ((step + v) % 4 == 0) check_refilled(s, v, view);
    ASSERT_EQ(view.actors, actors.seats) << "seat " << v << "'s view names other actors";
    if (!actors.has(v)) {
      ASSERT_TRUE(view.choices.empty()) << "seat " << v << " sees choices while it may not act";
    } else {
      // The view of a seat that may act lists exactly its legal actions.
      s.legal_actions(v, legal);
      ASSERT_FALSE(legal.empty()) << "seat " << v << " may act but has no legal action";
      for (Action a : legal)
        ASSERT_LT(a, bounds.actions) << "seat " << v << "'s action " << s.action_label(v, a)
                                     << " is not below GameInfo::bounds' actions";
      // Each once: a list with an action twice draws it twice as often for
      // every random player and search, and a mask cannot show it.
      std::vector<Action> sorted = legal;
      std::sort(sorted.begin(), sorted.end());
      const auto twice = std::adjacent_find(sorted.begin(), sorted.end());
      ASSERT_EQ(twice, sorted.end())
          << "seat " << v << "'s legal actions list " << s.action_label(v, *twice) << " twice";
      ASSERT_EQ(view.choices.size(), legal.size()) << "seat " << v;
      for (std::size_t i = 0; i < legal.size(); ++i) ASSERT_EQ(view.choices[i].action, legal[i]);
      if (actors.pass != kNoAction) {
        ASSERT_NE(std::find(legal.begin(), legal.end(), actors.pass), legal.end())
            << "seat " << v << " may not let the window go";
      }
      for (const Choice& c : view.choices) {  // a screen acts on these clicks and drags
        for (const CardRef& p : c.picks) {
          ASSERT_TRUE(p.zone >= 0 && p.zone < static_cast<int>(view.zones.size())) << c.label;
          ASSERT_TRUE(p.card >= 0 && p.card < static_cast<int>(view.zones[p.zone].cards.size()))
              << c.label;
        }
        if (c.zone >= 0) {
          ASSERT_LT(c.zone, static_cast<int>(view.zones.size())) << c.label;
          ASSERT_TRUE(c.picks.empty() && c.to.zone < 0)
              << c.label << ": a click on a zone is not a click on a card";
        }
        if (c.to.zone >= 0) {
          ASSERT_FALSE(c.picks.empty()) << c.label << ": a move moves a card it picks";
          ASSERT_LT(c.to.zone, static_cast<int>(view.zones.size())) << c.label;
          ASSERT_LE(c.to.card, static_cast<int>(view.zones[c.to.zone].cards.size())) << c.label;
        }
      }
    }
    // A seat sees every card of its own hand.
    for (const Zone& z : view.zones) {
      if (z.kind != ZoneKind::kHand || z.owner != v) continue;
      for (const CardView& c : z.cards) ASSERT_TRUE(c.card.has_value());
    }
  }
}

// Every seat sees every balance (a counter named "chips" or "counters"), and
// the pots drawn on the table hold what the pots hold.
void check_chips_shown(const State& s, const Chips& c, const Config& config) {
  int pots = 0;
  for (int p = 0; p < Chips::kMaxPots; ++p) pots += c.pot(p);
  for (Seat v = -1; v < config.players; ++v) {
    const View view = s.view(v < 0 ? kSpectator : v);
    for (Seat p = 0; p < config.players; ++p) {
      const auto& counters = view.seats[static_cast<std::size_t>(p)].counters;
      const bool shown = std::any_of(counters.begin(), counters.end(), [&](const Counter& k) {
        return (k.name == "chips" || k.name == "counters") && k.value == c.balance(p);
      });
      ASSERT_TRUE(shown) << "viewer " << v << " is not shown seat " << p << "'s " << c.balance(p)
                         << " chips";
    }
    int drawn = 0;
    for (const Zone& z : view.zones)
      if (z.layout == Layout::kPot) drawn += z.chips;
    ASSERT_EQ(drawn, pots) << "viewer " << v << " is shown pots of " << drawn << " chips, not "
                           << pots;
  }
}

// The JSON of a view names exactly the cards the view shows.
void check_json(const State& s, Seat v) {
  const View view = s.view(v);
  const auto j = nlohmann::json::parse(to_json(view));
  std::size_t shown = 0, named = 0;
  for (const Zone& z : view.zones)
    for (const CardView& c : z.cards) shown += c.card.has_value();
  for (const auto& z : j["zones"])
    for (const auto& c : z["cards"]) named += !c["card"].is_null();
  ASSERT_EQ(named, shown) << "seat " << v << "'s JSON names other cards than its view";
}

// Per zone, the cards seat v's view does not name, sorted.
std::vector<std::vector<Card>> unseen_by_zone(const State& s, Seat v) {
  const View all = s.view(kEveryone), mine = s.view(v);
  std::vector<std::vector<Card>> out;
  for (std::size_t z = 0; z < all.zones.size(); ++z) {
    std::vector<Card> cards;
    for (const CardView& c : all.zones[z].cards)
      if (c.card) cards.push_back(*c.card);
    if (z < mine.zones.size())
      for (const CardView& c : mine.zones[z].cards)
        if (c.card)
          if (auto it = std::find(cards.begin(), cards.end(), *c.card); it != cards.end())
            cards.erase(it);
    out.push_back(sorted(std::move(cards)));
  }
  return out;
}

// Views reveal nothing hidden: a state resampled consistently with a seat's
// view must look the same to that seat. A view that showed a hidden card
// would change when the hidden cards are dealt anew.
void check_resampling(const GameInfo& g, const State& s, const Config& config,
                      const std::vector<Card>& deck, std::uint64_t seed, int turn, Rng& rng) {
  std::vector<Card> cards;
  for (Seat v = kSpectator; v < config.players; ++v) {
    // At a big table: the spectator, the seat to move and one other, the
    // `turn`th in turn.
    if (config.players > 4 && v != kSpectator && v != s.to_move() && v != turn % config.players)
      continue;
    auto other = g.resampler->resample(s, v, rng);
    ASSERT_TRUE(other) << "no consistent state found for seat " << v;
    ASSERT_TRUE(other->view(v) == s.view(v)) << "seat " << v << "'s view changed under resampling";
    other->all_cards(cards);
    ASSERT_EQ(sorted(cards), deck) << "resampling lost or made cards";
    // A sample carries nothing of the real state: a move taken back on it
    // (a move that turned up nothing) leaves the cards v cannot see where the
    // sample put them, not where they really lay (issue 35, F16).
    if (g.undo) {
      auto back = other->clone();
      if (g.undo->undo(*back)) {
        ASSERT_EQ(unseen_by_zone(*back, v), unseen_by_zone(*other, v))
            << "seat " << v
            << "'s sample takes a move back to the real cards: it carries the "
               "real history";
      }
    }
    // A sample tells no story: the real last move would name real cards.
    std::vector<std::string> story;
    other->narrate(kEveryone, story);
    ASSERT_TRUE(story.empty()) << "a sample narrates the real last move: " << story.front();
    // The sampler never peeks: from a state that looks the same to v, the
    // same random numbers give the same sample.
    Rng r1(seed, 5), r2(seed, 5);
    auto a = g.resampler->resample(s, v, r1);
    auto b = g.resampler->resample(*other, v, r2);
    ASSERT_TRUE(a && b);
    ASSERT_TRUE(a->view(kEveryone) == b->view(kEveryone))
        << "seat " << v << "'s sample depends on cards it cannot see";
  }
}

}  // namespace

Record random_game(const Selection& sel, const Config& config, std::uint64_t seed) {
  Table t(sel, config, seed);
  Rng rng(seed, 99);
  std::vector<Action> legal;
  int steps = 0;
  while (!t.state().terminal() && steps++ < 200000) {
    if (t.state().chance()) {
      t.chance();
      continue;
    }
    const Seat seat = random_actor(t.state(), config.players, rng);
    t.state().legal_actions(seat, legal);
    EXPECT_TRUE(t.act(seat, legal[rng.below(static_cast<std::uint32_t>(legal.size()))]).ok());
  }
  return t.record();
}

int expect_old_codes_replay(const Record& now, const std::function<Action(Action)>& old_code) {
  Record old = now, mixed = now;
  int renumbered = 0;
  for (std::size_t i = 0; i < now.moves.size(); ++i) {
    const Action code = old_code(now.moves[i].action);
    renumbered += code != now.moves[i].action;
    old.moves[i].action = code;
    if (i < now.moves.size() / 2) mixed.moves[i].action = code;
  }
  Result<Replayed> a = replay(now), b = replay(old), c = replay(mixed);
  EXPECT_TRUE(a.ok()) << a.message();
  EXPECT_TRUE(b.ok()) << b.message();
  EXPECT_TRUE(c.ok()) << c.message();
  if (!a.ok() || !b.ok() || !c.ok()) return renumbered;
  // The replays play today's codes, move for move.
  EXPECT_EQ(b->table->record().moves, now.moves);
  EXPECT_EQ(c->table->record().moves, now.moves);
  EXPECT_EQ(b->state().outcome(), a->state().outcome());
  return renumbered;
}

void check_conformance(const Selection& sel, const Config& config, const ConformanceOptions& opt) {
  const GameInfo& g = *sel.game;
  const std::vector<Card> deck = sorted(g.cards(config));
  const Bounds bounds = g.bounds(config);
  SCOPED_TRACE(std::string(sel.name()) + " with " + std::to_string(config.players) + " players");
  for (int game = 0; game < opt.games; ++game) {
    const std::uint64_t seed = opt.seed * 1000003 + game;
    SCOPED_TRACE("seed " + std::to_string(seed));
    Table t(sel, config, seed);
    Rng rng(seed, 77), resample_rng(seed, 78);
    std::vector<Action> legal;
    std::vector<Card> cards;
    int steps = 0;
    std::optional<int> chip_total;
    while (!t.state().terminal()) {
      ASSERT_LT(++steps, opt.max_steps) << "the game did not end";
      const State& s = t.state();
      s.all_cards(cards);
      ASSERT_EQ(sorted(cards), deck) << "cards are not conserved at step " << steps;
      if (const Chips* c = s.chips()) {
        if (!chip_total) chip_total = c->total();
        ASSERT_EQ(c->total(), *chip_total) << "chips are not conserved at step " << steps;
        if (steps % opt.resample_every == 0) check_chips_shown(s, *c, config);
        if (::testing::Test::HasFatalFailure()) return;
      }
      if (s.chance()) {
        t.chance();
        continue;
      }
      check_position(s, config, bounds, steps, legal);
      if (::testing::Test::HasFatalFailure()) return;
      // A window several may take, let go by a pass: the server times it, and
      // the lobby offers its time only for games that say they have one.
      if (s.actors().pass != kNoAction) {
        ASSERT_TRUE(g.timed_windows)
            << "a window let go by a pass, where GameInfo::timed_windows says none";
      }
      if (steps % (8 * opt.resample_every) == 0)
        for (Seat v : {s.to_move() >= 0 ? s.to_move() : kSpectator, kSpectator}) check_json(s, v);
      if (g.resampler && steps % opt.resample_every == 0) {
        check_resampling(g, s, config, deck, seed + steps, steps / opt.resample_every,
                         resample_rng);
        if (::testing::Test::HasFatalFailure()) return;
      }
      const Seat seat = random_actor(s, config.players, rng);
      s.legal_actions(seat, legal);
      const Action a = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
      if (g.undo && steps % 3 == 0) {
        // Undo in place returns to the same position as before the action.
        auto before = s.clone();
        auto after = s.clone();
        after->apply(seat, a);
        if (g.undo->undo(*after)) {
          ASSERT_TRUE(after->view(kEveryone) == before->view(kEveryone))
              << "undo did not restore the position";
          if (g.hash) {
            ASSERT_EQ(g.hash->hash(*after), g.hash->hash(*before));
          }
        }
      }
      ASSERT_TRUE(t.act(seat, a).ok());
    }
    // Records replay exactly, through JSON.
    const Record rec = t.record();
    ASSERT_TRUE(rec.outcome.has_value());
    Result<Record> parsed = parse_record(to_json(rec));
    ASSERT_TRUE(parsed.ok()) << parsed.message();
    ASSERT_EQ(parsed->moves, rec.moves);
    Result<Replayed> again = replay(*parsed);
    ASSERT_TRUE(again.ok()) << again.message();
    ASSERT_TRUE(again->state().terminal());
    ASSERT_EQ(again->state().outcome(), t.state().outcome());
    ASSERT_TRUE(again->state().view(kEveryone) == t.state().view(kEveryone));
    if (g.hash) {
      ASSERT_EQ(g.hash->hash(again->state()), g.hash->hash(t.state()))
          << "a replay hashes differently";
      ASSERT_EQ(g.hash->hash(*t.state().clone()), g.hash->hash(t.state()))
          << "a clone hashes differently";
    }
    // Places run from 1, every seat has a score, and the kind of result fits.
    const Outcome o = t.state().outcome();
    ASSERT_EQ(static_cast<int>(o.scores.size()), config.players);
    ASSERT_EQ(static_cast<int>(o.places.size()), config.players);
    if (o.kind != OutcomeKind::kSolo) {
      ASSERT_EQ(*std::min_element(o.places.begin(), o.places.end()), 1);
    }
    if (o.kind == OutcomeKind::kSolo) {
      ASSERT_EQ(config.players, 1) << "a solitaire's result for several players";
    }
    if (o.kind == OutcomeKind::kLoser) {
      for (Seat p = 0; p < config.players; ++p)
        ASSERT_FALSE(o.won(p)) << "a game of losers names a winner";
    }
  }
}

void check_all_presets(const GameInfo& game, const ConformanceOptions& opt) {
  for (const Selection& sel : all_selections()) {
    if (sel.game != &game) continue;
    const int lo = sel.preset ? sel.preset->min_players : game.min_players;
    const int hi = sel.preset ? sel.preset->max_players : game.max_players;
    const int usual = sel.preset ? sel.preset->default_players : game.default_players;
    for (int p = lo; p <= hi; ++p) {
      Result<Config> c = make_config(sel, p, {});
      ASSERT_TRUE(c.ok()) << sel.name() << " " << p << ": " << c.message();
      ConformanceOptions here = opt;
      if (p != lo && p != hi && p != usual && opt.games_between >= 0)
        here.games = opt.games_between;
      check_conformance(sel, *c, here);
    }
  }
}

// ---- Fixtures -----------------------------------------------------------------------

Config test_config(std::string_view name, int players, const std::vector<std::string>& options) {
  Result<Selection> sel = select(name);
  EXPECT_TRUE(sel.ok()) << sel.message();
  if (!sel.ok()) return {};
  Result<Config> c = make_config(*sel, players, options);
  EXPECT_TRUE(c.ok()) << c.message();
  return c.ok() ? *c : Config{};
}

Card card(std::string_view name) {
  const std::optional<Card> c = parse_card(name);
  EXPECT_TRUE(c.has_value()) << "not a card: " << name;
  return c.value_or(Card());
}

std::vector<Card> cards(std::initializer_list<const char*> names) {
  std::vector<Card> v;
  for (const char* n : names) v.push_back(card(n));
  return v;
}

std::vector<Action> legal(const State& s, Seat seat) {
  std::vector<Action> out;
  if (s.actors().has(seat)) s.legal_actions(seat, out);
  return out;
}

BotAnswer answer_of(Bot& bot, const State& s, Seat seat, const Resampler* resampler,
                    std::uint64_t seed) {
  const std::vector<Action> l = legal(s, seat);
  Rng rng(seed, seed);
  BotAnswer out;
  out.action = bot.act(Observation(s, seat, resampler, l), rng);
  out.why = bot.explain();
  return out;
}

bool play(State& s, Seat seat, Action a) {
  const std::vector<Action> l = legal(s, seat);
  if (std::find(l.begin(), l.end(), a) == l.end()) return false;
  s.apply(seat, a);
  return true;
}

}  // namespace parlour::testing
