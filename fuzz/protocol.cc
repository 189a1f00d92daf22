// The WebSocket protocol (src/server/protocol.md): whatever two clients send,
// one message a line (a line starting "@" is the second client's), the Hub
// answers with JSON and keeps going.
#include "hub_fixture.h"

using namespace parlour;

extern "C" int LLVMFuzzerTestOneInput(const unsigned char* data, std::size_t size) {
  fuzz::games_once();
  static fuzz::HubFixture f;
  fuzz::Listener a, b;
  f.hub().opened(a);
  f.hub().opened(b);
  std::string_view in = fuzz::text(data, size);
  while (!in.empty()) {
    const std::size_t end = std::min(in.find('\n'), in.size());
    std::string_view line = in.substr(0, end);
    in.remove_prefix(std::min(in.size(), end + 1));
    fuzz::Listener& who = !line.empty() && line[0] == '@' ? b : a;
    if (&who == &b) line.remove_prefix(1);
    if (!who.closed) f.hub().received(who, f.expand(line));
  }
  f.hub().closed(a);
  f.hub().closed(b);
  f.settle();
  return 0;
}
