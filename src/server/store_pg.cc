// The PostgreSQL back end of the Store: several `parlour serve` processes share
// one database, each playing the live tables it holds a lease on.
//
// Durability: every write is one transaction, committed with
// synchronous_commit on before the call returns; a group of moves is one
// transaction and one round trip (a function in the database does the fence,
// the inserts and the touch), so nobody is told of a move that is not in the
// database's log.
//
// Fencing: a process holds a table at an epoch, raised at every claim. Every
// write of a move, and every write that changes a live table, checks in its
// own transaction that the row still names this owner at that epoch (and
// takes a share lock on it, so a claim waits for the write to commit), and
// the primary key (table_id, idx) refuses a second action at an index. A
// process that lost a lease (paused, cut off) can never add a move.
//
// The connection is made again at the next call after it breaks: while the
// database cannot be reached every call fails with the reason, and play
// resumes by itself when it returns.
#include <dlfcn.h>
#include <libpq-fe.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cassert>
#include <charconv>
#include <cmath>
#include <condition_variable>
#include <ctime>
#include <deque>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <type_traits>
#include <unordered_map>
#include <utility>

#include "server/log_limit.h"
#include "server/store_impl.h"

namespace parlour::server {
namespace {

using namespace store_impl;

// libpq, loaded (dlopen) when a connection is first made rather than linked:
// linked, libpq and what it needs (Kerberos, LDAP, GnuTLS) are loaded and
// set up in every process that starts, some 20 ms each, where most (each
// `parlour play`, each test) never open a PostgreSQL store.
struct LibPq {
  decltype(&::PQclear) PQclear = nullptr;
  decltype(&::PQcmdTuples) PQcmdTuples = nullptr;
  decltype(&::PQconnectdbParams) PQconnectdbParams = nullptr;
  decltype(&::PQerrorMessage) PQerrorMessage = nullptr;
  decltype(&::PQexec) PQexec = nullptr;
  decltype(&::PQexecParams) PQexecParams = nullptr;
  decltype(&::PQexecPrepared) PQexecPrepared = nullptr;
  decltype(&::PQenterPipelineMode) PQenterPipelineMode = nullptr;
  decltype(&::PQexitPipelineMode) PQexitPipelineMode = nullptr;
  decltype(&::PQgetResult) PQgetResult = nullptr;
  decltype(&::PQpipelineSync) PQpipelineSync = nullptr;
  decltype(&::PQsendQueryParams) PQsendQueryParams = nullptr;
  decltype(&::PQsendQueryPrepared) PQsendQueryPrepared = nullptr;
  decltype(&::PQfinish) PQfinish = nullptr;
  decltype(&::PQgetisnull) PQgetisnull = nullptr;
  decltype(&::PQgetlength) PQgetlength = nullptr;
  decltype(&::PQgetvalue) PQgetvalue = nullptr;
  decltype(&::PQntuples) PQntuples = nullptr;
  decltype(&::PQprepare) PQprepare = nullptr;
  decltype(&::PQreset) PQreset = nullptr;
  decltype(&::PQresultErrorField) PQresultErrorField = nullptr;
  decltype(&::PQresultStatus) PQresultStatus = nullptr;
  decltype(&::PQsetNoticeProcessor) PQsetNoticeProcessor = nullptr;
  decltype(&::PQstatus) PQstatus = nullptr;
};
struct LoadedPq {
  LibPq fns;
  std::string error;       // why libpq cannot be used; empty when it can
  bool pipelines = false;  // it has pipeline mode
};
const LoadedPq& loaded_pq() {
  static const LoadedPq loaded = [] {
    LoadedPq out;
    void* lib = dlopen("libpq.so.5", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
      const char* why = dlerror();
      out.error = std::string("libpq (PostgreSQL's client, Debian's libpq5) cannot be loaded: ") +
                  (why ? why : "libpq.so.5 not found");
      return out;
    }
    auto take = [&](auto& f, const char* name, bool required = true) {
      f = reinterpret_cast<std::remove_reference_t<decltype(f)>>(dlsym(lib, name));
      if (!f && required && out.error.empty()) out.error = std::string("libpq.so.5 has no ") + name;
    };
    take(out.fns.PQclear, "PQclear");
    take(out.fns.PQcmdTuples, "PQcmdTuples");
    take(out.fns.PQconnectdbParams, "PQconnectdbParams");
    take(out.fns.PQerrorMessage, "PQerrorMessage");
    take(out.fns.PQexec, "PQexec");
    take(out.fns.PQexecParams, "PQexecParams");
    take(out.fns.PQexecPrepared, "PQexecPrepared");
    // Pipeline mode (libpq 14 and later): without it, statements go one by
    // one (PgStore::claim_and_load).
    take(out.fns.PQenterPipelineMode, "PQenterPipelineMode", false);
    take(out.fns.PQexitPipelineMode, "PQexitPipelineMode", false);
    take(out.fns.PQgetResult, "PQgetResult", false);
    take(out.fns.PQpipelineSync, "PQpipelineSync", false);
    take(out.fns.PQsendQueryParams, "PQsendQueryParams", false);
    take(out.fns.PQsendQueryPrepared, "PQsendQueryPrepared", false);
    out.pipelines = out.fns.PQenterPipelineMode && out.fns.PQexitPipelineMode &&
                    out.fns.PQgetResult && out.fns.PQpipelineSync && out.fns.PQsendQueryParams &&
                    out.fns.PQsendQueryPrepared;
    take(out.fns.PQfinish, "PQfinish");
    take(out.fns.PQgetisnull, "PQgetisnull");
    take(out.fns.PQgetlength, "PQgetlength");
    take(out.fns.PQgetvalue, "PQgetvalue");
    take(out.fns.PQntuples, "PQntuples");
    take(out.fns.PQprepare, "PQprepare");
    take(out.fns.PQreset, "PQreset");
    take(out.fns.PQresultErrorField, "PQresultErrorField");
    take(out.fns.PQresultStatus, "PQresultStatus");
    take(out.fns.PQsetNoticeProcessor, "PQsetNoticeProcessor");
    take(out.fns.PQstatus, "PQstatus");
    return out;
  }();
  return loaded;
}
// REQUIRES: loaded_pq().error is empty (checked before the first connection:
// nothing else calls libpq without one).
const LibPq& pq() {
  return loaded_pq().fns;
}

struct ResultFree {
  void operator()(PGresult* r) const { pq().PQclear(r); }
};
using PgResult = std::unique_ptr<PGresult, ResultFree>;
struct ConnFree {
  void operator()(PGconn* c) const { pq().PQfinish(c); }
};

// A failure of the database, with its SQLSTATE ("" when it never answered).
struct PgError : std::runtime_error {
  std::string state;
  PgError(const std::string& what, std::string s) : std::runtime_error(what), state(std::move(s)) {}
};

// Raised by the database when a write's fence fails (parlour_add_actions).
constexpr const char* kFenced = "PF001";

// libpq's messages end with a newline.
std::string trimmed(std::string why) {
  while (!why.empty() && (why.back() == '\n' || why.back() == ' ')) why.pop_back();
  return why;
}

// A parameter in text form; nullopt is NULL.
using Param = std::optional<std::string>;
// A statement and its parameters, to run later or with others.
struct Statement {
  std::string sql;
  std::vector<Param> params;
};

std::string text_array(std::span<const std::string> items) {
  std::string out = "{";
  for (const std::string& s : items) {
    if (out.size() > 1) out += ',';
    out += '"';
    for (char c : s) {
      if (c == '"' || c == '\\') out += '\\';
      out += c;
    }
    out += '"';
  }
  return out + "}";
}

template <class T>
std::string int_array(const std::vector<T>& items) {
  std::string out = "{";
  for (const T& v : items) {
    if (out.size() > 1) out += ',';
    out += std::to_string(v);
  }
  return out + "}";
}

// One connection, made again when it breaks. `synced`: each commit returns
// only once it is in the log on disk; otherwise before (the writes that a
// crash may lose harmlessly, each its own transaction).
class Connection {
 public:
  explicit Connection(std::string uri, bool synced = true)
      : uri_(std::move(uri)), synced_(synced) {}

  // Connects (again) if the connection is not open; throws if it cannot.
  void ensure() {
    if (const std::string& why = loaded_pq().error; !why.empty()) throw PgError(why, "");
    if (c_ && pq().PQstatus(c_.get()) == CONNECTION_OK) return;
    if (c_) {
      pq().PQreset(c_.get());
    } else {
      // Defaults the URI may override (it is expanded after them).
      const char* keys[] = {"connect_timeout", "application_name", "dbname", nullptr};
      const char* values[] = {"3", "parlour", uri_.c_str(), nullptr};
      c_.reset(pq().PQconnectdbParams(keys, values, /*expand_dbname=*/1));
    }
    if (!c_) throw PgError("out of memory", "");
    prepared_.clear();  // a new session: its statements are to prepare again
    if (pq().PQstatus(c_.get()) != CONNECTION_OK) {
      throw PgError("cannot reach PostgreSQL: " + trimmed(pq().PQerrorMessage(c_.get())), "");
    }
    // Notices (a table that exists already) are not the server's to print.
    pq().PQsetNoticeProcessor(
        c_.get(), [](void*, const char*) {}, nullptr);
    // Said outright, whatever the database's defaults.
    run(synced_ ? "SET synchronous_commit = on" : "SET synchronous_commit = off", {});
    run("SET client_min_messages = warning", {});
  }

  // Runs one statement; throws PgError naming the database's complaint.
  PgResult run(const std::string& sql, std::initializer_list<Param> params) {
    return run(sql, std::vector<Param>(params));
  }
  // Each statement is prepared once a session, then run by its name: parsed,
  // analysed and planned afresh at every call, the statements of a move cost
  // PostgreSQL a fifth more CPU. The texts are the program's own (values
  // travel as parameters), so they are few; past kMaxPrepared, unnamed.
  PgResult run(const std::string& sql, const std::vector<Param>& params) {
    ensure();
    const std::vector<const char*> values = texts(params);
    const int n = static_cast<int>(values.size());
    if (const std::string* name = prepared(sql, n))
      return checked(
          pq().PQexecPrepared(c_.get(), name->c_str(), n, values.data(), nullptr, nullptr, 0));
    return checked(
        pq().PQexecParams(c_.get(), sql.c_str(), n, nullptr, values.data(), nullptr, nullptr, 0));
  }
  // Several statements in one round trip (libpq's pipeline mode), run in
  // order as one transaction, each reading what the ones before it wrote
  // and, at READ COMMITTED, what others committed before it began. Their
  // results in order; throws the first failure, having read every answer
  // (a connection left mid-pipeline is closed, and made again at its next
  // use).
  std::vector<PgResult> pipeline(std::span<const Statement> statements) {
    ensure();
    std::vector<const std::string*> names;  // prepared first, each once a session
    for (const Statement& st : statements)
      names.push_back(prepared(st.sql, static_cast<int>(st.params.size())));
    PGconn* c = c_.get();
    auto broken = [&](const std::string& why) {
      PgError e(why + ": " + trimmed(pq().PQerrorMessage(c)), "");
      c_.reset();  // mid-pipeline: not to be used again
      return e;
    };
    if (pq().PQenterPipelineMode(c) != 1) throw PgError("cannot enter pipeline mode", "");
    for (std::size_t i = 0; i < statements.size(); ++i) {
      const std::vector<const char*> values = texts(statements[i].params);
      const int n = static_cast<int>(values.size());
      const int sent = names[i] ? pq().PQsendQueryPrepared(c, names[i]->c_str(), n, values.data(),
                                                           nullptr, nullptr, 0)
                                : pq().PQsendQueryParams(c, statements[i].sql.c_str(), n, nullptr,
                                                         values.data(), nullptr, nullptr, 0);
      if (sent != 1) throw broken("sending a statement");
    }
    if (pq().PQpipelineSync(c) != 1) throw broken("sending a pipeline");
    std::vector<PgResult> results;
    for (std::size_t i = 0; i < statements.size(); ++i) {
      PgResult r(pq().PQgetResult(c));
      if (!r) throw broken("reading a pipeline");
      while (PGresult* more = pq().PQgetResult(c)) pq().PQclear(more);  // ends with null
      results.push_back(std::move(r));
    }
    PgResult sync(pq().PQgetResult(c));
    if (!sync || pq().PQresultStatus(sync.get()) != PGRES_PIPELINE_SYNC)
      throw broken("ending a pipeline");
    if (pq().PQexitPipelineMode(c) != 1) throw broken("leaving pipeline mode");
    for (PgResult& r : results) r = checked(r.release());
    return results;
  }
  // Several statements without parameters (a step of the schema).
  void script(const std::string& sql) {
    ensure();
    checked(pq().PQexec(c_.get(), sql.c_str()));
  }

 private:
  static std::vector<const char*> texts(const std::vector<Param>& params) {
    std::vector<const char*> values;
    values.reserve(params.size());
    for (const Param& p : params) values.push_back(p ? p->c_str() : nullptr);
    return values;
  }
  // The name `sql` is prepared under in this session (prepared now if need
  // be), or null past kMaxPrepared (then sent unnamed).
  const std::string* prepared(const std::string& sql, int n) {
    auto it = prepared_.find(sql);
    if (it == prepared_.end() && prepared_.size() < kMaxPrepared) {
      std::string name = "parlour_" + std::to_string(prepared_.size());
      checked(pq().PQprepare(c_.get(), name.c_str(), sql.c_str(), n, nullptr));
      it = prepared_.emplace(sql, std::move(name)).first;
    }
    return it == prepared_.end() ? nullptr : &it->second;
  }
  PgResult checked(PGresult* raw) {
    PgResult r(raw);
    const ExecStatusType status = r ? pq().PQresultStatus(r.get()) : PGRES_FATAL_ERROR;
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return r;
    const char* state = r ? pq().PQresultErrorField(r.get(), PG_DIAG_SQLSTATE) : nullptr;
    const char* primary = r ? pq().PQresultErrorField(r.get(), PG_DIAG_MESSAGE_PRIMARY) : nullptr;
    const std::string why = trimmed(primary ? primary : pq().PQerrorMessage(c_.get()));
    throw PgError(why.empty() ? "no answer" : why, state ? state : "");
  }

  static constexpr std::size_t kMaxPrepared = 256;
  std::string uri_;
  bool synced_;
  std::unique_ptr<PGconn, ConnFree> c_;
  std::unordered_map<std::string, std::string> prepared_;  // text -> name, this session's
};

// BEGIN now, ROLLBACK unless committed.
class Transaction {
 public:
  explicit Transaction(Connection& c) : c_(c) { c_.run("BEGIN", {}); }
  ~Transaction() {
    if (done_) return;
    try {
      c_.run("ROLLBACK", {});
    } catch (const std::exception&) {  // the connection is gone: so is the transaction
    }
  }
  void commit() {
    c_.run("COMMIT", {});
    done_ = true;
  }

 private:
  Connection& c_;
  bool done_ = false;
};

struct PgCells : Cells {
  const PGresult* r;
  int row;
  PgCells(const PGresult* res, int i) : r(res), row(i) {}
  std::string text(int c) const override {
    return pq().PQgetisnull(r, row, c) ? std::string() : std::string(pq().PQgetvalue(r, row, c));
  }
  std::optional<std::int64_t> whole(int c) const override {
    if (pq().PQgetisnull(r, row, c)) return std::nullopt;
    const char* v = pq().PQgetvalue(r, row, c);
    const char* end = v + pq().PQgetlength(r, row, c);
    std::int64_t out = 0;
    auto [p, ec] = std::from_chars(v, end, out);
    if (ec != std::errc() || p != end) return std::nullopt;
    return out;
  }
  std::string shown(int c) const override {
    return pq().PQgetisnull(r, row, c) ? std::string("null") : text(c).substr(0, 20);
  }
};

std::string cell(const PGresult* r, int row, int column) {
  return pq().PQgetvalue(r, row, column);
}
std::int64_t number(const PGresult* r, int row, int column) {
  return PgCells(r, row).whole(column).value_or(0);
}
int affected(const PGresult* r) {
  const char* n = pq().PQcmdTuples(const_cast<PGresult*>(r));
  return n && *n ? std::atoi(n) : 0;
}

// The schema, step by step, numbered as SQLite's (store_sqlite.cc): step 7
// adds what sharing needs, the leases and the counters of the limits.
constexpr const char* kSteps[] = {
    // 1: the first release's tables
    "CREATE TABLE tables(id TEXT PRIMARY KEY, game TEXT NOT NULL, players BIGINT NOT NULL,"
    " options TEXT NOT NULL, seed BIGINT NOT NULL, bot_seed BIGINT NOT NULL, seats TEXT NOT NULL,"
    " finished BIGINT NOT NULL DEFAULT 0, next TEXT NOT NULL DEFAULT '', created BIGINT NOT NULL,"
    " record TEXT, made BIGSERIAL);"
    "CREATE TABLE actions(table_id TEXT NOT NULL, idx INTEGER NOT NULL, action BIGINT NOT NULL,"
    " PRIMARY KEY(table_id, idx));"
    "CREATE TABLE stats(name TEXT NOT NULL, game TEXT NOT NULL, played BIGINT NOT NULL,"
    " won BIGINT NOT NULL, lost BIGINT NOT NULL, score DOUBLE PRECISION NOT NULL,"
    " PRIMARY KEY(name, game));"
    "CREATE INDEX tables_created ON tables(created);"
    "CREATE TABLE chat(id BIGSERIAL PRIMARY KEY, table_id TEXT NOT NULL, at BIGINT NOT NULL,"
    " seat INTEGER NOT NULL, name TEXT NOT NULL, text TEXT NOT NULL);"
    "CREATE INDEX chat_table ON chat(table_id)",
    // 2: the seat of each action
    "ALTER TABLE actions ADD COLUMN seat INTEGER",
    // 3, 4: absent players, windows
    "ALTER TABLE tables ADD COLUMN absent_after BIGINT NOT NULL DEFAULT 0",
    "ALTER TABLE tables ADD COLUMN window_seconds BIGINT NOT NULL DEFAULT 10",
    // 5: when a table was last played, so that abandoned ones expire
    "ALTER TABLE tables ADD COLUMN active BIGINT NOT NULL DEFAULT 0",
    // 6: streaks
    "ALTER TABLE stats ADD COLUMN streak BIGINT NOT NULL DEFAULT 0;"
    "ALTER TABLE stats ADD COLUMN best_streak BIGINT NOT NULL DEFAULT 0",
    // 7: the health row; leases; the shared counters of the limits (UNLOGGED:
    // not worth a write of the log, and lost harmlessly in a crash); the
    // fenced write of a group of moves: a key-share lock on each table's row
    // (in the order of ids), which a claim (SELECT ... FOR UPDATE first)
    // waits for and a renewal does not. A held table's `active` was kept by
    // its renewals, not by every move (until step 9: by keep() alone).
    "CREATE TABLE health(id INTEGER PRIMARY KEY, at BIGINT NOT NULL);"
    "ALTER TABLE tables ADD COLUMN owner TEXT;"
    "ALTER TABLE tables ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0;"
    "ALTER TABLE tables ADD COLUMN lease_until TIMESTAMPTZ;"
    "ALTER TABLE tables ADD COLUMN wanted_by TEXT;"
    "CREATE UNLOGGED TABLE limits(client TEXT NOT NULL, kind TEXT NOT NULL, minute BIGINT NOT NULL,"
    " n BIGINT NOT NULL, PRIMARY KEY(client, kind, minute));"
    "CREATE FUNCTION parlour_add_actions(me TEXT, held TEXT[], epochs BIGINT[], ids TEXT[],"
    " idxs INTEGER[], acts BIGINT[], seats INTEGER[], at BIGINT) RETURNS void LANGUAGE plpgsql AS "
    "$$"
    " DECLARE n INTEGER; lost TEXT;"
    " BEGIN"
    "  PERFORM 1 FROM tables t JOIN unnest(held, epochs) AS h(id, epoch)"
    "   ON t.id = h.id AND t.epoch = h.epoch WHERE t.owner = me ORDER BY t.id FOR KEY SHARE OF t;"
    "  GET DIAGNOSTICS n = ROW_COUNT;"
    "  IF n <> cardinality(held) THEN"
    "   SELECT h.id INTO lost FROM unnest(held, epochs) AS h(id, epoch) WHERE NOT EXISTS"
    "    (SELECT 1 FROM tables t WHERE t.id = h.id AND t.epoch = h.epoch AND t.owner = me) LIMIT 1;"
    "   RAISE EXCEPTION 'table % is no longer held by %', lost, me USING ERRCODE = 'PF001';"
    "  END IF;"
    "  INSERT INTO actions(table_id, idx, action, seat) SELECT * FROM unnest(ids, idxs, acts, "
    "seats);"
    " END $$",
    // 8: the fence looks each table held up by its key. Joined to the arrays
    // (which the planner guesses at a hundred rows), it read the whole of
    // `tables`, every game ever made, at each commit: PostgreSQL's CPU per
    // move grew with the games played. And its statements keep one plan:
    // planned afresh for each group's arrays, they cost a tenth of its CPU.
    "ALTER FUNCTION parlour_add_actions(TEXT, TEXT[], BIGINT[], TEXT[], INTEGER[], BIGINT[],"
    " INTEGER[], BIGINT) SET enable_seqscan = off SET plan_cache_mode = force_generic_plan",
    // 9: a lease per process, one row renewed each second, instead of the row
    // of every table it holds (at 1,000 tables a process those renewals were
    // 41% of the log's records, and a write of every row held each second). A
    // table is held while its owner's lease runs. `lease_until` is still set
    // at a claim: a process of step 8 still running beside honours it for one
    // lease length, then may claim the table (the fence keeps every move
    // safe; stop the old processes before starting new ones). The tables
    // some process asks their holder for, found by owner.
    "CREATE TABLE IF NOT EXISTS leases(owner TEXT PRIMARY KEY, until TIMESTAMPTZ NOT NULL);"
    "CREATE INDEX IF NOT EXISTS tables_wanted ON tables(owner) WHERE wanted_by IS NOT NULL",
    // 10: a table's row is written again and again as it is played (claimed,
    // stamped in use, finished, let go). A new version of a row fits on its
    // page, with no new entry in any index (a HOT update), only where the
    // page has room and no indexed column changed: the pages keep a third
    // free, and the tables asked for are found by who asks (few rows), not
    // by their owner, which every claim and release changes. Before, each
    // write of a row added an entry to every index, and the vacuum that
    // clears them stalled play for seconds at 3,000 tables.
    "DROP INDEX IF EXISTS tables_wanted;"
    "CREATE INDEX tables_asked ON tables(wanted_by) WHERE wanted_by IS NOT NULL;"
    "ALTER TABLE tables SET (fillfactor = 70)",
};
static_assert(std::size(kSteps) == kSchemaVersion);

void migrate(Connection& c) {
  Transaction tx(c);
  // One process at a time: several starting together would race.
  c.run("SELECT pg_advisory_xact_lock(727001)", {});
  c.run("CREATE TABLE IF NOT EXISTS parlour_schema(version INTEGER NOT NULL)", {});
  PgResult v = c.run("SELECT version FROM parlour_schema", {});
  int at = 0;
  if (pq().PQntuples(v.get()) == 0)
    c.run("INSERT INTO parlour_schema(version) VALUES(0)", {});
  else
    at = static_cast<int>(number(v.get(), 0, 0));
  if (at > kSchemaVersion) throw std::runtime_error(newer_schema(at));
  for (int step = at; step < kSchemaVersion; ++step) c.script(kSteps[step]);
  if (at < kSchemaVersion)
    c.run("UPDATE parlour_schema SET version = $1", {std::to_string(kSchemaVersion)});
  tx.commit();
}

// A CTE making or lengthening this process's lease (`owner` and `seconds`
// are parameter numbers): run whether or not the statement reads it. From
// the clock as it runs, not the transaction's start (now()): a renewal's
// transaction takes several round trips, each of which would shorten it.
std::string lease_cte(int owner, int seconds) {
  return "lease AS (INSERT INTO leases(owner, until) VALUES($" + std::to_string(owner) +
         ", clock_timestamp() + make_interval(secs => $" + std::to_string(seconds) +
         ")) ON CONFLICT(owner) DO UPDATE SET until = EXCLUDED.until)";
}

// Whether table row `t` may be claimed: nobody holds it, or both its row's
// lease (set at the claim) and its holder's lease have run out.
constexpr const char* kLapsed =
    "(t.owner IS NULL OR (t.lease_until < now() AND NOT EXISTS"
    " (SELECT 1 FROM leases l WHERE l.owner = t.owner AND l.until >= now())))";

std::string now_seconds() {
  return std::to_string(static_cast<std::int64_t>(std::time(nullptr)));
}

class PgStore final : public Store {
 public:
  PgStore(std::string uri, const StoreOptions& o)
      : uri_(uri),
        c_(std::move(uri)),
        owner_(o.owner.empty() ? lease_owner(std::to_string(getpid())) : o.owner),
        lease_(std::to_string(o.lease.count())),
        half_lease_(std::chrono::duration_cast<std::chrono::milliseconds>(o.lease) / 2) {}

  ~PgStore() override {
    if (committer_.joinable()) {
      {
        std::lock_guard lock(mu_);
        stop_ = true;
      }
      wake_.notify_one();
      committer_.join();
    }
    std::lock_guard lock(commits_.mu);
    if (const long n = commits_.n; n > 0)
      spdlog::info(
          "{} commits of moves, {} of them {} ms or more (the longest {} ms); half took {}, 9 in "
          "10 {}, 99 in 100 {}: a move is told only once its commit is synced to disk",
          n, commits_.by_ms.back(), CommitTimes::kSlow.count(), commits_.longest.count(),
          commits_.within(0.5), commits_.within(0.9), commits_.within(0.99));
  }

  void start() { migrate(c_); }

  // Written beside an open group (its moves are on their way through the
  // committing thread): none of them is needed first.
  Status add_table(const TableRow& t, const std::string& rematch_of, bool hold) override {
    if (std::string why = t.problem(); !why.empty()) return Status::error("not stored: " + why);
    return guarded("adding a table", [&] {
      const Statement insert = table_insert(t, rematch_of, hold);
      PgResult r = c_.run(insert.sql, insert.params);
      if (hold) {
        lengthened(false);
        held_[t.id] = number(r.get(), 0, 0);
      }
      return Status();
    });
  }

  // A new table's row in one statement, so one round trip and one commit:
  // the lease (where it is held) and the link from the table it is a
  // rematch of are written by its CTEs. It returns the epoch.
  Statement table_insert(const TableRow& t, const std::string& rematch_of, bool hold) const {
    std::vector<Param> values{
        t.id,
        t.game,
        std::to_string(t.players),
        options_json(t.options),
        std::to_string(to_db(t.seed)),
        std::to_string(to_db(t.bot_seed)),
        seats_json(t.seats),
        t.finished ? "1" : "0",
        t.next,
        std::to_string(t.created ? t.created : static_cast<std::int64_t>(std::time(nullptr))),
        std::to_string(t.absent_after),
        std::to_string(t.window_seconds)};
    std::string with;
    auto cte = [&](const std::string& c) { with += (with.empty() ? "WITH " : ", ") + c; };
    if (hold) {
      values.push_back(owner_);
      values.push_back(lease_);
      cte(lease_cte(13, 14));
    }
    if (!rematch_of.empty()) {
      values.push_back(rematch_of);
      cte("linked AS (UPDATE tables SET next = $1 WHERE id = $" + std::to_string(values.size()) +
          ")");
    }
    return {with +
                " INSERT INTO tables(id, game, players, options, seed, bot_seed, seats, finished,"
                " next, created, absent_after, window_seconds, owner, epoch, lease_until)"
                " VALUES($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, " +
                (hold ? "$13, 1, now() + make_interval(secs => $14)"
                      : "NULL, 0, NULL") +  // nobody's: its first claim takes epoch 1
                ") RETURNING epoch",
            std::move(values)};
  }

  Status remove_action(const std::string& table, int index) override {
    assert(!group_open());
    return fenced("taking back an action", table, [&](const std::string& epoch) {
      Transaction tx(c_);
      if (!owns(table, epoch, /*lock=*/true)) return false;
      c_.run("DELETE FROM actions WHERE table_id = $1 AND idx = $2",
             {table, std::to_string(index)});
      tx.commit();
      return true;
    });
  }

  Status set_seats(const std::string& table, const std::vector<SeatRow>& seats) override {
    assert(!group_open());
    return fenced("naming a seat", table, [&](const std::string& epoch) {
      return affected(c_.run("UPDATE tables SET seats = $1 WHERE id = $2 AND owner = $3 AND "
                             "epoch = $4",
                             {seats_json(seats), table, owner_, epoch})
                          .get()) == 1;
    });
  }

  Status finish(const std::string& table, const std::string& record_json,
                const std::vector<StatRow>& results) override {
    assert(!group_open());
    return fenced("finishing a table", table, [&](const std::string& epoch) {
      Transaction tx(c_);
      if (!finish_on(c_, owner_, {table, epoch, record_json, results})) return false;
      tx.commit();
      return true;
    });
  }

  Status add_results(const std::vector<StatRow>& results) override {
    assert(!group_open());
    return guarded("keeping results", [&] {
      Transaction tx(c_);
      add_stats(c_, results);
      tx.commit();
      return Status();
    });
  }

  Result<std::optional<TableRow>> table(const std::string& id, bool actions) override {
    return guarded("loading a table", [&]() -> Result<std::optional<TableRow>> {
      const Statement row = row_select(id);
      PgResult q = c_.run(row.sql, row.params);
      if (!actions || pq().PQntuples(q.get()) == 0) return table_of(q.get(), nullptr);
      const Statement acts = actions_select(id);
      PgResult a = c_.run(acts.sql, acts.params);
      return table_of(q.get(), a.get());
    });
  }

  // The statements that read a table (its row, its actions), and what they
  // read made a row (none if there is no such table; the actions too, unless
  // `actions` is null).
  static Statement row_select(const std::string& id) {
    return {select_columns(" FROM tables WHERE id = $1"), {id}};
  }
  static Statement actions_select(const std::string& id) {
    return {"SELECT idx, action, seat FROM actions WHERE table_id = $1 ORDER BY idx", {id}};
  }
  static Result<std::optional<TableRow>> table_of(const PGresult* row, const PGresult* actions) {
    if (pq().PQntuples(row) == 0) return std::optional<TableRow>();
    TableRow t = row_of(PgCells(row, 0));
    if (!actions) return std::optional<TableRow>(std::move(t));
    const int n = pq().PQntuples(actions);
    t.actions.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
      if (number(actions, i, 0) != static_cast<std::int64_t>(t.actions.size()))
        return Status::error("database: table " + t.id + " has a gap in its actions");
      const Seat seat =
          pq().PQgetisnull(actions, i, 2) ? kNobody : static_cast<Seat>(number(actions, i, 2));
      t.actions.push_back({seat, static_cast<Action>(number(actions, i, 1))});
    }
    return std::optional<TableRow>(std::move(t));
  }

  Result<std::vector<std::string>> unfinished(std::int64_t active_since) override {
    return guarded("listing unfinished tables", [&]() -> Result<std::vector<std::string>> {
      PgResult q = c_.run(
          "SELECT id FROM tables WHERE finished = 0 AND GREATEST(created, active) >= $1"
          " ORDER BY GREATEST(created, active) DESC",
          {std::to_string(active_since)});
      std::vector<std::string> ids;
      for (int i = 0; i < pq().PQntuples(q.get()); ++i) ids.push_back(cell(q.get(), i, 0));
      return ids;
    });
  }

  // A table another process holds a live lease on is never abandoned.
  Result<int> remove_abandoned(std::int64_t before) override {
    static const std::string which = std::string(
                                         "SELECT t.id FROM tables t WHERE t.finished = 0 AND"
                                         " GREATEST(t.created, t.active) < $1 AND ") +
                                     kLapsed;
    return remove_tables("removing abandoned tables", which.c_str(), before);
  }

  Status keep(std::span<const std::string> tables) override {  // beside an open group too
    if (tables.empty()) return Status();
    return guarded("marking tables in use", [&] {
      // Not worth waiting for a sync of the log (each join writes it): lost
      // in a crash, a table only looks unplayed since its stamp before, days
      // from expiry.
      unsynced_.run(
          "WITH these AS (SELECT id FROM tables WHERE id = ANY($2::text[]) ORDER BY id"
          " FOR NO KEY UPDATE) UPDATE tables t SET active = $1 FROM these WHERE t.id = these.id",
          {now_seconds(), text_array(tables)});
      return Status();
    });
  }

  Result<int> remove_finished(std::int64_t before) override {
    return remove_tables("removing old tables",
                         "SELECT id FROM tables WHERE finished = 1 AND created < $1", before);
  }

  Status can_write() override {
    assert(!group_open());
    return guarded("writing", [&] {
      c_.run("INSERT INTO health(id, at) VALUES(1, $1) ON CONFLICT(id) DO UPDATE SET at = $1",
             {now_seconds()});
      return Status();
    });
  }

  Result<std::vector<TableRow>> recent(int limit, std::vector<std::string>* skipped) override {
    return guarded("listing tables", [&]() -> Result<std::vector<TableRow>> {
      PgResult q =
          c_.run(select_columns(", (SELECT COUNT(*) FROM actions WHERE table_id = id) FROM tables"
                                " ORDER BY created DESC, made DESC LIMIT $1"),
                 {std::to_string(std::max(limit, 0))});
      std::vector<TableRow> rows;
      for (int i = 0; i < pq().PQntuples(q.get()); ++i) {
        try {
          rows.push_back(row_of(PgCells(q.get(), i)));
        } catch (const std::exception& e) {
          if (skipped) skipped->push_back(e.what());
          continue;
        }
        rows.back().actions.resize(static_cast<std::size_t>(number(q.get(), i, 12)));
      }
      return rows;
    });
  }

  Result<std::optional<std::string>> record(const std::string& id) override {
    return guarded("reading a record", [&]() -> Result<std::optional<std::string>> {
      PgResult q = c_.run("SELECT record FROM tables WHERE id = $1 AND finished = 1", {id});
      if (pq().PQntuples(q.get()) == 0 || pq().PQgetisnull(q.get(), 0, 0))
        return std::optional<std::string>();
      return std::optional<std::string>(cell(q.get(), 0, 0));
    });
  }

  Result<std::vector<StatRow>> stats(int limit, int offset) override {
    return guarded("reading stats", [&]() -> Result<std::vector<StatRow>> {
      PgResult q = c_.run(
          "SELECT name, game, played, won, lost, score, streak, best_streak FROM stats"
          " ORDER BY won DESC, played DESC, name, game LIMIT $1 OFFSET $2",
          {limit < 0 ? Param() : Param(std::to_string(limit)),
           std::to_string(std::max(offset, 0))});
      std::vector<StatRow> rows;
      for (int i = 0; i < pq().PQntuples(q.get()); ++i) {
        auto n = [&](int c) { return static_cast<int>(number(q.get(), i, c)); };
        rows.push_back({cell(q.get(), i, 0), cell(q.get(), i, 1), n(2), n(3), n(4),
                        std::strtod(pq().PQgetvalue(q.get(), i, 5), nullptr), n(6), n(7)});
      }
      return rows;
    });
  }

  Result<std::vector<Chat>> chat(const std::string& table, int limit) override {
    return guarded("reading table talk", [&]() -> Result<std::vector<Chat>> {
      const Statement read = chat_select(table, limit);
      return chat_of(c_.run(read.sql, read.params).get());
    });
  }
  // Bounded as read, whatever was stored: one huge line must not make its
  // table impossible to join.
  static Statement chat_select(const std::string& table, int limit) {
    return {"SELECT seat, substr(name, 1, " + std::to_string(kMaxChatName) + "), substr(text, 1, " +
                std::to_string(kMaxChatText) +
                "), at FROM chat WHERE table_id = $1 ORDER BY id DESC LIMIT $2",
            {table, std::to_string(std::max(limit, 0))}};
  }
  static std::vector<Chat> chat_of(const PGresult* q) {
    std::vector<Chat> lines;
    for (int i = pq().PQntuples(q) - 1; i >= 0; --i)
      lines.push_back(
          {static_cast<Seat>(number(q, i, 0)), cell(q, i, 1), cell(q, i, 2), number(q, i, 3)});
    return lines;
  }

  // Without waiting for a sync of the log: a claim lost in a crash leaves
  // its epoch unwritten, and the fence (owner and epoch) refuses every write
  // made under it; a move committed after it (synced) makes it durable first.
  Result<Claim> claim(const std::string& table) override {
    return guarded("claiming a table", [&]() -> Result<Claim> {
      if (held_.count(table)) {  // ours still, and our lease lengthened
        PgResult r =
            unsynced_.run("WITH " + lease_cte(1, 2) +
                              " SELECT 1 FROM tables WHERE id = $3 AND owner = $1 AND epoch = $4",
                          {owner_, lease_, table, std::to_string(held_[table])});
        lengthened(false);
        if (pq().PQntuples(r.get()) == 1) return Claim{true, true, "", held_[table]};
        held_.erase(table);
      }
      // FOR UPDATE first: a write of the old owner's in flight (holding a
      // key-share lock on the row) is waited for, so none lands after this.
      // A second try where the holder let it go in between.
      for (int attempt = 0; attempt < 2; ++attempt) {
        const Statement take = claim_update(table);
        PgResult r = unsynced_.run(take.sql, take.params);
        lengthened(false);
        if (pq().PQntuples(r.get()) == 1) {
          held_[table] = number(r.get(), 0, 0);
          return Claim{true, true, "", held_[table]};
        }
        // Asked of the holder at its next renewal: a proxy sends this
        // table's clients here now.
        PgResult who = unsynced_.run(
            "WITH t AS (SELECT owner FROM tables WHERE id = $1),"
            " asked AS (UPDATE tables SET wanted_by = $2 WHERE id = $1 AND owner IS NOT NULL"
            " AND owner <> $2) SELECT owner FROM t",
            {table, owner_});
        if (pq().PQntuples(who.get()) == 0) return Claim{false, false, ""};
        if (!pq().PQgetisnull(who.get(), 0, 0)) return Claim{false, true, cell(who.get(), 0, 0)};
      }
      return Claim{false, true, ""};
    });
  }

  // The claim of a table held by nobody, or lapsed, or ours: its new epoch,
  // or no row.
  Statement claim_update(const std::string& table) const {
    return {"WITH " + lease_cte(1, 2) +
                ", row AS (SELECT id FROM tables WHERE id = $3 FOR UPDATE)"
                " UPDATE tables t SET owner = $1, epoch = epoch + 1, wanted_by = NULL,"
                " lease_until = now() + make_interval(secs => $2) FROM row"
                " WHERE t.id = row.id AND (t.owner = $1 OR " +
                kLapsed + ") RETURNING t.epoch",
            {owner_, lease_, table}};
  }

  // The claim and the three reads in one pipeline: each read is a statement
  // after the claim's, so it sees every move the old holder committed (the
  // claim's FOR UPDATE waited for any write of its in flight). Where the
  // claim takes nothing (held by another, or ours already), claim() and the
  // reads one by one, as any Store.
  Result<Loaded> claim_and_load(const std::string& table, int chat_lines) override {
    if (held_.count(table) || !loaded_pq().pipelines)
      return Store::claim_and_load(table, chat_lines);
    auto done = guarded("claiming and loading a table", [&]() -> Result<std::optional<Loaded>> {
      const Statement all[] = {claim_update(table), row_select(table), actions_select(table),
                               chat_select(table, chat_lines)};
      std::vector<PgResult> r = unsynced_.pipeline(all);
      lengthened(false);
      if (pq().PQntuples(r[1].get()) == 0)  // no such table
        return std::optional<Loaded>(Loaded{Claim{false, false, ""}, std::nullopt, {}});
      if (pq().PQntuples(r[0].get()) != 1) return std::optional<Loaded>();
      held_[table] = number(r[0].get(), 0, 0);
      auto row = table_of(r[1].get(), r[2].get());
      if (!row.ok()) return row.status();
      return std::optional<Loaded>(
          Loaded{Claim{true, true, "", held_[table]}, std::move(*row), chat_of(r[3].get())});
    });
    if (!done.ok()) return done.status();
    if (!*done) return Store::claim_and_load(table, chat_lines);
    return std::move(**done);
  }

  Result<Renewal> renew() override {
    return guarded("renewing leases", [&]() -> Result<Renewal> {
      Renewal out;
      if (held_.empty()) return out;
      // Not worth a sync of the log: a renewal lost in a crash only lets a
      // lease run out sooner, which the fence makes safe.
      Transaction tx(c_);
      c_.run("SET LOCAL synchronous_commit TO off", {});
      // What the lease had left: a table can be claimed from this process
      // only once its lease has run out, so where it never ran short (half
      // its length left) no table was lost, and the tables held are looked
      // up only otherwise, and every tenth renewal (a claim racing a renewal
      // that waited longer than that is found then, or by its first write's
      // fence).
      PgResult left = c_.run(
          "SELECT extract(epoch FROM until - clock_timestamp()) FROM leases WHERE owner = $1"
          " FOR UPDATE",
          {owner_});
      const bool kept =
          pq().PQntuples(left.get()) == 1 &&
          std::strtod(pq().PQgetvalue(left.get(), 0, 0), nullptr) * 2 >= std::stod(lease_);
      const std::uint64_t n = ++renewals_;
      if (!kept || gap_ || n % 10 == 0) {
        gap_ = false;
        std::vector<std::string> ids;
        std::vector<std::int64_t> epochs;
        for (const auto& [id, epoch] : held_) ids.push_back(id), epochs.push_back(epoch);
        c_.run("SET LOCAL enable_seqscan TO off", {});  // each held table by its key
        PgResult gone = c_.run(
            "SELECT h.id FROM unnest($1::text[], $2::bigint[]) AS h(id, epoch) WHERE NOT EXISTS"
            " (SELECT 1 FROM tables t WHERE t.id = h.id AND t.epoch = h.epoch AND t.owner = $3)",
            {text_array(ids), int_array(epochs), owner_});
        for (int i = 0; i < pq().PQntuples(gone.get()); ++i)
          out.lost.push_back(cell(gone.get(), i, 0));
      }
      // The tables another process asks for (a proxy sends their clients there).
      PgResult wanted = c_.run(
          "SELECT id FROM tables WHERE owner = $1 AND wanted_by IS NOT NULL AND wanted_by <> $1",
          {owner_});
      for (int i = 0; i < pq().PQntuples(wanted.get()); ++i)
        if (held_.count(cell(wanted.get(), i, 0))) out.wanted.push_back(cell(wanted.get(), i, 0));
      // Leases of processes gone an hour, now and then.
      if (n % 600 == 1) c_.run("DELETE FROM leases WHERE until < now() - interval '1 hour'", {});
      // Lengthened last, so that it runs its whole length from the commit.
      c_.run("WITH " + lease_cte(1, 2) + " SELECT 1", {owner_, lease_});
      tx.commit();
      lengthened(true);
      for (const std::string& id : out.lost) held_.erase(id);
      return out;
    });
  }

  void release(const std::string& table) override { (void)release_all(std::span(&table, 1)); }

  Result<std::size_t> release_all(std::span<const std::string> tables) override {
    std::vector<std::string> ids;
    std::vector<std::int64_t> epochs;
    for (const std::string& t : tables)
      if (auto it = held_.find(t); it != held_.end()) {
        ids.push_back(t), epochs.push_back(it->second);
        held_.erase(it);
      }
    if (ids.empty()) return std::size_t{0};
    try {
      // Unsynced: lost in a crash, a table stays held until this process's
      // lease runs out. Found by `id = ANY`, each by its key (a join with
      // unnest may be planned as a scan of every table).
      return static_cast<std::size_t>(
          affected(unsynced_
                       .run("UPDATE tables SET owner = NULL, lease_until = NULL, wanted_by = NULL"
                            " WHERE id = ANY($1::text[]) AND owner = $3"
                            " AND epoch = ($2::bigint[])[array_position($1::text[], id)]",
                            {text_array(ids), int_array(epochs), owner_})
                       .get()));
    } catch (const std::exception& e) {
      return Status::error(std::string("letting tables go: ") + e.what());
    }
  }

  bool holds(const std::string& table) const override { return held_.count(table) > 0; }
  const std::string& owner() const override { return owner_; }

  Result<bool> count(const std::string& kind, const std::string& client, int per_minute) override {
    return guarded("counting a client's requests", [&]() -> Result<bool> {
      // Minutes gone are forgotten now and then (the table is UNLOGGED: a
      // crash forgets them too, which only forgives).
      if (++counted_ % 256 == 1)
        c_.run("DELETE FROM limits WHERE minute < floor(extract(epoch FROM now()) / 60) - 1", {});
      PgResult r = c_.run(
          "INSERT INTO limits AS l(client, kind, minute, n)"
          " VALUES($1, $2, floor(extract(epoch FROM now()) / 60), 1)"
          " ON CONFLICT(client, kind, minute) DO UPDATE SET n = l.n + 1 RETURNING n",
          {client.substr(0, 100), kind});
      return number(r.get(), 0, 0) <= per_minute;
    });
  }

 protected:
  Status write_actions(std::span<const StoredAction> actions) override {
    auto call = group_call(actions);
    if (!call.ok()) return call.status();
    const auto began = std::chrono::steady_clock::now();
    auto [status, fenced] = run_group(c_, *call);
    commits_.took(std::chrono::steady_clock::now() - began, call->held.size());
    if (fenced) forget_lost(call->held);
    return status;
  }

  bool commits_async() const override { return true; }

  std::shared_future<Status> write_actions_async(std::vector<StoredTable> tables,
                                                 std::vector<StoredAction> actions,
                                                 std::vector<StoredFinish> finishes,
                                                 std::function<void()> ready) override {
    Job job{group_call(actions), {}, {}, {}, std::move(ready)};
    for (const StoredTable& t : tables)  // held by nobody (Store::add_table_in_group)
      job.made.push_back(table_insert(t.row, t.rematch_of, /*hold=*/false));
    for (StoredFinish& f : finishes) {
      if (!job.call.ok()) break;
      auto it = held_.find(f.table);
      if (it == held_.end()) {
        job.call = Status::error("database: finishing a table: table " + f.table +
                                 " is not held by " + owner_);
        break;
      }
      job.finishes.push_back(
          {f.table, std::to_string(it->second), std::move(f.record_json), std::move(f.results)});
    }
    std::shared_future<Status> result = job.done.get_future().share();
    if (!job.call.ok()) {
      job.ready();
      job.done.set_value(job.call.status());
      return result;
    }
    if (!committer_.joinable()) committer_ = std::thread(&PgStore::commit_loop, this);
    {
      std::lock_guard lock(mu_);
      jobs_.push_back(std::move(job));
    }
    wake_.notify_one();
    return result;
  }

  void recheck(std::span<const std::string> tables) override {
    forget_lost(std::vector<std::string>(tables.begin(), tables.end()));
  }

  Status write_chat(const std::string& table, const Chat& line) override {
    return guarded("keeping table talk", [&] {
      c_.run("INSERT INTO chat(table_id, at, seat, name, text) VALUES($1, $2, $3, $4, $5)",
             {table, std::to_string(line.at), std::to_string(line.seat), line.name, line.text});
      return Status();
    });
  }

 private:
  // One group's write, fenced: the database function's parameters, made on
  // the caller's thread (it reads the epochs held), run on any connection.
  struct GroupCall {
    std::vector<Param> params;  // the first: this Store's owner
    std::vector<std::string> held;
    const char* what;
  };
  Result<GroupCall> group_call(std::span<const StoredAction> actions) const {
    std::vector<std::string> held, ids;
    std::vector<std::int64_t> epochs, acts;
    std::vector<int> idxs, seats;
    for (const StoredAction& a : actions) {
      ids.push_back(a.table);
      idxs.push_back(a.index);
      acts.push_back(static_cast<std::int64_t>(a.action));
      seats.push_back(a.seat);
      if (std::find(held.begin(), held.end(), a.table) != held.end()) continue;
      auto it = held_.find(a.table);
      if (it == held_.end())
        return Status::error("database: table " + a.table + " is not held by " + owner_ +
                             ": its moves are another process's to store");
      held.push_back(a.table);
      epochs.push_back(it->second);
    }
    return GroupCall{{owner_, text_array(held), int_array(epochs), text_array(ids), int_array(idxs),
                      int_array(acts), int_array(seats), now_seconds()},
                     held,
                     actions.empty()       ? "adding a table"
                     : actions.size() == 1 ? "adding an action"
                                           : "committing a group of actions"};
  }
  // A table finished with a group, its epoch read on the caller's thread.
  struct FinishCall {
    std::string table, epoch, record_json;
    std::vector<StatRow> results;
  };
  // Marks it finished and adds its results, if it is `owner`'s at its
  // epoch (false, writing nothing, if not). REQUIRES: in a transaction.
  static bool finish_on(Connection& c, const std::string& owner, const FinishCall& f) {
    if (affected(c.run("UPDATE tables SET finished = 1, record = $1 WHERE id = $2 AND "
                       "owner = $3 AND epoch = $4",
                       {f.record_json, f.table, owner, f.epoch})
                     .get()) != 1)
      return false;
    add_stats(c, f.results);
    return true;
  }

  // The result, and whether the fence refused it. With new tables (`made`)
  // or `finishes`, the group and they are one transaction.
  static std::pair<Status, bool> run_group(Connection& c, const GroupCall& g,
                                           std::span<const Statement> made = {},
                                           std::span<const FinishCall> finishes = {}) {
    try {
      // Every writer locks rows of `tables` in the order of their ids, so
      // none should deadlock; a deadlock or a serialization failure leaves
      // nothing written, and is tried again.
      for (int attempt = 0;; ++attempt) {
        try {
          static const std::string add =
              "SELECT parlour_add_actions($1, $2::text[], $3::bigint[], $4::text[],"
              " $5::integer[], $6::bigint[], $7::integer[], $8)";
          if (made.empty() && finishes.empty()) {
            c.run(add, g.params);
            return {Status(), false};
          }
          Transaction tx(c);
          if (!g.held.empty()) c.run(add, g.params);  // a group of actions, not only tables
          for (const Statement& t : made) c.run(t.sql, t.params);
          for (const FinishCall& f : finishes)
            if (const std::string& owner = *g.params[0]; !finish_on(c, owner, f))
              throw PgError("table " + f.table + " is no longer held by " + owner, kFenced);
          tx.commit();
          return {Status(), false};
        } catch (const PgError& e) {
          if (attempt >= 2 || (e.state != "40P01" && e.state != "40001")) throw;
        }
      }
    } catch (const PgError& e) {
      return {Status::error(std::string("database: ") + g.what + ": " + e.what()),
              e.state == kFenced};
    } catch (const std::exception& e) {
      return {Status::error(std::string("database: ") + g.what + ": " + e.what()), false};
    }
  }

  // The committing thread: one group at a time, in order, on its own
  // connection (made at its first group, and again after it breaks).
  struct Job {
    Result<GroupCall> call;
    std::vector<Statement> made;
    std::vector<FinishCall> finishes;
    std::promise<Status> done;
    std::function<void()> ready;
  };
  void commit_loop() {
    Connection c(uri_);
    std::unique_lock lock(mu_);
    for (;;) {
      wake_.wait(lock, [&] { return stop_ || !jobs_.empty(); });
      if (jobs_.empty()) return;  // stopping, nothing left
      Job job = std::move(jobs_.front());
      jobs_.pop_front();
      lock.unlock();
      const auto began = std::chrono::steady_clock::now();
      const Status s = run_group(c, *job.call, job.made, job.finishes).first;
      commits_.took(std::chrono::steady_clock::now() - began, job.call->held.size());
      job.ready();  // first: whoever waits on the result may then end the Store
      job.done.set_value(s);
      lock.lock();
    }
  }

  // Runs a write of a live table that `write` fences (returning false when
  // the row no longer names this owner at its epoch): refused at once if the
  // table is not held; forgotten if the fence fails.
  template <class F>
  Status fenced(const char* what, const std::string& table, F write) {
    auto it = held_.find(table);
    if (it == held_.end())
      return Status::error(std::string("database: ") + what + ": table " + table +
                           " is not held by " + owner_);
    const std::string epoch = std::to_string(it->second);
    return guarded(what, [&] {
      if (write(epoch)) return Status();
      held_.erase(table);
      return Status::error(std::string("database: ") + what + ": table " + table +
                           " is no longer held by " + owner_);
    });
  }

  // Whether the table is ours at this epoch; with `lock`, inside a
  // transaction, holding a share lock on its row until the commit (a claim
  // waits for it).
  bool owns(const std::string& table, const std::string& epoch, bool lock) {
    return pq().PQntuples(c_.run(std::string("SELECT 1 FROM tables WHERE id = $1 AND owner = $2 AND"
                                             " epoch = $3") +
                                     (lock ? " FOR KEY SHARE" : ""),
                                 {table, owner_, epoch})
                              .get()) == 1;
  }

  // After a failed fence: the tables of `held` no longer ours are forgotten.
  void forget_lost(const std::vector<std::string>& held) {
    for (const std::string& id : held) {
      auto it = held_.find(id);
      if (it == held_.end()) continue;
      try {
        if (!owns(id, std::to_string(it->second), /*lock=*/false)) held_.erase(it);
      } catch (const std::exception&) {  // unreachable: the next renewal says
      }
    }
  }

  // A game won adds one to the streak; any other result ends it.
  static void add_stats(Connection& c, const std::vector<StatRow>& results) {
    for (const StatRow& r : results) {
      const std::string won = r.won > 0 ? "1" : "0";
      char score[40];
      std::snprintf(score, sizeof score, "%.17g", r.score);
      c.run(
          "INSERT INTO stats AS s(name, game, played, won, lost, score, streak, best_streak)"
          " VALUES($1, $2, 1, $3, $4, $5, $6, $6) ON CONFLICT(name, game) DO UPDATE SET"
          " played = s.played + 1, won = s.won + excluded.won, lost = s.lost + excluded.lost,"
          " score = s.score + excluded.score,"
          " best_streak = GREATEST(s.best_streak, CASE WHEN excluded.won > 0 THEN s.streak + 1"
          " ELSE 0 END),"
          " streak = CASE WHEN excluded.won > 0 THEN s.streak + 1 ELSE 0 END",
          {r.name, r.game, std::to_string(r.won), std::to_string(r.lost), score, won});
    }
  }

  // Removes the tables `which` selects (a query of ids with one parameter),
  // with their actions and talk, in one transaction.
  Result<int> remove_tables(const char* what, const char* which, std::int64_t before) {
    assert(!group_open());
    return guarded(what, [&]() -> Result<int> {
      Transaction tx(c_);
      PgResult ids = c_.run(std::string(which) + " FOR UPDATE", {std::to_string(before)});
      std::vector<std::string> gone;
      for (int i = 0; i < pq().PQntuples(ids.get()); ++i) gone.push_back(cell(ids.get(), i, 0));
      const std::string list = text_array(gone);
      for (const char* from : {"actions", "chat"})
        c_.run(std::string("DELETE FROM ") + from + " WHERE table_id = ANY($1::text[])", {list});
      const int n = affected(c_.run("DELETE FROM tables WHERE id = ANY($1::text[])", {list}).get());
      tx.commit();
      return n;
    });
  }

  std::string uri_;
  Connection c_;
  // For the writes a crash may lose harmlessly (claims, releases, stamps):
  // one round trip each, no wait for the log (made at its first use).
  Connection unsynced_{uri_, /*synced=*/false};
  std::string owner_;
  std::string lease_;                         // seconds
  std::map<std::string, std::int64_t> held_;  // tables this Store holds, and at which epoch
  std::uint64_t renewals_ = 0;
  // When this process's lease was last lengthened (a renewal, a claim, a
  // table made), and whether a claim or a table made lengthened it after a
  // gap of half its length or more: the renewal's own test of what the lease
  // had left cannot see such a gap, so the next renewal looks the tables up.
  std::chrono::milliseconds half_lease_;
  std::chrono::steady_clock::time_point extended_{};
  bool gap_ = false;
  void lengthened(bool by_renewal) {
    const auto now = std::chrono::steady_clock::now();
    if (!by_renewal && extended_ != std::chrono::steady_clock::time_point{} &&
        now - extended_ >= half_lease_)
      gap_ = true;
    extended_ = now;
  }
  std::uint64_t counted_ = 0;
  // How long the groups of moves took to commit, round trip and sync: each
  // move waits for its group's, and a slow one holds the groups behind it,
  // so a slow disk shows in every player's wait. Said in the log as it
  // happens (rationed) and in total at the end. From the committing thread,
  // or the caller's where it commits itself.
  struct CommitTimes {
    static constexpr std::chrono::milliseconds kSlow{50}, kWarn{200};
    std::mutex mu;
    long n = 0;
    std::chrono::milliseconds longest{0};
    // Commits by whole milliseconds, the last bucket kSlow and more (the
    // slow ones): what the p99 of a move's latency can owe to the disk.
    std::array<long, kSlow.count() + 1> by_ms{};
    // "under N ms" for the time that the share `p` of the commits took at
    // most, or "kSlow ms or more".
    std::string within(double p) const {
      long seen = 0;
      for (std::size_t b = 0; b + 1 < by_ms.size(); ++b)
        if ((seen += by_ms[b]) >= static_cast<long>(std::ceil(p * static_cast<double>(n))))
          return "under " + std::to_string(b + 1) + " ms";
      return std::to_string(kSlow.count()) + " ms or more";
    }
    LogLimit warn{3, std::chrono::minutes(1), spdlog::level::warn};
    void took(std::chrono::steady_clock::duration d, std::size_t tables) {
      const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(d);
      std::lock_guard lock(mu);
      ++n;
      ++by_ms[static_cast<std::size_t>(std::min(ms, kSlow).count())];
      longest = std::max(longest, ms);
      if (ms >= kWarn)
        warn.log("committing the moves of " + std::to_string(tables) +
                 (tables == 1 ? " table took " : " tables took ") + std::to_string(ms.count()) +
                 " ms, and every move of theirs and of the groups behind waited for it (a slow "
                 "disk under PostgreSQL?)");
    }
  } commits_;
  std::thread committer_;
  std::mutex mu_;
  std::condition_variable wake_;
  std::deque<Job> jobs_;
  bool stop_ = false;
};

}  // namespace

Result<std::unique_ptr<Store>> store_impl::open_pg(const std::string& uri, const StoreOptions& o) {
  // The URI may hold a user and password: errors name its host and database.
  const std::size_t scheme = uri.find("://") + 3;
  const std::size_t at = uri.find('@', scheme);
  std::string rest = at == std::string::npos ? uri.substr(scheme) : uri.substr(at + 1);
  const std::string shown = uri.substr(0, scheme) + rest.substr(0, rest.find('?'));
  if (o.lease.count() < 1 || o.lease.count() > 3600)
    return Status::error("a lease of " + std::to_string(o.lease.count()) +
                         " seconds: 1 to 3600 are accepted");
  try {
    auto store = std::make_unique<PgStore>(uri, o);
    store->start();
    return std::unique_ptr<Store>(std::move(store));
  } catch (const std::exception& e) {
    return Status::error("cannot open the database " + shown + ": " + e.what());
  }
}

}  // namespace parlour::server
