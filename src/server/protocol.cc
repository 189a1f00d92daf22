// The WebSocket protocol (protocol.md): what clients send, and the updates,
// presence and table talk they are sent.
#include <spdlog/spdlog.h>

#include <algorithm>
#include <ctime>

#include "core/json_writer.h"
#include "core/record.h"
#include "core/registry.h"
#include "core/view_json.h"
#include "server/hub_impl.h"

namespace parlour::server {

std::string Hub::join_target(std::string_view message) {
  // Called for every message on the network's thread: one that holds no
  // "join", not even spelt with \u escapes, is not parsed.
  if (message.size() > Hub::kMaxMessage || (message.find("join") == std::string_view::npos &&
                                            message.find("\\u") == std::string_view::npos))
    return "";
  const json m = json::parse(message, nullptr, false);
  if (!m.is_object() || m.value("type", json()) != "join" || !m.contains("table") ||
      !m["table"].is_string())
    return "";
  return m["table"].get<std::string>();
}

void Hub::Impl::handle(Client& c, std::string_view message) {
  auto send_error = [&](std::string_view code, std::string_view text) {
    deliver(c, error_message(code, text));
  };
  auto it = conns.find(&c);
  if (it == conns.end()) return;
  if (message.size() > Hub::kMaxMessage)
    return send_error("too-large", "a message is at most " + std::to_string(Hub::kMaxMessage) +
                                       " bytes; this one has " + std::to_string(message.size()));
  const json m = json::parse(message, nullptr, false);
  if (m.is_discarded() || !m.is_object())
    return send_error("bad-message", "a message is one JSON object, such as {\"type\":\"ping\"}");
  if (!m.contains("type") || !m["type"].is_string())
    return send_error("bad-message",
                      "a message needs \"type\": join, act, rematch, chat, odds, back, undo, "
                      "redo, hint or ping");
  const std::string type = m["type"].get<std::string>();
  if (type == "join") return join(c, m);
  if (type == "act") return act(c, it->second, m);
  if (type == "why") return why(c, it->second, m);
  if (type == "rematch") return rematch(c, it->second);
  if (type == "chat") return chat(c, it->second, m);
  if (type == "odds") return odds_switch(c, it->second, m);
  if (type == "back") return back(c, it->second);
  if (type == "undo") return undo(c, it->second);
  if (type == "redo") return redo(c, it->second);
  if (type == "hint") return hint(c, it->second);
  if (type == "ping") return deliver(c, R"({"type":"pong"})");
  send_error("bad-message", "unknown type \"" + first_chars(type, 40) +
                                "\": join, act, rematch, chat, odds, back, undo, redo, hint or "
                                "ping");
}

bool Hub::Impl::narrated(const Live& t, std::size_t v) {
  return v == 0 ? !t.watchers.empty() : t.players[v - 1] != nullptr;
}

void Hub::Impl::narrate(Live& t, Lines& lines) {
  for (std::size_t v = 0; v < lines.size(); ++v)
    if (narrated(t, v)) t.state().narrate(static_cast<Seat>(v) - 1, lines[v]);
}

std::string Hub::Impl::update(Live& t, Seat viewer, const std::vector<std::string>& log,
                              std::optional<Seat> actor, const std::string& label, bool undone,
                              bool forced) {
  View& view = update_view;
  t.state().fill_view(viewer, view);
  // A person's only move is played for them (schedule_bots) in this same
  // turn of the event loop: their view of the table before it offers no
  // choice, so that no click, sound or "your turn" answers a move that is none.
  if (viewer >= 0 && !view.choices.empty())
    if (auto only = forced_move(t); only && only->first == viewer) view.choices.clear();
  // A hand just ended and someone is shown its summary: bots give people
  // time to read it before the next deal is played.
  if (view.last_hand.hand > t.last_hand) {
    t.last_hand = view.last_hand.hand;
    t.pause_until = std::chrono::steady_clock::now() + options.hand_pause;
  }
  // Written straight out, not built as a tree: this is most of what the
  // server does for each action.
  std::string out;
  out.reserve(3072);
  JsonWriter w(out);
  w.begin_object().key("type").str("update").key("version").integer(t.version());
  w.key("view").raw(to_json(view)).key("log").begin_array();
  for (const std::string& line : log) w.str(line);
  w.end_array().key("last");
  if (actor) {
    w.begin_object().key("seat").integer(*actor);
    // A label is written for the seat that chose it; the others learn what
    // happened from their own narration.
    if (*actor == viewer) w.key("label").str(label);
    // Played by the server as the seat's only move: told to that seat alone,
    // since that it had no other may say what it holds.
    if (forced && *actor == viewer) w.key("forced").boolean(true);
    w.end_object();
  } else {
    w.null();
  }
  // A timed window: how long people have left to speak before it is let go
  // for them.
  if (t.window_ends.time_since_epoch().count()) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        t.window_ends - std::chrono::steady_clock::now());
    w.key("window_ms").integer(std::max<long long>(0, left.count()));
  }
  // At the end, the result as data (kind, places, scores), so that a screen
  // can rank the seats of any game.
  if (view.terminal) {
    const Outcome o = t.state().outcome();
    w.key("outcome").begin_object().key("kind").str(outcome_kind_name(o.kind));
    w.key("places").begin_array();
    for (int p : o.places) w.integer(p);
    w.end_array().key("scores").begin_array();
    for (double x : o.scores) w.number(x);
    w.end_array().end_object();
  }
  if (undone) w.key("undone").boolean(true);
  // At a solitaire: whether a move taken back can be played again (redo).
  if (solitaire(t)) w.key("redo").boolean(t.table->redoable());
  w.end_object();
  return out;
}

void Hub::Impl::broadcast_update(Live& t, const Lines& lines, Seat actor, const std::string& label,
                                 bool forced) {
  if (!t.watchers.empty()) {
    const std::string m = update(t, kSpectator, lines[0], actor, label);
    for (Client* c : t.watchers) deliver(*c, m);
  }
  for (Seat s = 0; s < t.row.players; ++s)
    if (t.players[s])
      deliver(*t.players[s], update(t, s, lines[s + 1], actor, label, /*undone=*/false, forced));
}

json Hub::Impl::seats_json(const TableRow& row, const std::vector<Client*>* players,
                           const std::vector<bool>* away) {
  json seats = json::array();
  for (Seat s = 0; s < row.players; ++s) {
    const SeatRow& r = row.seats[s];
    json j = {{"kind", r.kind},
              {"connected", r.kind == "bot" || (players && (*players)[s] != nullptr)}};
    if (r.kind == "bot") {
      j["bot"] = r.bot;
      j["name"] = r.name.empty() ? r.bot : r.name;
    } else {
      j["name"] = r.name.empty() ? seat_name(s) : r.name;
      j["away"] = away && (*away)[s];
      // Who plays the seat meanwhile: a bot with a name of its own.
      if (away && (*away)[s]) j["stand_in"] = stand_in_name(row, s);
    }
    seats.push_back(std::move(j));
  }
  return seats;
}

void Hub::Impl::broadcast(Live& t, const std::string& m) {
  for (Client* c : t.watchers) deliver(*c, m);
  for (Client* c : t.players)
    if (c) deliver(*c, m);
}

void Hub::Impl::broadcast_seats(Live& t) {
  broadcast(t, dump(json{{"type", "seats"}, {"seats", seats_json(t)}}));
}

// The whole story so far, as `viewer` may know it: the table replayed,
// narrated after each transition.
const std::vector<std::string>& Hub::Impl::history(Live& t, Seat viewer) {
  if (t.stories.empty()) t.stories.resize(static_cast<std::size_t>(t.row.players) + 1);
  Live::Story& story = t.stories[static_cast<std::size_t>(viewer + 1)];
  if (story.version == t.version()) return story.log;
  story.log.clear();
  auto replayed = replay(t.table->record(/*labels=*/false),
                         [&](const State& s, const Step&) { s.narrate(viewer, story.log); });
  (void)replayed;  // it was replayed when the table was built: it cannot fail now
  story.version = t.version();
  return story.log;
}

// Takes the client from its table; a finished table left with nobody is
// dropped from memory (it is stored), unless it is `keep`.
void Hub::Impl::detach(Client& c, const std::string& keep) {
  auto it = conns.find(&c);
  if (it == conns.end() || it->second.table.empty()) return;
  Conn& conn = it->second;
  auto t = tables.find(conn.table);
  conn.table.clear();
  conn.odds = false;
  // Slow work asked at that table is dropped if not started, and its
  // answer, if it comes, goes nowhere.
  *conn.present = false;
  conn.present = std::make_shared<std::atomic<bool>>(true);
  conn.hint_pending = conn.odds_pending = conn.odds_again = false;
  if (t == tables.end()) return;
  Live& live = *t->second;
  live.last_active = std::chrono::steady_clock::now();
  if (conn.seat >= 0 && live.players[conn.seat] == &c) live.players[conn.seat] = nullptr;
  std::erase(live.watchers, &c);
  if (conn.seat >= 0) broadcast_seats(live);
  // A finished table nobody watches need not stay in memory: it is stored.
  if (live.row.finished && !live.has_clients() && live.row.id != keep) forget_soon(t);
}

void Hub::Impl::join(Client& c, const json& m) {
  auto send_error = [&](std::string_view code, std::string_view text) {
    deliver(c, error_message(code, text));
  };
  if (!m.contains("table") || !m["table"].is_string())
    return send_error("bad-message", "join needs \"table\": the table's id, a string");
  if (m.contains("token") && !m["token"].is_string())
    return send_error("bad-message", "\"token\" must be a string (leave it out to watch)");
  if (m.contains("name") && !m["name"].is_string())
    return send_error("bad-message", "\"name\" must be a string");
  const std::string name = first_chars(m.value("name", ""), Hub::kMaxName);  // longer names are cut
  if (has_control(name)) return send_error("bad-message", "a name cannot hold control characters");
  const std::string id = m["table"].get<std::string>();
  Conn& conn = conns[&c];
  // A join refused costs a lookup at most, and a client that keeps guessing
  // is let go.
  auto refuse = [&](std::string_view code, std::string text) {
    if (++conn.failed_joins >= options.failed_joins) {
      text += "; too many joins refused, so this connection is closed";
      send_error(code, text);
      return hang_up(c);
    }
    send_error(code, text);
  };
  auto seat_of = [&](const TableRow& row, const std::string& token) {
    for (Seat s = 0; s < row.players; ++s)
      if (row.seats[s].kind == "human" && same_token(row.seats[s].token, token)) return s;
    return kSpectator;
  };
  const std::string token = m.value("token", "");
  auto unknown = [&] { refuse("unknown-table", "there is no table " + first_chars(id, 40)); };
  auto bad_token = [&] {
    refuse("bad-token",
           "that token opens no seat at table " + first_chars(id, 40) + "; leave it out to watch");
  };
  if (m.contains("token") && token.size() != 32) return bad_token();
  if (!tables.contains(id)) {
    // Not in memory: the row alone says whether there is such a table and
    // seat, before any replay.
    auto row = store.table(id, /*actions=*/false);
    if (!row.ok()) {
      report_bad_row(row.message());
      return send_error("storage", row.message());
    }
    if (!*row) return unknown();
    if (m.contains("token") && seat_of(**row, token) == kSpectator) return bad_token();
  }
  bool elsewhere = false;
  auto found = find(id, &elsewhere);
  if (elsewhere) return send_error("elsewhere", found.message());  // the client tries again
  if (!found.ok()) {
    report_bad_row(found.message());
    return send_error("storage", found.message());
  }
  if (!*found) return unknown();
  Live& t = **found;
  Seat seat = kSpectator;
  if (m.contains("token")) {
    seat = seat_of(t.row, token);
    if (seat == kSpectator) return bad_token();
  }
  conn.joined = true;
  detach(c, id);
  conn.table = id;
  conn.seat = seat;
  if (seat >= 0) {
    if (Client* old = t.players[seat]; old && old != &c) {
      deliver(*old, error_message("replaced", "this seat was taken up by a newer connection"));
      conns[old].table.clear();
      hang_up(*old);
    }
    t.players[seat] = &c;
    if (!name.empty() && name != t.row.seats[seat].name) {
      t.row.seats[seat].name = name;
      (void)rename_bots_named_as(t.row, seat);
      commit();
      (void)noted(
          store.set_seats(t.row.id, t.row.seats));  // a lost name is not worth refusing the seat
    }
  } else {
    t.watchers.push_back(&c);
  }
  keep_soon(t.row.id);  // someone is at it: not abandoned
  json chat = json::array();
  for (const ChatLine& l : t.chat)
    chat.push_back({{"seat", l.seat}, {"name", l.name}, {"text", l.text}, {"at", l.at}});
  deliver(c, dump(json{{"type", "joined"},
                       {"table", id},
                       {"seat", seat},
                       {"game", t.sel().game->name},
                       {"title", t.sel().game->title},
                       {"preset", t.sel().name()},
                       {"players", t.row.players},
                       {"odds", t.sel().game->exact_odds != nullptr},
                       {"undo", solitaire(t)},
                       {"hint", solitaire(t)},
                       {"absent_after", t.row.absent_after},
                       {"window_seconds", t.row.window_seconds},
                       {"seats", seats_json(t)},
                       {"chat", std::move(chat)}}));
  const std::vector<std::string>& story = history(t, seat);
  if (story.size() <= kJoinLog) {
    deliver(c, update(t, seat, story, std::nullopt, ""));
  } else {
    std::vector<std::string> recent{"… " + std::to_string(story.size() - kJoinLog) +
                                    " earlier lines (the record, once the game is over, has them)"};
    recent.insert(recent.end(), story.end() - kJoinLog, story.end());
    deliver(c, update(t, seat, recent, std::nullopt, ""));
  }
  if (!t.row.next.empty()) deliver(c, dump(json{{"type", "rematch"}, {"table", t.row.next}}));
  if (seat >= 0) {
    // Coming back to the table ends a stand-in's turn at it.
    if (t.away[seat]) t.away[seat] = false, watch_absent(t);
    broadcast_seats(t);
  }
}

// Why the cards a player selected make no move (State::why_not): the game's
// words, or "" where they make one or it has none. Cheap and bounded (at
// most 52 picks), so answered at once; it changes nothing.
void Hub::Impl::why(Client& c, Conn& conn, const json& m) {
  if (conn.table.empty() || conn.seat < 0)
    return deliver(c, error_message("not-joined", "join a table with a seat's token first"));
  const char* form =
      "why needs \"picks\": a list of 1 to 52 [zone, card] pairs of whole numbers from the "
      "view's zones, and may have \"word\": the terminal's word before them, at most 8 "
      "letters";
  if (!m.contains("picks") || !m["picks"].is_array() || m["picks"].empty() ||
      m["picks"].size() > 52)
    return deliver(c, error_message("bad-message", form));
  std::vector<CardRef> picks;
  for (const json& p : m["picks"]) {
    if (!p.is_array() || p.size() != 2 || !p[0].is_number_integer() || !p[1].is_number_integer())
      return deliver(c, error_message("bad-message", form));
    const long long zone = p[0].get<long long>(), card = p[1].get<long long>();
    if (zone < 0 || zone > 1000 || card < 0 || card > 1000)
      return deliver(c, error_message("bad-message", form));
    picks.push_back({static_cast<int>(zone), static_cast<int>(card)});
  }
  std::string word;
  if (m.contains("word")) {
    if (!m["word"].is_string() || m["word"].get<std::string>().size() > 8)
      return deliver(c, error_message("bad-message", form));
    word = m["word"].get<std::string>();
  }
  const Live& t = *tables.at(conn.table);
  deliver(c, dump(json{{"type", "why"},
                       {"version", t.version()},
                       {"picks", m["picks"]},
                       {"reason", t.state().why_not(conn.seat, word, picks)}}));
}

void Hub::Impl::act(Client& c, Conn& conn, const json& m) {
  auto send_error = [&](std::string_view code, std::string_view text) {
    deliver(c, error_message(code, text));
  };
  if (conn.table.empty())
    return send_error("not-joined",
                      "join a table first: {\"type\":\"join\",\"table\":...,\"token\":...}");
  if (conn.seat < 0)
    return send_error("spectator", "spectators cannot act; join with a seat's token to play");
  if (!m.contains("action") || !m["action"].is_number_unsigned())
    return send_error("bad-message", "act needs \"action\": a number from the view's choices");
  if (m.contains("version") && !m["version"].is_number_integer())
    return send_error("bad-message", "\"version\" must be a whole number (the view's version)");
  Live& t = *tables.at(conn.table);
  if (m.contains("version") && m["version"].get<long long>() != t.version())
    return send_error("stale", "you acted on version " +
                                   std::to_string(m["version"].get<long long>()) +
                                   ", but the table is at version " + std::to_string(t.version()));
  const State& s = t.state();
  if (s.terminal()) return send_error("not-your-turn", "the game is over");
  if (!s.actors().has(conn.seat)) {
    const Seat to_move = s.to_move();
    return send_error("not-your-turn", to_move >= 0
                                           ? "it is " + seat_name(to_move) + "'s turn, not yours"
                                           : std::string("you may not act now"));
  }
  const auto value = m["action"].get<std::uint64_t>();
  if (value > 0xFFFFFFFFull || !t.table->legal(conn.seat, static_cast<Action>(value))) {
    std::vector<Action> legal;
    s.legal_actions(conn.seat, legal);
    std::string accepted;
    for (std::size_t i = 0; i < legal.size() && i < 12; ++i)
      accepted += (i ? ", " : "") + std::to_string(legal[i]) + " (" +
                  s.action_label(conn.seat, legal[i]) + ")";
    if (legal.size() > 12) accepted += ", ...";
    return send_error("illegal",
                      "action " + std::to_string(value) + " is not legal here; legal: " + accepted);
  }
  set_away(t, conn.seat, false);  // whoever acts is back
  if (Status st = play(t, conn.seat, static_cast<Action>(value)); !st.ok())
    send_error("storage", st.message());
}

void Hub::Impl::rematch(Client& c, Conn& conn) {
  auto send_error = [&](std::string_view code, std::string_view text) {
    deliver(c, error_message(code, text));
  };
  if (conn.table.empty()) return send_error("not-joined", "join a table first");
  if (conn.seat < 0) return send_error("spectator", "only a player can ask for a rematch");
  Live& old = *tables.at(conn.table);
  if (!old.state().terminal())
    return send_error("not-finished", "a rematch can be asked once the game is over");
  if (old.row.next.empty()) {
    if (!may_create(c.address()))
      return send_error("too-many-tables",
                        "too many new tables from your address; ask again in a few seconds");
    TableRow row;
    row.game = old.row.game;
    row.players = old.row.players;
    row.options = old.row.options;
    row.seats = old.row.seats;  // the same tokens open the same seats
    row.absent_after = old.row.absent_after;
    row.window_seconds = old.row.window_seconds;
    auto created = create(std::move(row), std::nullopt, old.row.id, c.address(),
                          /*by_message=*/true);
    if (!created.ok()) return send_error("storage", created.message());
    old.row.next = (*created)->row.id;
  }
  // Held behind the commit that makes the table, if one is in flight; an
  // error instead if that commit fails (unmake).
  const std::string m = dump(json{{"type", "rematch"}, {"table", old.row.next}});
  for (Client* to : old.clients()) deliver(*to, m, old.row.next);
}

void Hub::Impl::chat(Client& c, Conn& conn, const json& m) {
  auto send_error = [&](std::string_view code, std::string_view text) {
    deliver(c, error_message(code, text));
  };
  if (conn.table.empty()) return send_error("not-joined", "join a table first");
  if (conn.seat < 0)
    return send_error("spectator", "spectators read the table talk; players write it");
  if (!m.contains("text") || !m["text"].is_string())
    return send_error("bad-message", "chat needs \"text\": what you say, a string");
  const std::string raw = m["text"].get<std::string>();
  if (has_control(raw))
    return send_error("bad-message", "chat cannot hold control characters (one line at a time)");
  const std::string text = first_chars(raw, kMaxChat);
  if (text.find_first_not_of(' ') == std::string::npos)
    return send_error("bad-message", "say something");
  // Counted by address and by table, not by connection: a client that
  // connects again starts with what it had left, and many clients at one
  // table cannot fill its store with talk.
  const auto now = std::chrono::steady_clock::now();
  if (!allowed(limits->chat_by_address, "chat", conn.who, now))
    return send_error("too-fast", fmt::format("at most {} messages at once from your address, then "
                                              "one every {} seconds; wait a moment",
                                              options.chat_burst, options.chat_seconds));
  if (!limits->chat_by_table.allow(conn.table, now))
    return send_error("too-fast",
                      fmt::format("this table's talk is at most {} messages at once, "
                                  "then one every {} seconds; wait a moment",
                                  options.table_chat_burst, options.table_chat_seconds));
  Live& t = *tables.at(conn.table);
  const SeatRow& sr = t.row.seats[conn.seat];
  ChatLine line{conn.seat, sr.name.empty() ? seat_name(conn.seat) : sr.name, text,
                std::time(nullptr)};
  commit();
  (void)noted(store.add_chat(
      t.row.id, {line.seat, line.name, line.text, line.at}));  // talk lost is not worth refusing
  t.chat.push_back(line);
  while (t.chat.size() > kChatKept) t.chat.pop_front();
  broadcast(t, dump(json{{"type", "chat"},
                         {"seat", line.seat},
                         {"name", line.name},
                         {"text", line.text},
                         {"at", line.at}}));
}

void Hub::Impl::odds_switch(Client& c, Conn& conn, const json& m) {
  auto send_error = [&](std::string_view code, std::string_view text) {
    deliver(c, error_message(code, text));
  };
  if (conn.table.empty()) return send_error("not-joined", "join a table first");
  if (!m.contains("on") || !m["on"].is_boolean())
    return send_error("bad-message", "odds needs \"on\": true or false");
  Live& t = *tables.at(conn.table);
  if (!t.sel().game->exact_odds)
    return send_error("no-odds", std::string(t.sel().game->title) + " has no live odds");
  const bool on = m["on"].get<bool>();
  // Already on: the odds come with every update, and those on their way
  // answer this too.
  if (on && conn.odds) return;
  if (on && !may_ask_slow(conn)) {
    return send_error("too-fast", fmt::format("live odds are worked out at most {} times at once "
                                              "for your address or seat, then one every {} s; "
                                              "ask again in a moment",
                                              options.slow_burst, options.slow_seconds));
  }
  conn.odds = on;
  if (conn.odds) send_odds(t, c, conn);
}

bool Hub::Impl::solitaire(const Live& t) {
  return t.row.players == 1 && t.sel().game->undo != nullptr;
}

Live* Hub::Impl::solitaire_seat(Client& c, const Conn& conn, std::string_view code,
                                std::string_view only) {
  if (conn.table.empty() || conn.seat < 0) {
    deliver(c, error_message("not-joined", "join a table with a seat's token first"));
    return nullptr;
  }
  Live& t = *tables.at(conn.table);
  if (!solitaire(t) || t.state().terminal()) {
    deliver(c, error_message(code, solitaire(t) ? std::string_view("the game is over") : only));
    return nullptr;
  }
  return &t;
}

void Hub::Impl::undo(Client& c, Conn& conn) {
  auto send_error = [&](std::string_view code, std::string_view text) {
    deliver(c, error_message(code, text));
  };
  Live* at = solitaire_seat(c, conn, "no-undo", "moves are taken back only in a solitaire");
  if (!at) return;
  Live& t = *at;
  commit();  // the move taken back is stored first, then removed
  if (t.lost) return;
  if (Status st = t.table->undo(); !st.ok()) return send_error("no-undo", st.message());
  if (Status st = noted(store.remove_action(t.row.id, t.version())); !st.ok())
    return send_error("storage", st.message());
  t.last_active = std::chrono::steady_clock::now();
  // An update of a lower version, marked so that the page takes it.
  deliver(c, update(t, conn.seat, {"You take the move back."}, std::nullopt, "", /*undone=*/true));
  odds_after_update(t);
}

void Hub::Impl::redo(Client& c, Conn& conn) {
  Live* at = solitaire_seat(c, conn, "no-redo", "moves are played again only in a solitaire");
  if (!at) return;
  Live& t = *at;
  std::string_view why;
  if (!t.table->redoable())
    why = "there is no move taken back to play again";
  else if (t.table->undone_next().seat != conn.seat)
    why = "the move taken back is another seat's";
  else if (!t.table->legal(conn.seat, t.table->undone_next().action))
    why = "the move taken back cannot be played here";
  if (!why.empty()) return deliver(c, error_message("no-redo", why));
  // Stored and told as any move is.
  if (Status st = play(t, conn.seat, t.table->undone_next().action, /*again=*/true); !st.ok())
    deliver(c, error_message("storage", st.message()));
}

bool Hub::Impl::may_ask_slow(const Conn& conn) {
  const auto now = std::chrono::steady_clock::now();
  return allowed(limits->slow_by_address, "slow", conn.who, now) &&
         limits->slow_by_seat.allow(conn.table + "/" + std::to_string(conn.seat), now);
}

void Hub::Impl::hint(Client& c, Conn& conn) {
  Live* at = solitaire_seat(c, conn, "no-hint", "hints are given only in a solitaire");
  if (!at) return;
  Live& t = *at;
  // One at a time: the hint on its way answers this request too.
  if (conn.hint_pending) return;
  if (!may_ask_slow(conn))
    return deliver(
        c, error_message("too-fast", fmt::format("at most {} hints at once for your "
                                                 "address or seat, then one every {} "
                                                 "s; ask again in a moment",
                                                 options.slow_burst, options.slow_seconds)));
  conn.hint_pending = true;
  // The game's own player, shown only this seat's view, works it out away
  // from the server's thread, on a copy.
  std::shared_ptr<const State> copy = t.state().clone();
  const int version = t.version();
  const Seat seat = conn.seat;
  const GameInfo& g = *t.sel().game;
  const double seconds = options.bot_seconds;
  const std::size_t memory = options.bot_memory;
  // The table's hint player, taken for this hint (another asked meanwhile,
  // from a second page, gets one made afresh) and given back after.
  std::shared_ptr<Bot> bot = std::move(t.hint_bot);
  if (!bot) bot = g.bots.front().make();
  scheduler.work(
      conn.who,
      [copy, &g, seat, version, present = conn.present, seconds, memory, bot]() -> std::string {
        if (!*present) return "";  // the client has gone: nobody to tell
        std::vector<Action> legal;
        copy->legal_actions(seat, legal);
        Rng rng(static_cast<std::uint64_t>(version) * 0x9e3779b97f4a7c15ull + 17);
        // A hint is the game's first bot, within the bots' budget.
        const Hint h = hint_move(g, *copy, seat, legal, rng,
                                 Observation::Limits::from_now(seconds, memory), bot.get());
        json j{{"type", "hint"},
               {"version", version},
               {"action", h.action},
               {"label", copy->action_label(seat, h.action)},
               {"by", g.bots.front().name}};
        if (!h.doubt.empty()) j["doubt"] = h.doubt;
        return dump(j);
      },
      [this, client = &c, id = t.row.id, seat, present = conn.present, bot](std::string message) {
        if (auto live = tables.find(id); live != tables.end() && !live->second->hint_bot)
          live->second->hint_bot = bot;
        auto it = conns.find(client);
        if (!*present || it == conns.end() || it->second.table != id || it->second.seat != seat)
          return;
        it->second.hint_pending = false;
        if (!message.empty()) deliver(*client, std::move(message));
      });
}

void Hub::Impl::back(Client& c, Conn& conn) {
  if (conn.table.empty() || conn.seat < 0)
    return deliver(c, error_message("not-joined", "join a table with a seat's token first"));
  Live& t = *tables.at(conn.table);
  set_away(t, conn.seat, false);
}

}  // namespace parlour::server
