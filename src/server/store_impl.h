// What the two back ends of the Store share: how seats and options are
// written as text, how a row of `tables` is read and checked, and how a
// failure becomes a Status. Not for use outside store*.cc.
#pragma once

#include <cstdint>
#include <exception>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "server/store.h"

namespace parlour::server::store_impl {

// Seeds keep their 64 bits in a signed column.
inline std::int64_t to_db(std::uint64_t v) {
  return static_cast<std::int64_t>(v);
}
inline std::uint64_t from_db(std::int64_t v) {
  return static_cast<std::uint64_t>(v);
}

std::string seats_json(const std::vector<SeatRow>& seats);
std::string options_json(const std::vector<std::string>& options);

// The columns of `tables` that make a TableRow, in the order row_of reads.
inline constexpr const char* kColumns =
    "id, game, players, options, seed, bot_seed, seats, finished, next, created, absent_after, "
    "window_seconds";

// "SELECT " and those columns, then `rest`. Appended, not a chain of `+`:
// GCC 12 at -O2 warns falsely (-Warray-bounds, its bug 105329) on such a chain
// where the string's headers come precompiled.
inline std::string select_columns(std::string_view rest) {
  std::string s = "SELECT ";
  s += kColumns;
  s += rest;
  return s;
}

// One row's columns as a back end returns them: text, or a whole number
// (nullopt for anything else: null, a real, text), and how to show a bad one.
struct Cells {
  virtual ~Cells() = default;
  virtual std::string text(int column) const = 0;
  virtual std::optional<std::int64_t> whole(int column) const = 0;
  virtual std::string shown(int column) const = 0;
};

// A row is read like any input: one that does not parse or breaks a rule of
// TableRow throws, naming the table and the fault. Numbers must be whole and
// in range: anything else is refused, never coerced.
TableRow row_of(const Cells& cells);

// Every database or JSON failure becomes a Status naming what was being done.
template <class F>
auto guarded(const char* what, F f) -> decltype(f()) {
  try {
    return f();
  } catch (const std::exception& e) {
    return Status::error(std::string("database: ") + what + ": " + e.what());
  }
}

// The numbered schema versions both back ends step through (each keeps its
// own SQL for each step; a database at a higher version is refused).
inline constexpr int kSchemaVersion = 10;
std::string newer_schema(int found);

Result<std::unique_ptr<Store>> open_sqlite(const std::string& path, const StoreOptions& options);
Result<std::unique_ptr<Store>> open_pg(const std::string& uri, const StoreOptions& options);

}  // namespace parlour::server::store_impl
