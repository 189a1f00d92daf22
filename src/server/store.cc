// The Store's shared half: the rules of a stored row, the grouping of actions,
// and the choice of back end (store_sqlite.cc, store_pg.cc).
#include "server/store.h"

#include <unistd.h>

#include <algorithm>
#include <cassert>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <random>
#include <utility>

#include "server/store_impl.h"

namespace parlour::server {

std::string lease_owner(std::string_view where) {
  char host[256] = {};
  if (gethostname(host, sizeof host - 1) != 0) host[0] = 0;
  char suffix[9];
  std::snprintf(suffix, sizeof suffix, "%08x", std::random_device{}());
  return std::string(host) + ":" + std::string(where) + ":" + suffix;
}
namespace {

using nlohmann::json;

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

namespace store_impl {

std::string seats_json(const std::vector<SeatRow>& seats) {
  json j = json::array();
  for (const SeatRow& s : seats)
    j.push_back({{"kind", s.kind}, {"bot", s.bot}, {"token", s.token}, {"name", s.name}});
  return j.dump();
}

std::string options_json(const std::vector<std::string>& options) {
  return json(options).dump();
}

namespace {

std::vector<SeatRow> parse_seats(const std::string& text) {
  std::vector<SeatRow> seats;
  for (const json& s : json::parse(text))
    seats.push_back({s.at("kind").get<std::string>(), s.at("bot").get<std::string>(),
                     s.at("token").get<std::string>(), s.at("name").get<std::string>()});
  return seats;
}

std::int64_t whole(const Cells& c, int column, const char* name, std::int64_t lo, std::int64_t hi) {
  const std::optional<std::int64_t> v = c.whole(column);
  if (!v)
    throw std::runtime_error(std::string(name) + " is not a whole number (" + c.shown(column) +
                             ")");
  if (*v < lo || *v > hi)
    throw std::runtime_error(std::string(name) + " " + std::to_string(*v) + " is not " +
                             std::to_string(lo) + " to " + std::to_string(hi));
  return *v;
}

}  // namespace

TableRow row_of(const Cells& c) {
  TableRow t;
  t.id = c.text(0);
  try {
    constexpr std::int64_t kAny = std::numeric_limits<std::int64_t>::max();
    t.game = c.text(1);
    t.players = static_cast<int>(whole(c, 2, "players", 1, 64));
    t.options = json::parse(c.text(3)).get<std::vector<std::string>>();
    t.seed = from_db(whole(c, 4, "seed", -kAny - 1, kAny));
    t.bot_seed = from_db(whole(c, 5, "bot_seed", -kAny - 1, kAny));
    t.seats = parse_seats(c.text(6));
    t.finished = whole(c, 7, "finished", 0, 1) != 0;
    t.next = c.text(8);
    t.created = whole(c, 9, "created", 0, kAny);
    t.absent_after = static_cast<int>(whole(c, 10, "absent_after", 0, 3600));
    t.window_seconds = static_cast<int>(whole(c, 11, "window_seconds", 0, 120));
  } catch (const std::exception& e) {
    throw std::runtime_error("table " + t.id.substr(0, 40) + ": " + e.what());
  }
  if (std::string why = t.problem(); !why.empty()) throw std::runtime_error(why);
  return t;
}

std::string newer_schema(int found) {
  return "its schema is version " + std::to_string(found) + ", newer than this program's " +
         std::to_string(kSchemaVersion) + ": run a newer parlour with it";
}

}  // namespace store_impl

Result<std::unique_ptr<Store>> Store::open(const std::string& where, StoreOptions options) {
  for (const char* scheme : {"postgresql://", "postgres://"})
    if (where.starts_with(scheme)) return store_impl::open_pg(where, options);
  return store_impl::open_sqlite(where, options);
}

Status Store::add_action(const std::string& table, int index, Seat seat, Action a) {
  if (group_) {  // written at the commit
    grouped_.push_back({table, index, seat, a});
    return Status();
  }
  const StoredAction one{table, index, seat, a};
  return write_actions(std::span(&one, 1));
}

Status Store::begin_group() {
  assert(!group_);
  group_ = true;
  return Status();
}

void Store::finish_in_group(StoredFinish f) {
  assert(group_);
  finishing_.push_back(std::move(f));
}

Status Store::add_table_in_group(const TableRow& t, const std::string& rematch_of) {
  assert(group_);
  if (std::string why = t.problem(); !why.empty()) return Status::error("not stored: " + why);
  making_.push_back({t, rematch_of});
  return Status();
}

Status Store::write_group(std::span<const StoredTable> tables,
                          std::span<const StoredAction> actions,
                          std::span<const StoredFinish> finishes) {
  if (!actions.empty())
    if (Status s = write_actions(actions); !s.ok()) return s;
  for (const StoredTable& t : tables)
    if (Status s = add_table(t.row, t.rematch_of, /*hold=*/owner().empty()); !s.ok()) return s;
  for (const StoredFinish& f : finishes)
    if (Status s = finish(f.table, f.record_json, f.results); !s.ok()) return s;
  return Status();
}

Status Store::commit_group() {
  assert(group_);
  group_ = false;
  return write_group(std::exchange(making_, {}), std::exchange(grouped_, {}),
                     std::exchange(finishing_, {}));
}

std::shared_future<Status> Store::commit_group_async(std::function<void()> ready) {
  assert(group_);
  group_ = false;
  return write_actions_async(std::exchange(making_, {}), std::exchange(grouped_, {}),
                             std::exchange(finishing_, {}), std::move(ready));
}

std::shared_future<Status> Store::write_actions_async(std::vector<StoredTable> tables,
                                                      std::vector<StoredAction> actions,
                                                      std::vector<StoredFinish> finishes,
                                                      std::function<void()> ready) {
  std::promise<Status> done;
  const Status s = write_group(tables, actions, finishes);
  ready();
  done.set_value(s);
  return done.get_future().share();
}

Result<Store::Loaded> Store::claim_and_load(const std::string& table, int chat_lines) {
  auto claimed = claim(table);
  if (!claimed.ok()) return claimed.status();
  Loaded out{*claimed, std::nullopt, {}};
  if (!out.claim.ours) return out;
  auto row = this->table(table);
  if (!row.ok()) return row.status();
  out.row = std::move(*row);
  if (!out.row) return out;
  if (auto lines = chat(table, chat_lines); lines.ok()) out.chat = std::move(*lines);
  return out;
}

Status Store::add_chat(const std::string& table, const Chat& line) {
  assert(!group_);  // a group of actions is committed first
  if (line.text.size() > 4 * kMaxChatText || line.name.size() > 4 * kMaxChatName)
    return Status::error("not stored: a chat line is at most " + std::to_string(kMaxChatText) +
                         " characters, its name " + std::to_string(kMaxChatName));
  return write_chat(table, line);
}

}  // namespace parlour::server
