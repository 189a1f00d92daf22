// Tables in memory: loading and creating them, the bots that play at them
// (their own seats, and people's seats while those are away), committing
// actions, finishing games, and live odds.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <bit>
#include <cassert>
#include <ctime>

#include "bots/ismcts.h"
#include "bots/random_bot.h"
#include "core/record.h"
#include "core/registry.h"
#include "core/seeds.h"
#include "core/view_json.h"
#include "server/hub_impl.h"

namespace parlour::server {
namespace {

// What the people at a table hear when another process plays it now.
constexpr const char* kPlayedElsewhere =
    "this table is played by another server now: join it again";

// Bots are given people's names, of the period of the rule books.
constexpr std::array<std::string_view, 16> kBotNames = {
    "Agatha", "Basil",  "Cecily", "Dorian", "Edith", "Felix", "Gwendolen", "Hector",
    "Imogen", "Jasper", "Kitty",  "Lionel", "Maud",  "Nigel", "Olive",     "Percy"};

// Names the bot seats that have none (tables made before bots had names
// get theirs here, the same each time).
void name_bots(TableRow& row, std::size_t offset) {
  std::size_t k = offset;
  for (SeatRow& s : row.seats)
    if (s.kind == "bot" && s.name.empty()) s.name = std::string(kBotNames[k++ % kBotNames.size()]);
}

}  // namespace

bool rename_bots_named_as(TableRow& row, Seat seat) {
  const std::string taken = row.seats[static_cast<std::size_t>(seat)].name;
  bool renamed = false;
  for (SeatRow& s : row.seats) {
    if (s.kind != "bot" || s.name != taken) continue;
    for (std::string_view n : kBotNames)
      if (std::none_of(row.seats.begin(), row.seats.end(),
                       [&](const SeatRow& o) { return o.name == n; })) {
        s.name = std::string(n), renamed = true;
        break;
      }
  }
  return renamed;
}

std::string stand_in_name(const TableRow& row, Seat seat) {
  return std::string(kBotNames[(row.bot_seed + static_cast<std::uint64_t>(row.players + seat)) %
                               kBotNames.size()]) +
         " (bot)";
}

namespace {

std::chrono::milliseconds until(std::chrono::steady_clock::time_point t) {
  const auto now = std::chrono::steady_clock::now();
  return t > now ? std::chrono::ceil<std::chrono::milliseconds>(t - now)
                 : std::chrono::milliseconds(0);
}

}  // namespace

void Hub::Impl::schedule_sweep() {
  scheduler.after(options.idle_evict / 4, [this] {
    sweep();
    schedule_sweep();
  });
}

// Tables nobody is at, played by nobody or by bots alone, need not stay in
// memory: they are stored, and a join loads them again (bots resume then).
void Hub::Impl::sweep() {
  std::vector<Live*> in_use;
  for (auto& [id, t] : tables)
    if (t->has_clients()) in_use.push_back(t.get());
  keep(in_use);
  remove_old();
  const auto now = std::chrono::steady_clock::now();
  for (auto it = tables.begin(); it != tables.end();) {
    const Live& t = *it->second;
    auto next = std::next(it);
    if (!t.has_clients() && now - t.last_active > options.idle_evict) forget(it);
    it = next;
  }
}

void Hub::Impl::forget(std::unordered_map<std::string, std::unique_ptr<Live>>::iterator it) {
  store.release(it->first);
  tables.erase(it);
}

void Hub::Impl::schedule_renewal() {
  scheduler.after(options.lease_renew, [this] {
    renew_leases();
    schedule_renewal();
  });
}

void Hub::Impl::renew_leases() {
  // No commit first: a renewal is its own write, and a table that goes is
  // committed before it goes (drop).
  auto renewal = store.renew();
  if (!renewal.ok()) {  // the database is away: writes fail, and the leases run out
    (void)noted(renewal.status());
    return;
  }
  for (const std::string& id : renewal->lost) drop(id, "elsewhere", kPlayedElsewhere);
  for (const std::string& id : renewal->wanted)
    drop(id, "elsewhere", "this table moves to another server: join it again");
}

void Hub::Impl::drop(const std::string& id, std::string_view code, const std::string& text) {
  auto it = tables.find(id);
  if (it == tables.end()) return;
  commit();  // its last moves stored (or refused) before it goes
  Live& t = *it->second;
  for (Client* c : t.clients()) {
    detach(*c, id);
    deliver(*c, error_message(code, text));
    hang_up(*c);
  }
  if (auto again = tables.find(id); again != tables.end()) forget(again);
}

// One UPDATE a table by its key, all in one transaction, each sweep (a
// quarter of idle_evict): small beside the moves the same tables store.
void Hub::Impl::keep(std::span<Live* const> in_use) {
  if (options.expire_unfinished.count() <= 0) return;
  std::vector<std::string> ids;
  for (Live* t : in_use)
    if (!t->row.finished) ids.push_back(t->row.id);
  if (ids.empty()) return;
  // A stamp needs no move stored before it: where the moves commit off this
  // thread, it does not wait for them.
  if (!store.commits_async()) commit();
  (void)noted(store.keep(ids));
}

void Hub::Impl::forget_soon(std::unordered_map<std::string, std::unique_ptr<Live>>::iterator it) {
  if (!shared()) return forget(it);  // nothing to let go
  const std::string id = it->first;
  tables.erase(it);
  if (!to_release.insert(id).second || to_release.size() > 1) return;  // a write is due already
  scheduler.after(std::chrono::seconds(1), [this] {
    // One that fails leaves them held until the process's lease runs out
    // (at the latest, as it ends): safe, if slower for whoever joins next.
    (void)store.release_all(releases_due());
  });
}

std::vector<std::string> Hub::Impl::releases_due() {
  std::vector<std::string> ids;
  for (const std::string& t : std::exchange(to_release, {}))
    if (!tables.contains(t)) ids.push_back(t);  // not joined again meanwhile
  return ids;
}

Result<std::size_t> Hub::let_go() {
  Impl& i = *impl_;
  i.commit();
  i.keep_joined();
  if (!i.shared()) return 0;
  // What it holds: the tables in memory, and the finished ones left whose
  // lease was to go within the second (forget_soon). The Store lets go of
  // those it holds (not one made here for nobody), and counts them.
  std::vector<std::string> ids = i.releases_due();
  for (const auto& [id, t] : i.tables) ids.push_back(id);
  return i.store.release_all(ids);
}

void Hub::Impl::keep_soon(const std::string& id) {
  if (options.expire_unfinished.count() <= 0) return;
  if (!to_keep.insert(id).second || to_keep.size() > 1) return;  // a write is due already
  scheduler.after(std::chrono::seconds(1), [this] { keep_joined(); });
}

void Hub::Impl::keep_joined() {
  std::vector<Live*> joined;
  for (const std::string& t : std::exchange(to_keep, {}))
    if (auto it = tables.find(t); it != tables.end()) joined.push_back(it->second.get());
  keep(joined);
}

// Finished tables older than the server keeps them go, with their records;
// the players' stats stay.
void Hub::Impl::remove_old() {
  if (options.worker != 0) return;  // one worker does it
  if (options.expire_unfinished.count() > 0) {
    commit();
    const auto before = std::time(nullptr) - options.expire_unfinished.count();
    auto gone = store.remove_abandoned(before);
    if (!gone.ok())
      (void)noted(gone.status());
    else if (*gone > 0)
      spdlog::info("removed {} unfinished tables with no move for {} days", *gone,
                   options.expire_unfinished.count() / 86400.0);
  }
  if (options.keep_finished.count() <= 0) return;
  const auto before = std::time(nullptr) - options.keep_finished.count();
  commit();
  auto gone = store.remove_finished(before);
  if (!gone.ok())
    (void)noted(gone.status());
  else if (*gone > 0)
    spdlog::info("removed {} finished tables created over {} days ago", *gone,
                 options.keep_finished.count() / 86400.0);
}

// Rebuilds a table from its row: the deal from the seed, then every action,
// through the core's replay (as a record is replayed).
Result<std::unique_ptr<Live>> Hub::Impl::build(TableRow row, std::vector<Store::Chat> chat) {
  auto sel = select(row.game);
  if (!sel.ok()) return Status::error("table " + row.id + ": " + sel.message());
  auto config = make_config(*sel, row.players, row.options);
  if (!config.ok()) return Status::error("table " + row.id + ": " + config.message());
  // A bot the server cannot make would fail at its turn: the row is refused
  // now. One asking more thought than this server gives is given its most.
  for (std::size_t s = 0; s < row.seats.size(); ++s) {
    SeatRow& seat = row.seats[s];
    if (seat.kind != "bot") continue;
    auto bot = server_bot(*sel->game, seat.bot, /*clamp=*/true);
    if (!bot.ok())
      return Status::error("table " + row.id + ": seat " + std::to_string(s) + ": " +
                           bot.message());
    if (*bot != seat.bot) {
      spdlog::warn("table {}: seat {}'s bot {} asks more than this server's budget: it plays as {}",
                   row.id, s, seat.bot, *bot);
      seat.bot = std::move(*bot);
    }
  }
  if (config->players != row.players)
    return Status::error("table " + row.id + ": its options make " +
                         std::to_string(config->players) + " players, its row " +
                         std::to_string(row.players));
  Record rec;
  rec.game = std::string(sel->game->name);
  rec.preset = std::string(sel->name());
  rec.players = config->players;
  rec.options = config->options.assignments();
  rec.seed = row.seed;
  rec.moves = std::move(row.actions);
  auto replayed = replay(rec);
  if (!replayed.ok()) return Status::error("table " + row.id + ": " + replayed.message());
  auto t = std::make_unique<Live>();
  t->table = std::move(replayed->table);
  t->players.assign(row.players, nullptr);
  t->away.assign(row.players, false);
  name_bots(row, row.bot_seed % kBotNames.size());
  row.actions.clear();  // the Table holds them now
  t->row = std::move(row);
  t->owner = t->row.id;
  for (Store::Chat& c : chat)
    t->chat.push_back({c.seat, std::move(c.name), std::move(c.text), c.at});
  return t;
}

Result<Live*> Hub::Impl::find(const std::string& id, bool* elsewhere) {
  // Another worker's table is never loaded here: two copies would part ways.
  if (!mine(id)) return static_cast<Live*>(nullptr);
  if (auto it = tables.find(id); it != tables.end()) {
    if (it->second->lost) {
      forget(it);  // ahead of the store: load it as stored
    } else if (!shared() || store.holds(id)) {
      return it->second.get();
    } else if (!it->second->unheld) {
      // On a shared store and not held: fenced by a single write, or lost
      // at a renewal. Its people, if any, are sent to join again, and it is
      // claimed and loaded as stored, so that no move is played without a
      // lease.
      drop(id, "elsewhere", kPlayedElsewhere);
    }  // else made here, held by nobody: claimed below, played as it is if it may be
  }
  // Nor is a table another process plays.
  auto not_ours = [&](const Claim& claim) -> Result<Live*> {
    if (!claim.known) return static_cast<Live*>(nullptr);
    if (elsewhere) *elsewhere = true;
    return Status::error("table " + id + " is played by another server (" + claim.holder +
                         ") just now; try again in a moment");
  };
  if (auto it = tables.find(id); it != tables.end()) {  // made here, held by nobody
    // Claimed alone: at its first claim there is nothing to read.
    auto claim = store.claim(id);
    if (!claim.ok()) return claim.status();
    if (!claim->ours) return not_ours(*claim);
    Live* t = it->second.get();
    if (t->unheld && claim->epoch == 1) {  // its first claim: nobody had it meanwhile
      t->unheld = false;
      time_window(*t);
      schedule_bots(*t);
      watch_absent(*t);
      return t;
    }
    tables.erase(it);  // another process had it: read it as stored (it has no clients)
  }
  // Claimed and read in one go.
  auto loaded = store.claim_and_load(id, static_cast<int>(kChatKept));
  if (!loaded.ok()) {
    if (shared() && store.holds(id)) store.release(id);  // claimed, and not to be played here
    return loaded.status();
  }
  if (!loaded->claim.ours) return not_ours(loaded->claim);
  if (!loaded->row) return static_cast<Live*>(nullptr);
  auto live = build(std::move(*loaded->row), std::move(loaded->chat));
  if (!live.ok()) {
    store.release(id);
    return live.status();
  }
  Live* t = live->get();
  tables.emplace(id, std::move(*live));
  // Killed between the last move and its bookkeeping: finish it now.
  if (t->state().terminal() && !t->row.finished) finish(*t);
  time_window(*t);
  schedule_bots(*t);
  watch_absent(*t);
  return t;
}

Result<Live*> Hub::Impl::create(TableRow row, std::optional<std::uint64_t> seed,
                                const std::string& rematch_of, const std::string& owner,
                                bool by_message) {
  if (tables.size() >= options.max_tables)
    return Status::error("the server is holding " + std::to_string(tables.size()) +
                         " tables, its limit; try later");
  do row.id = random_hex(6);
  while (!mine(row.id));  // a table of this worker's, rematches included
  row.seed = seed ? *seed : random_u64();
  // A chosen seed makes the bots' play reproducible too (tests, demos).
  row.bot_seed = seed ? *seed * 0x9e3779b97f4a7c15ULL + 1 : random_u64();
  row.created = std::time(nullptr);
  name_bots(row, row.bot_seed % kBotNames.size());
  auto live = build(row, {});  // new: no talk yet, nothing to read
  if (!live.ok()) return live.status();
  // Its people reach it through a proxy that sends a table's clients to one
  // process, not necessarily this one: on a shared store it is made held by
  // nobody, and whichever process they reach claims it at their first join.
  // Here it stays in memory, unplayed, for that claim (find), a few
  // seconds: its players join at once, or elsewhere.
  if (by_message && options.group_commit && store.commits_async()) {
    // Nobody hears of it before the group is in (deliver() holds the
    // message that tells of it), so it can be written with the group: one
    // synced commit fewer waited for on this thread a rematch.
    if (Status s = open_group(); !s.ok()) return s;
    if (Status s = noted(store.add_table_in_group(row, rematch_of)); !s.ok()) return s;
    making[row.id] = rematch_of;
  } else {
    // Nor does a new table wait for the moves in flight (and nobody hears
    // of it before the moves that went before it are stored: deliver()
    // holds what is sent meanwhile).
    if (!store.commits_async()) commit();
    if (Status s = noted(store.add_table(row, rematch_of, /*hold=*/!shared())); !s.ok()) return s;
  }
  Live* t = live->get();
  if (!owner.empty()) t->owner = owner;
  tables.emplace(row.id, std::move(*live));
  if (shared()) {
    t->unheld = true;
    scheduler.after(std::chrono::seconds(10), [this, id = row.id] {
      if (auto it = tables.find(id); it != tables.end() && it->second->unheld) forget(it);
    });
    return t;
  }
  time_window(*t);
  schedule_bots(*t);
  watch_absent(*t);
  return t;
}

Result<std::string> Hub::Impl::server_bot(const GameInfo& g, const std::string& spec,
                                          bool clamp) const {
  if (Status ok = check_bot(g, spec); !ok.ok()) return ok;
  if (spec != "ismcts" && !spec.starts_with("ismcts:")) return spec;
  Result<IsmctsOptions> o = read_ismcts(spec);
  if (!o.ok()) return o.status();  // checked above: cannot happen
  const double max_s = options.bot_seconds;
  const int max_n = options.bot_iterations;
  const bool over_time = max_s > 0 && o->seconds > max_s;
  const bool over_count = max_n > 0 && o->seconds <= 0 && o->iterations > max_n;
  if (!over_time && !over_count) return spec;
  if (clamp) return over_time ? fmt::format("ismcts:{}s", max_s) : fmt::format("ismcts:{}", max_n);
  return Status::error(fmt::format(
      "\"{}\" asks more thought than this server gives a bot: at most ismcts:{}s ({} s a move) "
      "or ismcts:{} ({} iterations a move)",
      first_chars(spec, 40), max_s, max_s, max_n, max_n));
}

bool Hub::Impl::is_bot(const Live& t, Seat s) const {
  return s >= 0 && t.row.seats[s].kind == "bot";
}

std::string Hub::Impl::bot_for(const Live& t, Seat s) const {
  if (is_bot(t, s)) return t.row.seats[s].bot;
  return std::string(t.sel().game->bots.front().name);  // standing in for a person who is away
}

std::optional<std::pair<Seat, Action>> Hub::Impl::forced_move(const Live& t) const {
  const State& s = t.state();
  if (s.terminal() || t.sel().game->undo) return std::nullopt;
  const Actors actors = s.actors();
  if (actors.resolve != Resolve::kTurn || std::popcount(actors.seats) != 1) return std::nullopt;
  const Seat seat = static_cast<Seat>(std::countr_zero(actors.seats));
  if (is_bot(t, seat) || t.away[seat]) return std::nullopt;
  std::vector<Action> legal;
  s.legal_actions(seat, legal);
  if (legal.size() != 1) return std::nullopt;
  return std::pair{seat, legal[0]};
}

// A person's only move is played for them first (forced_move()); then every
// bot that may act now thinks at once. One that lets a window go (a claim
// nobody's bot wants) does so without waiting; the others play after a
// human-like delay, so that a person can be first.
void Hub::Impl::schedule_bots(Live& t) {
  // A forced move played below calls this again through play(): the loop
  // goes on from there instead, so that a long run of forced moves (a hand
  // played out card by card) does not grow the stack.
  if (t.forcing) return;
  while (auto forced = forced_move(t)) {
    t.forcing = true;
    const Status played = play(t, forced->first, forced->second, /*again=*/false, /*forced=*/true);
    t.forcing = false;
    if (!played.ok()) {
      // Not stored (the database failed): tried again, as a bot's move is;
      // nobody else may act meanwhile.
      scheduler.after(std::chrono::seconds(1), [this, id = t.row.id, version = t.version()] {
        auto it = tables.find(id);
        if (it != tables.end() && !it->second->lost && it->second->version() == version)
          schedule_bots(*it->second);
      });
      return;
    }
  }
  if (t.state().terminal()) return;
  const Actors actors = t.state().actors();
  for (Seat s = 0; s < t.row.players; ++s)
    if (actors.has(s) && (is_bot(t, s) || t.away[s])) bot_turn(t.row.id, t.version(), s);
}

void Hub::Impl::bot_turn(const std::string& id, int version, Seat seat) {
  auto it = tables.find(id);
  if (it == tables.end()) return;
  Live& t = *it->second;
  // Another bot of the same window may have moved the game on already.
  if (t.version() != version || !t.state().actors().has(seat)) return;
  const auto base = options.bot_delay.count();
  const auto delay = std::chrono::milliseconds(
      base / 2 +
      (base > 0 ? static_cast<long>(delay_rng.below(static_cast<std::uint32_t>(base) + 1)) : 0));
  const auto due = std::chrono::steady_clock::now() + delay;
  // The bot thinks on a copy, away from the server's thread, with a fresh
  // bot and randomness that depends only on the position and the seat: a
  // restarted server plays on as it would have.
  std::shared_ptr<const State> copy = t.state().clone();
  const GameInfo* game = t.sel().game;
  const std::uint64_t seed =
      t.row.bot_seed ^ (static_cast<std::uint64_t>(version) * 0x9E3779B97F4A7C15ull);
  const Action pass = t.state().actors().pass;
  const std::string name = bot_for(t, seat);
  // Answered: by the bot, or, past the deadline, by a random legal move.
  // Read by the thinking thread too: a turn answered before its bot's
  // thread comes to it is not thought over for nothing.
  auto answered = std::make_shared<std::atomic<bool>>(false);
  // Plays `a` for the bot once its human-like delay is over; a move that is
  // not legal (the bot failed, or has a bug) is replaced by a random one.
  auto answer = [this, id, version, seat, pass, due, answered, name](Action a) {
    if (answered->exchange(true)) return;
    auto found = tables.find(id);
    if (found == tables.end()) return;
    Live& live = *found->second;
    if (live.version() != version || !live.state().actors().has(seat)) return;
    if (a == kNoAction || !live.table->legal(seat, a)) {
      std::vector<Action> legal;
      live.state().legal_actions(seat, legal);
      if (legal.empty()) return;
      spdlog::warn("table {}: seat {}'s bot {} gave no legal move in time; a random one is played",
                   id, seat, name);
      a = legal[delay_rng.below(static_cast<std::uint32_t>(legal.size()))];
    }
    auto go = [this, id, version, seat, a] {
      auto again = tables.find(id);
      if (again == tables.end()) return;
      Live& live = *again->second;
      if (live.version() != version || !live.state().actors().has(seat)) return;
      if (!is_bot(live, seat) && !live.away[seat]) return;  // the person came back
      if (!live.table->legal(seat, a)) return;              // a bot's bug must not reach the store
      if (Status st = play(live, seat, a);
          !st.ok())  // a store failure: try again rather than lose the turn
        scheduler.after(std::chrono::seconds(1),
                        [this, id, version, seat] { bot_turn(id, version, seat); });
    };
    if (a == pass) return go();  // letting a window go keeps nobody waiting
    scheduler.after(std::max(until(due), until(live.pause_until)), go);
  };
  const bool search = name.starts_with("ismcts");
  const double seconds = options.bot_seconds;
  const std::size_t memory = options.bot_memory;
  scheduler.think(
      t.owner, search,
      [copy, game, seed, seat, name, answered, seconds, memory]() -> Action {
        if (*answered) return kNoAction;  // played already, past its deadline
        // Nothing may escape a thread of the pool: a bot that fails plays a
        // random move instead (answer() above).
        try {
          std::unique_ptr<Bot> bot = make_bot(*game, name);
          if (!bot) return kNoAction;
          Rng rng = bot_rng(seed, seat);
          std::vector<Action> legal;
          copy->legal_actions(seat, legal);
          if (legal.empty()) return kNoAction;
          // The clock starts when the thinking does, not while it waits for a thread.
          return bot->act(Observation(*copy, seat, game->resampler, legal)
                              .limit(Observation::Limits::from_now(seconds, memory)),
                          rng);
        } catch (const std::exception&) {
          return kNoAction;
        }
      },
      answer);
  // Still thinking (a thread of its own): it has until the deadline.
  if (!*answered && options.bot_deadline.count() > 0)
    scheduler.after(options.bot_deadline, [answer] { answer(kNoAction); });
}

// A person whose turn waits longer than the table allows is played by a bot
// until they come back.
void Hub::Impl::watch_absent(Live& t) {
  if (t.row.absent_after <= 0 || t.state().terminal()) return;
  const Actors actors = t.state().actors();
  for (Seat s = 0; s < t.row.players; ++s) {
    if (!actors.has(s) || is_bot(t, s) || t.away[s]) continue;
    scheduler.after(
        std::chrono::seconds(t.row.absent_after), [this, id = t.row.id, version = t.version(), s] {
          auto it = tables.find(id);
          if (it == tables.end()) return;
          Live& live = *it->second;
          if (live.version() != version || !live.state().actors().has(s) || live.away[s]) return;
          set_away(live, s, true);
          bot_turn(id, version, s);
        });
  }
}

void Hub::Impl::set_away(Live& t, Seat seat, bool away) {
  if (t.away[seat] == away) return;
  t.away[seat] = away;
  broadcast_seats(t);
}

// Commits an action, applies it and tells everyone. REQUIRES: t.table->legal(seat, a),
// checked by the caller, so that nothing illegal reaches the store; with
// `again`, a is the move taken back last (Table::undone_next()).
Status Hub::Impl::play(Live& t, Seat seat, Action a, bool again, bool forced) {
  assert(!again || (t.table->redoable() && t.table->undone_next().action == a));
  const std::string label = t.state().action_label(seat, a);
  t.last_active = std::chrono::steady_clock::now();
  if (Status s = store_action(t, seat, a); !s.ok()) return s;
  const int before = t.version();
  Lines lines(t.row.players + 1);
  const auto tell = [&](const State&, const Step&) { narrate(t, lines); };
  [[maybe_unused]] const Status applied = again ? t.table->redo(tell) : t.table->act(seat, a, tell);
  assert(applied.ok());
  t.table->settle(tell);
  // The stories of the viewers narrated for move on with the table.
  for (std::size_t v = 0; v < t.stories.size(); ++v) {
    Live::Story& story = t.stories[v];
    if (story.version != before || !narrated(t, v)) continue;
    story.log.insert(story.log.end(), lines[v].begin(), lines[v].end());
    story.version = t.version();
  }
  if (t.state().terminal()) finish(t);
  time_window(t);
  broadcast_update(t, lines, seat, label, forced);
  odds_after_update(t);
  schedule_bots(t);
  watch_absent(t);
  return Status();
}

void Hub::Impl::deliver(Client& c, std::string message, std::string made) {
  if (grouping)
    held.push_back({&c, std::move(message), false, std::move(made)});
  else if (in_flight)  // behind the moves being committed, in order
    in_flight->held.push_back({&c, std::move(message), false, std::move(made)});
  else
    c.send(std::move(message));
}

void Hub::Impl::hang_up(Client& c) {
  if (grouping)
    held.push_back({&c, "", true, ""});
  else if (in_flight)
    in_flight->held.push_back({&c, "", true, ""});
  else
    c.close();
}

Status Hub::Impl::store_action(Live& t, Seat seat, Action a) {
  if (t.lost) return Status::error("this table's last moves could not be stored; join it again");
  if (!options.group_commit) return noted(store.add_action(t.row.id, t.version(), seat, a));
  if (Status s = open_group(); !s.ok()) return s;
  if (Status s = noted(store.add_action(t.row.id, t.version(), seat, a)); !s.ok()) {
    // The group cannot be trusted now: end it as a failed commit would.
    commit();
    return s;
  }
  grouped.insert(t.row.id);
  return Status();
}

Status Hub::Impl::open_group() {
  if (grouping) return Status();
  if (Status s = noted(store.begin_group()); !s.ok()) return s;
  grouping = true;
  scheduler.soon([this] { commit_soon(); });
  return Status();
}

void Hub::Impl::commit_soon() {
  if (!grouping) return;
  if (!store.commits_async()) return commit();
  if (in_flight) return;  // its end starts this group's commit
  grouping = false;
  const std::uint64_t seq = ++commits;
  std::shared_future<Status> result = store.commit_group_async([this, seq, alive = alive] {
    // On the store's thread; the Hub waits for every commit before it goes.
    scheduler.from_any_thread([this, seq, alive] {
      if (*alive) async_done(seq);
    });
  });
  in_flight =
      InFlight{std::exchange(held, {}),   std::exchange(grouped, {}), std::exchange(finishing, {}),
               std::exchange(making, {}), std::move(result),          seq};
}

void Hub::Impl::async_done(std::uint64_t seq) {
  if (!in_flight || in_flight->seq != seq) return;  // settled already (commit() waited for it)
  settle_in_flight();
  commit_soon();  // the moves that came meanwhile
}

void Hub::Impl::settle_in_flight() {
  if (!in_flight) return;
  InFlight f = std::move(*in_flight);
  in_flight.reset();
  const Status s = noted(f.result.get());
  std::unordered_set<Client*> dropped;
  if (!s.ok()) {
    const std::vector<std::string> ids(f.tables.begin(), f.tables.end());
    store.recheck(ids);
    lose(f.tables, s, dropped);
    unmake(f.making, s, f.held);
  } else {
    finished(f.finishing);
  }
  send_held(f.held, dropped);
}

void Hub::Impl::commit() {
  settle_in_flight();
  if (!grouping) return;
  grouping = false;
  const Status s = noted(store.commit_group());
  std::vector<Held> out = std::move(held);
  held.clear();
  std::unordered_set<std::string> tables_in = std::move(grouped);
  grouped.clear();
  std::unordered_set<std::string> ended = std::exchange(finishing, {});
  const Made made = std::exchange(making, {});
  std::unordered_set<Client*> dropped;
  if (!s.ok()) {
    lose(tables_in, s, dropped);
    unmake(made, s, out);
  } else {
    finished(ended);
  }
  send_held(out, dropped);
}

void Hub::Impl::finished(const std::unordered_set<std::string>& ids) {
  for (const std::string& id : ids)
    if (auto it = tables.find(id); it != tables.end()) it->second->row.finished = true;
}

void Hub::Impl::lose(const std::unordered_set<std::string>& ids, const Status& s,
                     std::unordered_set<Client*>& dropped) {
  for (const std::string& id : ids) {
    auto it = tables.find(id);
    if (it == tables.end()) continue;
    Live& t = *it->second;
    t.lost = true;
    // Fenced: another process claimed the table, and its clients go there.
    const bool moved = !store.holds(id);
    for (Client* c : t.clients()) {
      dropped.insert(c);
      detach(*c);
      c->send(moved ? error_message("elsewhere", kPlayedElsewhere)
                    : error_message("storage", "the server cannot save moves right now (" +
                                                   s.message() + "); join the table again"));
      c->close();
    }
    scheduler.soon([this, id] {
      if (auto gone = tables.find(id); gone != tables.end() && gone->second->lost) forget(gone);
    });
  }
}

void Hub::Impl::unmake(const Made& made, const Status& s, std::vector<Held>& out) {
  if (made.empty()) return;
  for (const auto& [id, rematch_of] : made) {
    tables.erase(id);  // never stored: nothing to let go
    if (auto old = tables.find(rematch_of); old != tables.end() && old->second->row.next == id)
      old->second->row.next.clear();
  }
  const std::string why =
      error_message("storage", "the rematch could not be stored (" + s.message() + "); ask again");
  for (std::vector<Held>* list : {&out, &held})
    for (Held& h : *list)
      if (!h.made.empty() && made.contains(h.made)) h.message = why, h.made.clear();
}

void Hub::Impl::send_held(std::vector<Held>& out, const std::unordered_set<Client*>& dropped) {
  for (Held& h : out) {
    if (dropped.contains(h.to)) continue;
    if (h.close)
      h.to->close();
    else
      h.to->send(std::move(h.message));
  }
}

// Where several may act at once and each may let it go, people have the
// table's window to answer; then it is let go for them, so that nobody waits
// on someone who has nothing to say.
void Hub::Impl::time_window(Live& t) {
  const Actors a = t.state().actors();
  // Still the window that opened: the same pass, and nobody new in it.
  const bool running = t.window_ends.time_since_epoch().count() && a.pass == t.window_pass &&
                       (a.seats & ~t.window_seats) == 0;
  // A window opens to several; it stays open while any of them may still speak.
  const bool timed = !t.state().terminal() && a.resolve == Resolve::kFirst && a.pass != kNoAction &&
                     t.row.window_seconds > 0 && (running || std::popcount(a.seats) > 1);
  if (!timed) {
    t.window_ends = {};
    return;
  }
  // One window lasts from its opening: its own passes do not restart it.
  if (running) return;
  t.window_pass = a.pass, t.window_seats = a.seats;
  t.window_ends = std::chrono::steady_clock::now() + std::chrono::seconds(t.row.window_seconds);
  const auto ends = t.window_ends;
  scheduler.after(std::chrono::seconds(t.row.window_seconds), [this, id = t.row.id, ends] {
    auto it = tables.find(id);
    if (it == tables.end()) return;
    Live& live = *it->second;
    if (live.window_ends != ends) return;  // that window has closed
    for (Seat s = 0; s < live.row.players; ++s) {
      const Actors now = live.state().actors();
      if (now.resolve != Resolve::kFirst || now.pass == kNoAction || !now.has(s)) continue;
      if (is_bot(live, s) || live.away[s]) continue;  // bots answer for themselves
      (void)play(live, s, now.pass);
    }
  });
}

void Hub::Impl::finish(Live& t) {
  const Outcome o = t.state().outcome();
  std::vector<StatRow> results;
  for (Seat s = 0; s < t.row.players; ++s) {
    const SeatRow& sr = t.row.seats[s];
    if (sr.kind != "human" || sr.name.empty()) continue;
    results.push_back(
        {sr.name, std::string(t.sel().game->name), 1, o.won(s), o.lost(s), o.scores[s]});
  }
  // Where the game's last move waits in a group committed off this thread,
  // the table is finished in its commit: nobody is told of the move, or of
  // the end, before both are stored, and this thread waits for neither.
  if (grouping && store.commits_async() && grouped.count(t.row.id)) {
    store.finish_in_group({t.row.id, to_json(t.table->record()), results});
    finishing.insert(t.row.id);
    return;
  }
  // Otherwise the actions are stored first, so a failure here loses no game:
  // the table is finished again from them when it is next loaded.
  commit();
  if (t.lost) return;
  t.row.finished = noted(store.finish(t.row.id, to_json(t.table->record()), results)).ok();
}

// ---- Live odds ------------------------------------------------------------------

void Hub::Impl::send_odds(Live& t, Client& c, Conn& conn) {
  const GameInfo& g = *t.sel().game;
  if (!g.exact_odds) return;
  // One at a time for a connection: asked again meanwhile, the odds are
  // worked out again once these are in, for the table as it is then.
  if (conn.odds_pending) {
    conn.odds_again = true;
    return;
  }
  conn.odds_pending = true;
  // Worked out away from the server's thread, on a copy, from what this
  // seat's view shows (the game's for_seat reads nothing else).
  std::shared_ptr<const State> copy = t.state().clone();
  const int version = t.version();
  const Seat seat = conn.seat;
  scheduler.work(
      conn.who,
      [copy, &g, seat, version, present = conn.present]() -> std::string {
        if (!*present) return "";  // the client has gone: nobody to tell
        Result<OddsReport> r = g.exact_odds->for_seat(*copy, seat);
        if (!r.ok())
          return dump(json{{"type", "odds"}, {"version", version}, {"error", r.message()}});
        json m{{"type", "odds"},
               {"version", version},
               {"kind", r->kind == OddsReport::Kind::kPerChip    ? "per_chip"
                        : r->kind == OddsReport::Kind::kCounters ? "counters"
                                                                 : "chance"},
               {"event", r->event},
               {"seats", r->chance},
               {"exact", r->exact},
               {"precision", r->precision},
               {"method", r->method}};
        if (!r->advice.empty()) m["advice"] = r->advice;
        if (!r->notes.empty()) m["notes"] = r->notes;
        return dump(m);
      },
      [this, client = &c, id = t.row.id, seat, present = conn.present](std::string message) {
        auto it = conns.find(client);
        if (!*present || it == conns.end() || it->second.table != id || it->second.seat != seat)
          return;
        Conn& now = it->second;
        now.odds_pending = false;
        if (!now.odds) return;
        if (!message.empty()) deliver(*client, std::move(message));
        if (std::exchange(now.odds_again, false))
          if (auto t = tables.find(id); t != tables.end()) send_odds(*t->second, *client, now);
      });
}

void Hub::Impl::odds_after_update(Live& t) {
  if (!t.sel().game->exact_odds) return;
  auto each = [&](Client* c) {
    if (!c) return;
    auto it = conns.find(c);
    if (it != conns.end() && it->second.odds) send_odds(t, *c, it->second);
  };
  for (Client* c : t.players) each(c);
  for (Client* c : t.watchers) each(c);
}

}  // namespace parlour::server
