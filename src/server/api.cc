// The JSON API over HTTP (protocol.md): games, cards, rules, tables, records
// and statistics.
#include <spdlog/spdlog.h>

#include <charconv>

#include "analysis/solve.h"
#include "bots/random_bot.h"
#include "core/registry.h"
#include "server/hub_impl.h"

namespace parlour::server {
namespace {

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

// A bot's name for people, where the lobby lists it beside its help: its key
// with a capital, dashes as spaces ("sharp": "Sharp").
std::string bot_label(std::string_view name) {
  std::string out(name);
  for (char& c : out)
    if (c == '-') c = ' ';
  if (!out.empty() && out[0] >= 'a' && out[0] <= 'z')
    out[0] = static_cast<char>(out[0] - 'a' + 'A');
  return out;
}

// What a match of `sel` is, so that the lobby can say so before a table is
// made: at each player count it allows, a table of its config is dealt
// (chance settled) and its view read, the hands a match holds and what the
// game calls one, as the table's header will say. Null where the default count
// takes no fixed number of hands (hands 0: a game to a target, or until one is
// left), which the view cannot put in a number.
json match_json(const Selection& sel, int lo, int hi, int def) {
  json by_players = json::array();
  json match = nullptr;
  for (int n = lo; n <= hi; ++n) {
    Result<Config> config = make_config(sel, n, {});
    int hands = 0;
    if (config.ok()) {
      Table table(sel, std::move(*config), /*seed=*/1);
      table.settle();
      const View v = table.state().view(kSpectator);
      hands = v.hands;
      if (n == def && hands > 0) match = {{"hands", hands}, {"word", v.hand_word}};
    }
    by_players.push_back(hands);
  }
  if (!match.is_null()) match["by_players"] = std::move(by_players);
  return match;
}

}  // namespace

json games_json() {
  json all = json::array();
  for (const GameInfo& g : games()) {
    json j = {{"name", g.name},
              {"title", g.title},
              {"summary", g.summary},
              {"min_players", g.min_players},
              {"max_players", g.max_players},
              {"default_players", g.default_players},
              {"odds", g.exact_odds != nullptr},
              {"solver", g.solver != nullptr},
              {"timed_windows", g.timed_windows}};
    if (json m = match_json({&g, nullptr}, g.min_players, g.max_players, g.default_players);
        !m.is_null())
      j["match"] = std::move(m);
    j["bots"] = json::array();
    for (const BotSpec& b : g.bots) {
      json bot{{"name", b.name}, {"label", bot_label(b.name)}, {"help", b.help}};
      if (b.slow) bot["slow"] = true;
      j["bots"].push_back(std::move(bot));
    }
    j["bots"].push_back(
        {{"name", "random"}, {"label", "Random"}, {"help", "picks any legal move at random"}});
    if (g.resampler)
      j["bots"].push_back(
          {{"name", "ismcts"},
           {"label", "Deep search"},
           {"help",
            "searches: deals the cards it cannot see anew from what it can, and plays each move "
            "out many times (information-set Monte Carlo tree search; ismcts:N for N "
            "iterations)"}});
    j["options"] = json::array();
    for (const OptionSpec& o : g.options) {
      json oj = {{"key", o.key},
                 {"label", o.label},
                 {"type", type_name(o.type)},
                 {"default", o.format(o.default_value)},
                 {"help", o.help},
                 {"source", o.source},
                 {"min", o.min},
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
      json pj = {{"name", p.name},
                 {"summary", p.summary},
                 {"settings", settings},
                 {"min_players", p.min_players},
                 {"max_players", p.max_players},
                 {"default_players", p.default_players}};
      if (json m = match_json({&g, &p}, p.min_players, p.max_players, p.default_players);
          !m.is_null())
        pj["match"] = std::move(m);
      j["presets"].push_back(std::move(pj));
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
    // The Spanish pack's names, for a table that names cards so (View::card_names).
    if (c.is_standard() && spanish_short_name(c) != short_name(c))
      j["spanish_short"] = spanish_short_name(c), j["spanish_name"] = spanish_long_name(c);
    if (c.is_picture()) j["picture"] = c.character();
    all.push_back(std::move(j));
  }
  return all;
}

std::optional<HttpReply> Hub::Impl::create_table(std::string_view body, std::string_view from,
                                                 std::function<void(HttpReply)> later) {
  const std::string_view from_address = from;
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
  // Stored with the table and read at every load: bounded, as any input.
  if (assignments.size() > kMaxOptions)
    return http_error(400, "\"options\" has " + std::to_string(assignments.size()) +
                               " entries; at most " + std::to_string(kMaxOptions) +
                               " \"key=value\" strings are accepted");
  for (const std::string& a : assignments)
    if (a.size() > kMaxOptionLength)
      return http_error(
          400, "the option \"" + first_chars(a, 40) + "...\" is " + std::to_string(a.size()) +
                   " bytes; each \"key=value\" is at most " + std::to_string(kMaxOptionLength));
  auto config = make_config(*sel, players, assignments);
  if (!config.ok()) return http_error(400, config.message());
  TableRow row;
  row.game = std::string(sel->name());
  row.players = config->players;
  row.options = assignments;
  if (req.contains("absent_after")) {
    if (!req["absent_after"].is_number_integer())
      return http_error(
          400, "\"absent_after\" must be a whole number of seconds: 0 (off) or 10 to 3600");
    const auto a = req["absent_after"].get<long long>();
    if (a != 0 && (a < 10 || a > 3600))
      return http_error(
          400, "\"absent_after\" must be 0 (off) or 10 to 3600 seconds, not " + std::to_string(a));
    row.absent_after = static_cast<int>(a);
  }
  if (req.contains("window_seconds")) {
    if (!req["window_seconds"].is_number_integer())
      return http_error(
          400, "\"window_seconds\" must be a whole number of seconds: 0 (no limit) or 3 to 120");
    const auto w = req["window_seconds"].get<long long>();
    if (w != 0 && (w < 3 || w > 120))
      return http_error(400, "\"window_seconds\" must be 0 (no limit) or 3 to 120 seconds, not " +
                                 std::to_string(w));
    row.window_seconds = static_cast<int>(w);
  }
  std::vector<std::string> kinds;
  if (req.contains("seats")) {
    if (!strings(req, "seats", kinds))
      return http_error(400, "\"seats\" must be a list: \"human\" or one of " +
                                 bot_names(*sel->game) + " for each seat");
    if (static_cast<int>(kinds.size()) != row.players)
      return http_error(400, "\"seats\" has " + std::to_string(kinds.size()) + " entries for " +
                                 std::to_string(row.players) + " players");
  } else {
    kinds.assign(row.players, std::string(sel->game->bots[0].name));
    kinds[0] = "human";
  }
  for (std::size_t i = 0; i < kinds.size(); ++i) {
    const std::string& k = kinds[i];
    if (k == "human") {
      row.seats.push_back({"human", "", random_hex(16), ""});
      continue;
    }
    // Checked, and held to this server's budget for a bot's thought, by
    // code that never throws: a bad spec is the client's mistake, named.
    auto bot = server_bot(*sel->game, k, /*clamp=*/false);
    if (!bot.ok())
      return http_error(400, "seat " + std::to_string(i) + ": " + bot.message() +
                                 " (each seat is \"human\" or a bot)");
    row.seats.push_back({"bot", *bot, "", ""});
  }
  // Counted once the request is sound, so that a mistake costs nothing.
  if (!may_create(from))
    return http_error(429, "too many new tables from your address; wait a few seconds");
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
  if (req.contains("winnable")) {
    if (!req["winnable"].is_boolean()) return http_error(400, "\"winnable\" must be true or false");
    if (req["winnable"].get<bool>()) {
      if (!sel->game->solver) {
        return http_error(400, "\"winnable\" " + needs_solver(*sel->game));
      }
      // The solver may take a second or more: away from the tables' thread.
      const std::uint64_t from = seed ? *seed : random_u64();
      scheduler.work(
          std::string(from_address),
          [sel = *sel, config = *config, from, tries = options.winnable_tries,
           limits = options.winnable_limits]() -> std::string {
            Result<WinnableDeal> w = winnable_deal(sel, config, from, tries, limits);
            return w.ok() ? std::to_string(w->seed) : "!" + w.message();
          },
          [this, row = std::move(row), later = std::move(later),
           owner = std::string(from_address)](std::string found) mutable {
            std::uint64_t seed = 0;
            const auto [end, ec] = std::from_chars(found.data(), found.data() + found.size(), seed);
            if (found.empty() || ec != std::errc() || end != found.data() + found.size())
              return later(http_error(
                  503, "no winnable deal was found in time (" +
                           (found.empty() ? std::string("the server is busy") : found.substr(1)) +
                           "); try again"));
            later(made_table(std::move(row), seed, owner));
          });
      return std::nullopt;
    }
  }
  return made_table(std::move(row), seed, std::string(from_address));
}

HttpReply Hub::Impl::made_table(TableRow row, std::optional<std::uint64_t> seed,
                                const std::string& owner) {
  auto created = create(row, seed, "", owner);
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
      j["bot"] = r.bot, j["name"] = r.name;
    seats.push_back(std::move(j));
  }
  return reply(201, json{{"table", made.row.id},
                         {"game", made.sel().game->name},
                         {"preset", made.sel().name()},
                         {"players", made.row.players},
                         {"seats", seats}});
}

HttpReply Hub::Impl::health() {
  commit();
  // Its own write is a small one, which may go through where a move's or a
  // new table's did not (a disk nearly full): a real write that failed in
  // the last half minute, with none succeeding since, fails it too.
  if (Status s = store.can_write(); !s.ok()) {
    storage_log.log("storage: " + s.message());
    return reply(503, json{{"ok", false}, {"error", s.message()}});
  }
  // PostgreSQL refuses every write alike when it cannot take one (its disk
  // full): its health write going through says it takes moves again. A move
  // refused there may also be no fault of the database (another process
  // claimed the table). And a process a proxy takes for down gets no move to
  // prove itself with: it must come back by this check alone.
  if (shared()) write_failure.clear();
  if (!write_failure.empty() &&
      std::chrono::steady_clock::now() - write_failed_at < std::chrono::seconds(30))
    return reply(503, json{{"ok", false},
                           {"error", "the last write failed: " + write_failure +
                                         " (no write has succeeded since)"}});
  return reply(200, json{{"ok", true}, {"tables_in_memory", tables.size()}});
}

HttpReply Hub::Impl::list_tables() {
  std::vector<std::string> skipped;
  auto rows = store.recent(30, &skipped);
  for (const std::string& why : skipped) report_bad_row(why);
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
    j["seats"] = live != tables.end() ? seats_json(*live->second) : seats_json(r, nullptr, nullptr);
    all.push_back(std::move(j));
  }
  return reply(200, all);
}

Hub::Route Hub::route(std::string_view method, std::string_view target) {
  constexpr std::string_view kTables = "/api/tables";
  const std::string_view path = target.substr(0, target.find('?'));
  if (path == kTables) return {method == "POST" ? Route::kNext : Route::kAll, ""};
  if (path == "/healthz") return {Route::kAll, ""};
  if (path.starts_with(kTables) && path.size() > kTables.size() + 1) {
    const std::string_view rest = path.substr(kTables.size() + 1);
    return {Route::kHolder, std::string(rest.substr(0, rest.find('/')))};
  }
  return {};
}

HttpReply Hub::merge(std::string_view path, std::span<const HttpReply> by_worker) {
  if (by_worker.empty()) return http_error(500, "no worker answered");
  for (const HttpReply& r : by_worker)
    if (r.status != 200) return r;
  std::vector<json> lists;
  for (const HttpReply& r : by_worker) {
    lists.push_back(json::parse(r.body, nullptr, false));
    if (path == "/healthz" ? !lists.back().is_object() : !lists.back().is_array())
      return http_error(500, "a worker's answer is not what " + std::string(path) + " gives");
  }
  if (path == "/healthz") {
    std::size_t live = 0;
    for (const json& h : lists) live += h.value("tables_in_memory", std::size_t{0});
    return reply(200, json{{"ok", true}, {"tables_in_memory", live}});
  }
  // Each worker read the store at its own moment: the first's list is the
  // one shown, each table as its holder tells it where that listed it too.
  std::vector<std::unordered_map<std::string, const json*>> by_id(lists.size());
  for (std::size_t w = 0; w < lists.size(); ++w)
    for (const json& t : lists[w])
      if (t.is_object()) by_id[w].emplace(t.value("table", ""), &t);
  json all = json::array();
  for (const json& t : lists[0]) {
    const std::string id = t.is_object() ? t.value("table", "") : "";
    const auto& holder = by_id[worker_of(id, lists.size())];
    auto it = holder.find(id);
    all.push_back(it != holder.end() ? *it->second : t);
  }
  return reply(200, all);
}

bool Hub::Impl::may_create(std::string_view from) {
  Buckets& creation = limits->creation;
  if (allowed(creation, "tables", std::string(from), std::chrono::steady_clock::now())) return true;
  refusals.log(fmt::format("refused a new table from {}: over the limit of {} and one every {} s",
                           from, creation.burst, creation.seconds_per_token));
  return false;
}

void Hub::Impl::http(std::string_view method, std::string_view target, std::string_view body,
                     std::string_view from, std::function<void(HttpReply)> done) {
  std::string_view path = target.substr(0, target.find('?'));
  if (path == "/api/tables" && method == "POST") {
    if (auto r = create_table(body, from, done)) done(std::move(*r));
    return;
  }
  if (method != "GET" && method != "HEAD")
    return done(http_error(405, "only GET (and POST /api/tables) are served"));
  const auto q = target.find('?');
  done(get(path, q == std::string_view::npos ? "" : target.substr(q + 1)));
}

// The stats a page at a time: ?limit=N (1 to 500, 100 by default) and
// ?offset=M.
HttpReply Hub::Impl::stats(std::string_view query) {
  int limit = 100, offset = 0;
  while (!query.empty()) {
    const std::string_view pair = query.substr(0, query.find('&'));
    query.remove_prefix(std::min(query.size(), pair.size() + 1));
    const auto eq = pair.find('=');
    const std::string_view key = pair.substr(0, eq);
    const std::string value(eq == std::string_view::npos ? "" : pair.substr(eq + 1));
    if (key != "limit" && key != "offset") continue;
    const bool digits =
        !value.empty() && value.size() <= 9 &&
        std::all_of(value.begin(), value.end(), [](char c) { return c >= '0' && c <= '9'; });
    int n = -1;
    if (digits) (void)std::from_chars(value.data(), value.data() + value.size(), n);
    if (key == "limit" && (n < 1 || n > 500))
      return http_error(400, "limit takes 1 to 500 rows, not \"" + first_chars(value, 20) + "\"");
    if (key == "offset" && n < 0)
      return http_error(400, "offset takes a whole number of rows, 0 or more, not \"" +
                                 first_chars(value, 20) + "\"");
    (key == "limit" ? limit : offset) = n;
  }
  auto rows = store.stats(limit, offset);
  if (!rows.ok()) return http_error(500, rows.message());
  json all = json::array();
  for (const StatRow& r : *rows)
    all.push_back({{"name", r.name},
                   {"game", r.game},
                   {"played", r.played},
                   {"won", r.won},
                   {"lost", r.lost},
                   {"score", r.score},
                   {"streak", r.streak},
                   {"best_streak", r.best_streak}});
  return reply(200, all);
}

HttpReply Hub::Impl::get(std::string_view path, std::string_view query) {
  if (path == "/api/games") return {200, "application/json", games_cache, ""};
  if (path == "/api/cards") return {200, "application/json", cards_cache, ""};
  if (path == "/api/tables") return list_tables();
  if (path == "/healthz") return health();
  if (path == "/api/stats") return stats(query);
  auto part = [&](std::string_view prefix, std::string_view suffix) -> std::optional<std::string> {
    if (!path.starts_with(prefix) || !path.ends_with(suffix) ||
        path.size() <= prefix.size() + suffix.size())
      return std::nullopt;
    std::string_view mid = path.substr(prefix.size(), path.size() - prefix.size() - suffix.size());
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
  return http_error(404, "no such API: " + std::string(path) +
                             " (see protocol.md: /api/games, /api/cards, /api/tables, /api/stats)");
}

}  // namespace parlour::server
