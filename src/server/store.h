// The server's memory: tables, their actions, finished records and players'
// results, in one SQLite file. Every write is committed before the call
// returns (WAL, synchronous=NORMAL), or, for actions grouped by the caller,
// before anyone is told of them, so a server killed at any moment, even by
// kill -9, restarts with everything it had told anyone. (A power cut may lose
// the last few commits: that is the price of not waiting for the disk on every
// move.) Not thread-safe: each of the server's workers has its own. A file
// database is checkpointed by a thread of its own, so that the disk's syncs
// never stall a move.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "core/record.h"
#include "core/status.h"
#include "core/view.h"

namespace SQLite {
class Database;
class Statement;
}  // namespace SQLite

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

class Store {
 public:
  // Opens (creating if needed) the database at `path`; ":memory:" for tests.
  // Several Stores may open one file (the server's workers, one each); one
  // of them, `checkpoint`, copies its write-ahead log into it.
  static Result<std::unique_ptr<Store>> open(const std::string& path, bool checkpoint = true);
  ~Store();

  // Adds a table; with `rematch_of`, links it as that table's rematch in the
  // same commit, so players can never split between two rematches.
  [[nodiscard]] Status add_table(const TableRow& t, const std::string& rematch_of = "");
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
  // Takes back a solitaire's last action (index: its place, from 0).
  [[nodiscard]] Status remove_action(const std::string& table, int index);
  [[nodiscard]] Status set_seats(const std::string& table, const std::vector<SeatRow>& seats);
  // Marks the table finished, keeps its record and adds each result to the
  // players' stats, in one transaction.
  [[nodiscard]] Status finish(const std::string& table, const std::string& record_json,
                              const std::vector<StatRow>& results);
  // Adds each result of a game played elsewhere (the terminal) to the
  // players' stats, in one transaction.
  [[nodiscard]] Status add_results(const std::vector<StatRow>& results);

  // A table with its actions (unless `actions` is false: the row alone);
  // nullopt if there is none with that id; an error naming the fault if its
  // row is unusable (TableRow::problem).
  Result<std::optional<TableRow>> table(const std::string& id, bool actions = true);
  // The unfinished tables with a move (or made) at or after `active_since`
  // (unix seconds), the most recently played first.
  Result<std::vector<std::string>> unfinished(std::int64_t active_since = 0);
  // Removes the unfinished tables with no move (and not made) since `before`
  // (unix seconds), abandoned, with their actions and table talk. Returns
  // how many went.
  Result<int> remove_abandoned(std::int64_t before);
  // Someone is at these tables now: none is abandoned while they are
  // (remove_abandoned counts from the last move or from this, whichever is
  // later). Unknown ids are ignored.
  Status keep(std::span<const std::string> tables);
  // Removes the finished tables created before `before` (unix seconds), with
  // their actions, records and table talk; players' stats stay. Returns how
  // many tables went.
  Result<int> remove_finished(std::int64_t before);
  // Whether a write can be committed now (a read-only file, a full disk: no),
  // tried with a real write to a row kept for the purpose.
  [[nodiscard]] Status can_write();
  // The most recent tables, newest first; of their actions only the number
  // is read (the list holds that many zeros). Unusable rows are left out,
  // each named in `skipped` if given.
  Result<std::vector<TableRow>> recent(int limit, std::vector<std::string>* skipped = nullptr);
  // A finished table's record; nullopt if unknown or unfinished.
  Result<std::optional<std::string>> record(const std::string& id);
  // Players' results, most games won first; `limit` rows from `offset`
  // (-1: all).
  Result<std::vector<StatRow>> stats(int limit = -1, int offset = 0);

  // Table talk: kept so that a join, or a restart, shows the last lines.
  struct Chat {
    Seat seat = -1;
    std::string name, text;
    std::int64_t at = 0;
  };
  [[nodiscard]] Status add_chat(const std::string& table, const Chat& line);
  // The last `limit` lines, oldest first.
  Result<std::vector<Chat>> chat(const std::string& table, int limit);

 private:
  Result<int> remove_tables(const char* what, const char* which, std::int64_t before);
  explicit Store(std::unique_ptr<SQLite::Database> db);
  void checkpoint_loop(std::string path);
  void add_stats(const std::vector<StatRow>& results);  // inside a transaction
  std::unique_ptr<SQLite::Database> db_;
  std::unique_ptr<SQLite::Statement> add_action_, touch_;
  void touch(const std::string& table);  // its last move is now
  void insert_action(const std::string& table, int index, Seat seat, Action a);
  bool group_ = false;
  struct GroupedAction {
    std::string table;
    int index;
    Seat seat;
    Action action;
  };
  std::vector<GroupedAction> grouped_;
  std::thread checkpointer_;
  std::mutex mu_;
  std::condition_variable wake_;
  bool stop_ = false;
};

}  // namespace parlour::server
