// `parlour serve`: the browser UI, the JSON API and the game protocol in one
// process (protocol.md). Runs until SIGINT or SIGTERM.
#pragma once

#include <string>
#include <vector>

namespace parlour::server {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8080;
  std::string db = "parlour.db";
  std::string web;           // the built UI; empty: the source tree's web/dist
  int bot_delay_ms = 900;    // bots move after 0.5 to 1.5 times this
  int hand_pause_ms = 3000;  // and wait this much longer after a hand ends
  bool allow_seed = false;   // let table creators choose the seed (tests only: it reveals the deal)
  // Limits per client (its address, or X-Forwarded-For from a trusted proxy).
  int tables_burst = 20;         // new tables at once, rematches included; 0: no limit
  double seconds_per_table = 3;  // then one every this many seconds
  int hint_burst = 10;       // hints and live odds at once, per client and seat; then one a second
  int max_connections = 32;  // open at once, HTTP and WebSocket; 0: no limit
  // A request, headers and body, comes whole within this many seconds: a
  // client sending a byte now and then (slow headers) holds its slot no longer.
  double request_seconds = 15;
  int keep_days = 30;         // finished tables are removed this long after creation; 0: never
  std::string trusted_proxy;  // a reverse proxy's address: its X-Forwarded-For is believed
  std::vector<std::string>
      allow_origin;  // origins besides the served host's own (http://host:port)
  int workers = 0;   // threads holding the tables; 0: one a core, less one for the network
  // Names (or addresses) a request's Host may give besides the loopback
  // names, any IP address, --host and the hosts of --allow-origin: anything
  // else is refused, so a page of another site cannot reach the server by
  // a name of its own that resolves here (DNS rebinding).
  std::vector<std::string> allow_host;
  // The most a bot thinks over one move at a table, whatever the table
  // asked (ismcts:Xs, ismcts:N): a new table asking more is refused, a
  // stored one is brought within it.
  double bot_seconds = 2;
  int bot_iterations = 20'000;
  // The most a searching bot's tree may hold, in MB (HubOptions::bot_memory).
  int bot_memory_mb = 64;
  int expire_days = 7;  // unfinished tables with no move for this long are removed; 0: never
  // With PostgreSQL (several processes share the tables): how long a claim
  // on a live table lasts, and how often the claims are renewed.
  int lease_seconds = 5;
  double renew_seconds = 1;
};

// Returns the process's exit status: 0 after a signal, 1 if it cannot start
// (the database or the port), with the reason on stderr.
int serve(const ServeOptions& options);

}  // namespace parlour::server
