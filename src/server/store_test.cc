// The Store's contract, run against each back end: SQLite (a file) and
// PostgreSQL (the server tests/server/with_pg.sh starts; PARLOUR_TEST_PG names
// it, and without it those cases skip, saying why). Each case reads back what
// it wrote through a second Store or the database itself, never through the
// Store's own memory of it.
#include "server/store.h"

#include <SQLiteCpp/SQLiteCpp.h>
#include <gtest/gtest.h>
#include <libpq-fe.h>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <thread>

#include "server/hub.h"

namespace parlour::server {
namespace {

using namespace std::chrono_literals;

const char* pg_uri() {
  const char* uri = std::getenv("PARLOUR_TEST_PG");
  return uri && *uri ? uri : nullptr;
}

// One database for one test, on one back end: opened as often as a test
// likes (several Stores share it, as a server's processes do), and written
// to directly (a row damaged outside the server).
class Database {
 public:
  virtual ~Database() = default;
  virtual std::string where() const = 0;
  virtual void exec(const std::string& sql) = 0;
  // The first column of the first row, as text ("" if none).
  virtual std::string value(const std::string& sql) = 0;
  std::unique_ptr<Store> open(StoreOptions o = {}) {
    auto s = Store::open(where(), o);
    EXPECT_TRUE(s.ok()) << s.message();
    return s.ok() ? std::move(*s) : nullptr;
  }
};

class SqliteDatabase : public Database {
 public:
  explicit SqliteDatabase(const std::string& name)
      : path_(
            (std::filesystem::temp_directory_path() / ("parlour_store_" + name + ".db")).string()) {
    for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(path_ + ext);
  }
  ~SqliteDatabase() override {
    for (const char* ext : {"", "-wal", "-shm"}) std::filesystem::remove(path_ + ext);
  }
  std::string where() const override { return path_; }
  void exec(const std::string& sql) override {
    SQLite::Database db(path_, SQLite::OPEN_READWRITE);
    db.exec(sql);
  }
  std::string value(const std::string& sql) override {
    SQLite::Database db(path_, SQLite::OPEN_READONLY);
    SQLite::Statement q(db, sql);
    return q.executeStep() ? q.getColumn(0).getString() : "";
  }

 private:
  std::string path_;
};

// A schema of its own for each test, in the one test server: the URI sets
// search_path to it.
class PgDatabase : public Database {
 public:
  explicit PgDatabase(const std::string& name) : schema_("t_" + name) {
    for (char& c : schema_) c = std::isalnum(static_cast<unsigned char>(c)) ? std::tolower(c) : '_';
    exec_in(pg_uri(), "DROP SCHEMA IF EXISTS " + schema_ + " CASCADE; CREATE SCHEMA " + schema_);
  }
  std::string where() const override {
    return std::string(pg_uri()) + "?options=-csearch_path%3D" + schema_;
  }
  void exec(const std::string& sql) override { exec_in(where(), sql); }
  std::string value(const std::string& sql) override { return exec_in(where(), sql); }

 private:
  static std::string exec_in(const std::string& uri, const std::string& sql) {
    PGconn* c = PQconnectdb(uri.c_str());
    std::string out;
    if (PQstatus(c) != CONNECTION_OK) {
      ADD_FAILURE() << PQerrorMessage(c);
    } else {
      PQclear(PQexec(c, "SET client_min_messages = warning"));
      PGresult* r = PQexec(c, sql.c_str());
      const auto st = PQresultStatus(r);
      if (st != PGRES_COMMAND_OK && st != PGRES_TUPLES_OK)
        ADD_FAILURE() << sql << ": " << PQresultErrorMessage(r);
      else if (st == PGRES_TUPLES_OK && PQntuples(r) > 0)
        out = PQgetvalue(r, 0, 0);
      PQclear(r);
    }
    PQfinish(c);
    return out;
  }
  std::string schema_;
};

class StoreTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    const std::string name = ::testing::UnitTest::GetInstance()->current_test_info()->name();
    if (GetParam() == "postgresql") {
      if (!pg_uri())
        GTEST_SKIP() << "PARLOUR_TEST_PG is not set: run through tests/server/with_pg.sh (ctest "
                        "pg_store_test does), which starts a PostgreSQL";
      db = std::make_unique<PgDatabase>(name);
    } else {
      db = std::make_unique<SqliteDatabase>(name.substr(0, name.find('/')));
    }
    store = db->open();
    ASSERT_NE(store, nullptr);
  }
  bool pg() const { return GetParam() == "postgresql"; }

  static TableRow row(const std::string& id, int players = 2) {
    TableRow t;
    t.id = id;
    t.game = "old-maid";
    t.players = players;
    t.options = {"jokers=1"};
    t.seed = 0xfedcba9876543210ULL;  // all 64 bits kept
    t.bot_seed = 7;
    for (int s = 0; s < players; ++s)
      t.seats.push_back(s == 0 ? SeatRow{"human", "", std::string(32, 'a'), "Ann"}
                               : SeatRow{"bot", "blind", "", "Bot"});
    return t;
  }
  std::vector<SeatAction> actions_of(Store& s, const std::string& id) {
    auto t = s.table(id);
    EXPECT_TRUE(t.ok()) << t.message();
    return t.ok() && *t ? (*t)->actions : std::vector<SeatAction>{};
  }

  std::unique_ptr<Database> db;
  std::unique_ptr<Store> store;
};

TEST_P(StoreTest, ATableReadsBackAsWrittenWithItsActionsInOrder) {
  TableRow t = row("abc");
  t.absent_after = 30;
  t.window_seconds = 0;
  ASSERT_TRUE(store->add_table(t).ok());
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(store->add_action("abc", i, i % 2, 100 + i).ok());
  auto other = db->open();  // another connection, another process
  auto back = other->table("abc");
  ASSERT_TRUE(back.ok()) << back.message();
  ASSERT_TRUE(back->has_value());
  const TableRow& r = **back;
  EXPECT_EQ(r.game, "old-maid");
  EXPECT_EQ(r.seed, 0xfedcba9876543210ULL);
  EXPECT_EQ(r.bot_seed, 7u);
  EXPECT_EQ(r.options, std::vector<std::string>{"jokers=1"});
  ASSERT_EQ(r.seats.size(), 2u);
  EXPECT_EQ(r.seats[0].token, std::string(32, 'a'));
  EXPECT_EQ(r.seats[1].bot, "blind");
  EXPECT_EQ(r.absent_after, 30);
  EXPECT_EQ(r.window_seconds, 0);
  EXPECT_GT(r.created, 0);
  ASSERT_EQ(r.actions.size(), 3u);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(r.actions[i].seat, i % 2);
    EXPECT_EQ(r.actions[i].action, static_cast<Action>(100 + i));
  }
  auto row_only = other->table("abc", /*actions=*/false);
  ASSERT_TRUE(row_only.ok());
  EXPECT_TRUE((*row_only)->actions.empty());
  auto none = other->table("nope");
  ASSERT_TRUE(none.ok());
  EXPECT_FALSE(none->has_value());
  // The same index twice is refused; the first stays.
  EXPECT_FALSE(store->add_action("abc", 1, 0, 999).ok());
  EXPECT_EQ(actions_of(*other, "abc")[1].action, static_cast<Action>(101));
  // A solitaire takes its last move back.
  ASSERT_TRUE(store->remove_action("abc", 2).ok());
  EXPECT_EQ(actions_of(*other, "abc").size(), 2u);
  // A seat's name.
  t.seats[0].name = "Annie";
  ASSERT_TRUE(store->set_seats("abc", t.seats).ok());
  EXPECT_EQ((*other->table("abc", false))->seats[0].name, "Annie");
  // A table that breaks TableRow's rules is not written.
  TableRow bad = row("bad");
  bad.players = 3;
  EXPECT_NE(store->add_table(bad).message().find("2 seats for 3 players"), std::string::npos);
}

TEST_P(StoreTest, AGroupIsSeenByNobodyBeforeItsCommitAndIsAllOrNothing) {
  ASSERT_TRUE(store->add_table(row("g1")).ok());
  ASSERT_TRUE(store->add_table(row("g2")).ok());
  auto other = db->open();
  ASSERT_TRUE(store->begin_group().ok());
  ASSERT_TRUE(store->add_action("g1", 0, 0, 1).ok());
  ASSERT_TRUE(store->add_action("g2", 0, 1, 2).ok());
  ASSERT_TRUE(store->add_action("g1", 1, 1, 3).ok());
  EXPECT_TRUE(actions_of(*other, "g1").empty()) << "seen before the commit";
  ASSERT_TRUE(store->commit_group().ok());
  EXPECT_EQ(actions_of(*other, "g1").size(), 2u);
  EXPECT_EQ(actions_of(*other, "g2").size(), 1u);
  // A group holding an index already stored fails whole.
  ASSERT_TRUE(store->begin_group().ok());
  ASSERT_TRUE(store->add_action("g2", 1, 0, 4).ok());
  ASSERT_TRUE(store->add_action("g1", 1, 0, 5).ok());  // g1 has an action 1
  EXPECT_FALSE(store->commit_group().ok());
  EXPECT_EQ(actions_of(*other, "g2").size(), 1u) << "part of a failed group was kept";
  EXPECT_EQ(actions_of(*other, "g1")[1].action, static_cast<Action>(3));
}

TEST_P(StoreTest, FinishingKeepsTheRecordAndTheStreaks) {
  ASSERT_TRUE(store->add_table(row("f")).ok());
  EXPECT_FALSE(store->record("f")->has_value()) << "unfinished";
  ASSERT_TRUE(
      store->finish("f", R"({"game":"old-maid"})", {{"Ann", "old-maid", 1, 1, 0, 2.5, 0, 0}}).ok());
  auto rec = db->open()->record("f");
  ASSERT_TRUE(rec.ok() && rec->has_value());
  EXPECT_EQ(**rec, R"({"game":"old-maid"})");
  for (bool won : {true, false, true, true})
    ASSERT_TRUE(store->add_results({{"Ann", "old-maid", 1, won, !won, 1, 0, 0}}).ok());
  ASSERT_TRUE(store->add_results({{"Bob", "old-maid", 1, 0, 1, -1, 0, 0}}).ok());
  auto rows = db->open()->stats();
  ASSERT_TRUE(rows.ok()) << rows.message();
  ASSERT_EQ(rows->size(), 2u);
  const StatRow& ann = (*rows)[0];
  EXPECT_EQ(ann.name, "Ann");
  EXPECT_EQ(ann.played, 5);
  EXPECT_EQ(ann.won, 4);
  EXPECT_EQ(ann.lost, 1);
  EXPECT_DOUBLE_EQ(ann.score, 6.5);
  EXPECT_EQ(ann.streak, 2);
  EXPECT_EQ(ann.best_streak, 2);
  EXPECT_EQ((*rows)[1].name, "Bob");
  auto page = store->stats(1, 1);
  ASSERT_TRUE(page.ok());
  ASSERT_EQ(page->size(), 1u);
  EXPECT_EQ((*page)[0].name, "Bob");
}

// A game's end is written with its last move, where moves commit off the
// Hub's thread in the same transaction: all of it or none.
TEST_P(StoreTest, AGameEndsInTheCommitOfItsLastMoveAllOrNothing) {
  const StatRow won{"Ann", "old-maid", 1, 1, 0, 2, 0, 0};
  auto other = db->open();
  auto played = [&] {
    auto rows = other->stats();
    EXPECT_TRUE(rows.ok()) << rows.message();
    return rows.ok() && !rows->empty() ? (*rows)[0].played : 0;
  };
  for (bool async : {true, false}) {
    const std::string id = async ? "e1" : "e2";
    ASSERT_TRUE(store->add_table(row(id)).ok());
    ASSERT_TRUE(store->begin_group().ok());
    ASSERT_TRUE(store->add_action(id, 0, 0, 1).ok());
    store->finish_in_group({id, R"({"game":"old-maid"})", {won}});
    EXPECT_FALSE(other->record(id)->has_value()) << "finished before the commit";
    const Status s = async ? store->commit_group_async([] {}).get() : store->commit_group();
    ASSERT_TRUE(s.ok()) << s.message();
    EXPECT_EQ(actions_of(*other, id).size(), 1u);
    auto rec = other->record(id);
    ASSERT_TRUE(rec.ok() && rec->has_value()) << id;
    EXPECT_EQ(**rec, R"({"game":"old-maid"})");
  }
  EXPECT_EQ(played(), 2);
  // A group that fails (an index already stored) finishes nothing.
  ASSERT_TRUE(store->add_table(row("e3")).ok());
  ASSERT_TRUE(store->add_action("e3", 0, 0, 1).ok());
  ASSERT_TRUE(store->begin_group().ok());
  ASSERT_TRUE(store->add_action("e3", 0, 0, 2).ok());
  store->finish_in_group({"e3", "{}", {won}});
  EXPECT_FALSE(store->commit_group_async([] {}).get().ok());
  EXPECT_FALSE(other->record("e3")->has_value()) << "finished without its move";
  EXPECT_EQ(played(), 2);
}

// A table made with a group (a rematch: Store::add_table_in_group) is
// written in the group's commit: nobody reads it, or the link from the table
// it is a rematch of, before; both after; a group that fails makes neither.
TEST_P(StoreTest, ATableMadeInAGroupIsStoredWithItsCommitAllOrNothing) {
  auto other = db->open();
  auto next_of = [&](const std::string& id) {
    auto t = other->table(id, false);
    EXPECT_TRUE(t.ok() && t->has_value()) << id;
    return t.ok() && t->has_value() ? (**t).next : std::string("?");
  };
  auto stored = [&](const std::string& id) {
    auto t = other->table(id, false);
    EXPECT_TRUE(t.ok()) << t.message();
    return t.ok() && t->has_value();
  };
  ASSERT_TRUE(store->add_table(row("m0")).ok());
  int index = 0;
  for (bool async : {true, false})
    for (bool with_moves : {true, false}) {
      const std::string id = std::string("m") + (async ? "a" : "s") + (with_moves ? "1" : "0");
      ASSERT_TRUE(store->begin_group().ok());
      if (with_moves) {
        ASSERT_TRUE(store->add_action("m0", index++, 0, 1).ok());
      }
      ASSERT_TRUE(store->add_table_in_group(row(id), "m0").ok());
      EXPECT_FALSE(stored(id)) << "made before the commit";
      EXPECT_NE(next_of("m0"), id) << "linked before the commit";
      const Status s = async ? store->commit_group_async([] {}).get() : store->commit_group();
      ASSERT_TRUE(s.ok()) << s.message();
      EXPECT_TRUE(stored(id));
      EXPECT_EQ(next_of("m0"), id);
      EXPECT_EQ(actions_of(*other, "m0").size(), static_cast<std::size_t>(index));
    }
  // A group that fails (an index already stored) makes no table, and the
  // link stays where it was.
  ASSERT_TRUE(store->begin_group().ok());
  ASSERT_TRUE(store->add_action("m0", 0, 0, 2).ok());
  ASSERT_TRUE(store->add_table_in_group(row("mx"), "m0").ok());
  EXPECT_FALSE(store->commit_group_async([] {}).get().ok());
  EXPECT_FALSE(stored("mx")) << "made by a group that failed";
  EXPECT_EQ(next_of("m0"), "ms0");
  // A row that breaks TableRow's rules is refused at once, naming why.
  TableRow bad = row("bad");
  bad.players = 3;
  ASSERT_TRUE(store->begin_group().ok());
  EXPECT_NE(store->add_table_in_group(bad).message().find("2 seats for 3 players"),
            std::string::npos);
  ASSERT_TRUE(store->commit_group().ok());
  EXPECT_FALSE(stored("bad"));
}

// Store::release_all lets each table go at the epoch this Store holds it at,
// in one statement: one taken over meanwhile by another process stays its.
TEST_P(StoreTest, ReleasingSeveralLetsEachGoAtItsOwnEpoch) {
  if (!pg()) GTEST_SKIP() << "one process has a SQLite file: no table is let go";
  for (const char* id : {"r1", "r2", "r3"}) ASSERT_TRUE(store->add_table(row(id)).ok());
  store->release("r2");
  auto again = store->claim("r2");
  ASSERT_TRUE(again.ok() && again->ours) << again.message();
  EXPECT_EQ(again->epoch, 2);
  db->exec("UPDATE tables SET owner = 'other', epoch = epoch + 1 WHERE id = 'r3'");
  const std::vector<std::string> ids{"r1", "r2", "r3", "nowhere"};
  auto released = store->release_all(ids);
  ASSERT_TRUE(released.ok()) << released.message();
  EXPECT_EQ(*released, 2u) << "r1 and r2: not r3, another's since, nor one unknown";
  auto owner = [&](const std::string& id) {
    return db->value("SELECT COALESCE(owner, '-') || ' ' || epoch FROM tables WHERE id = '" + id +
                     "'");
  };
  EXPECT_EQ(owner("r1"), "- 1");
  EXPECT_EQ(owner("r2"), "- 2");
  EXPECT_EQ(owner("r3"), "other 2") << "let go by a process that no longer held it";
  for (const std::string& id : ids) EXPECT_FALSE(store->holds(id)) << id;
  // A release the database refuses says so (a stop logs it: its tables then
  // go as the lease runs out); the row still names this process.
  ASSERT_TRUE(store->add_table(row("r4")).ok());
  auto r4 = store->claim("r4");
  ASSERT_TRUE(r4.ok() && r4->ours) << r4.message();
  db->exec("ALTER TABLE tables ADD CONSTRAINT test_held CHECK (owner IS NOT NULL) NOT VALID");
  const std::vector<std::string> four{"r4"};
  const auto refused = store->release_all(four);
  db->exec("ALTER TABLE tables DROP CONSTRAINT test_held");
  EXPECT_FALSE(refused.ok());
  EXPECT_NE(refused.message().find("letting tables go"), std::string::npos) << refused.message();
  EXPECT_EQ(owner("r4"), store->owner() + " " + std::to_string(r4->epoch));
  EXPECT_FALSE(store->holds("r4")) << "no longer played here: taken as the lease runs out";
}

// A commit of moves that waits on PostgreSQL (here a trigger that sleeps a
// quarter of a second, as a slow disk would make it wait) is said in the log
// as it happens, and counted in the line the Store writes as it ends: a
// host learns why every player waited.
TEST_P(StoreTest, ASlowCommitOfMovesIsSaidInTheLog) {
  if (!pg()) GTEST_SKIP() << "SQLite does not sync each commit (synchronous=NORMAL)";
  std::ostringstream said;
  const auto before = spdlog::default_logger();
  spdlog::set_default_logger(std::make_shared<spdlog::logger>(
      "test", std::make_shared<spdlog::sinks::ostream_sink_mt>(said)));
  {
    auto s = db->open({.owner = "slow"});
    ASSERT_TRUE(s->add_table(row("s1")).ok());
    ASSERT_TRUE(s->add_action("s1", 0, 0, 1).ok());
    db->exec(
        "CREATE FUNCTION test_slow() RETURNS trigger AS $$ BEGIN PERFORM pg_sleep(0.25); "
        "RETURN NEW; END $$ LANGUAGE plpgsql");
    db->exec(
        "CREATE TRIGGER test_slow BEFORE INSERT ON actions FOR EACH ROW "
        "EXECUTE FUNCTION test_slow()");
    const Status slow = s->add_action("s1", 1, 1, 2);
    db->exec("DROP TRIGGER test_slow ON actions");
    db->exec("DROP FUNCTION test_slow()");
    ASSERT_TRUE(slow.ok()) << slow.message();
    ASSERT_TRUE(s->add_action("s1", 2, 0, 3).ok());
    // At least the trigger's sleep: the time the test imposed, not one the
    // Store computed.
    std::smatch m;
    const std::string now = said.str();
    ASSERT_TRUE(
        std::regex_search(now, m, std::regex("committing the moves of 1 table took (\\d+) ms")))
        << now;
    EXPECT_GE(std::stoi(m[1]), 250);
    EXPECT_EQ(now.find("commits of moves"), std::string::npos) << "only at the end";
  }
  spdlog::set_default_logger(before);
  const std::string text = said.str();
  std::smatch m;
  // At least the one the trigger slowed; on a busy machine (CI ran this
  // beside the other tests) the other two may pass 50 ms as well.
  ASSERT_TRUE(std::regex_search(
      text, m,
      std::regex("3 commits of moves, ([123]) of them 50 ms or more \\(the longest (\\d+) ms\\)")))
      << text;
  EXPECT_GE(std::stoi(m[2]), 250);
  // The slowest of three commits is the 99th percentile: at least the 250 ms
  // of the test's own sleep.
  EXPECT_NE(text.find("99 in 100 50 ms or more"), std::string::npos) << text;
}

TEST_P(StoreTest, OldTablesGoAndOnlyTheLiveAreListed) {
  const std::int64_t now = std::time(nullptr);
  for (const char* id : {"old", "kept", "fresh", "done", "olddone"}) {
    TableRow t = row(id);
    t.created = std::string(id).starts_with("old") ? now - 1000 : now - 10;
    if (std::string(id) == "kept") t.created = now - 1000;
    ASSERT_TRUE(store->add_table(t).ok());
  }
  ASSERT_TRUE(store->finish("done", "{}", {}).ok());
  ASSERT_TRUE(store->finish("olddone", "{}", {}).ok());
  ASSERT_TRUE(store->add_action("fresh", 0, 0, 1).ok());
  const std::string kept[] = {"kept"};
  ASSERT_TRUE(store->keep(kept).ok());  // someone is at it
  auto live = store->unfinished(now - 100);
  ASSERT_TRUE(live.ok());
  EXPECT_EQ(live->size(), 2u);  // fresh and kept, not old
  auto all = store->unfinished(0);
  ASSERT_TRUE(all.ok());
  EXPECT_EQ(all->size(), 3u);
  EXPECT_EQ(all->back(), "old") << "the least recently played last";
  if (pg()) {
    // Another process's lease keeps a table, however old: it is being played.
    auto other = db->open({.owner = "other"});
    store->release("old");
    ASSERT_TRUE(other->claim("old")->ours);
    auto gone = store->remove_abandoned(now - 100);
    ASSERT_TRUE(gone.ok()) << gone.message();
    EXPECT_EQ(*gone, 0);
    other->release("old");
  }
  auto gone = store->remove_abandoned(now - 100);
  ASSERT_TRUE(gone.ok()) << gone.message();
  EXPECT_EQ(*gone, 1);
  auto finished = store->remove_finished(now - 100);
  ASSERT_TRUE(finished.ok());
  EXPECT_EQ(*finished, 1);
  auto other = db->open();
  for (const char* id : {"old", "olddone"}) EXPECT_FALSE(other->table(id)->has_value()) << id;
  for (const char* id : {"kept", "fresh", "done"}) EXPECT_TRUE(other->table(id)->has_value()) << id;
  std::vector<std::string> skipped;
  auto recent = other->recent(10, &skipped);
  ASSERT_TRUE(recent.ok());
  ASSERT_EQ(recent->size(), 3u);
  EXPECT_TRUE(skipped.empty());
  for (const TableRow& r : *recent)
    EXPECT_EQ(r.actions.size(), r.id == "fresh" ? 1u : 0u) << r.id;  // the count alone
  EXPECT_EQ(other->unfinished(0)->size(), 2u);
}

TEST_P(StoreTest, ARowDamagedOutsideTheServerIsRefusedNamingTheFault) {
  ASSERT_TRUE(store->add_table(row("good")).ok());
  ASSERT_TRUE(store->add_table(row("wraps")).ok());
  ASSERT_TRUE(store->add_table(row("seats")).ok());
  ASSERT_TRUE(store->add_table(row("window")).ok());
  db->exec("UPDATE tables SET players = 4294967298 WHERE id = 'wraps'");
  db->exec("UPDATE tables SET seats = '[{\"kind\":1}]' WHERE id = 'seats'");
  db->exec("UPDATE tables SET window_seconds = 500 WHERE id = 'window'");
  auto wraps = store->table("wraps");
  ASSERT_FALSE(wraps.ok());
  EXPECT_NE(wraps.message().find("table wraps: players 4294967298 is not 1 to 64"),
            std::string::npos)
      << wraps.message();
  auto seats = store->table("seats");
  ASSERT_FALSE(seats.ok());
  EXPECT_NE(seats.message().find("table seats"), std::string::npos) << seats.message();
  auto window = store->table("window");
  ASSERT_FALSE(window.ok());
  EXPECT_NE(window.message().find("window_seconds 500 is not 0 to 120"), std::string::npos)
      << window.message();
  std::vector<std::string> skipped;
  auto recent = store->recent(10, &skipped);
  ASSERT_TRUE(recent.ok());
  EXPECT_EQ(recent->size(), 1u);
  EXPECT_EQ(skipped.size(), 3u);
  // A gap in the actions is a fault, not a shorter game.
  db->exec("INSERT INTO actions(table_id, idx, action, seat) VALUES('good', 1, 5, 0)");
  auto gap = store->table("good");
  ASSERT_FALSE(gap.ok());
  EXPECT_NE(gap.message().find("gap"), std::string::npos) << gap.message();
}

TEST_P(StoreTest, TableTalkIsBoundedWhenWrittenAndWhenRead) {
  ASSERT_TRUE(store->add_table(row("c")).ok());
  for (int i = 0; i < 5; ++i)
    ASSERT_TRUE(store->add_chat("c", {i % 2, "Ann", "line " + std::to_string(i), 100 + i}).ok());
  EXPECT_FALSE(store->add_chat("c", {0, "Ann", std::string(5000, 'x'), 1}).ok());
  db->exec("INSERT INTO chat(table_id, at, seat, name, text) VALUES('c', 200, 0, '" +
           std::string(100, 'n') + "', '" + std::string(100'000, 'x') + "')");
  auto lines = db->open()->chat("c", 3);
  ASSERT_TRUE(lines.ok()) << lines.message();
  ASSERT_EQ(lines->size(), 3u);
  EXPECT_EQ((*lines)[0].text, "line 3");  // the last three, oldest first
  EXPECT_EQ((*lines)[1].seat, 0);
  EXPECT_EQ((*lines)[2].text.size(), kMaxChatText);
  EXPECT_EQ((*lines)[2].name.size(), kMaxChatName);
}

TEST_P(StoreTest, ASchemaNewerThanTheProgramIsRefusedAndAnOlderOneUpgraded) {
  EXPECT_TRUE(store->can_write().ok());
  store.reset();
  if (pg())
    db->exec("UPDATE parlour_schema SET version = 99");
  else
    db->exec("PRAGMA user_version = 99");
  auto newer = Store::open(db->where());
  ASSERT_FALSE(newer.ok());
  EXPECT_NE(newer.message().find("schema is version 99, newer than this program's"),
            std::string::npos)
      << newer.message();
  // Back at step 6 (before the leases and the health row): brought up to date.
  if (pg()) {
    db->exec(
        "UPDATE parlour_schema SET version = 6; DROP TABLE health; DROP TABLE limits;"
        " DROP TABLE leases;"
        " DROP FUNCTION parlour_add_actions; ALTER TABLE tables DROP COLUMN owner, DROP COLUMN "
        "wanted_by,"
        " DROP COLUMN epoch, DROP COLUMN lease_until");
  } else {
    db->exec("PRAGMA user_version = 6; DROP TABLE health");
  }
  auto older = Store::open(db->where());
  ASSERT_TRUE(older.ok()) << older.message();
  EXPECT_TRUE((*older)->can_write().ok());
  ASSERT_TRUE((*older)->add_table(row("after")).ok());
  ASSERT_TRUE((*older)->add_action("after", 0, 0, 1).ok());
  EXPECT_EQ(db->value(pg() ? "SELECT version FROM parlour_schema" : "PRAGMA user_version"), "10");
  // Step 10: room on the pages of `tables`, and no index on the owner.
  if (pg()) {
    EXPECT_EQ(db->value("SELECT array_to_string(reloptions, ',') FROM pg_class WHERE relname = "
                        "'tables' AND relnamespace = current_schema()::regnamespace"),
              "fillfactor=70");
    EXPECT_EQ(db->value("SELECT string_agg(indexname, ',' ORDER BY indexname) FROM pg_indexes "
                        "WHERE tablename = 'tables' AND schemaname = current_schema()"),
              "tables_asked,tables_created,tables_pkey");
  }
  // Step 9: a lease per process, made by the table's maker.
  if (pg()) {
    EXPECT_EQ(db->value("SELECT COUNT(*) FROM leases"), "1");
  }
  // Step 8: the fence of a group of moves reads tables by key, upgraded too.
  if (pg()) {
    EXPECT_EQ(db->value("SELECT array_to_string(proconfig, ',') FROM pg_proc"
                        " WHERE proname = 'parlour_add_actions'"),
              "enable_seqscan=off,plan_cache_mode=force_generic_plan");
  }
}

// ---- Leases and fencing -------------------------------------------------------

TEST_P(StoreTest, OneOwnerPlaysATableAndALateWriteOfTheOldOwnerIsRefused) {
  if (!pg()) {
    // One process has the file: every table is its own.
    ASSERT_TRUE(store->add_table(row("t")).ok());
    EXPECT_TRUE(store->claim("t")->ours);
    EXPECT_TRUE(store->holds("t"));
    EXPECT_TRUE(store->renew()->lost.empty());
    return;
  }
  auto a = db->open({.owner = "a", .lease = 1s});
  auto b = db->open({.owner = "b", .lease = 1s});
  ASSERT_TRUE(a->add_table(row("t")).ok());  // made: held by its maker
  EXPECT_TRUE(a->holds("t"));
  // The other cannot claim it while the lease lasts, and cannot write it.
  auto lost = b->claim("t");
  ASSERT_TRUE(lost.ok()) << lost.message();
  EXPECT_FALSE(lost->ours);
  EXPECT_TRUE(lost->known);
  EXPECT_EQ(lost->holder, "a");
  EXPECT_FALSE(b->add_action("t", 0, 0, 1).ok());
  EXPECT_FALSE(b->claim("nosuch")->known);
  ASSERT_TRUE(a->add_action("t", 0, 0, 10).ok());
  ASSERT_TRUE(a->add_action("t", 1, 1, 11).ok());
  // Renewed, the lease outlasts its length.
  std::this_thread::sleep_for(700ms);
  auto renewed = a->renew();
  ASSERT_TRUE(renewed.ok()) << renewed.message();
  EXPECT_TRUE(renewed->lost.empty());
  EXPECT_EQ(renewed->wanted, std::vector<std::string>{"t"}) << "b's claim asked a to let it go";
  std::this_thread::sleep_for(700ms);
  EXPECT_FALSE(b->claim("t")->ours) << "claimed while renewed";
  EXPECT_EQ(a->renew()->wanted.size(), 1u) << "asked until claimed";
  // Paused (no renewal): the lease runs out and the other claims it.
  std::this_thread::sleep_for(1200ms);
  auto won = b->claim("t");
  ASSERT_TRUE(won.ok()) << won.message();
  ASSERT_TRUE(won->ours);
  EXPECT_EQ(db->value("SELECT epoch FROM tables WHERE id = 't'"), "2");
  ASSERT_TRUE(b->add_action("t", 2, 0, 12).ok());
  // The old owner wakes up and writes index 2, then 3: both refused by the
  // fence, and it knows the table is no longer its.
  EXPECT_TRUE(a->holds("t"));  // it has not heard yet
  const Status late = a->add_action("t", 2, 0, 99);
  EXPECT_FALSE(late.ok());
  EXPECT_NE(late.message().find("no longer held by a"), std::string::npos) << late.message();
  EXPECT_FALSE(a->holds("t"));
  EXPECT_FALSE(a->add_action("t", 3, 0, 98).ok());
  EXPECT_FALSE(a->set_seats("t", row("t").seats).ok());
  EXPECT_FALSE(a->finish("t", "{}", {}).ok());
  EXPECT_FALSE(a->remove_action("t", 2).ok());
  EXPECT_EQ(db->value("SELECT COUNT(*) FROM actions WHERE table_id = 't' AND idx = 2"), "1");
  EXPECT_EQ(db->value("SELECT action FROM actions WHERE table_id = 't' AND idx = 2"), "12");
  EXPECT_EQ(db->value("SELECT COUNT(*) FROM actions WHERE table_id = 't'"), "3");
  EXPECT_EQ(db->value("SELECT finished FROM tables WHERE id = 't'"), "0");
  // A group holding a lost table fails whole.
  ASSERT_TRUE(a->add_table(row("u")).ok());
  ASSERT_TRUE(a->begin_group().ok());
  ASSERT_TRUE(a->add_action("u", 0, 0, 1).ok());
  ASSERT_TRUE(a->add_action("t", 3, 0, 1).ok());
  EXPECT_FALSE(a->commit_group().ok());
  EXPECT_EQ(db->value("SELECT COUNT(*) FROM actions WHERE table_id = 'u'"), "0");
  // Renewal tells an owner what it lost.
  ASSERT_TRUE(b->add_table(row("v")).ok());
  std::this_thread::sleep_for(1100ms);
  ASSERT_TRUE(a->claim("v")->ours);
  auto gone = b->renew();
  ASSERT_TRUE(gone.ok()) << gone.message();
  EXPECT_EQ(gone->lost, std::vector<std::string>{"v"});
  EXPECT_TRUE(b->holds("t"));
  // Released, a table is claimed at once, at a new epoch.
  b->release("t");
  EXPECT_FALSE(b->holds("t"));
  ASSERT_TRUE(a->claim("t")->ours);
  EXPECT_EQ(db->value("SELECT epoch FROM tables WHERE id = 't'"), "3");
}

// A table not in memory is claimed and read in one go (PostgreSQL: one
// pipeline): what it reads is what the database holds, read by the test's own
// connection, after the claim, and the claim is the database's.
TEST_P(StoreTest, AClaimAndLoadReadsTheTableAsTheDatabaseHoldsItOnceClaimed) {
  auto a = pg() ? db->open({.owner = "a", .lease = 1s}) : db->open();
  ASSERT_TRUE(a->add_table(row("t")).ok());
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(a->add_action("t", i, i % 2, 10 + i).ok());
  for (int i = 0; i < 3; ++i)
    ASSERT_TRUE(a->add_chat("t", {i % 2, "Ann", "line " + std::to_string(i), 100 + i}).ok());
  const std::string stored =
      pg() ? "SELECT string_agg(idx || ':' || seat || ':' || action, ',' ORDER BY idx) FROM "
             "actions WHERE table_id = 't'"
           : "SELECT group_concat(x, ',') FROM (SELECT idx || ':' || seat || ':' || action AS x "
             "FROM actions WHERE table_id = 't' ORDER BY idx)";
  auto as_text = [](const std::vector<SeatAction>& acts) {
    std::string out;
    for (std::size_t i = 0; i < acts.size(); ++i)
      out += (i ? "," : "") + std::to_string(i) + ":" + std::to_string(acts[i].seat) + ":" +
             std::to_string(acts[i].action);
    return out;
  };
  auto b = pg() ? db->open({.owner = "b", .lease = 5s}) : db->open();
  auto none = b->claim_and_load("nosuch", 2);
  ASSERT_TRUE(none.ok()) << none.message();
  EXPECT_FALSE(none->row);
  if (pg()) {
    EXPECT_FALSE(none->claim.known);
  }
  if (pg()) {
    // Held by a: not b's, and nothing read.
    auto refused = b->claim_and_load("t", 2);
    ASSERT_TRUE(refused.ok()) << refused.message();
    EXPECT_FALSE(refused->claim.ours);
    EXPECT_EQ(refused->claim.holder, "a");
    EXPECT_FALSE(refused->row);
    EXPECT_EQ(db->value("SELECT owner FROM tables WHERE id = 't'"), "a");
    std::this_thread::sleep_for(1100ms);  // a pauses: its lease runs out, unrenewed
  }
  auto got = b->claim_and_load("t", 2);
  ASSERT_TRUE(got.ok()) << got.message();
  ASSERT_TRUE(got->claim.ours);
  ASSERT_TRUE(got->row);
  EXPECT_EQ(got->row->id, "t");
  EXPECT_EQ(got->row->seats.size(), 2u);
  EXPECT_EQ(as_text(got->row->actions), db->value(stored));
  EXPECT_EQ(as_text(got->row->actions), "0:0:10,1:1:11,2:0:12");
  ASSERT_EQ(got->chat.size(), 2u);  // the last two, oldest first
  EXPECT_EQ(got->chat[0].text, "line 1");
  EXPECT_EQ(got->chat[1].text, "line 2");
  EXPECT_EQ(got->chat[1].at, 102);
  if (!pg()) return;
  EXPECT_EQ(db->value("SELECT owner || ' ' || epoch FROM tables WHERE id = 't'"),
            "b " + std::to_string(got->claim.epoch));
  EXPECT_TRUE(b->holds("t"));
  ASSERT_TRUE(b->add_action("t", 3, 1, 13).ok());
  // a, waking, still thinks it holds the table: the database's fence refuses
  // its write, the claim having raised the epoch.
  EXPECT_TRUE(a->holds("t"));
  const Status late = a->add_action("t", 4, 1, 99);
  EXPECT_FALSE(late.ok());
  EXPECT_NE(late.message().find("no longer held by a"), std::string::npos) << late.message();
  // Ours already: the same epoch, and the move just made read too.
  auto again = b->claim_and_load("t", 2);
  ASSERT_TRUE(again.ok() && again->claim.ours && again->row) << again.message();
  EXPECT_EQ(again->claim.epoch, got->claim.epoch);
  EXPECT_EQ(as_text(again->row->actions), db->value(stored));
  // A row the database holds damaged is refused, naming the fault.
  b->release("t");
  db->exec("DELETE FROM actions WHERE table_id = 't' AND idx = 1");
  auto c = db->open({.owner = "c", .lease = 5s});
  auto gap = c->claim_and_load("t", 2);
  ASSERT_FALSE(gap.ok());
  EXPECT_NE(gap.message().find("gap in its actions"), std::string::npos) << gap.message();
  // A statement of the pipeline the database refuses: the error names it,
  // and the connection serves the next call.
  c->release("t");
  db->exec("INSERT INTO actions(table_id, idx, seat, action) VALUES('t', 1, 1, 11)");
  db->exec("ALTER TABLE tables ADD CONSTRAINT not_c CHECK (owner IS DISTINCT FROM 'c') NOT VALID");
  auto refused = c->claim_and_load("t", 2);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.message().find("not_c"), std::string::npos) << refused.message();
  db->exec("ALTER TABLE tables DROP CONSTRAINT not_c");
  auto fine = c->claim_and_load("t", 2);
  ASSERT_TRUE(fine.ok() && fine->claim.ours && fine->row) << fine.message();
  EXPECT_EQ(as_text(fine->row->actions), db->value(stored));
  // The claim and the reads are one transaction: a read that fails (the
  // talk's table away) leaves the table as it was, and not held.
  c->release("t");
  const std::string holder =
      "SELECT COALESCE(owner, '-') || ' ' || epoch FROM tables WHERE id = 't'";
  const std::string before = db->value(holder);
  db->exec("ALTER TABLE chat RENAME TO chat_away");
  auto no_talk = c->claim_and_load("t", 2);
  db->exec("ALTER TABLE chat_away RENAME TO chat");
  ASSERT_FALSE(no_talk.ok());
  EXPECT_EQ(db->value(holder), before);
  EXPECT_EQ(before.substr(0, 2), "- ");
  EXPECT_FALSE(c->holds("t"));
  // A connection cut by the database (between calls) is made again at the
  // next call.
  db->exec(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = "
      "'parlour' AND pid <> pg_backend_pid()");
  Result<Store::Loaded> after = Status::error("not tried");
  for (int i = 0; i < 2 && !(after.ok() && after->claim.ours); ++i)
    after = c->claim_and_load("t", 2);
  ASSERT_TRUE(after.ok() && after->claim.ours && after->row) << after.message();
  EXPECT_EQ(as_text(after->row->actions), db->value(stored));
}

// A table made for whichever process its people reach (a proxy sends them
// by its id) is held by nobody, at epoch 0; a claim says the epoch it holds.
TEST_P(StoreTest, ATableMadeUnheldIsClaimedAtEpochOneAndALostOwnersEndIsRefused) {
  if (!pg()) GTEST_SKIP() << "one process has a SQLite file: every table is its own";
  auto a = db->open({.owner = "a", .lease = 1s});
  auto b = db->open({.owner = "b", .lease = 1s});
  ASSERT_TRUE(a->add_table(row("n"), "", /*hold=*/false).ok());
  EXPECT_FALSE(a->holds("n"));
  EXPECT_EQ(db->value("SELECT COALESCE(owner, '-') || ' ' || epoch FROM tables WHERE id = 'n'"),
            "- 0");
  auto first = b->claim("n");
  ASSERT_TRUE(first.ok() && first->ours) << first.message();
  EXPECT_EQ(first->epoch, 1);
  EXPECT_EQ(b->claim("n")->epoch, 1) << "held already: the same epoch";
  // b's lease runs out and a claims it: b's last move and the game's end,
  // committed together, are refused together.
  std::this_thread::sleep_for(1200ms);
  auto second = a->claim("n");
  ASSERT_TRUE(second.ok() && second->ours) << second.message();
  EXPECT_EQ(second->epoch, 2);
  ASSERT_TRUE(b->begin_group().ok());
  ASSERT_TRUE(b->add_action("n", 0, 0, 1).ok());
  b->finish_in_group({"n", "{}", {{"Ann", "old-maid", 1, 1, 0, 2, 0, 0}}});
  const Status late = b->commit_group_async([] {}).get();
  EXPECT_FALSE(late.ok());
  EXPECT_NE(late.message().find("no longer held by b"), std::string::npos) << late.message();
  EXPECT_EQ(db->value("SELECT COUNT(*) FROM actions WHERE table_id = 'n'"), "0");
  EXPECT_EQ(db->value("SELECT finished FROM tables WHERE id = 'n'"), "0");
  EXPECT_EQ(db->value("SELECT COUNT(*) FROM stats"), "0");
}

TEST_P(StoreTest, ARenewalWritesTheProcesssLeaseNotTheRowsOfItsTables) {
  if (!pg()) GTEST_SKIP() << "one process has a SQLite file: no leases";
  auto a = db->open({.owner = "a", .lease = 5s});
  for (const char* id : {"t1", "t2", "t3"}) ASSERT_TRUE(a->add_table(row(id)).ok());
  // xmin: the transaction that last wrote a row.
  const std::string rows = "SELECT string_agg(xmin::text, ',' ORDER BY id) FROM tables";
  const std::string tables_written = db->value(rows);
  const std::string lease_written = db->value("SELECT xmin::text FROM leases WHERE owner = 'a'");
  for (int i = 0; i < 12; ++i) {  // the tenth looks the tables held up: read, not written
    auto renewed = a->renew();
    ASSERT_TRUE(renewed.ok()) << renewed.message();
    EXPECT_TRUE(renewed->lost.empty());
  }
  EXPECT_EQ(db->value(rows), tables_written);
  EXPECT_NE(db->value("SELECT xmin::text FROM leases WHERE owner = 'a'"), lease_written);
  EXPECT_EQ(db->value("SELECT COUNT(*) FROM leases"), "1");
}

// Many writers racing one claim: whatever the interleaving, each index holds
// one action, and none was written by a store after it had lost the table.
TEST_P(StoreTest, AClaimRacingWritesLeavesOneActionAtEachIndex) {
  if (!pg()) GTEST_SKIP() << "one process has a SQLite file: nothing races";
  auto a = db->open({.owner = "a", .lease = 1s});
  ASSERT_TRUE(a->add_table(row("r")).ok());
  std::this_thread::sleep_for(1100ms);  // a's lease has run out: a claim may come at any time
  std::atomic<bool> claimed = false;
  std::thread claimer([&] {
    auto b = db->open({.owner = "b", .lease = 5s});
    std::this_thread::sleep_for(30ms);
    claimed = b->claim("r")->ours;
    // b goes on from what it finds stored.
    const std::size_t at = actions_of(*b, "r").size();
    EXPECT_TRUE(b->add_action("r", static_cast<int>(at), 1, 5000).ok());
  });
  int written = 0;
  for (int i = 0; i < 400; ++i) {
    if (!a->add_action("r", i, 0, 1000 + i).ok()) break;
    ++written;
  }
  claimer.join();
  ASSERT_TRUE(claimed);
  EXPECT_LT(written, 400) << "the old owner wrote on after the claim";
  const auto stored = actions_of(*a, "r");
  ASSERT_EQ(stored.size(), static_cast<std::size_t>(written) + 1);
  for (int i = 0; i < written; ++i) EXPECT_EQ(stored[i].action, static_cast<Action>(1000 + i));
  EXPECT_EQ(stored.back().action, static_cast<Action>(5000));
}

TEST_P(StoreTest, AClientsRequestsAreCountedAcrossProcesses) {
  auto a = db->open({.owner = "a"});
  auto b = db->open({.owner = "b"});
  int allowed = 0;
  for (int i = 0; i < 6; ++i) {
    auto ok = (i % 2 ? *a : *b).count("tables", "10.0.0.7", 4);
    ASSERT_TRUE(ok.ok()) << ok.message();
    allowed += *ok;
  }
  EXPECT_EQ(allowed, pg() ? 4 : 6) << "SQLite: one process, whose own buckets do the counting";
  EXPECT_TRUE(*a->count("tables", "10.0.0.8", 4)) << "counted by client";
  EXPECT_TRUE(*a->count("chat", "10.0.0.7", 4)) << "counted by kind";
}

// ---- Two processes' Hubs on one PostgreSQL --------------------------------------

struct Recorder : Client {
  std::vector<nlohmann::json> got;
  bool closed = false;
  std::string from = "10.1.2.3";
  void send(std::string m) override { got.push_back(nlohmann::json::parse(m)); }
  void close() override { closed = true; }
  std::string address() const override { return from; }
  std::string last_type() const { return got.empty() ? "" : got.back().value("type", ""); }
  const nlohmann::json* last_of(const std::string& type) const {
    for (auto it = got.rbegin(); it != got.rend(); ++it)
      if ((*it)["type"] == type) return &*it;
    return nullptr;
  }
};

// Runs the timers due now, once: the lease renewal sets itself again, so a
// clock that ran until none were left would never stop.
struct StepClock : Scheduler {
  std::vector<std::function<void()>> pending;
  std::mutex mu;
  std::vector<std::function<void()>> posted;  // from other threads (a commit's end)
  void after(std::chrono::milliseconds, std::function<void()> fn) override {
    pending.push_back(std::move(fn));
  }
  void from_any_thread(std::function<void()> fn) override {
    std::lock_guard lock(mu);
    posted.push_back(std::move(fn));
  }
  void step() {
    {
      std::lock_guard lock(mu);
      for (auto& fn : posted) pending.push_back(std::move(fn));
      posted.clear();
    }
    auto batch = std::move(pending);
    pending.clear();
    for (auto& fn : batch) fn();
  }
};

struct Process {
  std::unique_ptr<Store> store;
  StepClock clock;
  std::unique_ptr<Hub> hub;
  Process(Database& db, const std::string& owner, bool group_commit = false) {
    store = db.open({.owner = owner, .lease = 5s});
    HubOptions o;
    o.group_commit = group_commit;
    o.bot_delay = 0ms;
    o.lease_renew = group_commit ? 0ms : 1000ms;  // the test steps the clock: no renewal between
    o.tables_burst = 2;
    o.seconds_per_table = 3600;
    hub = std::make_unique<Hub>(*store, clock, o);
  }
  // A table of two people at Old Maid, made through the API.
  nlohmann::json make_table() {
    const HttpReply made =
        hub->http("POST", "/api/tables",
                  R"({"game":"old-maid","players":2,"seats":["human","human"]})", "10.1.2.3");
    EXPECT_EQ(made.status, 201) << made.body;
    return made.status == 201 ? nlohmann::json::parse(made.body) : nlohmann::json::object();
  }
  void join(Recorder& c, const std::string& table, const std::string& token) {
    hub->opened(c);
    hub->received(c, nlohmann::json{{"type", "join"}, {"table", table}, {"token", token}}.dump());
  }
  // Steps the clock until `c` is sent something (a commit's end comes back
  // from the store's thread): whether it was.
  bool until_told(Recorder& c) {
    const std::size_t had = c.got.size();
    for (int i = 0; i < 1000 && c.got.size() == had; ++i) {
      clock.step();
      if (c.got.size() == had) std::this_thread::sleep_for(1ms);
    }
    return c.got.size() > had;
  }
  // x and y at seats 0 and 1 play the first choice offered until the game
  // ends, each move told before the next: whether it ended.
  bool play_to_end(Recorder& x, Recorder& y) {
    for (int moves = 0; moves < 2000; ++moves) {
      const nlohmann::json& view = (*x.last_of("update"))["view"];
      if (view["terminal"]) return true;
      Recorder& who = view["to_move"] == 0 ? x : y;
      const nlohmann::json& choices = (*who.last_of("update"))["view"]["choices"];
      if (choices.empty()) return false;
      const std::size_t had = x.got.size();
      hub->received(who, nlohmann::json{{"type", "act"}, {"action", choices[0]["action"]}}.dump());
      if (x.got.size() == had && !until_told(x)) return false;  // told at once, or at the commit
    }
    return false;
  }
};

TEST_P(StoreTest, AJoinWhereAnotherProcessPlaysTheTableIsSentThereAndTheTableFollows) {
  if (!pg()) GTEST_SKIP() << "one process has a SQLite file: every table is its own";
  Process a(*db, "a"), b(*db, "b");
  const auto t = a.make_table();
  ASSERT_TRUE(t.contains("table"));
  const std::string id = t["table"], ann = t["seats"][0]["token"], bob = t["seats"][1]["token"];
  a.clock.step();  // made for nobody, and gone from memory: the process its people reach plays it
  EXPECT_EQ(a.hub->live_tables(), 0u);
  Recorder x;
  b.join(x, id, ann);
  ASSERT_NE(x.last_of("joined"), nullptr) << x.got.back().dump();
  const int version = (*x.last_of("update"))["version"];
  // Bob's client reaches a: told to go elsewhere, and a asks b to let go.
  Recorder y;
  a.join(y, id, bob);
  EXPECT_EQ(y.last_type(), "error");
  EXPECT_EQ(y.got.back()["code"], "elsewhere") << y.got.back().dump();
  EXPECT_EQ(a.hub->live_tables(), 0u);
  // At b's next renewal the table leaves b, its client told to connect again.
  b.clock.step();
  EXPECT_EQ(x.got.back()["code"], "elsewhere") << x.got.back().dump();
  EXPECT_TRUE(x.closed);
  EXPECT_EQ(b.hub->live_tables(), 0u);
  // Both now reach a, which claims it and goes on from where it was.
  Recorder y2, x2;
  a.join(y2, id, bob);
  a.join(x2, id, ann);
  ASSERT_NE(y2.last_of("joined"), nullptr) << y2.got.back().dump();
  EXPECT_EQ((*x2.last_of("update"))["version"], version);
  EXPECT_EQ(a.hub->live_tables(), 1u);
  // A new table from one address counts against its limit on every process:
  // two at once, then one an hour (its burst and a minute's refill, 2).
  EXPECT_EQ(b.hub->http("POST", "/api/tables", R"({"game":"old-maid"})", "10.1.2.3").status, 201);
  EXPECT_EQ(b.hub->http("POST", "/api/tables", R"({"game":"old-maid"})", "10.1.2.3").status, 429)
      << "each process's own bucket would have allowed it";
}

// A table made on a shared store is held by nobody, to be claimed by the
// process its people reach (Hub::Impl::create); it stays in this one's memory
// a few seconds. A join meanwhile claims it like any other, so
// that its moves are written under this process's lease: before, the table
// in memory was played without one, and its first move was refused ("not
// held") and its players sent away, as a rematch's were now and then under
// load (scripts/load, 84 errors in a minute at 1,000 tables).
TEST_P(StoreTest, AJoinBeforeANewTableLeavesMemoryClaimsItFirst) {
  if (!pg()) GTEST_SKIP() << "one process has a SQLite file: no table is let go";
  Process a(*db, "a");
  const auto t = a.make_table();
  ASSERT_TRUE(t.contains("table"));
  const std::string id = t["table"];
  auto owner = [&] {
    return db->value("SELECT COALESCE(owner, '-') FROM tables WHERE id = '" + id + "'");
  };
  EXPECT_EQ(owner(), "-");  // let go
  Recorder x, y;
  a.join(x, id, t["seats"][0]["token"]);  // no step: still in memory
  a.join(y, id, t["seats"][1]["token"]);
  ASSERT_NE(x.last_of("joined"), nullptr) << x.got.back().dump();
  EXPECT_EQ(owner(), "a");
  const nlohmann::json& view = (*x.last_of("update"))["view"];
  Recorder& mover = view["to_move"] == 0 ? x : y;
  const nlohmann::json& choices = (*mover.last_of("update"))["view"]["choices"];
  ASSERT_FALSE(choices.empty());
  a.hub->received(mover, nlohmann::json{{"type", "act"}, {"action", choices[0]["action"]}}.dump());
  for (int i = 0; i < 3; ++i) a.clock.step();
  EXPECT_EQ(db->value("SELECT COUNT(*) FROM actions WHERE table_id = '" + id + "'"), "1");
  for (const Recorder* r : {&x, &y}) {
    EXPECT_FALSE(r->closed);
    for (const nlohmann::json& m : r->got) EXPECT_NE(m["type"], "error") << m.dump();
  }
  EXPECT_EQ(a.hub->live_tables(), 1u);
}

// A table made here waits in memory for its players' first join (a few
// seconds), to be played from there, not loaded, when this process claims
// it: but only if no other process had it meanwhile (the claim's epoch is
// the next), or the copy here, without the other's moves, would part ways
// with the stored game.
TEST_P(StoreTest, ATableMadeHereButPlayedElsewhereMeanwhileIsLoadedAsStored) {
  if (!pg()) GTEST_SKIP() << "one process has a SQLite file: no table is let go";
  Process a(*db, "a");
  const auto t = a.make_table();
  ASSERT_TRUE(t.contains("table"));
  const std::string id = t["table"], ann = t["seats"][0]["token"], bob = t["seats"][1]["token"];
  EXPECT_EQ(a.hub->live_tables(), 1u);  // the clock not stepped: still in memory
  int played_to = 0;
  {
    Process b(*db, "b");
    Recorder x, y;
    b.join(x, id, ann);
    b.join(y, id, bob);
    ASSERT_NE(x.last_of("joined"), nullptr) << x.got.back().dump();
    Recorder& mover = (*x.last_of("update"))["view"]["to_move"] == 0 ? x : y;
    const nlohmann::json& choices = (*mover.last_of("update"))["view"]["choices"];
    ASSERT_FALSE(choices.empty());
    b.hub->received(mover,
                    nlohmann::json{{"type", "act"}, {"action", choices[0]["action"]}}.dump());
    played_to = (*x.last_of("update"))["version"];
    b.store->release(id);  // b lets it go (as at its end), so that a need not wait
  }
  EXPECT_EQ(db->value("SELECT COUNT(*) FROM actions WHERE table_id = '" + id + "'"), "1");
  Recorder x;
  a.join(x, id, ann);
  ASSERT_NE(x.last_of("joined"), nullptr) << x.got.back().dump();
  EXPECT_EQ((*x.last_of("update"))["version"], played_to) << "played from the copy made here";
  EXPECT_EQ(db->value("SELECT epoch FROM tables WHERE id = '" + id + "'"), "2");
}

// PostgreSQL commits off the Hub's thread: nobody hears of a move before its
// commit is in, and what is said meanwhile waits behind it, in order.
TEST_P(StoreTest, AMoveCommittedOffTheHubsThreadIsToldOnlyOnceItIsIn) {
  if (!pg()) GTEST_SKIP() << "SQLite commits on the Hub's thread (server_test covers it)";
  auto a = std::make_unique<Process>(*db, "a", /*group_commit=*/true);
  const auto t = a->make_table();
  ASSERT_TRUE(t.contains("table"));
  const std::string id = t["table"];
  a->clock.step();
  Recorder x, y;
  a->join(x, id, t["seats"][0]["token"]);
  a->join(y, id, t["seats"][1]["token"]);
  const nlohmann::json& view = (*x.last_of("update"))["view"];
  Recorder& mover = view["to_move"] == 0 ? x : y;
  Recorder& other = &mover == &x ? y : x;
  const nlohmann::json& choices = (*mover.last_of("update"))["view"]["choices"];
  ASSERT_FALSE(choices.empty());
  const int version = (*mover.last_of("update"))["version"];
  const std::size_t had = other.got.size();
  auto stored = [&] {
    return db->value("SELECT COUNT(*) FROM actions WHERE table_id = '" + id + "'");
  };
  a->hub->received(mover, nlohmann::json{{"type", "act"}, {"action", choices[0]["action"]}}.dump());
  a->clock.step();  // the group goes to the store's thread
  EXPECT_EQ(other.got.size(), had) << "told before the commit was in: " << other.got.back().dump();
  // Its end comes back to the Hub's thread, and only then is anyone told.
  for (int i = 0; i < 300 && other.got.size() == had; ++i) {
    std::this_thread::sleep_for(10ms);
    a->clock.step();
  }
  EXPECT_EQ(stored(), "1");
  ASSERT_GT(other.got.size(), had);
  EXPECT_EQ(other.got[had]["type"], "update");
  EXPECT_GT((*other.last_of("update"))["version"].get<int>(), version);
  // A write of another kind (table talk) waits for the commit in flight
  // first, and is told after the move.
  auto play_first = [&] {
    const nlohmann::json& v = (*x.last_of("update"))["view"];
    Recorder& who = v["to_move"] == 0 ? x : y;
    const nlohmann::json& c = (*who.last_of("update"))["view"]["choices"];
    if (c.empty()) return false;
    a->hub->received(who, nlohmann::json{{"type", "act"}, {"action", c[0]["action"]}}.dump());
    a->clock.step();
    return true;
  };
  const std::size_t before_talk = x.got.size();
  if (play_first()) {
    a->hub->received(y, R"({"type":"chat","text":"hello"})");
    EXPECT_EQ(stored(), "2");
    ASSERT_GE(x.got.size(), before_talk + 2);
    EXPECT_EQ(x.got[before_talk]["type"], "update");
    EXPECT_EQ(x.got.back()["type"], "chat");
  }
  // A Hub that ends with a commit in flight waits for it.
  if (play_first()) {
    a.reset();
    EXPECT_EQ(stored(), "3");
  }
}

// A finished table its people leave goes from memory at once, and its lease
// a second later with the others of that second, in one write
// (Hub::Impl::forget_soon); one joined again meanwhile stays held, and played.
TEST_P(StoreTest, FinishedTablesLeftAreLetGoTogetherASecondLater) {
  if (!pg()) GTEST_SKIP() << "one process has a SQLite file: no table is let go";
  Process a(*db, "a");
  std::vector<nlohmann::json> made;
  std::vector<std::unique_ptr<Recorder>> people;
  for (int i = 0; i < 2; ++i) {
    made.push_back(a.make_table());
    ASSERT_TRUE(made.back().contains("table"));
    const std::string id = made.back()["table"];
    auto x = std::make_unique<Recorder>(), y = std::make_unique<Recorder>();
    a.join(*x, id, made.back()["seats"][0]["token"]);
    a.join(*y, id, made.back()["seats"][1]["token"]);
    ASSERT_TRUE(a.play_to_end(*x, *y));
    people.push_back(std::move(x)), people.push_back(std::move(y));
  }
  auto owner = [&](const nlohmann::json& t) {
    return db->value("SELECT COALESCE(owner, '-') FROM tables WHERE id = '" +
                     t["table"].get<std::string>() + "'");
  };
  for (const nlohmann::json& t : made) EXPECT_EQ(owner(t), "a");
  for (auto& p : people) a.hub->closed(*p);
  EXPECT_EQ(a.hub->live_tables(), 0u) << "finished and left: out of memory at once";
  for (const nlohmann::json& t : made) EXPECT_EQ(owner(t), "a") << "let go before the second";
  Recorder back;  // the second table joined again meanwhile
  a.join(back, made[1]["table"], made[1]["seats"][0]["token"]);
  ASSERT_NE(back.last_of("joined"), nullptr) << back.got.back().dump();
  a.clock.step();
  EXPECT_EQ(owner(made[0]), "-");
  EXPECT_EQ(owner(made[1]), "a") << "let go while joined again";
  EXPECT_EQ(a.hub->live_tables(), 1u);
  a.hub->received(back, R"({"type":"chat","text":"again?"})");
  EXPECT_EQ(back.last_type(), "chat") << back.got.back().dump();
  EXPECT_FALSE(back.closed);
}

// A process stopped gracefully (serve's SIGTERM) lets go of what it holds
// once its moves are in (Hub::let_go): the process its players reach next
// claims each table at once, not when the lease runs out, and goes on from
// the last move, which was committed first.
TEST_P(StoreTest, AStoppingProcessLetsGoOfItsTablesOnceItsMovesAreIn) {
  if (!pg()) GTEST_SKIP() << "one process has a SQLite file: nothing to let go";
  Process a(*db, "a", /*group_commit=*/true), b(*db, "b");
  std::vector<nlohmann::json> made;
  for (int i = 0; i < 2; ++i) made.push_back(a.make_table());
  a.clock.step();
  // A third, from another address (two a client), made after: in memory,
  // held by nobody until joined.
  const HttpReply third =
      a.hub->http("POST", "/api/tables",
                  R"({"game":"old-maid","players":2,"seats":["human","human"]})", "10.9.9.9");
  ASSERT_EQ(third.status, 201) << third.body;
  made.push_back(nlohmann::json::parse(third.body));
  for (const nlohmann::json& t : made) ASSERT_TRUE(t.contains("table"));
  auto id = [&](int i) { return made[static_cast<std::size_t>(i)]["table"].get<std::string>(); };
  auto tok = [&](int i, int seat) {
    return made[static_cast<std::size_t>(i)]["seats"][seat]["token"].get<std::string>();
  };
  auto owner = [&](int i) {
    return db->value("SELECT COALESCE(owner, '-') FROM tables WHERE id = '" + id(i) + "'");
  };
  // Table 0 played to its end and left: its lease due to go within the
  // second. Table 1 joined, a move made and not yet committed.
  Recorder x0, y0, x1, y1;
  a.join(x0, id(0), tok(0, 0));
  a.join(y0, id(0), tok(0, 1));
  ASSERT_TRUE(a.play_to_end(x0, y0));
  a.hub->closed(x0), a.hub->closed(y0);
  a.join(x1, id(1), tok(1, 0));
  a.join(y1, id(1), tok(1, 1));
  const nlohmann::json& view = (*x1.last_of("update"))["view"];
  Recorder& mover = view["to_move"] == 0 ? x1 : y1;
  const nlohmann::json& choices = (*mover.last_of("update"))["view"]["choices"];
  ASSERT_FALSE(choices.empty());
  a.hub->received(mover, nlohmann::json{{"type", "act"}, {"action", choices[0]["action"]}}.dump());
  EXPECT_EQ(owner(0), "a");
  EXPECT_EQ(owner(1), "a");
  EXPECT_EQ(owner(2), "-");
  // Held: b cannot take table 1 (its people are sent back to a).
  Recorder early;
  b.join(early, id(1), tok(1, 0));
  EXPECT_EQ(early.got.back()["code"], "elsewhere") << early.got.back().dump();
  auto let_go = a.hub->let_go();
  ASSERT_TRUE(let_go.ok()) << let_go.message();
  EXPECT_EQ(*let_go, 2u) << "tables 0 and 1";
  EXPECT_EQ(db->value("SELECT COUNT(*) FROM actions WHERE table_id = '" + id(1) + "'"), "1")
      << "its move committed before the table was let go";
  for (int i = 0; i < 3; ++i) EXPECT_EQ(owner(i), "-") << i;
  // b claims it at once, and goes on from the move a made.
  Recorder x2;
  b.join(x2, id(1), tok(1, 0));
  ASSERT_NE(x2.last_of("joined"), nullptr) << x2.got.back().dump();
  EXPECT_EQ((*x2.last_of("update"))["version"], 1);
  EXPECT_EQ(owner(1), "b");
}

// Where moves commit off the Hub's thread, a rematch's table is made in the
// group (Hub::Impl::create, by_message): the players hear of it only once it
// is stored, linked from the game they played; if that commit fails, they
// are told so instead, and a rematch asked again is made.
TEST_P(StoreTest, ARematchMadeWithTheGroupIsToldOnlyOnceStoredAndAFailureSaysSo) {
  if (!pg()) GTEST_SKIP() << "SQLite commits on the Hub's thread: the table is made before";
  Process a(*db, "a", /*group_commit=*/true);
  const auto t = a.make_table();
  ASSERT_TRUE(t.contains("table"));
  const std::string id = t["table"];
  Recorder x, y;
  a.join(x, id, t["seats"][0]["token"]);
  a.join(y, id, t["seats"][1]["token"]);
  ASSERT_NE(x.last_of("update"), nullptr) << x.got.back().dump();
  ASSERT_TRUE(a.play_to_end(x, y));
  auto next = [&] { return db->value("SELECT next FROM tables WHERE id = '" + id + "'"); };
  auto tables = [&] { return db->value("SELECT COUNT(*) FROM tables"); };
  const std::string before = tables();
  // The database refuses new tables for a while: the rematch's commit fails.
  db->exec("ALTER TABLE tables ADD CONSTRAINT test_no_new CHECK (id = '') NOT VALID");
  const std::size_t had = y.got.size();
  a.hub->received(x, R"({"type":"rematch"})");
  EXPECT_EQ(y.got.size(), had) << "told before its commit: " << y.got.back().dump();
  ASSERT_TRUE(a.until_told(y));
  EXPECT_EQ(y.got.back()["type"], "error") << y.got.back().dump();
  EXPECT_EQ(y.got.back()["code"], "storage");
  EXPECT_EQ(x.got.back()["code"], "storage") << x.got.back().dump();
  EXPECT_EQ(tables(), before);
  EXPECT_EQ(next(), "");
  EXPECT_FALSE(x.closed || y.closed);
  // Asked again once the database takes new tables: made, linked, then told.
  db->exec("ALTER TABLE tables DROP CONSTRAINT test_no_new");
  y.from = "10.4.5.6";  // x's address has made its two tables (tables_burst)
  a.hub->received(y, R"({"type":"rematch"})");
  ASSERT_TRUE(a.until_told(x));
  ASSERT_EQ(x.got.back()["type"], "rematch") << x.got.back().dump();
  const std::string made = x.got.back()["table"];
  EXPECT_EQ(next(), made);
  EXPECT_EQ(db->value("SELECT COUNT(*) FROM tables WHERE id = '" + made + "' AND owner IS NULL"),
            "1");
  EXPECT_EQ(y.got.back()["table"], made);
  // Its players join it, and it is played: the same tokens open the same seats.
  Recorder x2, y2;
  a.join(x2, made, t["seats"][0]["token"]);
  a.join(y2, made, t["seats"][1]["token"]);
  ASSERT_NE(x2.last_of("joined"), nullptr) << x2.got.back().dump();
  EXPECT_EQ(db->value("SELECT owner FROM tables WHERE id = '" + made + "'"), "a");
}

INSTANTIATE_TEST_SUITE_P(Backends, StoreTest, ::testing::Values("sqlite", "postgresql"),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace parlour::server
