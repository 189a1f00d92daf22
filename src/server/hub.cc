#include "server/hub.h"

#include <sys/random.h>

#include <algorithm>
#include <cstring>
#include <ctime>
#include <nlohmann/json.hpp>
#include <optional>
#include <unordered_map>
#include <vector>

#include "bots/random_bot.h"
#include "core/record.h"
#include "core/registry.h"
#include "core/table.h"
#include "core/view_json.h"

namespace parlour::server {
namespace {

using nlohmann::json;

// Seat tokens are the only thing that lets a client play a seat: 128 bits from
// the kernel's generator, never from a seeded one.
std::string random_hex(std::size_t bytes) {
  unsigned char buf[32];
  std::size_t got = 0;
  while (got < bytes) {
    const ssize_t n = getrandom(buf + got, bytes - got, 0);
    if (n > 0) got += static_cast<std::size_t>(n);
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string s;
  for (std::size_t i = 0; i < bytes; ++i) s += kHex[buf[i] >> 4], s += kHex[buf[i] & 15];
  return s;
}

std::uint64_t random_u64() {
  std::uint64_t v = 0;
  for (char c : random_hex(8))
    v = v << 4 | static_cast<std::uint64_t>(c <= '9' ? c - '0' : c - 'a' + 10);
  return v;
}

// Tokens are compared without an early exit, so timing tells nothing.
bool same_token(const std::string& a, const std::string& b) {
  if (a.size() != b.size() || a.empty()) return false;
  unsigned diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

// Everything sent out is dumped here: text that came from a client may be
// invalid UTF-8, which is replaced rather than thrown on.
std::string dump(const json& j) {
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string error_message(std::string_view code, std::string_view message) {
  return dump(json{{"type", "error"}, {"code", code}, {"message", message}});
}

// The first `n` characters (code points) of UTF-8 text.
std::string first_chars(const std::string& text, std::size_t n) {
  std::size_t i = 0;
  for (std::size_t count = 0; i < text.size() && count < n; ++count) {
    ++i;
    while (i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) ++i;
  }
  return text.substr(0, i);
}

// The list of strings under `key`, if there is one; false if it is not such a list.
bool strings(const json& req, const char* key, std::vector<std::string>& out) {
  if (!req.contains(key)) return true;
  if (!req[key].is_array()) return false;
  for (const json& v : req[key]) {
    if (!v.is_string()) return false;
    out.push_back(v.get<std::string>());
  }
  return true;
}

HttpReply reply(int status, json body) {
  return {status, "application/json", dump(body), ""};
}
HttpReply http_error(int status, std::string message) {
  return reply(status, json{{"error", std::move(message)}});
}

const char* type_name(OptionType t) {
  switch (t) {
    case OptionType::kBool:
      return "bool";
    case OptionType::kInt:
      return "int";
    case OptionType::kChoice:
      return "choice";
  }
  return "?";
}

json games_json() {
  json all = json::array();
  for (const GameInfo& g : games()) {
    json j = {{"name", g.name},
              {"title", g.title},
              {"summary", g.summary},
              {"min_players", g.min_players},
              {"max_players", g.max_players},
              {"default_players", g.default_players}};
    j["bots"] = json::array();
    for (const BotSpec& b : g.bots) j["bots"].push_back({{"name", b.name}, {"help", b.help}});
    j["bots"].push_back({{"name", "random"}, {"help", "picks any legal move at random"}});
    j["options"] = json::array();
    for (const OptionSpec& o : g.options) {
      json oj = {
          {"key", o.key},   {"type", type_name(o.type)}, {"default", o.format(o.default_value)},
          {"help", o.help}, {"source", o.source},        {"min", o.min},
          {"max", o.max}};
      oj["choices"] = json::array();
      for (std::string_view c : o.choices) oj["choices"].push_back(c);
      j["options"].push_back(std::move(oj));
    }
    j["presets"] = json::array();
    for (const Preset& p : g.presets) {
      json settings = json::array();
      for (const auto& [k, v] : p.settings)
        settings.push_back(std::string(k) + "=" + std::string(v));
      j["presets"].push_back({{"name", p.name},
                              {"summary", p.summary},
                              {"settings", settings},
                              {"min_players", p.min_players},
                              {"max_players", p.max_players},
                              {"default_players", p.default_players}});
    }
    all.push_back(std::move(j));
  }
  return all;
}

json cards_json() {
  json all = json::array();
  for (int i = 0; i < 256; ++i) {
    const Card c = Card::from_index(static_cast<std::uint8_t>(i));
    if (!c.valid()) continue;
    json j = {{"index", i}, {"short", short_name(c)}, {"name", long_name(c)}};
    if (c.is_standard()) j["rank"] = static_cast<int>(c.rank()), j["suit"] = suit_name(c.suit());
    if (c.is_picture()) j["picture"] = c.character();
    all.push_back(std::move(j));
  }
  return all;
}

struct Live {
  TableRow row;  // its actions are the Table's once built
  std::unique_ptr<Table> table;
  std::vector<Client*> players;  // by seat; null if nobody is connected
  std::vector<Client*> watchers;
  std::chrono::steady_clock::time_point last_active = std::chrono::steady_clock::now();
  int version() const { return table->state().actions_applied(); }
  const State& state() const { return table->state(); }
  const Selection& sel() const { return table->selection(); }
  bool has_clients() const {
    return !watchers.empty() ||
           std::any_of(players.begin(), players.end(), [](Client* c) { return c; });
  }
};

struct Conn {
  std::string table;  // empty until joined
  Seat seat = kSpectator;
};

// Narration since the last update, for each viewer: index 0 is the spectators',
// index s + 1 seat s's.
using Lines = std::vector<std::vector<std::string>>;

}  // namespace

struct Hub::Impl {
  Store& store;
  Scheduler& scheduler;
  HubOptions options;
  std::unordered_map<std::string, std::unique_ptr<Live>> tables;
  std::unordered_map<Client*, Conn> conns;
  std::string games_cache = dump(games_json());
  std::string cards_cache = dump(cards_json());
  Rng delay_rng{random_u64(), 7};

  Impl(Store& s, Scheduler& sch, HubOptions o) : store(s), scheduler(sch), options(o) {
    if (options.idle_evict.count() > 0) schedule_sweep();
  }

  void schedule_sweep() {
    scheduler.after(options.idle_evict / 4, [this] {
      sweep();
      schedule_sweep();
    });
  }

  // Tables nobody is at, played by nobody or by bots alone, need not stay in
  // memory: they are stored, and a join loads them again (bots resume then).
  void sweep() {
    const auto now = std::chrono::steady_clock::now();
    std::erase_if(tables, [&](const auto& entry) {
      const Live& t = *entry.second;
      return !t.has_clients() && now - t.last_active > options.idle_evict;
    });
  }

  // ---- tables -------------------------------------------------------------

  // Rebuilds a table from its row: the deal from the seed, then every action.
  Result<std::unique_ptr<Live>> build(TableRow row) {
    auto sel = select(row.game);
    if (!sel.ok()) return sel.status();
    auto config = make_config(*sel, row.players, row.options);
    if (!config.ok()) return config.status();
    auto t = std::make_unique<Live>();
    t->table = std::make_unique<Table>(*sel, *config, row.seed);
    for (std::size_t i = 0; i <= row.actions.size(); ++i) {
      while (t->state().to_move() == kChance) t->table->chance();
      if (i == row.actions.size()) break;
      if (!t->table->act(row.actions[i]))
        return Status::error("table " + row.id + ": stored action " + std::to_string(i) +
                             " is not legal");
    }
    t->players.assign(row.players, nullptr);
    row.actions.clear();  // the Table holds them now
    t->row = std::move(row);
    return t;
  }

  // The table in memory, loading it from the store if it is not; null if unknown.
  Result<Live*> find(const std::string& id) {
    if (auto it = tables.find(id); it != tables.end()) return it->second.get();
    auto row = store.table(id);
    if (!row.ok()) return row.status();
    if (!*row) return static_cast<Live*>(nullptr);
    auto live = build(std::move(**row));
    if (!live.ok()) return live.status();
    Live* t = live->get();
    tables.emplace(id, std::move(*live));
    // Killed between the last move and its bookkeeping: finish it now.
    if (t->state().terminal() && !t->row.finished) finish(*t);
    schedule_bot(*t);
    return t;
  }

  // A new table; a chosen seed makes its deal reproducible (tests, demos).
  // `rematch_of`: the finished table whose rematch this is, linked in the same commit.
  Result<Live*> create(TableRow row, std::optional<std::uint64_t> seed = std::nullopt,
                       const std::string& rematch_of = "") {
    if (tables.size() >= options.max_tables)
      return Status::error("the server is holding " + std::to_string(tables.size()) +
                           " tables, its limit; try later");
    row.id = random_hex(6);
    row.seed = seed ? *seed : random_u64();
    row.bot_seed = random_u64();
    row.created = std::time(nullptr);
    auto live = build(row);
    if (!live.ok()) return live.status();
    if (Status s = store.add_table(row, rematch_of); !s.ok()) return s;
    Live* t = live->get();
    tables.emplace(row.id, std::move(*live));
    schedule_bot(*t);
    return t;
  }

  void schedule_bot(Live& t) {
    const Seat s = t.state().to_move();
    if (!is_bot(t, s)) return;
    const auto base = options.bot_delay.count();
    const auto delay = std::chrono::milliseconds(
        base / 2 +
        (base > 0 ? static_cast<long>(delay_rng.below(static_cast<std::uint32_t>(base) + 1)) : 0));
    scheduler.after(delay, [this, id = t.row.id, version = t.version()] { bot_turn(id, version); });
  }

  bool is_bot(const Live& t, Seat s) const { return s >= 0 && t.row.seats[s].kind == "bot"; }

  void bot_turn(const std::string& id, int version) {
    auto it = tables.find(id);
    if (it == tables.end()) return;
    Live& t = *it->second;
    const Seat s = t.state().to_move();
    if (t.version() != version || !is_bot(t, s)) return;
    // The bot thinks on a copy, away from the server's thread, with a fresh
    // bot and randomness that depends only on the position: a restarted
    // server plays on as it would have.
    std::shared_ptr<const State> copy = t.state().clone();
    const GameInfo* game = t.sel().game;
    const std::uint64_t seed =
        t.row.bot_seed ^ (static_cast<std::uint64_t>(version) * 0x9E3779B97F4A7C15ull);
    scheduler.think(
        [copy, game, seed, s, name = t.row.seats[s].bot]() -> Action {
          Rng rng(seed, bot_stream(s));
          const Observation obs(*copy, s, game->resampler);
          return make_bot(*game, name)->act(obs, rng);
        },
        [this, id, version, s](Action a) {
          auto again = tables.find(id);
          if (again == tables.end()) return;
          Live& live = *again->second;
          if (live.version() != version || live.state().to_move() != s) return;
          if (!live.table->legal(a)) return;  // a bot's bug must not reach the store
          if (Status st = play(live, s, a);
              !st.ok())  // a store failure: try again rather than lose the turn
            scheduler.after(std::chrono::seconds(1),
                            [this, id, version] { bot_turn(id, version); });
        });
  }

  // Commits an action, applies it and tells everyone. REQUIRES: t.table->legal(a),
  // checked by the caller, so that nothing illegal reaches the store.
  Status play(Live& t, Seat seat, Action a) {
    const std::string label = t.state().action_label(a);
    t.last_active = std::chrono::steady_clock::now();
    if (Status s = store.add_action(t.row.id, t.version(), a); !s.ok()) return s;
    const bool ok = t.table->act(a);
    assert(ok);
    (void)ok;
    Lines lines(t.row.players + 1);
    narrate(t, lines);
    while (t.state().to_move() == kChance) {
      t.table->chance();
      narrate(t, lines);
    }
    if (t.state().terminal()) finish(t);
    broadcast_update(t, lines, seat, label);
    schedule_bot(t);
    return Status();
  }

  void narrate(Live& t, Lines& lines) {
    if (!t.watchers.empty()) t.state().narrate(kSpectator, lines[0]);
    for (Seat s = 0; s < t.row.players; ++s)
      if (t.players[s]) t.state().narrate(s, lines[s + 1]);
  }

  void finish(Live& t) {
    const Outcome o = t.state().outcome();
    const int last = *std::max_element(o.places.begin(), o.places.end());
    std::vector<StatRow> results;
    for (Seat s = 0; s < t.row.players; ++s) {
      const SeatRow& sr = t.row.seats[s];
      if (sr.kind != "human" || sr.name.empty()) continue;
      results.push_back({sr.name, std::string(t.sel().game->name), 1, o.places[s] == 1,
                         last > 1 && o.places[s] == last, o.scores[s]});
    }
    // The actions are already stored, so a failure here loses no game: the
    // table is finished again from them when it is next loaded.
    t.row.finished = store.finish(t.row.id, to_json(t.table->record()), results).ok();
  }

  // ---- messages -----------------------------------------------------------

  std::string update(const Live& t, Seat viewer, const std::vector<std::string>& log,
                     std::optional<Seat> actor, const std::string& label) {
    json last = nullptr;
    if (actor) {
      last = {{"seat", *actor}};
      // A label is written for the seat that chose it; the others learn what
      // happened from their own narration.
      if (*actor == viewer) last["label"] = label;
    }
    return R"({"type":"update","version":)" + std::to_string(t.version()) + R"(,"view":)" +
           to_json(t.state().view(viewer)) + R"(,"log":)" + dump(json(log)) + R"(,"last":)" +
           dump(last) + "}";
  }

  void broadcast_update(Live& t, const Lines& lines, Seat actor, const std::string& label) {
    if (!t.watchers.empty()) {
      const std::string m = update(t, kSpectator, lines[0], actor, label);
      for (Client* c : t.watchers) c->send(m);
    }
    for (Seat s = 0; s < t.row.players; ++s)
      if (t.players[s]) t.players[s]->send(update(t, s, lines[s + 1], actor, label));
  }

  // Who sits where; `players` (by seat) says who is connected, if the table is live.
  static json seats_json(const TableRow& row, const std::vector<Client*>* players) {
    json seats = json::array();
    for (Seat s = 0; s < row.players; ++s) {
      const SeatRow& r = row.seats[s];
      json j = {{"kind", r.kind},
                {"connected", r.kind == "bot" || (players && (*players)[s] != nullptr)}};
      j["name"] = r.kind == "bot" ? r.bot + " (bot)" : r.name.empty() ? seat_name(s) : r.name;
      if (r.kind == "bot") j["bot"] = r.bot;
      seats.push_back(std::move(j));
    }
    return seats;
  }
  static json seats_json(const Live& t) { return seats_json(t.row, &t.players); }

  void broadcast_seats(Live& t) {
    const std::string m = dump(json{{"type", "seats"}, {"seats", seats_json(t)}});
    for (Client* c : t.watchers) c->send(m);
    for (Client* c : t.players)
      if (c) c->send(m);
  }

  // The whole story so far, as `viewer` may know it: the record replayed,
  // narrated after each transition.
  std::vector<std::string> history(const Live& t, Seat viewer) {
    std::vector<std::string> log;
    auto replayed = replay(t.table->record(), [&](const State& s) { s.narrate(viewer, log); });
    (void)replayed;  // it was replayed when the table was built: it cannot fail now
    return log;
  }

  // Takes the client from its table; a finished table left with nobody is
  // dropped from memory (it is stored), unless it is `keep`.
  void detach(Client& c, const std::string& keep = "") {
    auto it = conns.find(&c);
    if (it == conns.end() || it->second.table.empty()) return;
    Conn& conn = it->second;
    auto t = tables.find(conn.table);
    conn.table.clear();
    if (t == tables.end()) return;
    Live& live = *t->second;
    live.last_active = std::chrono::steady_clock::now();
    if (conn.seat >= 0 && live.players[conn.seat] == &c) live.players[conn.seat] = nullptr;
    std::erase(live.watchers, &c);
    if (conn.seat >= 0) broadcast_seats(live);
    // A finished table nobody watches need not stay in memory: it is stored.
    if (live.row.finished && !live.has_clients() && live.row.id != keep) tables.erase(t);
  }

  void join(Client& c, const json& m) {
    auto send_error = [&](std::string_view code, std::string_view text) {
      c.send(error_message(code, text));
    };
    if (!m.contains("table") || !m["table"].is_string())
      return send_error("bad-message", "join needs \"table\": the table's id, a string");
    if (m.contains("token") && !m["token"].is_string())
      return send_error("bad-message", "\"token\" must be a string (leave it out to watch)");
    if (m.contains("name") && !m["name"].is_string())
      return send_error("bad-message", "\"name\" must be a string");
    const std::string name = first_chars(m.value("name", ""), kMaxName);  // longer names are cut
    if (std::any_of(name.begin(), name.end(),
                    [](char ch) { return static_cast<unsigned char>(ch) < 32; }))
      return send_error("bad-message", "a name cannot hold control characters");
    const std::string id = m["table"].get<std::string>();
    auto found = find(id);
    if (!found.ok()) return send_error("storage", found.message());
    if (!*found) return send_error("unknown-table", "there is no table " + id);
    Live& t = **found;
    Seat seat = kSpectator;
    if (m.contains("token")) {
      const std::string token = m["token"].get<std::string>();
      for (Seat s = 0; s < t.row.players; ++s)
        if (t.row.seats[s].kind == "human" && same_token(t.row.seats[s].token, token)) seat = s;
      if (seat == kSpectator) {
        if (t.row.finished && !t.has_clients()) tables.erase(id);  // loaded for nothing
        return send_error("bad-token",
                          "that token opens no seat at table " + id + "; leave it out to watch");
      }
    }
    detach(c, id);
    conns[&c] = {id, seat};
    if (seat >= 0) {
      if (Client* old = t.players[seat]; old && old != &c) {
        old->send(error_message("replaced", "this seat was taken up by a newer connection"));
        conns[old].table.clear();
        old->close();
      }
      t.players[seat] = &c;
      if (!name.empty() && name != t.row.seats[seat].name) {
        t.row.seats[seat].name = name;
        (void)store.set_seats(t.row.id, t.row.seats);  // a lost name is not worth refusing the seat
      }
    } else {
      t.watchers.push_back(&c);
    }
    c.send(dump(json{{"type", "joined"},
                     {"table", id},
                     {"seat", seat},
                     {"game", t.sel().game->name},
                     {"title", t.sel().game->title},
                     {"preset", t.sel().name()},
                     {"players", t.row.players},
                     {"seats", seats_json(t)}}));
    c.send(update(t, seat, history(t, seat), std::nullopt, ""));
    if (!t.row.next.empty()) c.send(dump(json{{"type", "rematch"}, {"table", t.row.next}}));
    if (seat >= 0) broadcast_seats(t);
  }

  void act(Client& c, Conn& conn, const json& m) {
    auto send_error = [&](std::string_view code, std::string_view text) {
      c.send(error_message(code, text));
    };
    if (conn.table.empty())
      return send_error("not-joined",
                        "join a table first: {\"type\":\"join\",\"table\":...,\"token\":...}");
    if (conn.seat < 0)
      return send_error("spectator", "spectators cannot act; join with a seat's token to play");
    if (!m.contains("action") || !m["action"].is_number_unsigned())
      return send_error("bad-message", "act needs \"action\": a number from the view's choices");
    if (m.contains("version") && !m["version"].is_number_integer())
      return send_error("bad-message", "\"version\" must be a whole number (the view's version)");
    Live& t = *tables.at(conn.table);
    if (m.contains("version") && m["version"].get<long long>() != t.version())
      return send_error("stale",
                        "you acted on version " + std::to_string(m["version"].get<long long>()) +
                            ", but the table is at version " + std::to_string(t.version()));
    const Seat to_move = t.state().to_move();
    if (to_move == kTerminal) return send_error("not-your-turn", "the game is over");
    if (to_move != conn.seat)
      return send_error("not-your-turn", "it is " + seat_name(to_move) + "'s turn, not yours");
    const auto value = m["action"].get<std::uint64_t>();
    if (value > 0xFFFFFFFFull || !t.table->legal(static_cast<Action>(value))) {
      std::vector<Action> legal;
      t.state().legal_actions(legal);
      std::string accepted;
      for (std::size_t i = 0; i < legal.size() && i < 12; ++i)
        accepted += (i ? ", " : "") + std::to_string(legal[i]) + " (" +
                    t.state().action_label(legal[i]) + ")";
      if (legal.size() > 12) accepted += ", ...";
      return send_error(
          "illegal", "action " + std::to_string(value) + " is not legal here; legal: " + accepted);
    }
    if (Status s = play(t, conn.seat, static_cast<Action>(value)); !s.ok())
      send_error("storage", s.message());
  }

  void rematch(Client& c, Conn& conn) {
    auto send_error = [&](std::string_view code, std::string_view text) {
      c.send(error_message(code, text));
    };
    if (conn.table.empty()) return send_error("not-joined", "join a table first");
    if (conn.seat < 0) return send_error("spectator", "only a player can ask for a rematch");
    Live& old = *tables.at(conn.table);
    if (!old.state().terminal())
      return send_error("not-finished", "a rematch can be asked once the game is over");
    if (old.row.next.empty()) {
      TableRow row;
      row.game = old.row.game;
      row.players = old.row.players;
      row.options = old.row.options;
      row.seats = old.row.seats;  // the same tokens open the same seats
      auto created = create(std::move(row), std::nullopt, old.row.id);
      if (!created.ok()) return send_error("storage", created.message());
      old.row.next = (*created)->row.id;
    }
    const std::string m = dump(json{{"type", "rematch"}, {"table", old.row.next}});
    for (Client* w : old.watchers) w->send(m);
    for (Client* p : old.players)
      if (p) p->send(m);
  }

  // ---- HTTP ---------------------------------------------------------------

  HttpReply create_table(std::string_view body) {
    const json req = json::parse(body, nullptr, false);
    if (req.is_discarded() || !req.is_object())
      return http_error(400, "the body must be a JSON object: {\"game\": ..., \"seats\": [...]}");
    if (!req.contains("game") || !req["game"].is_string())
      return http_error(400, "\"game\" must name a game or preset (see /api/games)");
    auto sel = select(req["game"].get<std::string>());
    if (!sel.ok()) return http_error(400, sel.message());
    std::optional<int> players;
    if (req.contains("players")) {
      if (!req["players"].is_number_integer())
        return http_error(400, "\"players\" must be a whole number");
      const auto p = req["players"].get<long long>();
      if (p < 0 || p > 64)
        return http_error(400, "\"players\" must be within the game's range (see /api/games)");
      players = static_cast<int>(p);
    }
    std::vector<std::string> assignments;
    if (!strings(req, "options", assignments))
      return http_error(400, "\"options\" must be a list of \"key=value\" strings");
    auto config = make_config(*sel, players, assignments);
    if (!config.ok()) return http_error(400, config.message());
    TableRow row;
    row.game = std::string(sel->name());
    row.players = config->players;
    row.options = assignments;
    std::vector<std::string> kinds;
    if (req.contains("seats")) {
      if (!strings(req, "seats", kinds))
        return http_error(400, "\"seats\" must be a list: \"human\" or one of " +
                                   bot_names(*sel->game) + " for each seat");
      if (static_cast<int>(kinds.size()) != row.players)
        return http_error(400, "\"seats\" has " + std::to_string(kinds.size()) + " entries for " +
                                   std::to_string(row.players) + " players");
    } else {
      kinds.assign(row.players,
                   std::string(sel->game->bots.empty() ? "random" : sel->game->bots[0].name));
      kinds[0] = "human";
    }
    for (const std::string& k : kinds) {
      if (k == "human")
        row.seats.push_back({"human", "", random_hex(16), ""});
      else if (make_bot(*sel->game, k))
        row.seats.push_back({"bot", k, "", ""});
      else
        return http_error(400, "unknown seat \"" + k + "\": each seat is \"human\" or one of " +
                                   bot_names(*sel->game));
    }
    std::optional<std::uint64_t> seed;
    if (req.contains("seed")) {
      // Whoever chooses the seed knows every hand: only for tests and demos.
      if (!options.allow_seed)
        return http_error(400,
                          "\"seed\" is refused: this server deals at random (start it with "
                          "--allow-seed for reproducible tests)");
      if (!req["seed"].is_number_unsigned())
        return http_error(400, "\"seed\" must be a whole number, 0 or more");
      seed = req["seed"].get<std::uint64_t>();
    }
    auto created = create(row, seed);
    if (!created.ok())
      return http_error(created.message().starts_with("the server") ? 503 : 500, created.message());
    const Live& made = **created;
    json seats = json::array();
    for (Seat s = 0; s < made.row.players; ++s) {
      const SeatRow& r = made.row.seats[s];
      json j = {{"seat", s}, {"kind", r.kind}};
      if (r.kind == "human")
        j["token"] = r.token;
      else
        j["bot"] = r.bot;
      seats.push_back(std::move(j));
    }
    return reply(201, json{{"table", made.row.id},
                           {"game", made.sel().game->name},
                           {"preset", made.sel().name()},
                           {"players", made.row.players},
                           {"seats", seats}});
  }

  HttpReply list_tables() {
    auto rows = store.recent(30);
    if (!rows.ok()) return http_error(500, rows.message());
    json all = json::array();
    for (TableRow& r : *rows) {
      auto live = tables.find(r.id);
      auto sel = select(r.game);
      if (!sel.ok()) continue;
      json j = {{"table", r.id},       {"game", sel->game->name}, {"title", sel->game->title},
                {"preset", r.game},    {"players", r.players},    {"finished", r.finished},
                {"created", r.created}};
      j["actions"] = r.actions.size();
      j["seats"] = live != tables.end() ? seats_json(*live->second) : seats_json(r, nullptr);
      all.push_back(std::move(j));
    }
    return reply(200, all);
  }

  HttpReply http(std::string_view method, std::string_view target, std::string_view body) {
    std::string_view path = target.substr(0, target.find('?'));
    if (path == "/api/tables" && method == "POST") return create_table(body);
    if (method != "GET" && method != "HEAD")
      return http_error(405, "only GET (and POST /api/tables) are served");
    if (path == "/api/games") return {200, "application/json", games_cache, ""};
    if (path == "/api/cards") return {200, "application/json", cards_cache, ""};
    if (path == "/api/tables") return list_tables();
    if (path == "/api/stats") {
      auto rows = store.stats();
      if (!rows.ok()) return http_error(500, rows.message());
      json all = json::array();
      for (const StatRow& r : *rows)
        all.push_back({{"name", r.name},
                       {"game", r.game},
                       {"played", r.played},
                       {"won", r.won},
                       {"lost", r.lost},
                       {"score", r.score}});
      return reply(200, all);
    }
    auto part = [&](std::string_view prefix,
                    std::string_view suffix) -> std::optional<std::string> {
      if (!path.starts_with(prefix) || !path.ends_with(suffix) ||
          path.size() <= prefix.size() + suffix.size())
        return std::nullopt;
      std::string_view mid =
          path.substr(prefix.size(), path.size() - prefix.size() - suffix.size());
      if (mid.find('/') != std::string_view::npos) return std::nullopt;
      return std::string(mid);
    };
    if (auto name = part("/api/games/", "/rules")) {
      auto sel = select(*name);
      if (!sel.ok()) return http_error(404, sel.message());
      return {200, "text/markdown; charset=utf-8", std::string(sel->game->rules), ""};
    }
    if (auto id = part("/api/tables/", "/record")) {
      auto rec = store.record(*id);
      if (!rec.ok()) return http_error(500, rec.message());
      if (*rec) return {200, "application/json", **rec, "parlour-" + *id + ".json"};
      auto row = store.table(*id);
      if (row.ok() && *row)
        return http_error(
            409, "table " + *id + " is still in play; its record is kept once the game is over");
      return http_error(404, "there is no table " + *id);
    }
    return http_error(404,
                      "no such API: " + std::string(path) +
                          " (see protocol.md: /api/games, /api/cards, /api/tables, /api/stats)");
  }
};

Hub::Hub(Store& store, Scheduler& scheduler, HubOptions options)
    : impl_(std::make_unique<Impl>(store, scheduler, options)) {}
Hub::~Hub() = default;

Result<std::vector<std::string>> Hub::restore() {
  auto ids = impl_->store.unfinished();
  if (!ids.ok()) return ids.status();
  std::vector<std::string> skipped;
  for (const std::string& id : *ids)
    if (auto t = impl_->find(id); !t.ok()) skipped.push_back(t.message());
  return skipped;
}

HttpReply Hub::http(std::string_view method, std::string_view target, std::string_view body) {
  return impl_->http(method, target, body);
}

void Hub::opened(Client& c) {
  impl_->conns.insert_or_assign(&c, Conn{});
}

void Hub::received(Client& c, std::string_view message) {
  try {
    handle(c, message);
  } catch (const std::exception& e) {  // a bug, not the client's fault: say so and go on
    c.send(
        error_message("internal", std::string("the server failed on this message: ") + e.what()));
  }
}

void Hub::handle(Client& c, std::string_view message) {
  auto send_error = [&](std::string_view code, std::string_view text) {
    c.send(error_message(code, text));
  };
  auto it = impl_->conns.find(&c);
  if (it == impl_->conns.end()) return;
  if (message.size() > kMaxMessage)
    return send_error("too-large", "a message is at most " + std::to_string(kMaxMessage) +
                                       " bytes; this one has " + std::to_string(message.size()));
  const json m = json::parse(message, nullptr, false);
  if (m.is_discarded() || !m.is_object())
    return send_error("bad-message", "a message is one JSON object, such as {\"type\":\"ping\"}");
  if (!m.contains("type") || !m["type"].is_string())
    return send_error("bad-message", "a message needs \"type\": join, act, rematch or ping");
  const std::string type = m["type"].get<std::string>();
  if (type == "join") return impl_->join(c, m);
  if (type == "act") return impl_->act(c, it->second, m);
  if (type == "rematch") return impl_->rematch(c, it->second);
  if (type == "ping") return c.send(R"({"type":"pong"})");
  send_error("bad-message",
             "unknown type \"" + type.substr(0, 40) + "\": join, act, rematch or ping");
}

void Hub::closed(Client& c) {
  impl_->detach(c);
  impl_->conns.erase(&c);
}

const State* Hub::state(const std::string& table) const {
  auto it = impl_->tables.find(table);
  return it == impl_->tables.end() ? nullptr : &it->second->state();
}

std::size_t Hub::live_tables() const {
  return impl_->tables.size();
}

}  // namespace parlour::server
