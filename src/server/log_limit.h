// Lines about refusals and failures are rationed: an attacker whose every
// request is refused, or a disk that fails every write, must not be able to
// fill the operator's disk through the log.
#pragma once

#include <spdlog/spdlog.h>

#include <chrono>
#include <string_view>

namespace parlour::server {

class LogLimit {
 public:
  // At most `lines` lines every `period`, at `level`.
  LogLimit(int lines, std::chrono::milliseconds period, spdlog::level::level_enum level)
      : lines_(lines), period_(period), level_(level) {}

  // Logs `line` unless this period's ration is spent; the first line of the
  // next period says how many were left out.
  void log(std::string_view line) {
    const auto now = std::chrono::steady_clock::now();
    if (now - start_ >= period_) {
      if (dropped_ > 0) spdlog::log(level_, "{} more lines like these were not logged", dropped_);
      start_ = now, used_ = 0, dropped_ = 0;
    }
    if (++used_ > lines_) {
      ++dropped_;
      return;
    }
    spdlog::log(level_, "{}", line);
  }

 private:
  int lines_;
  std::chrono::milliseconds period_;
  spdlog::level::level_enum level_;
  int used_ = 0;
  long dropped_ = 0;
  std::chrono::steady_clock::time_point start_{};
};

}  // namespace parlour::server
