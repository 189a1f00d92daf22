// Errors for anything that comes from outside (options, records, the command
// line, the network). A Status is OK or carries a message that names the
// problem and what would be accepted. No exceptions cross this boundary.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace parlour {

class [[nodiscard]] Status {
 public:
  Status() = default;  // OK
  static Status error(std::string message) { return Status(std::move(message), true); }

  bool ok() const { return !failed_; }
  const std::string& message() const { return message_; }

 private:
  Status(std::string m, bool failed) : message_(std::move(m)), failed_(failed) {}
  std::string message_;
  bool failed_ = false;
};

// A value or the Status that explains why there is none.
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}  // NOLINT: implicit by design
  Result(Status error) : v_(std::move(error)) { assert(!std::get<Status>(v_).ok()); }  // NOLINT

  bool ok() const { return std::holds_alternative<T>(v_); }
  // REQUIRES: ok()
  T& value() { return std::get<T>(v_); }
  const T& value() const { return std::get<T>(v_); }
  T& operator*() { return value(); }
  T* operator->() { return &value(); }
  // REQUIRES: !ok()
  const Status& status() const { return std::get<Status>(v_); }
  const std::string& message() const { return status().message(); }

 private:
  std::variant<T, Status> v_;
};

}  // namespace parlour
