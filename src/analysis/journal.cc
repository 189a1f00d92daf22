#include "analysis/journal.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>

namespace parlour {
namespace {

// Ordered: a line reads in the order written (the game first).
using json = nlohmann::ordered_json;

json header(const SimSpec& spec) {
  return {{"parlour", "sim journal"},
          {"game", spec.sel.game->name},
          {"players", spec.config.players},
          {"options", spec.config.options.assignments()},
          {"bots", seat_bots(spec)},
          {"rotate", spec.rotate},
          {"duplicate", spec.duplicate && spec.rotate},
          {"seed", spec.seed}};
}

json to_json(std::uint64_t index, const Playout& p) {
  const auto n = static_cast<std::size_t>(p.players);
  return {{"game", index},
          {"kind", outcome_kind_name(p.kind)},
          {"scores", std::vector<double>(p.scores.begin(), p.scores.begin() + n)},
          {"places", std::vector<int>(p.places.begin(), p.places.begin() + n)},
          {"length", p.length},
          {"facts", p.facts}};
}

// A game's line, read back; false if it is not one for `players` seats.
bool from_json(const json& j, int players, std::uint64_t& index, Playout& p) {
  if (!j.is_object() || !j.contains("game") || !j["game"].is_number_unsigned()) return false;
  const auto n = static_cast<std::size_t>(players);
  const json &scores = j.value("scores", json()), &places = j.value("places", json()),
             &facts = j.value("facts", json());
  if (!scores.is_array() || !places.is_array() || scores.size() != n || places.size() != n ||
      !facts.is_array() || facts.size() != p.facts.size() ||
      !j.value("length", json()).is_number_integer())
    return false;
  if (!j.value("kind", json()).is_string()) return false;
  p = Playout{};
  p.players = players;
  const std::string kind = j["kind"].get<std::string>();
  int k = 0;
  while (k < 4 && outcome_kind_name(OutcomeKind(k)) != kind) ++k;
  if (k == 4) return false;
  p.kind = OutcomeKind(k);
  for (std::size_t s = 0; s < n; ++s) {
    if (!scores[s].is_number() || !places[s].is_number_integer()) return false;
    p.scores[s] = scores[s].get<double>(), p.places[s] = places[s].get<int>();
  }
  for (std::size_t f = 0; f < p.facts.size(); ++f) {
    if (!facts[f].is_number_unsigned()) return false;
    p.facts[f] = facts[f].get<std::uint64_t>();
  }
  p.length = j["length"].get<int>();
  index = j["game"].get<std::uint64_t>();
  return true;
}

}  // namespace

Result<std::unique_ptr<SimJournal>> SimJournal::open(const std::string& path, const SimSpec& spec) {
  auto j = std::make_unique<SimJournal>();
  j->path_ = path;
  const json want = header(spec);
  std::error_code ec;
  const std::uintmax_t size = std::filesystem::file_size(path, ec);
  if (!ec && size > 0) {
    std::ifstream in(path, std::ios::binary);
    if (!in) return Status::error("cannot read the journal " + path + ": " + std::strerror(errno));
    std::string line;
    std::uintmax_t good = 0;  // bytes up to the end of the last whole line
    int number = 0;
    std::string other;                               // why the header is another simulation's
    std::unordered_map<std::uint64_t, int> line_of;  // each game's line
    // A last line with no newline was cut short as it was written: dropped,
    // and its game played again.
    while (std::getline(in, line) && !in.eof()) {
      const json row = json::parse(line, nullptr, false);
      if (++number == 1) {
        if (row.is_discarded() || !row.is_object() || row.value("parlour", json()) != "sim journal")
          break;
        for (const auto& [key, value] : want.items())
          if (other.empty() && row.value(key, json()) != value)
            other = path + " is the journal of another simulation: its " + key + " " +
                    row.value(key, json()).dump() + ", here " + value.dump() +
                    "; run with the same settings, or give another file";
        if (!other.empty()) {
          good = static_cast<std::uintmax_t>(in.tellg());
          break;
        }
      } else {
        std::uint64_t index = 0;
        Playout p;
        if (row.is_discarded() || !from_json(row, spec.config.players, index, p))
          return Status::error(path + " line " + std::to_string(number) +
                               " is not a game's result (game, kind, scores, places, length, "
                               "facts); mend or remove that line");
        // The same game twice: the same result, or the journal is not one
        // run's.
        if (const auto [it, fresh] = j->games_.emplace(index, p); !fresh) {
          if (to_json(index, it->second) != to_json(index, p))
            return Status::error(path + " lines " + std::to_string(line_of[index]) + " and " +
                                 std::to_string(number) + " give game " + std::to_string(index) +
                                 " two results: the journal mixes two runs; remove one line");
        } else {
          line_of[index] = number;
        }
      }
      good = static_cast<std::uintmax_t>(in.tellg());
    }
    if (good == 0)
      return Status::error(path +
                           " is not a simulation's journal (its first line should name one); "
                           "give a new file, or one that `--journal` wrote");
    // Another simulation's journal with no game in it has nothing to lose:
    // written afresh (say, after a bot's name mistyped).
    if (!other.empty() && good != size) return Status::error(other);
    if (other.empty() && good != size) std::filesystem::resize_file(path, good, ec);
    if (ec) return Status::error("cannot mend the journal " + path + ": " + ec.message());
    if (other.empty()) {
      j->out_.open(path, std::ios::app | std::ios::binary);
      if (!j->out_)
        return Status::error("cannot write to the journal " + path + ": " + std::strerror(errno));
      return j;
    }
  }
  j->out_.open(path, std::ios::trunc | std::ios::binary);
  if (!j->out_)
    return Status::error("cannot write the journal " + path + ": " + std::strerror(errno));
  j->out_ << want.dump() << '\n' << std::flush;
  return j;
}

const Playout* SimJournal::find(std::uint64_t index) const {
  const auto it = games_.find(index);
  return it == games_.end() ? nullptr : &it->second;
}

std::uint64_t SimJournal::taken(std::uint64_t games) const {
  std::uint64_t n = 0;
  for (const auto& [index, p] : games_) n += index < games;
  return n;
}

void SimJournal::add(std::uint64_t index, const Playout& p) {
  const std::string line = to_json(index, p).dump();
  std::lock_guard<std::mutex> hold(lock_);
  if (!failed_.empty()) return;
  out_ << line << '\n' << std::flush;
  // A line half written stays the last (no other follows it), and is
  // dropped when the journal is opened again.
  if (!out_) failed_ = std::strerror(errno);
}

std::string SimJournal::failed() const {
  std::lock_guard<std::mutex> hold(lock_);
  return failed_;
}

void SimJournal::attach(SimSpec& spec) {
  spec.recall = [this](std::uint64_t i) { return find(i); };
  spec.record = [this](std::uint64_t i, const Playout& p) { add(i, p); };
}

}  // namespace parlour
