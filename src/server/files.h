// The browser UI's files: which file a URL names under the web root, and its
// type. Nothing outside the root can be named.
#pragma once

#include <string>
#include <string_view>

#include "core/status.h"

namespace parlour::server {

struct StaticFile {
  std::string body;
  std::string type;        // "text/html; charset=utf-8"
  bool immutable = false;  // a hashed asset: cache it for good
};

// The file for a GET of `target` ("/", "/assets/index-3f2a.js?x"). Errors:
// "not found" for anything that is not a regular file under `root`, including
// every path with a ".." segment or a NUL.
Result<StaticFile> static_file(const std::string& root, std::string_view target);

}  // namespace parlour::server
