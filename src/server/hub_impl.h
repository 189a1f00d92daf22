// The Hub's insides, shared by the files that implement it along its seams:
//   tables.cc    tables in memory, the store, bots, absent players, live odds;
//   protocol.cc  the WebSocket messages: join, act, rematch, chat, odds, back;
//   api.cc       the JSON API over HTTP;
//   hub.cc       the Hub's public face and small helpers.
// Private to src/server.
#pragma once

#include <atomic>
#include <chrono>
#include <deque>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "core/table.h"
#include "server/hub.h"
#include "server/log_limit.h"

namespace parlour::server {

using nlohmann::json;

// ---- Helpers (hub.cc) -----------------------------------------------------

// Random hex digits from the kernel's generator, never from a seeded one.
std::string random_hex(std::size_t bytes);
std::uint64_t random_u64();
// Tokens are compared without an early exit, so timing tells nothing.
bool same_token(const std::string& a, const std::string& b);
// Everything sent out is dumped here: text that came from a client may be
// invalid UTF-8, which is replaced rather than thrown on.
std::string dump(const json& j);
std::string error_message(std::string_view code, std::string_view message);
// The first `n` characters (code points) of UTF-8 text.
std::string first_chars(const std::string& text, std::size_t n);
// Whether text holds control characters (names and chat may not).
bool has_control(const std::string& text);
// The name of the bot standing in for an absent person at `seat` (tables.cc).
std::string stand_in_name(const TableRow& row, Seat seat);
// After a person at `seat` takes a name a bot at the table has, the bot is
// given another (tables.cc), so that the seats and the log never mean two
// players by one name. Returns whether a bot was renamed.
bool rename_bots_named_as(TableRow& row, Seat seat);

// ---- State ----------------------------------------------------------------

struct ChatLine {
  Seat seat = kSpectator;
  std::string name, text;
  std::int64_t at = 0;  // unix seconds
};

struct Live {
  TableRow row;  // its actions are the Table's once built
  std::unique_ptr<Table> table;
  std::vector<Client*> players;  // by seat; null if nobody is connected
  std::vector<Client*> watchers;
  std::vector<bool> away;     // by seat: a bot stands in for this person
  std::deque<ChatLine> chat;  // the last kChatKept lines
  // Each viewer's story so far (index 0: the spectators', s + 1: seat s's)
  // as of `version`, kept so that a join need not replay the table: told
  // moves are added as they are narrated; any other change (an undo, a
  // viewer nobody was narrating for) leaves it stale, to be replayed once.
  struct Story {
    int version = -1;
    std::vector<std::string> log;
  };
  std::vector<Story> stories;
  int last_hand = 0;  // the last hand summary anyone was sent
  std::chrono::steady_clock::time_point last_active = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point
      pause_until{};  // bots wait for people to read between hands
  // A timed window (several seats may act at once, e.g. a challenge): people who
  // have not acted by window_ends pass with window_pass.
  std::chrono::steady_clock::time_point window_ends{};
  Action window_pass = kNoAction;
  SeatMask window_seats = 0;
  // Whose bots these are, for taking turns at the bots' threads: the address
  // that made the table (its id when not known, as after a restart), so that
  // one address's many tables wait for each other, not for everyone else.
  std::string owner;
  // Its last moves could not be stored (a group's commit failed): it plays
  // no more and leaves memory, to be loaded again as stored.
  bool lost = false;
  // Made here on a shared store, held by nobody (Store::add_table: at epoch
  // 0), and kept in memory so that a claim here that finds no other process
  // had it (its first claim: Claim::epoch 1) plays it without loading it.
  bool unheld = false;
  // A person's forced move is being played (Hub::Impl::schedule_bots).
  bool forcing = false;
  // The player that gives hints, kept from hint to hint so that a plan it
  // made carries on (hint_move); null while a hint is being worked out.
  std::shared_ptr<Bot> hint_bot;
  int version() const { return table->version(); }
  const State& state() const { return table->state(); }
  const Selection& sel() const { return table->selection(); }
  bool has_clients() const;
  // Everyone at the table: its watchers, then its seated players.
  std::vector<Client*> clients() const;
};

// Token buckets by client: a burst, then one every `seconds_per_token`.
// Thread-safe: the workers of a server share one.
class Buckets {
 public:
  Buckets(double burst, double seconds_per_token)
      : burst(burst), seconds_per_token(seconds_per_token) {}
  const double burst;  // 0: no limit
  const double seconds_per_token;
  bool allow(const std::string& key, std::chrono::steady_clock::time_point now);

 private:
  std::mutex mu_;
  struct Bucket {
    double tokens = 0;
    std::chrono::steady_clock::time_point at;
  };
  std::unordered_map<std::string, Bucket> buckets_;
};

// The limits every worker's Hub shares: counted by client address (and by
// table or seat), whichever worker the client is at.
struct SharedLimits {
  SharedLimits(const HubOptions& o)
      : creation(o.tables_burst, o.seconds_per_table),
        chat_by_address(o.chat_burst, o.chat_seconds),
        chat_by_table(o.table_chat_burst, o.table_chat_seconds),
        slow_by_address(o.slow_burst, o.slow_seconds),
        slow_by_seat(o.slow_burst, o.slow_seconds) {}
  Buckets creation;         // new tables by client address
  Buckets chat_by_address;  // table talk
  Buckets chat_by_table;
  Buckets slow_by_address;  // hints and live odds asked for
  Buckets slow_by_seat;     // by table and seat ("table/seat"; spectators "table/-1")
};

struct Conn : ClientCount {
  std::uint64_t serial = 0;  // tells a new connection from an old one at the same address
  std::string table;         // empty until joined
  Seat seat = kSpectator;
  bool odds = false;  // live odds switched on
  // Slow work asked for and not yet answered: one of each at a time. Odds
  // asked for again meanwhile are worked out once the pending ones are in.
  bool hint_pending = false, odds_pending = false, odds_again = false;
  // Cleared when the client leaves its table or goes: its slow work not yet
  // started is then dropped, not done for nobody.
  std::shared_ptr<std::atomic<bool>> present = std::make_shared<std::atomic<bool>>(true);
  // Who the client is for the limits: its address, or this connection when
  // the address is unknown (tests).
  std::string who;
};

// Narration since the last update, for each viewer: index 0 is the spectators',
// index s + 1 seat s's.
using Lines = std::vector<std::vector<std::string>>;

inline constexpr std::size_t kChatKept = 50;
// Lines of the story sent on a join: the newest; a long table's whole story
// is its record's.
inline constexpr std::size_t kJoinLog = 400;
inline constexpr std::size_t kMaxChat = kMaxChatText;  // characters of a chat message

struct Hub::Impl {
  Store& store;
  Scheduler& scheduler;
  HubOptions options;
  std::unordered_map<std::string, std::unique_ptr<Live>> tables;
  std::unordered_map<Client*, Conn> conns;
  std::uint64_t serials = 0;
  std::shared_ptr<SharedLimits> limits;  // shared by the workers
  LogLimit refusals{20, std::chrono::seconds(1), spdlog::level::info};
  std::string games_cache, cards_cache;
  Rng delay_rng;

  Impl(Store& s, Scheduler& sch, HubOptions o, std::shared_ptr<SharedLimits> shared);
  // Whether this worker holds the table with this id.
  bool mine(std::string_view id) const {
    return options.workers <= 1 || worker_of(id, options.workers) == options.worker;
  }

  // tables.cc
  void schedule_sweep();
  void sweep();
  // Where the store is shared by several processes (Store::owner).
  bool shared() const { return !store.owner().empty(); }
  void schedule_renewal();
  // Renews the leases (HubOptions::lease_renew): tables lost or wanted
  // elsewhere leave memory.
  void renew_leases();
  // Takes a table out of memory, telling each of its clients `code` and
  // `text` and closing them; lets its lease go (unless lost already).
  void drop(const std::string& id, std::string_view code, const std::string& text);
  // Takes a table nobody is at out of memory, letting its lease go.
  void forget(std::unordered_map<std::string, std::unique_ptr<Live>>::iterator it);
  // Tells the store that people are at these tables (at a join, and as
  // the sweep finds them): a table watched or sat at is not abandoned,
  // moves or none (HubOptions::expire_unfinished).
  void keep(std::span<Live* const> tables);
  // keep() for a table joined, a second later with the others joined in
  // that second: one write for all (on a shared store each is a round trip
  // the serving thread waits for; two a game). A stamp lost in a crash only
  // lets a table look unplayed since its last move or stamp, days from
  // expiry, and the sweep stamps every table with people at it.
  void keep_soon(const std::string& id);
  void keep_joined();  // the stamps due: keep() of the tables in to_keep
  std::unordered_set<std::string> to_keep;
  // forget() for a finished table nobody is at (one a game), its lease let
  // go a second later with the others of that second: one write for all
  // (Store::release_all). One joined again meanwhile is kept (it is held
  // and played here again).
  void forget_soon(std::unordered_map<std::string, std::unique_ptr<Live>>::iterator it);
  std::unordered_set<std::string> to_release;
  std::vector<std::string> releases_due();  // empties to_release, less those joined again
  Result<std::unique_ptr<Live>> build(TableRow row, std::vector<Store::Chat> chat);
  // A table in memory, or loaded from the store (claimed first, where the
  // store is shared: `elsewhere` is then set if another process holds it);
  // null if there is none.
  Result<Live*> find(const std::string& id, bool* elsewhere = nullptr);
  // `owner`: the address that asked for it (see Live::owner). `by_message`:
  // its players hear of it only by a message held behind the commit
  // (deliver() with `made`: a rematch), not in the reply to a request; where
  // the group commits off this thread, it is then made in the group, and the
  // Hub waits for no write of the database.
  Result<Live*> create(TableRow row, std::optional<std::uint64_t> seed = std::nullopt,
                       const std::string& rematch_of = "", const std::string& owner = "",
                       bool by_message = false);
  // The bot `spec` as this server runs it (HubOptions::bot_seconds): refused
  // beyond the budget (a new table), or brought within it (`clamp`: a stored
  // one). The error names what is wrong and what is accepted.
  Result<std::string> server_bot(const GameInfo& g, const std::string& spec, bool clamp) const;
  bool is_bot(const Live& t, Seat s) const;
  std::string bot_for(const Live& t, Seat s) const;  // the bot playing s (its own, or a stand-in)
  // The move of a person who has no other (issue 36, item 15): the one seat
  // in turn is a person, not away, with one legal action, in a game that
  // takes no moves back (there undo is a choice too). Not a window (several
  // may answer, and letting it go is a choice the rules give).
  std::optional<std::pair<Seat, Action>> forced_move(const Live& t) const;
  // Plays a person's forced move at once, in the same turn of the event loop
  // as the move that led to it (no act can come in between), then sets every
  // bot that may act thinking.
  void schedule_bots(Live& t);
  void bot_turn(const std::string& id, int version, Seat seat);
  void watch_absent(Live& t);
  void time_window(Live& t);
  void set_away(Live& t, Seat seat, bool away);
  // `again`: the move taken back last, played again (Table::redo).
  // `forced`: the seat's only move, played for a person (forced_move()).
  Status play(Live& t, Seat seat, Action a, bool again = false, bool forced = false);
  void finish(Live& t);
  void send_odds(Live& t, Client& c, Conn& conn);
  // Whether `conn` may ask for slow work now (HubOptions::slow_burst).
  bool may_ask_slow(const Conn& conn);
  // Whether a client (by address) may make one more request of `kind` now:
  // its bucket here allows it and, where several processes share the store,
  // the count of them all in this minute is within what the bucket allows in
  // a minute (its burst and a minute's refill), so that a client cannot
  // multiply its allowance by the number of processes.
  bool allowed(Buckets& bucket, const char* kind, const std::string& client,
               std::chrono::steady_clock::time_point now);
  void odds_after_update(Live& t);

  // protocol.cc
  void handle(Client& c, std::string_view message);
  void join(Client& c, const json& m);
  void act(Client& c, Conn& conn, const json& m);
  void why(Client& c, Conn& conn, const json& m);
  void rematch(Client& c, Conn& conn);
  void chat(Client& c, Conn& conn, const json& m);
  void odds_switch(Client& c, Conn& conn, const json& m);
  void back(Client& c, Conn& conn);
  // Solitaires: take back the last move, play it again; the move the game's
  // bot would make.
  void undo(Client& c, Conn& conn);
  void redo(Client& c, Conn& conn);
  static bool solitaire(const Live& t);
  // The solitaire in play where this connection holds the seat; otherwise
  // the client is told why (`code`; `only`: not a solitaire) and null.
  Live* solitaire_seat(Client& c, const Conn& conn, std::string_view code, std::string_view only);
  void hint(Client& c, Conn& conn);
  void narrate(Live& t, Lines& lines);
  // Whether narrate() tells viewer index v (0: the spectators, s + 1: seat s).
  static bool narrated(const Live& t, std::size_t v);
  // `undone`: a move was taken back (the version is lower than the last).
  // Fills update_view, whose storage each update reuses (State::fill_view):
  // the views of every seat at every move are most of the server's work.
  std::string update(Live& t, Seat viewer, const std::vector<std::string>& log,
                     std::optional<Seat> actor, const std::string& label, bool undone = false,
                     bool forced = false);
  View update_view;
  void broadcast_update(Live& t, const Lines& lines, Seat actor, const std::string& label,
                        bool forced = false);
  static json seats_json(const TableRow& row, const std::vector<Client*>* players,
                         const std::vector<bool>* away);
  static json seats_json(const Live& t) { return seats_json(t.row, &t.players, &t.away); }
  void broadcast_seats(Live& t);
  void broadcast(Live& t, const std::string& message);
  const std::vector<std::string>& history(Live& t, Seat viewer);
  void detach(Client& c, const std::string& keep = "");

  // Group commit (HubOptions::group_commit): the actions of one turn of the
  // event loop go to the store in one transaction, and every message sent
  // meanwhile waits for its commit, so nobody hears of a move that is not
  // stored. deliver() is the one way a message leaves.
  struct Held {
    Client* to;
    std::string message;
    bool close = false;  // then closed, once what it was sent before is out
    std::string made;    // the table it tells of, if one made in a group (see unmake)
  };
  bool grouping = false;  // a group of actions is open
  std::vector<Held> held;
  std::unordered_set<std::string> grouped;    // tables with actions in the group
  std::unordered_set<std::string> finishing;  // tables finished in it
  // Tables made in it (Store::add_table_in_group): id -> the table it is a
  // rematch of ("" if none).
  using Made = std::unordered_map<std::string, std::string>;
  Made making;
  // `made`: the message tells of that table (a rematch), made in a group.
  void deliver(Client& c, std::string message, std::string made = "");
  Status open_group();
  void hang_up(Client& c);  // Client::close() in its turn after deliver()
  // Adds an action to the store: at once, or to the open group (opening one
  // and asking the Scheduler to commit it soon).
  Status store_action(Live& t, Seat seat, Action a);
  // Commits the open group, then sends what waited for it. If the commit
  // fails, the group's tables leave memory (they come back as stored when
  // joined) and their clients are told and closed, their waiting messages
  // dropped. Called before any other write to the store: it first waits for
  // a commit in flight.
  void commit();
  // Where the store commits off this thread (Store::commits_async): the
  // group goes to the store and this thread goes on; what waited for it is
  // sent once it is in (async_done). One commit is in flight at a time, and
  // the moves that come meanwhile make the next group, so that a database
  // that syncs its log on every commit sees few, large groups. Until then
  // every message, of those moves or any other, waits behind it, in order.
  void commit_soon();
  struct InFlight {
    std::vector<Held> held;
    std::unordered_set<std::string> tables;
    std::unordered_set<std::string> finishing;  // finished in it (Store::finish_in_group)
    Made making;
    std::shared_future<Status> result;
    std::uint64_t seq = 0;
  };
  std::optional<InFlight> in_flight;
  std::uint64_t commits = 0;
  std::shared_ptr<bool> alive = std::make_shared<bool>(true);  // false once the Hub is gone
  void async_done(std::uint64_t seq);
  // Takes the result of the commit in flight (waiting for it) and sends or
  // drops what waited for it.
  void settle_in_flight();
  // Their finish was committed: marked so in memory.
  void finished(const std::unordered_set<std::string>& ids);
  // After a failed commit: the tables' clients are told and closed (added to
  // `dropped`), and the tables leave memory.
  void lose(const std::unordered_set<std::string>& ids, const Status& s,
            std::unordered_set<Client*>& dropped);
  // After a failed commit that was to make these tables: they leave memory,
  // the tables they were rematches of forget the link (a rematch may be
  // asked again), and every message still to be sent that tells of one, in
  // `out` or in the open group, becomes an error saying why.
  void unmake(const Made& made, const Status& s, std::vector<Held>& out);
  void send_held(std::vector<Held>& out, const std::unordered_set<Client*>& dropped);

  // A write the store refused (a read-only file, a full disk) is logged: at
  // most one line in ten seconds, counting those not logged. Returns `s`.
  Status noted(Status s);
  // The last write that failed, while no write has succeeded since: /healthz
  // fails meanwhile, even if its own small write goes through.
  std::string write_failure;
  std::chrono::steady_clock::time_point write_failed_at{};
  LogLimit storage_log{1, std::chrono::seconds(10), spdlog::level::err};
  void remove_old();
  // Rows of the database that could not be used, each logged once.
  std::unordered_set<std::string> reported;
  void report_bad_row(const std::string& why);

  // api.cc
  void http(std::string_view method, std::string_view target, std::string_view body,
            std::string_view from, std::function<void(HttpReply)> done);
  // Whether `from` may make a new table now (HubOptions::tables_burst).
  bool may_create(std::string_view from);
  HttpReply get(std::string_view path, std::string_view query = "");
  HttpReply stats(std::string_view query);
  // POST /api/tables. Where a winnable deal must be found first, that is done
  // by the Scheduler and the reply goes to `later`; nothing is returned.
  std::optional<HttpReply> create_table(std::string_view body, std::string_view from,
                                        std::function<void(HttpReply)> later);
  HttpReply made_table(TableRow row, std::optional<std::uint64_t> seed, const std::string& owner);
  HttpReply list_tables();
  HttpReply health();
};

json games_json();
json cards_json();

}  // namespace parlour::server
