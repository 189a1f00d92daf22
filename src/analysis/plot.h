// Plots through gnuplot, for sim and fairness.
#pragma once

#include <string>

#include "core/status.h"

namespace parlour {

// The gnuplot "set terminal" and "set output" lines for FILE.svg or FILE.png of
// the given size; an error for any other ending.
[[nodiscard]] Result<std::string> plot_header(const std::string& path, int width, int height);
// Runs gnuplot on a script; the error says what went wrong.
[[nodiscard]] Status run_gnuplot(const std::string& script);

}  // namespace parlour
