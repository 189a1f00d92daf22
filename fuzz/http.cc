// HTTP requests to the API as bytes off the socket: parsed as the server
// parses them (Beast, the same limits), passed through the same gate (client
// address behind a trusted proxy, Origin, Content-Type), then to the Hub.
// Whatever arrives, the answer is a status with a JSON body for the API.
#include <boost/beast/http.hpp>
#include <utility>  // before asio: Boost 1.74 needs it with g++ 12

#include "hub_fixture.h"
#include "server/gate.h"

using namespace parlour;
namespace http = boost::beast::http;

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  fuzz::games_once();
  static fuzz::HubFixture f;
  const std::string bytes = f.expand(fuzz::text(data, size));
  http::request_parser<http::string_body> parser;
  parser.body_limit(64 * 1024);
  parser.eager(true);
  boost::beast::error_code ec;
  parser.put(boost::asio::buffer(bytes), ec);
  if (!ec && !parser.is_done()) parser.put_eof(ec);
  if (ec || !parser.is_done()) return 0;
  const auto& req = parser.get();
  auto field = [&](std::string_view name) {
    const auto v = req[boost::beast::string_view(name.data(), name.size())];
    return std::string_view(v.data(), v.size());
  };
  const std::vector<std::string> allowed = {"https://cards.example"};
  const std::string client = server::client_address("127.0.0.1", true, field("X-Forwarded-For"));
  fuzz::require(!client.empty(), "every request has a client");
  const bool post = req.method() == http::verb::post;
  if (post && (!server::origin_allowed(field("Origin"), field("Host"), allowed) ||
               !server::json_content(field("Content-Type"))))
    return 0;  // refused before the Hub
  const std::string_view target(req.target().data(), req.target().size());
  if (!target.starts_with("/api/") && target != "/healthz") return 0;
  const std::string_view method(req.method_string().data(), req.method_string().size());
  const server::HttpReply r = f.hub().http(method, target, req.body(), client);
  fuzz::require(r.status >= 200 && r.status < 600, "an answer has a status");
  if (r.type == "application/json")
    fuzz::require(nlohmann::json::accept(r.body), "a JSON answer is JSON");
  f.settle();
  return 0;
}
