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

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// "name:8080" -> "name", "[::1]:8080" -> "::1", "name." -> "name".
std::string host_name(std::string_view h) {
  h = trim(h);
  if (h.starts_with('[')) {
    const std::size_t end = h.find(']');
    return end == std::string_view::npos ? "" : lower(h.substr(1, end - 1));
  }
  const std::size_t colon = h.find(':');
  if (colon != std::string_view::npos && h.find(':', colon + 1) == std::string_view::npos)
    h = h.substr(0, colon);
  if (h.ends_with('.')) h.remove_suffix(1);
  return lower(h);
}

}  // namespace

std::vector<std::string> own_hosts(std::string_view host, std::span<const std::string> allow_host,
                                   std::span<const std::string> allow_origin) {
  std::vector<std::string> own = {"localhost", "127.0.0.1", "::1"};
  auto add = [&](std::string_view h) {
    std::string name = host_name(h);
    if (!name.empty() && std::find(own.begin(), own.end(), name) == own.end())
      own.push_back(std::move(name));
  };
  add(host.find(':') != std::string_view::npos ? "[" + std::string(host) + "]" : host);
  for (const std::string& h : allow_host) add(h);
  for (std::string_view origin : allow_origin) {
    const std::size_t scheme = origin.find("://");
    if (scheme == std::string_view::npos) continue;
    origin.remove_prefix(scheme + 3);
    add(origin.substr(0, origin.find('/')));
  }
  return own;
}

bool host_allowed(std::string_view host_header, std::span<const std::string> own) {
  if (trim(host_header).empty()) return true;
  const std::string name = host_name(host_header);
  if (name.empty()) return false;
  if (!canonical_address(name).empty()) return true;  // an IP address: no DNS involved
  if (name.ends_with(".localhost")) return true;      // resolved to loopback by the browser itself
  return std::find(own.begin(), own.end(), name) != own.end();
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
