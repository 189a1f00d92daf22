// What the network decides about a request before the Hub sees it, kept apart
// from Beast so that tests and the fuzzer can drive it: who the client is,
// and whether a browser's page may make the request.
#pragma once

#include <span>
#include <string>
#include <string_view>

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

// A POST to the API holds JSON: "application/json", any case, with or
// without parameters. Anything else could be a form posted from another site.
bool json_content(std::string_view content_type);

}  // namespace parlour::server
