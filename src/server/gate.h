// What the network decides about a request before the Hub sees it, kept apart
// from Beast so that tests and the fuzzer can drive it: who the client is,
// and whether a browser's page may make the request.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace parlour::server {

// The client's address: the peer's, or, when the peer is the trusted proxy,
// the last address of its X-Forwarded-For (the one the proxy saw; earlier
// entries are the client's own say). A last entry that is not an IP address
// leaves the peer's.
std::string client_address(std::string_view peer, bool peer_is_trusted_proxy,
                           std::string_view forwarded_for);

// A browser says where a page came from: a request from another site's page
// (a form posted across, a socket opened from elsewhere) is refused. Clients
// that are not browsers send no Origin and have nothing to forge. Allowed:
// no Origin, the served host itself (http or https), or one of `allowed`.
bool origin_allowed(std::string_view origin, std::string_view host,
                    std::span<const std::string> allowed);

// The names a request's Host may give (lower case, without a port): the
// loopback names, `host` (the address served on), each of `allow_host`, and
// the host of each of `allow_origin`'s URLs.
std::vector<std::string> own_hosts(std::string_view host, std::span<const std::string> allow_host,
                                   std::span<const std::string> allow_origin);
// Whether a request's Host header names this server: one of `own` (any
// port), or any IP address, which no other site's page can be given by DNS.
// A page of another site that rebinds its own name to this machine sends
// that name, and is refused. A request with no Host (HTTP/1.0) is allowed.
bool host_allowed(std::string_view host_header, std::span<const std::string> own);

// A POST to the API holds JSON: "application/json", any case, with or
// without parameters. Anything else could be a form posted from another site.
bool json_content(std::string_view content_type);

}  // namespace parlour::server
