// Lines about refusals are rationed: an attacker whose every request is
// refused must not be able to fill the operator's disk through the log.
#pragma once

#include <spdlog/spdlog.h>

#include <chrono>
#include <string_view>

namespace parlour::server {

class LogLimit {
 public:
  LogLimit() = default;
  explicit LogLimit(int per_second) : per_second_(per_second) {}

  // Logs `line` (info) unless this second's ration is spent; the next line
  // after a spent second says how many were left out.
  void info(std::string_view line) {
    const auto now = std::chrono::steady_clock::now();
    if (now - second_ >= std::chrono::seconds(1)) {
      if (dropped_ > 0) spdlog::warn("{} more refusals were not logged", dropped_);
      second_ = now, lines_ = 0, dropped_ = 0;
    }
    if (++lines_ > per_second_) {
      ++dropped_;
      return;
    }
    spdlog::info("{}", line);
  }

 private:
  int per_second_ = 20;
  int lines_ = 0;
  long dropped_ = 0;
  std::chrono::steady_clock::time_point second_{};
};

}  // namespace parlour::server
