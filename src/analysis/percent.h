// A share as the reports print it: pct(0.12345) is "12.35%" (sim and fairness).
#pragma once

#include <cstdio>
#include <string>

namespace parlour {

inline std::string pct(double x, int digits = 2) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f%%", digits, 100 * x);
  return buf;
}

}  // namespace parlour
