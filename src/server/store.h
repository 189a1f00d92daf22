// The server's memory: tables, their actions, finished records and players'
// results. Every write is committed before the call returns, or, for actions
// grouped by the caller, before anyone is told of them, so a server killed at
// any moment, even by kill -9, restarts with everything it had told anyone.
// Two back ends: store_sqlite.cc (one file, one process) and store_pg.cc
// (PostgreSQL, shared by several processes through leases).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/record.h"
#include "core/status.h"
#include "core/view.h"

namespace parlour::server {

// Bounds on what a table stores from its creator and players, checked as it
// is written and again as it is read back (a row edited outside the server
// is input like any other).
inline constexpr std::size_t kMaxOptions = 32;       // "key=value" strings of a table
inline constexpr std::size_t kMaxOptionLength = 64;  // bytes of one
inline constexpr std::size_t kMaxChatText = 300;     // characters of a chat line
inline constexpr std::size_t kMaxChatName = 24;      // characters of its speaker's name

struct SeatRow {
  std::string kind;   // "human" or "bot"
  std::string bot;    // which bot, for a bot
  std::string token;  // a human seat's secret, 32 hex digits
  std::string name;   // what the player calls themselves ("" until they say); a bot's given name
};

struct TableRow {
  std::string id;
  std::string game;  // a game or preset name, as `select` takes
  int players = 0;
  std::vector<std::string> options;  // "key=value" as asked, over the preset
  std::uint64_t seed = 0;            // chance: the deal and every shuffle
  std::uint64_t bot_seed = 0;        // the bots' own randomness
  std::vector<SeatRow> seats;
  // Loaded with the table. Actions stored before seats were kept have seat
  // kNobody; replay works them out.
  std::vector<SeatAction> actions;
  int absent_after = 0;  // seconds before a bot stands in for an absent person; 0: never
  // Seconds people have to answer where several may act at once and each may
  // let it go (a challenge any player may make): then it is let go for them.
  // 0: no limit.
  int window_seconds = 10;
  bool finished = false;
  std::string next;          // the rematch's table id, once asked
  std::int64_t created = 0;  // unix seconds

  // What makes the row unusable ("" if nothing): a row read back from the
  // database is checked like any input, since a file edited or damaged
  // outside the server must not crash it.
  std::string problem() const;
};

struct StatRow {
  std::string name, game;
  int played = 0, won = 0, lost = 0;
  double score = 0;
  int streak = 0, best_streak = 0;  // games won in a row: now, and at most
};

// How a Store is opened: everything but where.
struct StoreOptions {
  // A SQLite file: this Store copies the write-ahead log into the file (one
  // of the Stores of a file does).
  bool checkpoint = true;
  // PostgreSQL, where several processes share the tables: this process's
  // name on the leases it holds (host, port and a random suffix; "" makes
  // one up), and how long a lease lasts unless renewed.
  std::string owner;
  std::chrono::seconds lease{5};
};

// A name for a process on the leases of a shared store: "HOST:WHERE:RANDOM",
// WHERE what tells the process apart on its host (`serve`'s port), the
// random part a restart (another owner, which claims the tables once the old
// leases run out).
[[nodiscard]] std::string lease_owner(std::string_view where);

// What a claim on a table found.
struct Claim {
  bool ours = false;   // this Store holds it now: it may load and play it
  bool known = true;   // false: there is no such table
  std::string holder;  // who holds it, when it is not ours
  // Where tables are shared: the epoch this claim holds it at, one more than
  // it was, so that a process that had the table unheld in memory at epoch
  // e knows, on reading e + 1, that no other process claimed it meanwhile.
  std::int64_t epoch = 0;
};

// One action of a table, as written.
struct StoredAction {
  std::string table;
  int index = 0;
  Seat seat = kNobody;
  Action action = 0;
};

// A table made within a group of actions (Store::add_table_in_group).
struct StoredTable {
  TableRow row;
  std::string rematch_of;
};

// A table finished within a group of actions (Store::finish_in_group).
struct StoredFinish {
  std::string table, record_json;
  std::vector<StatRow> results;
};

// The server's memory, behind one interface with two back ends: SQLite (a
// file, or ":memory:"; one process: the default) and PostgreSQL (a
// postgresql:// URI; several processes share it, each owning the live tables
// it has claimed). Not thread-safe: each of the server's workers has its own.
class Store {
 public:
  // Opens, creating or upgrading its schema if needed: a file path or
  // ":memory:" (SQLite), or a postgresql:// (postgres://) URI. A database
  // whose schema is newer than this program knows is refused.
  static Result<std::unique_ptr<Store>> open(const std::string& where, StoreOptions options = {});
  virtual ~Store() = default;

  // Adds a table, held by this Store where tables are shared (unless `hold`
  // is false: then held by nobody, at epoch 0, for whichever process its
  // players reach to claim); with `rematch_of`, links it as that table's
  // rematch in the same commit, so players can never split between two
  // rematches.
  [[nodiscard]] virtual Status add_table(const TableRow& t, const std::string& rematch_of = "",
                                         bool hold = true) = 0;
  [[nodiscard]] Status add_action(const std::string& table, int index, Seat seat, Action a);
  // Actions added between begin_group() and commit_group() are committed
  // together, one write of the log for many moves. Until then nothing of them
  // is durable, or seen by any reader: whoever groups them tells nobody of
  // them before the commit.
  // REQUIRES: no other write while a group is open (commit it first). A
  // failed commit leaves none of the group's actions stored.
  [[nodiscard]] Status begin_group();
  [[nodiscard]] Status commit_group();
  bool group_open() const { return group_; }
  // Whether commit_group_async() commits off the caller's thread (PostgreSQL,
  // on a connection and a thread of the Store's own: the caller goes on while
  // the database syncs its log, and the moves that come meanwhile make the
  // next group). Otherwise it commits before it returns.
  virtual bool commits_async() const { return false; }
  // Commits the open group: the result is in the future, and `ready` is
  // called (on the committing thread, before the result is set) once it is
  // known. REQUIRES: no other commit of this Store's in flight.
  std::shared_future<Status> commit_group_async(std::function<void()> ready);
  // After a commit failed: forgets the tables among these that this Store no
  // longer holds (their fence failed), so that holds() says so.
  virtual void recheck(std::span<const std::string> tables) { (void)tables; }
  // Takes back a solitaire's last action (index: its place, from 0).
  [[nodiscard]] virtual Status remove_action(const std::string& table, int index) = 0;
  [[nodiscard]] virtual Status set_seats(const std::string& table,
                                         const std::vector<SeatRow>& seats) = 0;
  // Marks the table finished, keeps its record and adds each result to the
  // players' stats, in one transaction.
  [[nodiscard]] virtual Status finish(const std::string& table, const std::string& record_json,
                                      const std::vector<StatRow>& results) = 0;
  // finish(), at the commit of the open group, after its actions: where the
  // group commits off the caller's thread (commits_async), in the same
  // transaction, so that the caller waits for no write of the database to
  // end a game; elsewhere just after them. A failed commit finishes none.
  // REQUIRES: group_open().
  void finish_in_group(StoredFinish f);
  // add_table(), at the commit of the open group: where the group commits
  // off the caller's thread (commits_async), in the same transaction, so
  // that the caller waits for no write of the database to make a table it
  // tells of once the group is in (a rematch); elsewhere just after its
  // actions. A commit that fails makes none (elsewhere: whose actions fail).
  // Where tables are shared (owner() not empty) it is made held by nobody,
  // for whichever process its players reach to claim (add_table's `hold`
  // false). The row is checked now (TableRow::problem). REQUIRES:
  // group_open().
  [[nodiscard]] Status add_table_in_group(const TableRow& t, const std::string& rematch_of = "");
  // Adds each result of a game played elsewhere (the terminal) to the
  // players' stats, in one transaction.
  [[nodiscard]] virtual Status add_results(const std::vector<StatRow>& results) = 0;

  // A table with its actions (unless `actions` is false: the row alone);
  // nullopt if there is none with that id; an error naming the fault if its
  // row is unusable (TableRow::problem).
  virtual Result<std::optional<TableRow>> table(const std::string& id, bool actions = true) = 0;
  // The unfinished tables with a move (or made) at or after `active_since`
  // (unix seconds), the most recently played first.
  virtual Result<std::vector<std::string>> unfinished(std::int64_t active_since = 0) = 0;
  // Removes the unfinished tables with no move (and not made) since `before`
  // (unix seconds), abandoned, with their actions and table talk. Returns
  // how many went.
  virtual Result<int> remove_abandoned(std::int64_t before) = 0;
  // Someone is at these tables now: none is abandoned while they are
  // (remove_abandoned counts from the last move or from this, whichever is
  // later). Unknown ids are ignored.
  virtual Status keep(std::span<const std::string> tables) = 0;
  // Removes the finished tables created before `before` (unix seconds), with
  // their actions, records and table talk; players' stats stay. Returns how
  // many tables went.
  virtual Result<int> remove_finished(std::int64_t before) = 0;
  // Whether a write can be committed now (a read-only file, a full disk, a
  // database that cannot be reached: no), tried with a real write to a row
  // kept for the purpose.
  [[nodiscard]] virtual Status can_write() = 0;
  // The most recent tables, newest first; of their actions only the number
  // is read (the list holds that many zeros). Unusable rows are left out,
  // each named in `skipped` if given.
  virtual Result<std::vector<TableRow>> recent(int limit,
                                               std::vector<std::string>* skipped = nullptr) = 0;
  // A finished table's record; nullopt if unknown or unfinished.
  virtual Result<std::optional<std::string>> record(const std::string& id) = 0;
  // Players' results, most games won first; `limit` rows from `offset`
  // (-1: all).
  virtual Result<std::vector<StatRow>> stats(int limit = -1, int offset = 0) = 0;

  // Table talk: kept so that a join, or a restart, shows the last lines.
  struct Chat {
    Seat seat = -1;
    std::string name, text;
    std::int64_t at = 0;
  };
  [[nodiscard]] Status add_chat(const std::string& table, const Chat& line);
  // The last `limit` lines, oldest first.
  virtual Result<std::vector<Chat>> chat(const std::string& table, int limit) = 0;

  // ---- Leases: one process plays a live table (PostgreSQL) ----------------
  // Where one process has the database to itself (SQLite), every table is
  // its own and these are trivially true.
  //
  // Claims a table for this Store: it is ours if nobody holds it, or its
  // holder's lease ran out (a new epoch then fences the old holder's
  // writes), or it is ours already. If another holds it, the holder is
  // asked to let it go (see renew).
  virtual Result<Claim> claim(const std::string& table) = 0;
  // A table not in memory, claimed and, if it is ours, read as claim(),
  // table() and chat(table, chat_lines) would read it (no row: it went in
  // between). PostgreSQL sends the four statements in one round trip (a
  // pipeline, one transaction: a failure claims nothing), each reading after
  // the one before it: the serving thread waits for one answer where it
  // waited for four, at the first join of every table another process made.
  // One by one (the default), a talk that cannot be read is left out.
  struct Loaded {
    Claim claim;
    std::optional<TableRow> row;
    std::vector<Chat> chat;
  };
  virtual Result<Loaded> claim_and_load(const std::string& table, int chat_lines);
  // Renews the leases this Store holds (every second or so). Says which
  // tables it has lost (another claimed them after its lease ran out), and
  // which another process has been asked to join (a proxy sends that table's
  // clients there now): both must leave memory, their clients told to
  // reconnect, and the wanted ones released.
  struct Renewal {
    std::vector<std::string> lost, wanted;
  };
  virtual Result<Renewal> renew() = 0;
  // Lets a table go (it leaves memory): another process may claim it at once.
  virtual void release(const std::string& table) = 0;
  // release() for each, in one write where the back end can (PostgreSQL:
  // one statement, one round trip). Says how many it let go (those still
  // held here at the epoch it holds them at), or why none: a release that
  // failed leaves them held until this process's lease runs out, which it
  // renews while it holds any table (at the latest, as the process ends).
  [[nodiscard]] virtual Result<std::size_t> release_all(std::span<const std::string> tables) {
    for (const std::string& t : tables) release(t);
    return tables.size();
  }
  // Whether this Store may write the table: it holds its lease, at the epoch
  // it claimed. A write refused by the fence forgets the table here.
  virtual bool holds(const std::string& table) const = 0;
  // The name of this Store's leases ("" where tables are not shared).
  virtual const std::string& owner() const = 0;

  // ---- Per-client limits across processes (PostgreSQL) ---------------------
  // Counts one more `kind` of request from `client` in this minute (the
  // database's clock) and says whether the count is within `per_minute`.
  // Where one process has the database (SQLite), its limits are in its own
  // memory: always true.
  virtual Result<bool> count(const std::string& kind, const std::string& client,
                             int per_minute) = 0;

 protected:
  // Writes these actions, and marks their tables active, in one transaction:
  // all of them or none.
  virtual Status write_actions(std::span<const StoredAction> actions) = 0;
  // These actions, tables and finishes (in one transaction where the back
  // end can), off the caller's thread where it can: by default at once, in
  // that order.
  virtual std::shared_future<Status> write_actions_async(std::vector<StoredTable> tables,
                                                         std::vector<StoredAction> actions,
                                                         std::vector<StoredFinish> finishes,
                                                         std::function<void()> ready);
  virtual Status write_chat(const std::string& table, const Chat& line) = 0;

 private:
  bool group_ = false;
  std::vector<StoredAction> grouped_;
  std::vector<StoredFinish> finishing_;
  std::vector<StoredTable> making_;
  // The group's writes on the caller's thread, the actions first: the first failure.
  Status write_group(std::span<const StoredTable> tables, std::span<const StoredAction> actions,
                     std::span<const StoredFinish> finishes);
};

}  // namespace parlour::server
