#include "server/gate.h"

#include <arpa/inet.h>

#include <algorithm>
#include <cctype>

namespace parlour::server {

namespace {

// The address in its usual form, or "" if it is not an IPv4 or IPv6 address.
std::string canonical_address(std::string_view text) {
  if (text.empty() || text.size() >= INET6_ADDRSTRLEN) return "";
  const std::string s(text);
  unsigned char bytes[sizeof(in6_addr)];
  char out[INET6_ADDRSTRLEN];
  for (int family : {AF_INET, AF_INET6})
    if (inet_pton(family, s.c_str(), bytes) == 1 && inet_ntop(family, bytes, out, sizeof out))
      return out;
  return "";
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

std::string client_address(std::string_view peer, bool peer_is_trusted_proxy,
                           std::string_view forwarded_for) {
  if (!peer_is_trusted_proxy) return std::string(peer);
  const std::size_t comma = forwarded_for.rfind(',');
  const std::string last = canonical_address(
      trim(forwarded_for.substr(comma == std::string_view::npos ? 0 : comma + 1)));
  return last.empty() ? std::string(peer) : last;
}

bool origin_allowed(std::string_view origin, std::string_view host,
                    std::span<const std::string> allowed) {
  if (origin.empty()) return true;
  for (std::string_view scheme : {"http://", "https://"})
    if (!host.empty() && origin.size() == scheme.size() + host.size() &&
        origin.starts_with(scheme) && origin.ends_with(host))
      return true;
  return std::find(allowed.begin(), allowed.end(), origin) != allowed.end();
}

bool json_content(std::string_view content_type) {
  constexpr std::string_view kJson = "application/json";
  const std::string_view type = trim(content_type.substr(0, content_type.find(';')));
  return type.size() == kJson.size() &&
         std::equal(type.begin(), type.end(), kJson.begin(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) == b;
         });
}

}  // namespace parlour::server
