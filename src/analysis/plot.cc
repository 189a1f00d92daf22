#include "analysis/plot.h"

#include <cstdio>

namespace parlour {

Result<std::string> plot_header(const std::string& path, int width, int height) {
  auto ends = [&](const char* e) {
    return path.size() > 4 && path.compare(path.size() - 4, 4, e) == 0;
  };
  if (!ends(".svg") && !ends(".png"))
    return Status::error("--plot " + path + ": the file must end in .svg or .png");
  if (path.find('\'') != std::string::npos)
    return Status::error("--plot " + path + ": the file name may not contain '");
  return std::string(ends(".png") ? "set terminal pngcairo size " : "set terminal svg size ") +
         std::to_string(width) + "," + std::to_string(height) + " font 'sans,11'\nset output '" +
         path + "'\n";
}

Status run_gnuplot(const std::string& script) {
  FILE* gp = popen("gnuplot 2>&1", "w");
  if (!gp) return Status::error("could not start gnuplot (scripts/setup installs it)");
  std::fwrite(script.data(), 1, script.size(), gp);
  const int rc = pclose(gp);
  if (rc != 0)
    return Status::error("gnuplot failed (exit " + std::to_string(rc) +
                         "); is it installed? scripts/setup installs it");
  return {};
}

}  // namespace parlour
