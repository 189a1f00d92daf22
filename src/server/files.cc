#include "server/files.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace parlour::server {
namespace {

std::string type_of(std::string_view path) {
  auto ends = [&](std::string_view ext) { return path.ends_with(ext); };
  if (ends(".html")) return "text/html; charset=utf-8";
  if (ends(".js") || ends(".mjs")) return "text/javascript; charset=utf-8";
  if (ends(".css")) return "text/css; charset=utf-8";
  if (ends(".svg")) return "image/svg+xml";
  if (ends(".png")) return "image/png";
  if (ends(".ico")) return "image/x-icon";
  if (ends(".json") || ends(".webmanifest")) return "application/json";
  if (ends(".woff2")) return "font/woff2";
  if (ends(".txt") || ends(".md")) return "text/plain; charset=utf-8";
  return "application/octet-stream";
}

int hex(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

Result<StaticFile> static_file(const std::string& root, std::string_view target) {
  const Status not_found = Status::error("not found");
  std::string_view raw = target.substr(0, target.find_first_of("?#"));
  if (raw.empty() || raw[0] != '/') return not_found;
  std::string path;
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '%') {
      if (i + 2 >= raw.size() || hex(raw[i + 1]) < 0 || hex(raw[i + 2]) < 0) return not_found;
      path += static_cast<char>(hex(raw[i + 1]) * 16 + hex(raw[i + 2]));
      i += 2;
    } else {
      path += raw[i];
    }
  }
  if (path.find('\0') != std::string::npos || path.find('\\') != std::string::npos)
    return not_found;
  // Every segment must be a plain name: no "..", no ".", no hidden files.
  for (std::size_t start = 1; start <= path.size();) {
    const std::size_t end = std::min(path.find('/', start), path.size());
    const std::string_view seg = std::string_view(path).substr(start, end - start);
    if (!seg.empty() && seg[0] == '.') return not_found;
    if (seg.empty() && end != path.size()) return not_found;  // "//"
    start = end + 1;
  }
  if (path.ends_with("/")) path += "index.html";
  const std::filesystem::path file = std::filesystem::path(root) / path.substr(1);
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) return not_found;
  std::ifstream in(file, std::ios::binary);
  if (!in) return not_found;
  std::ostringstream body;
  body << in.rdbuf();
  return StaticFile{body.str(), type_of(path), path.starts_with("/assets/")};
}

}  // namespace parlour::server
