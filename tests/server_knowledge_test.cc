// Every message the server sends, against the independent model of what each
// seat may know (knowledge_model.h): people in every seat of a table of each
// game, and a spectator, play random games through the Hub as browsers do
// (join, act); each view in an update is read back from its JSON and checked,
// and none may name a card the model says its reader cannot name. Each card
// named in the text of a message (the log's narration, a summary, a prompt)
// must be one the model let the reader name, or saw lying face up, at some
// moment so far: a shadow table replayed from the stored moves shows the
// model every transition, where the Hub sends only the table after the last
// (a showdown and the next deal come in one message). Each message is read
// when the shadow is at its version: one act may bring several updates (a
// person's only move is played by the server at once), each naming the
// reader's cards as they were then.
//
// PARLOUR_SERVER_KNOWLEDGE_GAMES sets the games per game (the measure
// is 50; `make test` plays 3).
#include <gtest/gtest.h>
#include <spdlog/spdlog.h>

#include <bit>
#include <cstdlib>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>

#include "core/registry.h"
#include "core/table.h"
#include "games/registry.h"
#include "knowledge_model.h"
#include "server/hub.h"
#include "server/store.h"

namespace parlour {
namespace {

using nlohmann::json;

struct Recorder : server::Client {
  std::vector<json> got;
  void send(std::string m) override { got.push_back(json::parse(m)); }
  void close() override {}
};

struct Clock : server::Scheduler {
  std::vector<std::function<void()>> pending;
  void after(std::chrono::milliseconds, std::function<void()> fn) override {
    pending.push_back(std::move(fn));
  }
  void run() {
    while (!pending.empty()) {
      auto batch = std::move(pending);
      pending.clear();
      for (auto& fn : batch) fn();
    }
  }
};

int games_per_game() {
  const char* e = std::getenv("PARLOUR_SERVER_KNOWLEDGE_GAMES");
  return e ? std::max(1, std::atoi(e)) : 3;
}

// A view as the browser reads it: the zones and their cards.
View view_of(const json& j) {
  View v;
  v.viewer = j.at("viewer").get<int>();
  for (const json& z : j.at("zones")) {
    Zone zone;
    const std::string kind = z.at("kind"), layout = z.at("layout");
    for (int k = 0; k < static_cast<int>(ZoneKind::ZONE_KIND_NB); ++k)
      if (zone_kind_name(static_cast<ZoneKind>(k)) == kind) zone.kind = static_cast<ZoneKind>(k);
    for (int l = 0; l < static_cast<int>(Layout::LAYOUT_NB); ++l)
      if (layout_name(static_cast<Layout>(l)) == layout) zone.layout = static_cast<Layout>(l);
    zone.name = z.at("name");
    zone.owner = z.at("owner").get<int>();
    for (const json& c : z.at("cards")) {
      CardView cv;
      cv.face_up = c.at("face_up").get<bool>();
      if (!c.at("index").is_null())
        cv.card = Card::from_index(static_cast<std::uint8_t>(c.at("index").get<int>()));
      zone.cards.push_back(cv);
    }
    v.zones.push_back(std::move(zone));
  }
  return v;
}

// Every card token ("[[n]]") in the strings of a message, with its string.
void tokens(const json& j, std::vector<std::pair<std::string, Card>>& out) {
  if (j.is_string()) {
    const std::string s = j.get<std::string>();
    for (Card c : testing::cards_named(s)) out.emplace_back(s, c);
  } else if (j.is_array() || j.is_object()) {
    for (const json& x : j) tokens(x, out);
  }
}

struct Tally {
  long games = 0, messages = 0, views = 0, leaks = 0, told = 0;
  std::string first, first_told;
};

void play_one(const GameInfo& g, int players, std::uint64_t seed, Tally& tally) {
  auto store = std::move(*server::Store::open(":memory:"));
  Clock clock;
  server::HubOptions o;
  o.bot_delay = std::chrono::milliseconds(0);
  o.hand_pause = std::chrono::milliseconds(0);
  o.allow_seed = true;
  server::Hub hub(*store, clock, o);
  json seats = json::array();
  for (int s = 0; s < players; ++s) seats.push_back("human");
  const server::HttpReply r = hub.http(
      "POST", "/api/tables",
      json{{"game", g.name}, {"players", players}, {"seed", seed}, {"seats", seats}}.dump());
  ASSERT_EQ(r.status, 201) << r.body;
  const json made = json::parse(r.body);
  const std::string id = made["table"];
  std::vector<std::unique_ptr<Recorder>> at(static_cast<std::size_t>(players) + 1);
  for (int s = 0; s <= players; ++s) {
    at[static_cast<std::size_t>(s)] = std::make_unique<Recorder>();
    Recorder& c = *at[static_cast<std::size_t>(s)];
    hub.opened(c);
    json m = {{"type", "join"}, {"table", id}};
    if (s < players) m["token"] = made["seats"][s]["token"];  // the last: a spectator
    hub.received(c, m.dump());
  }
  // The table's name read as the Hub reads it: a preset of the game's own
  // name (monte-carlo, seed 002's rule) sets options beyond the defaults.
  const Selection sel = *select(g.name);
  Result<Config> config = make_config(sel, players, {});
  ASSERT_TRUE(config.ok());
  testing::KnowledgeModel model(players, g.cards(*config));
  Rng rng(seed, 99);
  std::vector<std::size_t> read(at.size(), 0);
  std::vector<Action> legal;
  auto viewer = [&](std::size_t k) {
    return k < static_cast<std::size_t>(players) ? static_cast<Seat>(k) : kSpectator;
  };
  // What each reader could name, or saw face up, at some moment so far: the
  // log it is sent with each update tells of every moment since the last,
  // and of earlier ones again.
  std::vector<std::set<Card>> ever(at.size());
  // A shadow of the table, replayed from the stored moves, shows the table
  // after every transition, chance included, where the Hub sends only the
  // last: a hand's showdown and the next deal come in one message, and the
  // model must see the hands shown between them.
  Table shadow(sel, *config, seed);
  std::size_t replayed = 0;
  auto look = [&](const State& st, const Step&) {
    model.observe(st.view(kEveryone));
    for (std::size_t k = 0; k < at.size(); ++k) {
      for (Card c : model.nameable(viewer(k))) ever[k].insert(c);
      for (Card c : model.face_up_cards()) ever[k].insert(c);
    }
  };
  look(shadow.state(), Step{});
  // Brings the shadow to `version` moves (each settled, as the Hub settles
  // a move before it tells of it).
  std::optional<server::TableRow> stored;
  auto shadow_to = [&](std::size_t version) {
    for (;;) {
      shadow.settle(look);
      if (replayed == version) return;
      const SeatAction m = stored->actions[replayed++];
      ASSERT_TRUE(shadow.act(m.seat, m.action, look).ok());
    }
  };
  // Checks message `m`, sent to reader k, against what the model knows at the
  // shadow's version: the version of the update it is (or of the last one).
  auto check = [&](std::size_t k, const json& m, int step, const View& narrator) {
    const Seat v = viewer(k);
    ++tally.messages;
    if (m.value("type", "") == "update" && m.contains("view") && !m["view"]["terminal"]) {
      ++tally.views;
      View view = view_of(m["view"]);
      if (view.viewer != v) {
        ++tally.leaks;
        if (tally.first.empty()) tally.first = std::string(g.name) + ": a view for another seat";
      }
      for (const testing::Leak& l : model.check(view, step)) {
        if (tally.leaks++ == 0)
          tally.first = std::string(g.name) + " seed " + std::to_string(seed) + ": " +
                        seat_name(v) + " is sent " + short_name(l.card) + " in " + l.zone;
      }
    }
    std::vector<std::pair<std::string, Card>> named;
    tokens(m, named);
    for (const auto& [line, x] : named)
      if (!ever[k].count(x) && !testing::public_deduction(g.name, line, x, narrator)) {
        if (tally.told++ == 0)
          tally.first_told = std::string(g.name) + " seed " + std::to_string(seed) + ": " +
                             seat_name(v) + " is told of " + short_name(x) + " in a " +
                             m.value("type", "?") + " message: " + line;
      }
  };
  for (int step = 1; step < 100000; ++step) {
    const State* s = hub.state(id);
    if (!s) break;
    Result<std::optional<server::TableRow>> row = store->table(id);
    ASSERT_TRUE(row.ok() && *row);
    stored = std::move(**row);
    // One act may be answered by several updates: the move, then a person's
    // only move, which the server plays for them at once (and a window let
    // go). Each is read against the model as of its own version, as its
    // reader knew the table then, not as of the last: the cards a seat held
    // before its forced move are its own in the update before it.
    for (std::size_t version = replayed;; ++version) {
      shadow_to(version);
      if (::testing::Test::HasFatalFailure()) return;
      const View narrator = shadow.state().view(kEveryone);
      for (std::size_t k = 0; k < at.size(); ++k) {
        const std::vector<json>& got = at[k]->got;
        for (; read[k] < got.size(); ++read[k]) {
          const json& m = got[read[k]];
          if (m.value("type", "") == "update" && m.value("version", 0) > static_cast<int>(version))
            break;  // told of a later table: read once the shadow is there
          check(k, m, step, narrator);
        }
      }
      if (version == stored->actions.size()) break;
    }
    for (std::size_t k = 0; k < at.size(); ++k)
      ASSERT_EQ(read[k], at[k]->got.size())
          << g.name << " seed " << seed << ": an update of a version the table has not reached";
    const View narrator = shadow.state().view(kEveryone);
    ASSERT_EQ(narrator, s->view(kEveryone))
        << g.name << " seed " << seed << ": the shadow left the table at step " << step;
    if (s->terminal()) break;
    if (s->chance() || s->actors().seats == 0) {
      clock.run();
      continue;
    }
    const Actors who = s->actors();
    int pick = static_cast<int>(rng.below(static_cast<std::uint32_t>(std::popcount(who.seats))));
    Seat actor = kNobody;
    for (Seat p = 0; p < players; ++p)
      if (who.has(p) && pick-- == 0) actor = p;
    s->legal_actions(actor, legal);
    const Action a = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    const int before = s->actions_applied();
    hub.received(*at[static_cast<std::size_t>(actor)], json{{"type", "act"}, {"action", a}}.dump());
    if (hub.state(id) && hub.state(id)->actions_applied() == before) clock.run();
  }
  ++tally.games;
}

TEST(ServerKnowledge, NoMessageNamesACardItsReaderCannotKnow) {
  register_all_games();
  spdlog::set_level(spdlog::level::off);
  const int n = games_per_game();
  long leaks = 0;
  for (const GameInfo& g : games()) {
    const int players = std::clamp(3, g.min_players, g.max_players);
    Tally t;
    for (int k = 0; k < n; ++k) {
      play_one(g, players, 500 + static_cast<std::uint64_t>(k), t);
      if (::testing::Test::HasFatalFailure()) return;
    }
    std::cout << g.name << ": " << t.games << " games, " << t.messages << " messages, " << t.views
              << " views, " << t.leaks << " cards named unknowably in views, " << t.told
              << " in text\n";
    if (t.leaks) ADD_FAILURE() << t.first;
    if (t.told) ADD_FAILURE() << t.first_told;
    leaks += t.leaks + t.told;
  }
  EXPECT_EQ(leaks, 0);
}

}  // namespace
}  // namespace parlour
