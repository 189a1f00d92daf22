// A simulation's journal: every finished game's result, one JSON line each,
// after a first line naming the simulation. Each line is flushed as it is
// written, so a simulation stopped (Ctrl-C, a machine going down) loses no
// more than the games being played; run again with the same journal, it
// takes the games already there and plays the rest. As every game's seed
// comes from (seed, game index), the figures are those of one whole run.
//
// The journal cannot tell whether the bots' code has changed since it was
// written: resume with the same build.
#pragma once

#include <cstdint>
#include <fstream>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "analysis/sim.h"

namespace parlour {

class SimJournal {
 public:
  // Opens `path` for the simulation `spec`: a new file gets the header; an
  // existing one must name the same simulation (game, options, players,
  // bots, rotation, seed; the number of games may differ) and is read. A
  // last line cut short (the program stopped while writing it) is dropped.
  [[nodiscard]] static Result<std::unique_ptr<SimJournal>> open(const std::string& path,
                                                                const SimSpec& spec);

  // The result of game `index`, if the journal had it when opened (what
  // add() writes is not read back, so both may run at once).
  const Playout* find(std::uint64_t index) const;
  // Writes game `index`'s result and flushes it. Safe from several threads.
  void add(std::uint64_t index, const Playout& p);
  // Why a game could not be written (a full disk, say), or "".
  std::string failed() const;
  // The games of the first `games` read from the file when it was opened.
  std::uint64_t taken(std::uint64_t games) const;

  // Sets spec.recall and spec.record to read from and write to this journal
  // (which must outlive the simulation).
  void attach(SimSpec& spec);

 private:
  std::string path_;
  std::unordered_map<std::uint64_t, Playout> games_;
  std::ofstream out_;
  mutable std::mutex lock_;
  std::string failed_;
};

}  // namespace parlour
