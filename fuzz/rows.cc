// A table's row as the database holds it, damaged or edited by hand (issue
// 35: bad bots, values out of range or of the wrong type, huge options or
// talk): each input is read as choices that write one row of `tables`, a few
// of `actions` and a line of `chat`, each column given a value of any type.
// The server then lists the tables, restores them and has a client join the
// row with its token and as a spectator, and its bots play: a bad row is
// refused with its id named, never trusted, and nothing throws.
#include <SQLiteCpp/SQLiteCpp.h>

#include <string>

#include "hub_fixture.h"

using namespace parlour;
using nlohmann::json;

namespace {

using fuzz::Choices;

constexpr const char* kToken = "00112233445566778899aabbccddeeff";

// A column's value: mostly what the server writes, sometimes anything.
void bind_any(SQLite::Statement& q, int column, Choices& c, long long usual) {
  static const long long kEdges[] = {
      0, 1, -1, 2, 64, 65, 3600, 4294967298LL, -4294967296LL, INT64_MAX, INT64_MIN};
  // One column in ten is odd, so that most rows have one fault or none; an
  // input that has run out (zeros) writes what the server writes.
  const std::size_t k = c.below(40);
  if (k < 36) {
    q.bind(column, static_cast<std::int64_t>(usual));
  } else if (k == 36) {
    q.bind(column, static_cast<std::int64_t>(kEdges[c.below(std::size(kEdges))]));
  } else if (k == 37) {
    q.bind(column, c.text("0123456789 -.abc", 8));
  } else if (k == 38) {
    q.bind(column, static_cast<double>(usual) + 0.5);
  } else {
    q.bind(column);  // null
  }
}

std::string seats_of(Choices& c, int players) {
  json seats = json::array();
  const int n = c.rare(6) ? static_cast<int>(c.below(8)) : players;
  static const char* kBots[] = {"random",      "blind",     "ismcts", "ismcts:.",
                                "ismcts:600s", "ismcts:50", "nobody", ""};
  for (int i = 0; i < n && i < 16; ++i) {
    json s = {
        {"kind", "bot"}, {"bot", kBots[c.below(std::size(kBots))]}, {"token", ""}, {"name", ""}};
    if (i == 0 || c.rare(3)) s = {{"kind", "human"}, {"bot", ""}, {"token", kToken}, {"name", ""}};
    if (c.rare(10)) s.erase(c.below(2) ? "bot" : "token");
    if (c.rare(12)) s["kind"] = "ghost";
    seats.push_back(std::move(s));
  }
  return c.rare(20) ? c.text("[{}\",:kindbot", 12) : seats.dump();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  fuzz::games_once();
  static const char* kDb = "file:fuzz_rows?mode=memory&cache=shared";
  static SQLite::Database raw(kDb, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE | SQLite::OPEN_URI);
  static std::unique_ptr<server::Store> store = [] {
    spdlog::set_level(spdlog::level::off);  // refusals are the point here, not news
    server::StoreOptions o;
    o.checkpoint = false;
    auto s = server::Store::open(kDb, o);
    fuzz::require(s.ok(), "the shared in-memory store opens");
    return std::move(*s);
  }();
  static int inputs = 0;
  const std::string id = "row" + std::to_string(++inputs);
  Choices c(fuzz::text(data, size));
  raw.exec("DELETE FROM tables; DELETE FROM actions; DELETE FROM chat;");

  static const char* kGames[] = {"old-maid", "cheat", "klondike", "macao", "no-such-game", ""};
  const std::string game = kGames[c.below(std::size(kGames))];
  const int players = game == "klondike" ? 1 : 2 + static_cast<int>(c.below(3));
  SQLite::Statement q(raw,
                      "INSERT INTO tables(id, game, players, options, seed, bot_seed, seats, "
                      "finished, next, created, absent_after, window_seconds, active)"
                      " VALUES(?, ?, ?, ?, ?, ?, ?, ?, '', ?, ?, ?, ?)");
  q.bind(1, id);
  q.bind(2, game);
  bind_any(q, 3, c, players);
  json options = json::array();
  for (std::size_t i = 0, n = c.rare(6) ? c.below(50) : c.below(2); i < n; ++i)
    options.push_back(c.rare(4) ? c.text("odd=jack0123456789", 80) : "odd=jack");
  q.bind(4, c.rare(15) ? c.text("[\"odd=jack\",", 12) : options.dump());
  bind_any(q, 5, c, static_cast<long long>(c.byte()));
  bind_any(q, 6, c, 7);
  q.bind(7, seats_of(c, players));
  bind_any(q, 8, c, 0);
  bind_any(q, 9, c, std::time(nullptr));
  bind_any(q, 10, c, 0);
  bind_any(q, 11, c, 10);
  bind_any(q, 12, c, 0);
  try {
    q.exec();
  } catch (const SQLite::Exception&) {
    return 0;  // a value the schema itself refuses (a null where NOT NULL): no such row
  }
  for (std::size_t i = 0, n = c.below(6); i < n; ++i) {
    SQLite::Statement a(
        raw, "INSERT OR IGNORE INTO actions(table_id, idx, action, seat) VALUES(?, ?, ?, ?)");
    a.bind(1, id);
    a.bind(2, static_cast<int>(c.rare(8) ? c.below(8) : i));
    a.bind(3, static_cast<std::int64_t>(c.rare(4) ? c.byte() << 24 : c.below(40)));
    bind_any(a, 4, c, static_cast<long long>(c.below(3)));
    try {
      a.exec();
    } catch (const SQLite::Exception&) {  // refused by the schema: not a row
    }
  }
  if (c.below(2)) {
    SQLite::Statement chat(
        raw, "INSERT INTO chat(table_id, at, seat, name, text) VALUES(?, ?, ?, ?, ?)");
    chat.bind(1, id);
    bind_any(chat, 2, c, 1);
    bind_any(chat, 3, c, 0);
    chat.bind(4, c.text("Ann ", 40));
    chat.bind(5, std::string(c.rare(4) ? 5000 : c.below(40), 'x'));
    try {
      chat.exec();
    } catch (const SQLite::Exception&) {  // refused by the schema: not a row
    }
  }

  // A server restarted on this row: its list, its restore, a join.
  fuzz::Timers timers;
  server::HubOptions o;
  o.bot_delay = std::chrono::milliseconds(0);
  o.hand_pause = std::chrono::milliseconds(0);
  // The rows are the point, not the bots' play: searches are kept short (the
  // corpus's replay in make test took 29 s, bots playing its restored games
  // out at 10 ms a move).
  o.bot_seconds = 0.001;
  o.bot_iterations = 40;
  o.expire_unfinished = std::chrono::seconds(7 * 86400);
  server::Hub hub(*store, timers, o);
  const server::HttpReply list = hub.http("GET", "/api/tables", "");
  fuzz::require(list.status == 200 && json::accept(list.body),
                "the list is served, bad rows left out");
  auto restored = hub.restore();
  fuzz::require(restored.ok(), "a restore survives any row");
  for (const std::string& why : *restored)
    fuzz::require(why.find(id) != std::string::npos, "a row refused is named by its id");
  struct Joiner : fuzz::Listener {
    void send(std::string m) override {
      fuzz::Listener::send(m);
      fuzz::require(json::parse(m).value("code", "") != "internal", "no handler throws");
    }
  } player, spectator;
  hub.opened(player);
  hub.opened(spectator);
  hub.received(player, json{{"type", "join"}, {"table", id}, {"token", kToken}}.dump());
  hub.received(spectator, json{{"type", "join"}, {"table", id}}.dump());
  hub.received(player, R"({"type":"act","action":0})");
  timers.run(32);
  hub.closed(player);
  hub.closed(spectator);
  return 0;
}
