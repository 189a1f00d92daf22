#include "server/store.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include <algorithm>
#include <cassert>
#include <ctime>
#include <limits>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <utility>

namespace parlour::server {
namespace {

using nlohmann::json;

// SQLite's integers are signed 64-bit; seeds keep their bits.
std::int64_t to_db(std::uint64_t v) {
  return static_cast<std::int64_t>(v);
}
std::uint64_t from_db(std::int64_t v) {
  return static_cast<std::uint64_t>(v);
}

std::string seats_json(const std::vector<SeatRow>& seats) {
  json j = json::array();
  for (const SeatRow& s : seats)
    j.push_back({{"kind", s.kind}, {"bot", s.bot}, {"token", s.token}, {"name", s.name}});
  return j.dump();
}

std::vector<SeatRow> parse_seats(const std::string& text) {
  std::vector<SeatRow> seats;
  for (const json& s : json::parse(text))
    seats.push_back({s.at("kind").get<std::string>(), s.at("bot").get<std::string>(),
                     s.at("token").get<std::string>(), s.at("name").get<std::string>()});
  return seats;
}

// Every SQLite or JSON failure becomes a Status naming what was being done.
template <class F>
auto guarded(const char* what, F f) -> decltype(f()) {
  try {
    return f();
  } catch (const std::exception& e) {
    return Status::error(std::string("database: ") + what + ": " + e.what());
  }
}

constexpr const char* kColumns =
    "id, game, players, options, seed, bot_seed, seats, finished, next, created, absent_after, "
    "window_seconds";

bool hex_token(const std::string& t) {
  return t.size() == 32 && std::all_of(t.begin(), t.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

}  // namespace

std::string TableRow::problem() const {
  auto why = [&](std::string s) { return "table " + id.substr(0, 40) + ": " + s; };
  if (id.empty() || id.size() > 64) return why("its id is empty or over 64 characters");
  if (game.empty()) return why("no game");
  if (players < 1 || players > 64) return why(std::to_string(players) + " players, not 1 to 64");
  if (seats.size() != static_cast<std::size_t>(players))
    return why(std::to_string(seats.size()) + (seats.size() == 1 ? " seat" : " seats") + " for " +
               std::to_string(players) + " players");
  for (std::size_t s = 0; s < seats.size(); ++s) {
    const SeatRow& r = seats[s];
    if (r.kind == "human" ? !hex_token(r.token) : r.kind != "bot" || r.bot.empty())
      return why("seat " + std::to_string(s) + " is neither a person with a token nor a bot");
  }
  if (options.size() > kMaxOptions)
    return why(std::to_string(options.size()) + " options, over " + std::to_string(kMaxOptions));
  for (const std::string& o : options)
    if (o.size() > kMaxOptionLength)
      return why("an option of " + std::to_string(o.size()) + " bytes, over " +
                 std::to_string(kMaxOptionLength));
  if (created < 0) return why("created " + std::to_string(created) + " is before 1970");
  if (absent_after != 0 && (absent_after < 10 || absent_after > 3600))
    return why("absent_after " + std::to_string(absent_after) + " is not 0 or 10 to 3600");
  if (window_seconds != 0 && (window_seconds < 3 || window_seconds > 120))
    return why("window_seconds " + std::to_string(window_seconds) + " is not 0 or 3 to 120");
  return "";
}

namespace {

// A row is read like any input: one that does not parse or breaks a rule
// of TableRow throws, naming the table and the fault.
// A column that must hold a whole number within [lo, hi]: anything else
// (text, a real, a number out of range) is refused, never coerced.
std::int64_t whole(SQLite::Statement& q, int column, const char* name, std::int64_t lo,
                   std::int64_t hi) {
  const SQLite::Column c = q.getColumn(column);
  if (!c.isInteger())
    throw std::runtime_error(std::string(name) + " is not a whole number (" +
                             (c.isNull() ? std::string("null") : c.getString().substr(0, 20)) +
                             ")");
  const std::int64_t v = c.getInt64();
  if (v < lo || v > hi)
    throw std::runtime_error(std::string(name) + " " + std::to_string(v) + " is not " +
                             std::to_string(lo) + " to " + std::to_string(hi));
  return v;
}

TableRow row_of(SQLite::Statement& q) {
  TableRow t;
  t.id = q.getColumn(0).getString();
  try {
    constexpr std::int64_t kAny = std::numeric_limits<std::int64_t>::max();
    t.game = q.getColumn(1).getString();
    t.players = static_cast<int>(whole(q, 2, "players", 1, 64));
    t.options = json::parse(q.getColumn(3).getString()).get<std::vector<std::string>>();
    t.seed = from_db(whole(q, 4, "seed", -kAny - 1, kAny));
    t.bot_seed = from_db(whole(q, 5, "bot_seed", -kAny - 1, kAny));
    t.seats = parse_seats(q.getColumn(6).getString());
    t.finished = whole(q, 7, "finished", 0, 1) != 0;
    t.next = q.getColumn(8).getString();
    t.created = whole(q, 9, "created", 0, kAny);
    t.absent_after = static_cast<int>(whole(q, 10, "absent_after", 0, 3600));
    t.window_seconds = static_cast<int>(whole(q, 11, "window_seconds", 0, 120));
  } catch (const std::exception& e) {
    throw std::runtime_error("table " + t.id.substr(0, 40) + ": " + e.what());
  }
  if (std::string why = t.problem(); !why.empty()) throw std::runtime_error(why);
  return t;
}

}  // namespace

Store::Store(std::unique_ptr<SQLite::Database> db) : db_(std::move(db)) {}

Store::~Store() {
  if (!checkpointer_.joinable()) return;
  {
    std::lock_guard lock(mu_);
    stop_ = true;
  }
  wake_.notify_one();
  checkpointer_.join();
}

// Copies the write-ahead log into the database file twice a second, from its
// own connection: the fsync this needs is paid here, not by a move. PASSIVE
// never waits for the server's connection.
void Store::checkpoint_loop(std::string path) {
  try {
    SQLite::Database db(path, SQLite::OPEN_READWRITE | SQLite::OPEN_URI, 2000);
    std::unique_lock lock(mu_);
    while (!wake_.wait_for(lock, std::chrono::milliseconds(500), [&] { return stop_; })) {
      lock.unlock();
      try {
        db.exec("PRAGMA wal_checkpoint(PASSIVE)");
      } catch (const std::exception&) {  // busy: next time
      }
      lock.lock();
    }
  } catch (const std::exception&) {  // the log then grows until the next start checkpoints it
  }
}

Result<std::unique_ptr<Store>> Store::open(const std::string& path, bool checkpoint) {
  try {
    auto db = std::make_unique<SQLite::Database>(
        path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE | SQLite::OPEN_URI, 2000);
    db->exec("PRAGMA journal_mode=WAL");
    db->exec("PRAGMA synchronous=NORMAL");
    db->exec(
        "CREATE TABLE IF NOT EXISTS tables(id TEXT PRIMARY KEY, game TEXT NOT NULL, players "
        "INTEGER NOT NULL,"
        " options TEXT NOT NULL, seed INTEGER NOT NULL, bot_seed INTEGER NOT NULL, seats TEXT NOT "
        "NULL,"
        " finished INTEGER NOT NULL DEFAULT 0, next TEXT NOT NULL DEFAULT '', created INTEGER NOT "
        "NULL,"
        " record TEXT);"
        "CREATE TABLE IF NOT EXISTS actions(table_id TEXT NOT NULL, idx INTEGER NOT NULL, action "
        "INTEGER NOT NULL,"
        " PRIMARY KEY(table_id, idx)) WITHOUT ROWID;"
        "CREATE TABLE IF NOT EXISTS stats(name TEXT NOT NULL, game TEXT NOT NULL, played INTEGER "
        "NOT NULL,"
        " won INTEGER NOT NULL, lost INTEGER NOT NULL, score REAL NOT NULL, PRIMARY KEY(name, "
        "game));"
        "CREATE INDEX IF NOT EXISTS tables_created ON tables(created);"
        "CREATE TABLE IF NOT EXISTS chat(table_id TEXT NOT NULL, at INTEGER NOT NULL, seat INTEGER "
        "NOT NULL,"
        " name TEXT NOT NULL, text TEXT NOT NULL);"
        "CREATE INDEX IF NOT EXISTS chat_table ON chat(table_id);");
    // Columns added since the first release: a database made before them is
    // brought up to date in place. Actions stored without a seat are replayed
    // as version-1 records are.
    auto has_column = [&](const char* table, const char* column) {
      SQLite::Statement q(*db, std::string("SELECT COUNT(*) FROM pragma_table_info('") + table +
                                   "') WHERE name = ?");
      q.bind(1, column);
      q.executeStep();
      return q.getColumn(0).getInt() > 0;
    };
    if (!has_column("actions", "seat")) db->exec("ALTER TABLE actions ADD COLUMN seat INTEGER");
    if (!has_column("tables", "absent_after"))
      db->exec("ALTER TABLE tables ADD COLUMN absent_after INTEGER NOT NULL DEFAULT 0");
    if (!has_column("tables", "window_seconds"))
      db->exec("ALTER TABLE tables ADD COLUMN window_seconds INTEGER NOT NULL DEFAULT 10");
    // When a table was last played (unix seconds; 0: not since it was made),
    // so that abandoned ones expire.
    if (!has_column("tables", "active"))
      db->exec("ALTER TABLE tables ADD COLUMN active INTEGER NOT NULL DEFAULT 0");
    if (!has_column("stats", "streak"))
      db->exec(
          "ALTER TABLE stats ADD COLUMN streak INTEGER NOT NULL DEFAULT 0;"
          "ALTER TABLE stats ADD COLUMN best_streak INTEGER NOT NULL DEFAULT 0");
    const bool file = path != ":memory:" && !path.empty();
    if (file) db->exec("PRAGMA wal_autocheckpoint=0");
    std::unique_ptr<Store> store(new Store(std::move(db)));
    if (file && checkpoint)
      store->checkpointer_ = std::thread(&Store::checkpoint_loop, store.get(), path);
    store->add_action_ = std::make_unique<SQLite::Statement>(
        *store->db_, "INSERT INTO actions(table_id, idx, action, seat) VALUES(?, ?, ?, ?)");
    return store;
  } catch (const std::exception& e) {
    return Status::error("cannot open the database " + path + ": " + e.what());
  }
}

Status Store::add_table(const TableRow& t, const std::string& rematch_of) {
  assert(!group_);  // a group of actions is committed first
  if (std::string why = t.problem(); !why.empty()) return Status::error("not stored: " + why);
  return guarded("adding a table", [&] {
    SQLite::Transaction tx(*db_);
    if (!rematch_of.empty()) {
      SQLite::Statement link(*db_, "UPDATE tables SET next = ? WHERE id = ?");
      link.bind(1, t.id);
      link.bind(2, rematch_of);
      link.exec();
    }
    SQLite::Statement q(*db_,
                        "INSERT INTO tables(id, game, players, options, seed, bot_seed, seats, "
                        "finished, next, created, absent_after, window_seconds)"
                        " VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    q.bind(1, t.id);
    q.bind(2, t.game);
    q.bind(3, t.players);
    q.bind(4, json(t.options).dump());
    q.bind(5, to_db(t.seed));
    q.bind(6, to_db(t.bot_seed));
    q.bind(7, seats_json(t.seats));
    q.bind(8, t.finished ? 1 : 0);
    q.bind(9, t.next);
    q.bind(10, static_cast<std::int64_t>(t.created ? t.created : std::time(nullptr)));
    q.bind(11, t.absent_after);
    q.bind(12, t.window_seconds);
    q.exec();
    tx.commit();
    return Status();
  });
}

Status Store::add_action(const std::string& table, int index, Seat seat, Action a) {
  if (group_) {  // written at the commit: the file's lock is held only then
    grouped_.push_back({table, index, seat, a});
    return Status();
  }
  return guarded("adding an action", [&] {
    SQLite::Transaction tx(*db_);
    insert_action(table, index, seat, a);
    touch(table);
    tx.commit();
    return Status();
  });
}

void Store::touch(const std::string& table) {
  if (!touch_)
    touch_ = std::make_unique<SQLite::Statement>(*db_, "UPDATE tables SET active = ? WHERE id = ?");
  touch_->reset();
  touch_->bind(1, static_cast<std::int64_t>(std::time(nullptr)));
  touch_->bind(2, table);
  touch_->exec();
}

void Store::insert_action(const std::string& table, int index, Seat seat, Action a) {
  add_action_->reset();
  add_action_->bind(1, table);
  add_action_->bind(2, index);
  add_action_->bind(3, static_cast<std::int64_t>(a));
  add_action_->bind(4, seat);
  add_action_->exec();
}

Status Store::begin_group() {
  assert(!group_);
  group_ = true;
  return Status();
}

Status Store::commit_group() {
  assert(group_);
  group_ = false;
  std::vector<GroupedAction> actions = std::exchange(grouped_, {});
  if (actions.empty()) return Status();
  return guarded("committing a group of actions", [&] {
    try {
      // IMMEDIATE: another connection to the file (another worker's) that
      // holds the lock is waited for here, not found at the COMMIT.
      db_->exec("BEGIN IMMEDIATE");
      std::vector<const std::string*> played;
      for (const GroupedAction& g : actions) {
        insert_action(g.table, g.index, g.seat, g.action);
        if (std::find_if(played.begin(), played.end(),
                         [&](const std::string* p) { return *p == g.table; }) == played.end())
          played.push_back(&g.table);
      }
      for (const std::string* id : played) touch(*id);
      db_->exec("COMMIT");
    } catch (const std::exception&) {
      // Nothing of the group stays (SQLite may have rolled it back already).
      if (!sqlite3_get_autocommit(db_->getHandle())) (void)db_->tryExec("ROLLBACK");
      throw;
    }
    return Status();
  });
}

Status Store::remove_action(const std::string& table, int index) {
  assert(!group_);  // a group of actions is committed first
  return guarded("taking back an action", [&] {
    SQLite::Statement q(*db_, "DELETE FROM actions WHERE table_id = ? AND idx = ?");
    q.bind(1, table);
    q.bind(2, index);
    q.exec();
    return Status();
  });
}

Status Store::set_seats(const std::string& table, const std::vector<SeatRow>& seats) {
  assert(!group_);  // a group of actions is committed first
  return guarded("naming a seat", [&] {
    SQLite::Statement q(*db_, "UPDATE tables SET seats = ? WHERE id = ?");
    q.bind(1, seats_json(seats));
    q.bind(2, table);
    q.exec();
    return Status();
  });
}

Status Store::finish(const std::string& table, const std::string& record_json,
                     const std::vector<StatRow>& results) {
  assert(!group_);  // a group of actions is committed first
  return guarded("finishing a table", [&] {
    SQLite::Transaction tx(*db_);
    SQLite::Statement q(*db_, "UPDATE tables SET finished = 1, record = ? WHERE id = ?");
    q.bind(1, record_json);
    q.bind(2, table);
    q.exec();
    add_stats(results);
    tx.commit();
    return Status();
  });
}

Status Store::add_results(const std::vector<StatRow>& results) {
  assert(!group_);  // a group of actions is committed first
  return guarded("keeping results", [&] {
    SQLite::Transaction tx(*db_);
    add_stats(results);
    tx.commit();
    return Status();
  });
}

// A game won adds one to the streak; any other result ends it.
void Store::add_stats(const std::vector<StatRow>& results) {
  SQLite::Statement s(
      *db_,
      "INSERT INTO stats(name, game, played, won, lost, score, streak, best_streak)"
      " VALUES(?, ?, 1, ?, ?, ?, ?, ?) ON CONFLICT(name, game) DO UPDATE SET"
      " played = played + 1, won = won + excluded.won, lost = lost + excluded.lost,"
      " score = score + excluded.score,"
      " best_streak = MAX(best_streak, CASE WHEN excluded.won > 0 THEN streak + 1 ELSE 0 END),"
      " streak = CASE WHEN excluded.won > 0 THEN streak + 1 ELSE 0 END");
  for (const StatRow& r : results) {
    const int won = r.won > 0 ? 1 : 0;
    s.reset();
    s.bind(1, r.name);
    s.bind(2, r.game);
    s.bind(3, r.won);
    s.bind(4, r.lost);
    s.bind(5, r.score);
    s.bind(6, won);
    s.bind(7, won);
    s.exec();
  }
}

Result<std::optional<TableRow>> Store::table(const std::string& id, bool actions) {
  return guarded("loading a table", [&]() -> Result<std::optional<TableRow>> {
    SQLite::Statement q(*db_, std::string("SELECT ") + kColumns + " FROM tables WHERE id = ?");
    q.bind(1, id);
    if (!q.executeStep()) return std::optional<TableRow>();
    TableRow t = row_of(q);
    if (!actions) return std::optional<TableRow>(std::move(t));
    SQLite::Statement a(*db_,
                        "SELECT idx, action, seat FROM actions WHERE table_id = ? ORDER BY idx");
    a.bind(1, id);
    while (a.executeStep()) {
      if (a.getColumn(0).getInt() != static_cast<int>(t.actions.size()))
        return Status::error("database: table " + id + " has a gap in its actions");
      const Seat seat = a.getColumn(2).isNull() ? kNobody : a.getColumn(2).getInt();
      t.actions.push_back({seat, static_cast<Action>(a.getColumn(1).getInt64())});
    }
    return std::optional<TableRow>(std::move(t));
  });
}

// Removes the tables `which` selects (a query of their ids, taking one
// parameter), with their actions and talk, in one transaction.
Result<int> Store::remove_tables(const char* what, const char* which, std::int64_t before) {
  assert(!group_);  // a group of actions is committed first
  return guarded(what, [&]() -> Result<int> {
    SQLite::Transaction tx(*db_);
    for (const char* from : {"actions", "chat"}) {
      SQLite::Statement q(
          *db_, std::string("DELETE FROM ") + from + " WHERE table_id IN (" + which + ")");
      q.bind(1, before);
      q.exec();
    }
    SQLite::Statement q(*db_, std::string("DELETE FROM tables WHERE id IN (") + which + ")");
    q.bind(1, before);
    const int n = q.exec();
    tx.commit();
    return n;
  });
}

Result<int> Store::remove_finished(std::int64_t before) {
  return remove_tables("removing old tables",
                       "SELECT id FROM tables WHERE finished = 1 AND created < ?", before);
}

Status Store::can_write() {
  assert(!group_);  // a group of actions is committed first
  return guarded("writing", [&] {
    SQLite::Transaction tx(*db_);
    db_->exec("CREATE TABLE IF NOT EXISTS health(id INTEGER PRIMARY KEY, at INTEGER NOT NULL)");
    SQLite::Statement q(*db_, "INSERT OR REPLACE INTO health(id, at) VALUES(1, ?)");
    q.bind(1, static_cast<std::int64_t>(std::time(nullptr)));
    q.exec();
    tx.commit();
    return Status();
  });
}

Result<std::vector<std::string>> Store::unfinished(std::int64_t active_since) {
  return guarded("listing unfinished tables", [&]() -> Result<std::vector<std::string>> {
    std::vector<std::string> ids;
    SQLite::Statement q(*db_,
                        "SELECT id FROM tables WHERE finished = 0 AND MAX(created, active) >= ?"
                        " ORDER BY MAX(created, active) DESC");
    q.bind(1, active_since);
    while (q.executeStep()) ids.push_back(q.getColumn(0).getString());
    return ids;
  });
}

Status Store::keep(std::span<const std::string> tables) {
  assert(!group_);  // a group of actions is committed first
  if (tables.empty()) return Status();
  return guarded("marking tables in use", [&] {
    SQLite::Transaction tx(*db_);
    for (const std::string& id : tables) touch(id);
    tx.commit();
    return Status();
  });
}

Result<int> Store::remove_abandoned(std::int64_t before) {
  return remove_tables("removing abandoned tables",
                       "SELECT id FROM tables WHERE finished = 0 AND MAX(created, active) < ?",
                       before);
}

Result<std::vector<TableRow>> Store::recent(int limit, std::vector<std::string>* skipped) {
  return guarded("listing tables", [&]() -> Result<std::vector<TableRow>> {
    std::vector<TableRow> rows;
    SQLite::Statement q(*db_, std::string("SELECT ") + kColumns +
                                  ", (SELECT COUNT(*) FROM actions WHERE table_id = id) FROM tables"
                                  " ORDER BY created DESC, rowid DESC LIMIT ?");
    q.bind(1, limit);
    while (q.executeStep()) {
      try {
        rows.push_back(row_of(q));
      } catch (const std::exception& e) {
        if (skipped) skipped->push_back(e.what());
        continue;
      }
      rows.back().actions.resize(
          static_cast<std::size_t>(q.getColumn(12).getInt64()));  // only the count is read
    }
    return rows;
  });
}

Result<std::optional<std::string>> Store::record(const std::string& id) {
  return guarded("reading a record", [&]() -> Result<std::optional<std::string>> {
    SQLite::Statement q(*db_, "SELECT record FROM tables WHERE id = ? AND finished = 1");
    q.bind(1, id);
    if (!q.executeStep() || q.getColumn(0).isNull()) return std::optional<std::string>();
    return std::optional<std::string>(q.getColumn(0).getString());
  });
}

Result<std::vector<StatRow>> Store::stats(int limit, int offset) {
  return guarded("reading stats", [&]() -> Result<std::vector<StatRow>> {
    std::vector<StatRow> rows;
    SQLite::Statement q(
        *db_,
        "SELECT name, game, played, won, lost, score, streak, best_streak FROM stats"
        " ORDER BY won DESC, played DESC, name, game LIMIT ? OFFSET ?");
    q.bind(1, limit);
    q.bind(2, offset);
    while (q.executeStep())
      rows.push_back({q.getColumn(0).getString(), q.getColumn(1).getString(),
                      q.getColumn(2).getInt(), q.getColumn(3).getInt(), q.getColumn(4).getInt(),
                      q.getColumn(5).getDouble(), q.getColumn(6).getInt(),
                      q.getColumn(7).getInt()});
    return rows;
  });
}

Status Store::add_chat(const std::string& table, const Chat& line) {
  assert(!group_);  // a group of actions is committed first
  if (line.text.size() > 4 * kMaxChatText || line.name.size() > 4 * kMaxChatName)
    return Status::error("not stored: a chat line is at most " + std::to_string(kMaxChatText) +
                         " characters, its name " + std::to_string(kMaxChatName));
  return guarded("keeping table talk", [&] {
    SQLite::Statement q(*db_,
                        "INSERT INTO chat(table_id, at, seat, name, text) VALUES(?, ?, ?, ?, ?)");
    q.bind(1, table);
    q.bind(2, line.at);
    q.bind(3, line.seat);
    q.bind(4, line.name);
    q.bind(5, line.text);
    q.exec();
    return Status();
  });
}

Result<std::vector<Store::Chat>> Store::chat(const std::string& table, int limit) {
  return guarded("reading table talk", [&]() -> Result<std::vector<Chat>> {
    std::vector<Chat> lines;
    // Bounded as read, whatever was stored (by an older server, or by hand):
    // one huge line must not make its table impossible to join.
    SQLite::Statement q(*db_, "SELECT seat, substr(name, 1, " + std::to_string(kMaxChatName) +
                                  "), substr(text, 1, " + std::to_string(kMaxChatText) +
                                  "), at FROM chat WHERE table_id = ? ORDER BY rowid DESC LIMIT ?");
    q.bind(1, table);
    q.bind(2, limit);
    while (q.executeStep())
      lines.push_back({q.getColumn(0).getInt(), q.getColumn(1).getString(),
                       q.getColumn(2).getString(), q.getColumn(3).getInt64()});
    std::reverse(lines.begin(), lines.end());
    return lines;
  });
}

}  // namespace parlour::server
