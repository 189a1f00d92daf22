// The Hub's public face, and the helpers its parts share. The parts are
// described in hub_impl.h.
#include "server/hub.h"

#include <spdlog/spdlog.h>
#include <sys/random.h>

#include <algorithm>
#include <ctime>

#include "core/json_writer.h"
#include "server/hub_impl.h"

namespace parlour::server {

std::string random_hex(std::size_t bytes) {
  unsigned char buf[32];
  std::size_t got = 0;
  while (got < bytes) {
    const ssize_t n = getrandom(buf + got, bytes - got, 0);
    if (n > 0) got += static_cast<std::size_t>(n);
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string s;
  for (std::size_t i = 0; i < bytes; ++i) s += kHex[buf[i] >> 4], s += kHex[buf[i] & 15];
  return s;
}

std::uint64_t random_u64() {
  std::uint64_t v = 0;
  for (char c : random_hex(8))
    v = v << 4 | static_cast<std::uint64_t>(c <= '9' ? c - '0' : c - 'a' + 10);
  return v;
}

bool same_token(const std::string& a, const std::string& b) {
  if (a.size() != b.size() || a.empty()) return false;
  unsigned diff = 0;
  for (std::size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

std::string dump(const json& j) {
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string error_message(std::string_view code, std::string_view message) {
  // Written straight out, as a flood of bad messages is answered one by one;
  // the keys in the order dump() gives them.
  std::string out;
  JsonWriter(out)
      .begin_object()
      .key("code")
      .str(code)
      .key("message")
      .str(message)
      .key("type")
      .str("error")
      .end_object();
  return out;
}

std::string first_chars(const std::string& text, std::size_t n) {
  std::size_t i = 0;
  for (std::size_t count = 0; i < text.size() && count < n; ++count) {
    ++i;
    while (i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) ++i;
  }
  return text.substr(0, i);
}

bool has_control(const std::string& text) {
  return std::any_of(text.begin(), text.end(),
                     [](char ch) { return static_cast<unsigned char>(ch) < 32; });
}

void Hub::Impl::report_bad_row(const std::string& why) {
  if (reported.size() < 10000 && reported.insert(why).second)
    spdlog::warn("database: a table's row is unusable and left out: {}", why);
}

Status Hub::Impl::noted(Status s) {
  if (!s.ok()) {
    storage_log.log("storage: " + s.message());
    write_failure = s.message();
    write_failed_at = std::chrono::steady_clock::now();
  } else {
    write_failure.clear();
  }
  return s;
}

std::size_t worker_of(std::string_view table, std::size_t workers) {
  if (workers <= 1) return 0;
  std::uint64_t h = 14695981039346656037ull;  // FNV-1a: ids are random already
  for (unsigned char ch : table) h = (h ^ ch) * 1099511628211ull;
  return static_cast<std::size_t>(h % workers);
}

bool Buckets::allow(const std::string& key, std::chrono::steady_clock::time_point now) {
  if (burst <= 0) return true;
  std::lock_guard lock(mu_);
  if (buckets_.size() > 100000) buckets_.clear();  // bounded memory; forgetting only forgives
  auto [it, fresh] = buckets_.try_emplace(key, Bucket{burst, now});
  Bucket& b = it->second;
  if (!fresh)
    b.tokens = std::min(
        burst, b.tokens + std::chrono::duration<double>(now - b.at).count() / seconds_per_token);
  b.at = now;
  if (b.tokens < 1) return false;
  b.tokens -= 1;
  return true;
}

bool Hub::Impl::allowed(Buckets& bucket, const char* kind, const std::string& client,
                        std::chrono::steady_clock::time_point now) {
  if (!bucket.allow(client, now)) return false;
  if (!shared() || bucket.burst <= 0) return true;
  const double per_minute = bucket.burst + 60 / bucket.seconds_per_token;
  auto within = store.count(kind, client, static_cast<int>(std::min(per_minute, 1e6)));
  if (!within.ok()) {  // the database is away: this process's bucket still holds
    (void)noted(within.status());
    return true;
  }
  return *within;
}

bool Live::has_clients() const {
  return !watchers.empty() ||
         std::any_of(players.begin(), players.end(), [](Client* c) { return c; });
}

std::vector<Client*> Live::clients() const {
  std::vector<Client*> all = watchers;
  for (Client* c : players)
    if (c) all.push_back(c);
  return all;
}

Hub::Impl::Impl(Store& s, Scheduler& sch, HubOptions o, std::shared_ptr<SharedLimits> shared)
    : store(s),
      scheduler(sch),
      options(o),
      limits(shared ? std::move(shared) : std::make_shared<SharedLimits>(o)),
      games_cache(dump(games_json())),
      cards_cache(dump(cards_json())),
      delay_rng(random_u64(), 7) {
  if (options.idle_evict.count() > 0) schedule_sweep();
  if (options.lease_renew.count() > 0 && this->shared()) schedule_renewal();
}

Hub::Hub(Store& store, Scheduler& scheduler, HubOptions options, const Hub* limits_of)
    : impl_(std::make_unique<Impl>(store, scheduler, options,
                                   limits_of ? limits_of->impl_->limits : nullptr)) {}

Hub::~Hub() {
  impl_->commit();  // waits for a commit in flight too
  *impl_->alive = false;
}  // what was played is kept

Result<std::vector<std::string>> Hub::restore() {
  impl_->remove_old();
  // Only live tables, the most recently played first, and no more than the
  // cap: the others stay stored, loaded when someone joins them.
  // Where several processes share the store, none loads the tables at its
  // start: each is claimed by the process its people reach, at their join.
  if (impl_->shared()) return std::vector<std::string>();
  const auto expire = impl_->options.expire_unfinished.count();
  auto ids = impl_->store.unfinished(expire > 0 ? std::time(nullptr) - expire : 0);
  if (!ids.ok()) return ids.status();
  std::vector<std::string> skipped;
  std::size_t left = 0;
  for (const std::string& id : *ids) {
    if (!impl_->mine(id)) continue;
    if (impl_->tables.size() >= impl_->options.max_tables) {
      ++left;
      continue;
    }
    if (auto t = impl_->find(id); !t.ok()) skipped.push_back(t.message());
  }
  if (left > 0)
    spdlog::warn(
        "{} unfinished tables were not loaded at start-up: the cap of {} is reached "
        "(each is loaded when someone joins it)",
        left, impl_->options.max_tables);
  return skipped;
}

HttpReply Hub::http(std::string_view method, std::string_view target, std::string_view body,
                    std::string_view from) {
  auto out = std::make_shared<std::optional<HttpReply>>();
  http(method, target, body, from, [out](HttpReply r) { *out = std::move(r); });
  if (*out) return std::move(**out);
  return {500, "application/json",
          R"({"error":"the reply is not ready: this Scheduler defers work; use the callback"})",
          ""};
}

void Hub::http(std::string_view method, std::string_view target, std::string_view body,
               std::string_view from, std::function<void(HttpReply)> done) {
  // No request may take the server down: a failure that escapes a handler is
  // a bug, answered 500 and logged with what it concerned.
  auto answered = std::make_shared<bool>(false);
  try {
    impl_->http(method, target, body, from, [answered, done](HttpReply r) {
      *answered = true;
      done(std::move(r));
    });
  } catch (const std::exception& e) {
    const Route r = route(method, target);
    spdlog::error("{} {} (table {}) from {} failed: {}", method,
                  first_chars(std::string(target), 80),
                  r.table.empty() ? "-" : first_chars(r.table, 40), from, e.what());
    if (!*answered)
      done({500, "application/json",
            dump(json{{"error", std::string("the server failed on this request (") + e.what() +
                                    "); it is logged"}}),
            ""});
  }
}

void Hub::opened(Client& c, ClientCount count) {
  Conn conn;
  static_cast<ClientCount&>(conn) = std::move(count);
  conn.serial = ++impl_->serials;
  conn.who = c.address();
  if (conn.who.empty()) conn.who = "connection " + std::to_string(conn.serial);
  const bool joined = conn.joined;
  impl_->conns.insert_or_assign(&c, std::move(conn));
  if (impl_->options.join_within.count() <= 0 || joined) return;
  impl_->scheduler.after(
      impl_->options.join_within, [impl = impl_.get(), client = &c, serial = conn.serial] {
        auto it = impl->conns.find(client);
        if (it == impl->conns.end() || it->second.serial != serial || it->second.joined) return;
        impl->deliver(*client,
                      error_message("idle", "no table was joined in time; connect again to play"));
        impl->hang_up(*client);
      });
}

void Hub::received(Client& c, std::string_view message) {
  try {
    impl_->handle(c, message);
  } catch (const std::exception& e) {  // a bug, not the client's fault: say so and go on
    auto it = impl_->conns.find(&c);
    spdlog::error("a message at table {} from {} failed: {}",
                  it == impl_->conns.end() || it->second.table.empty() ? "-" : it->second.table,
                  c.address().empty() ? "-" : c.address(), e.what());
    impl_->deliver(c, error_message("internal",
                                    std::string("the server failed on this message: ") + e.what()));
  }
}

void Hub::closed(Client& c) {
  (void)left(c);
}

ClientCount Hub::left(Client& c) {
  std::erase_if(impl_->held, [&](const Impl::Held& h) { return h.to == &c; });
  if (impl_->in_flight)
    std::erase_if(impl_->in_flight->held, [&](const Impl::Held& h) { return h.to == &c; });
  impl_->detach(c);
  if (auto it = impl_->conns.find(&c); it != impl_->conns.end()) *it->second.present = false;
  auto it = impl_->conns.find(&c);
  if (it == impl_->conns.end()) return {};
  ClientCount count = std::move(it->second);
  impl_->conns.erase(it);
  return count;
}

const State* Hub::state(const std::string& table) const {
  auto it = impl_->tables.find(table);
  return it == impl_->tables.end() ? nullptr : &it->second->state();
}

std::size_t Hub::live_tables() const {
  return impl_->tables.size();
}

}  // namespace parlour::server
