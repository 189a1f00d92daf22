// A race between choices on common trials: which of several choices (a
// bot's lines of play) wins most often, each tried on the same trials
// (deals) in turn, so that two choices differ by their play and not by
// their luck. A choice leaves the race once a paired test on the trials so
// far (the two choices' results trial by trial) shows it is surely not
// better than the leader by more than `equal`: choices alike win and lose
// on the same trials and leave at once; one plainly worse, soon. Where UCB1
// would spend its trials on near-equal choices till its cap, the race stops.
#pragma once

#include <cstddef>
#include <functional>
#include <span>

namespace parlour::kit {

struct RaceLimits {
  int most = 512;       // trials of each choice at most
  int spent = 2048;     // trials in all, at most
  int batch = 8;        // trials of every choice in the race between tests
  int first = 32;       // trials before the first test
  int plain = 64;       // the leader has won all of these or none (no choice any,
                        // but where a head start leads): done
  double z = 3;         // the test's margin, in standard errors
  double equal = 0.02;  // a choice this little better than the leader is as good
  // Asked after each batch: true ends the race with the leader as it stands
  // (a caller's deadline, Observation::past_deadline). None: never.
  std::function<bool()> stop;
};

struct RaceResult {
  std::size_t best = 0;  // the choice picked: the leader at the end
  int wins = 0, tries = 0;
  int spent = 0;  // trials in all, on every choice
};

// REQUIRES: choices >= 1. won(c, k): whether choice c wins trial k, for k
// from 0 up; trial k must be the same trial for every c. One choice is
// picked without a trial. head_start: empty, or one per choice: its head
// start as a share of the trials (what it is worth beyond what its trials
// can show), added to its wins in picking the leader and in the test; the
// result's wins are the trials' alone.
RaceResult race(std::size_t choices, const std::function<bool(std::size_t, int)>& won,
                const RaceLimits& limits, std::span<const double> head_start = {});

}  // namespace parlour::kit
