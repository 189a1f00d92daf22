// The SQLite back end of the Store: one file (or ":memory:"), one process.
// Every write is committed before the call returns (WAL, synchronous=NORMAL),
// so a server killed at any moment, even by kill -9, restarts with everything
// it had told anyone. (A power cut may lose the last few commits: that is the
// price of not waiting for the disk on every move.) A file is checkpointed by
// a thread of its own, so that the disk's syncs never stall a move.
#include <SQLiteCpp/SQLiteCpp.h>
#include <sqlite3.h>

#include <algorithm>
#include <cassert>
#include <condition_variable>
#include <ctime>
#include <mutex>
#include <thread>
#include <utility>

#include "server/store_impl.h"

namespace parlour::server {
namespace {

using namespace store_impl;

struct SqliteCells : Cells {
  SQLite::Statement& q;
  explicit SqliteCells(SQLite::Statement& s) : q(s) {}
  std::string text(int c) const override { return q.getColumn(c).getString(); }
  std::optional<std::int64_t> whole(int c) const override {
    const SQLite::Column col = q.getColumn(c);
    if (!col.isInteger()) return std::nullopt;
    return col.getInt64();
  }
  std::string shown(int c) const override {
    const SQLite::Column col = q.getColumn(c);
    return col.isNull() ? std::string("null") : col.getString().substr(0, 20);
  }
};

TableRow row_of(SQLite::Statement& q) {
  return store_impl::row_of(SqliteCells(q));
}

class SqliteStore final : public Store {
 public:
  explicit SqliteStore(std::unique_ptr<SQLite::Database> db) : db_(std::move(db)) {}
  ~SqliteStore() override;
  static Result<std::unique_ptr<Store>> open(const std::string& path, const StoreOptions& o);

  // Every table is this process's: `hold` changes nothing.
  Status add_table(const TableRow& t, const std::string& rematch_of, bool hold) override;
  Status remove_action(const std::string& table, int index) override;
  Status set_seats(const std::string& table, const std::vector<SeatRow>& seats) override;
  Status finish(const std::string& table, const std::string& record_json,
                const std::vector<StatRow>& results) override;
  Status add_results(const std::vector<StatRow>& results) override;
  Result<std::optional<TableRow>> table(const std::string& id, bool actions) override;
  Result<std::vector<std::string>> unfinished(std::int64_t active_since) override;
  Result<int> remove_abandoned(std::int64_t before) override;
  Status keep(std::span<const std::string> tables) override;
  Result<int> remove_finished(std::int64_t before) override;
  Status can_write() override;
  Result<std::vector<TableRow>> recent(int limit, std::vector<std::string>* skipped) override;
  Result<std::optional<std::string>> record(const std::string& id) override;
  Result<std::vector<StatRow>> stats(int limit, int offset) override;
  Result<std::vector<Chat>> chat(const std::string& table, int limit) override;
  // One process has the file: every table is its own.
  Result<Claim> claim(const std::string&) override { return Claim{true, true, ""}; }
  Result<Renewal> renew() override { return Renewal{}; }
  void release(const std::string&) override {}
  bool holds(const std::string&) const override { return true; }
  const std::string& owner() const override { return owner_; }
  Result<bool> count(const std::string&, const std::string&, int) override { return true; }

 protected:
  Status write_actions(std::span<const StoredAction> actions) override;
  Status write_chat(const std::string& table, const Chat& line) override;

 private:
  Result<int> remove_tables(const char* what, const char* which, std::int64_t before);
  void checkpoint_loop(std::string path);
  void add_stats(const std::vector<StatRow>& results);  // inside a transaction
  void touch(const std::string& table);                 // its last move is now
  std::unique_ptr<SQLite::Database> db_;
  std::unique_ptr<SQLite::Statement> add_action_, touch_;
  std::string owner_;
  std::thread checkpointer_;
  std::mutex mu_;
  std::condition_variable wake_;
  bool stop_ = false;
};

// The schema, step by step: a database made by any earlier release is brought
// up to date in place. Files made before the steps were numbered (version 0)
// may already have some of the columns, so each added column is looked for
// first. Actions stored without a seat are replayed as version-1 records are.
void migrate(SQLite::Database& db) {
  const int at = db.execAndGet("PRAGMA user_version").getInt();
  if (at > kSchemaVersion) throw std::runtime_error(newer_schema(at));
  if (at == kSchemaVersion) return;
  auto has_column = [&](const char* table, const char* column) {
    SQLite::Statement q(
        db, std::string("SELECT COUNT(*) FROM pragma_table_info('") + table + "') WHERE name = ?");
    q.bind(1, column);
    q.executeStep();
    return q.getColumn(0).getInt() > 0;
  };
  auto add_column = [&](const char* table, const char* column, const char* type) {
    if (!has_column(table, column))
      db.exec(std::string("ALTER TABLE ") + table + " ADD COLUMN " + column + " " + type);
  };
  SQLite::Transaction tx(db);
  if (at < 1)
    db.exec(
        "CREATE TABLE IF NOT EXISTS tables(id TEXT PRIMARY KEY, game TEXT NOT NULL,"
        " players INTEGER NOT NULL, options TEXT NOT NULL, seed INTEGER NOT NULL,"
        " bot_seed INTEGER NOT NULL, seats TEXT NOT NULL, finished INTEGER NOT NULL DEFAULT 0,"
        " next TEXT NOT NULL DEFAULT '', created INTEGER NOT NULL, record TEXT);"
        "CREATE TABLE IF NOT EXISTS actions(table_id TEXT NOT NULL, idx INTEGER NOT NULL,"
        " action INTEGER NOT NULL, PRIMARY KEY(table_id, idx)) WITHOUT ROWID;"
        "CREATE TABLE IF NOT EXISTS stats(name TEXT NOT NULL, game TEXT NOT NULL,"
        " played INTEGER NOT NULL, won INTEGER NOT NULL, lost INTEGER NOT NULL,"
        " score REAL NOT NULL, PRIMARY KEY(name, game));"
        "CREATE INDEX IF NOT EXISTS tables_created ON tables(created);"
        "CREATE TABLE IF NOT EXISTS chat(table_id TEXT NOT NULL, at INTEGER NOT NULL,"
        " seat INTEGER NOT NULL, name TEXT NOT NULL, text TEXT NOT NULL);"
        "CREATE INDEX IF NOT EXISTS chat_table ON chat(table_id);");
  if (at < 2) add_column("actions", "seat", "INTEGER");
  if (at < 3) add_column("tables", "absent_after", "INTEGER NOT NULL DEFAULT 0");
  if (at < 4) add_column("tables", "window_seconds", "INTEGER NOT NULL DEFAULT 10");
  // When a table was last played (unix seconds; 0: not since it was made),
  // so that abandoned ones expire.
  if (at < 5) add_column("tables", "active", "INTEGER NOT NULL DEFAULT 0");
  if (at < 6) {
    add_column("stats", "streak", "INTEGER NOT NULL DEFAULT 0");
    add_column("stats", "best_streak", "INTEGER NOT NULL DEFAULT 0");
  }
  if (at < 7)  // the row can_write writes
    db.exec("CREATE TABLE IF NOT EXISTS health(id INTEGER PRIMARY KEY, at INTEGER NOT NULL)");
  // 8: PostgreSQL's fence reads tables by key; 9: its leases are a process's;
  // 10: room for its rows' new versions (store_pg.cc); nothing here.
  db.exec("PRAGMA user_version = " + std::to_string(kSchemaVersion));
  tx.commit();
}

SqliteStore::~SqliteStore() {
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
void SqliteStore::checkpoint_loop(std::string path) {
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

Result<std::unique_ptr<Store>> SqliteStore::open(const std::string& path, const StoreOptions& o) {
  try {
    auto db = std::make_unique<SQLite::Database>(
        path, SQLite::OPEN_READWRITE | SQLite::OPEN_CREATE | SQLite::OPEN_URI, 2000);
    db->exec("PRAGMA journal_mode=WAL");
    db->exec("PRAGMA synchronous=NORMAL");
    // A file opened read-only is still opened: it can be watched and its
    // records read, and /healthz says why nothing can be written.
    if (!db->execAndGet("PRAGMA query_only").getInt() &&
        sqlite3_db_readonly(db->getHandle(), "main") != 1)
      migrate(*db);
    else if (const int at = db->execAndGet("PRAGMA user_version").getInt(); at > kSchemaVersion)
      throw std::runtime_error(newer_schema(at));
    const bool file = path != ":memory:" && !path.empty();
    if (file) db->exec("PRAGMA wal_autocheckpoint=0");
    auto store = std::make_unique<SqliteStore>(std::move(db));
    if (file && o.checkpoint)
      store->checkpointer_ = std::thread(&SqliteStore::checkpoint_loop, store.get(), path);
    store->add_action_ = std::make_unique<SQLite::Statement>(
        *store->db_, "INSERT INTO actions(table_id, idx, action, seat) VALUES(?, ?, ?, ?)");
    return std::unique_ptr<Store>(std::move(store));
  } catch (const std::exception& e) {
    return Status::error("cannot open the database " + path + ": " + e.what());
  }
}

Status SqliteStore::add_table(const TableRow& t, const std::string& rematch_of, bool /*hold*/) {
  assert(!group_open());  // a group of actions is committed first
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
    q.bind(4, options_json(t.options));
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

void SqliteStore::touch(const std::string& table) {
  if (!touch_)
    touch_ = std::make_unique<SQLite::Statement>(*db_, "UPDATE tables SET active = ? WHERE id = ?");
  touch_->reset();
  touch_->bind(1, static_cast<std::int64_t>(std::time(nullptr)));
  touch_->bind(2, table);
  touch_->exec();
}

Status SqliteStore::write_actions(std::span<const StoredAction> actions) {
  return guarded(actions.size() == 1 ? "adding an action" : "committing a group of actions", [&] {
    try {
      // IMMEDIATE: another connection to the file (another worker's) that
      // holds the lock is waited for here, not found at the COMMIT.
      db_->exec("BEGIN IMMEDIATE");
      std::vector<const std::string*> played;
      for (const StoredAction& g : actions) {
        add_action_->reset();
        add_action_->bind(1, g.table);
        add_action_->bind(2, g.index);
        add_action_->bind(3, static_cast<std::int64_t>(g.action));
        add_action_->bind(4, g.seat);
        add_action_->exec();
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

Status SqliteStore::remove_action(const std::string& table, int index) {
  assert(!group_open());  // a group of actions is committed first
  return guarded("taking back an action", [&] {
    SQLite::Statement q(*db_, "DELETE FROM actions WHERE table_id = ? AND idx = ?");
    q.bind(1, table);
    q.bind(2, index);
    q.exec();
    return Status();
  });
}

Status SqliteStore::set_seats(const std::string& table, const std::vector<SeatRow>& seats) {
  assert(!group_open());  // a group of actions is committed first
  return guarded("naming a seat", [&] {
    SQLite::Statement q(*db_, "UPDATE tables SET seats = ? WHERE id = ?");
    q.bind(1, seats_json(seats));
    q.bind(2, table);
    q.exec();
    return Status();
  });
}

Status SqliteStore::finish(const std::string& table, const std::string& record_json,
                           const std::vector<StatRow>& results) {
  assert(!group_open());  // a group of actions is committed first
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

Status SqliteStore::add_results(const std::vector<StatRow>& results) {
  assert(!group_open());  // a group of actions is committed first
  return guarded("keeping results", [&] {
    SQLite::Transaction tx(*db_);
    add_stats(results);
    tx.commit();
    return Status();
  });
}

// A game won adds one to the streak; any other result ends it.
void SqliteStore::add_stats(const std::vector<StatRow>& results) {
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

Result<std::optional<TableRow>> SqliteStore::table(const std::string& id, bool actions) {
  return guarded("loading a table", [&]() -> Result<std::optional<TableRow>> {
    SQLite::Statement q(*db_, select_columns(" FROM tables WHERE id = ?"));
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
Result<int> SqliteStore::remove_tables(const char* what, const char* which, std::int64_t before) {
  assert(!group_open());  // a group of actions is committed first
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

Result<int> SqliteStore::remove_finished(std::int64_t before) {
  return remove_tables("removing old tables",
                       "SELECT id FROM tables WHERE finished = 1 AND created < ?", before);
}

Status SqliteStore::can_write() {
  assert(!group_open());  // a group of actions is committed first
  return guarded("writing", [&] {
    SQLite::Transaction tx(*db_);
    SQLite::Statement q(*db_, "INSERT OR REPLACE INTO health(id, at) VALUES(1, ?)");
    q.bind(1, static_cast<std::int64_t>(std::time(nullptr)));
    q.exec();
    tx.commit();
    return Status();
  });
}

Result<std::vector<std::string>> SqliteStore::unfinished(std::int64_t active_since) {
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

Status SqliteStore::keep(std::span<const std::string> tables) {
  assert(!group_open());  // a group of actions is committed first
  if (tables.empty()) return Status();
  return guarded("marking tables in use", [&] {
    SQLite::Transaction tx(*db_);
    for (const std::string& id : tables) touch(id);
    tx.commit();
    return Status();
  });
}

Result<int> SqliteStore::remove_abandoned(std::int64_t before) {
  return remove_tables("removing abandoned tables",
                       "SELECT id FROM tables WHERE finished = 0 AND MAX(created, active) < ?",
                       before);
}

Result<std::vector<TableRow>> SqliteStore::recent(int limit, std::vector<std::string>* skipped) {
  return guarded("listing tables", [&]() -> Result<std::vector<TableRow>> {
    std::vector<TableRow> rows;
    SQLite::Statement q(
        *db_, select_columns(", (SELECT COUNT(*) FROM actions WHERE table_id = id) FROM tables"
                             " ORDER BY created DESC, rowid DESC LIMIT ?"));
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

Result<std::optional<std::string>> SqliteStore::record(const std::string& id) {
  return guarded("reading a record", [&]() -> Result<std::optional<std::string>> {
    SQLite::Statement q(*db_, "SELECT record FROM tables WHERE id = ? AND finished = 1");
    q.bind(1, id);
    if (!q.executeStep() || q.getColumn(0).isNull()) return std::optional<std::string>();
    return std::optional<std::string>(q.getColumn(0).getString());
  });
}

Result<std::vector<StatRow>> SqliteStore::stats(int limit, int offset) {
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

Status SqliteStore::write_chat(const std::string& table, const Chat& line) {
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

Result<std::vector<Store::Chat>> SqliteStore::chat(const std::string& table, int limit) {
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

}  // namespace

Result<std::unique_ptr<Store>> store_impl::open_sqlite(const std::string& path,
                                                       const StoreOptions& o) {
  return SqliteStore::open(path, o);
}

}  // namespace parlour::server
