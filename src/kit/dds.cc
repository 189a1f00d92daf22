// The one file that includes DDS (dds.h): Parlour's cards to DDS's holdings
// and its results back. DDS is loaded when first asked for (dlopen), not
// linked: its library sets up its threads' memory as it loads, some 18 MB
// and 20 ms, which every `parlour` process paid before, whatever it did.
#include "kit/dds.h"

#include <algorithm>
#include <bit>

#ifdef PARLOUR_HAVE_DDS
#include <dds/dll.h>
#include <dlfcn.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <mutex>
#include <vector>
#endif

namespace parlour::kit {

bool dds_serves(const DdPosition& p) {
  return p.seats == 4 && (p.side == 0b0101 || p.side == 0b1010) && !p.fewest &&
         p.ace == AceRank::kHigh &&
         std::all_of(p.points.begin(), p.points.end(), [](std::uint8_t v) { return v == 0; });
}

#ifdef PARLOUR_HAVE_DDS

namespace {

// The functions used, from the library found at run time, and a lock for
// each of its thread slots (SolveBoard's threadIndex).
struct Dds {
  void (*set_max_threads)(int) = nullptr;
  void (*get_info)(DDSInfo*) = nullptr;
  int (*calc_dd_table)(ddTableDeal, ddTableResults*) = nullptr;
  int (*solve_board)(deal, int, int, int, futureTricks*, int) = nullptr;
  void (*error_message)(int, char*) = nullptr;
  int slots = 1;
};

const Dds* dds() {
  static const Dds loaded = [] {
    Dds d;
    void* lib = dlopen("libdds.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!lib) lib = dlopen("libdds.so", RTLD_NOW | RTLD_LOCAL);
    if (!lib) return d;
    // DDS 2.9 cannot be unloaded: at exit its finaliser frees the threads'
    // memory its own static objects no longer hold, and crashes (even with
    // nothing solved). Registered after it loaded, this runs first at exit:
    // the output is flushed and the process ends with its status there.
    on_exit(
        [](int status, void*) {
          std::cout.flush(), std::cerr.flush(), std::fflush(nullptr);
          _exit(status);
        },
        nullptr);
    d.set_max_threads = reinterpret_cast<void (*)(int)>(dlsym(lib, "SetMaxThreads"));
    d.get_info = reinterpret_cast<void (*)(DDSInfo*)>(dlsym(lib, "GetDDSInfo"));
    d.calc_dd_table =
        reinterpret_cast<int (*)(ddTableDeal, ddTableResults*)>(dlsym(lib, "CalcDDtable"));
    d.solve_board = reinterpret_cast<int (*)(deal, int, int, int, futureTricks*, int)>(
        dlsym(lib, "SolveBoard"));
    d.error_message = reinterpret_cast<void (*)(int, char*)>(dlsym(lib, "ErrorMessage"));
    if (!d.set_max_threads || !d.get_info || !d.calc_dd_table || !d.solve_board || !d.error_message)
      return Dds();
    d.set_max_threads(0);  // as many as the machine has cores
    DDSInfo info{};
    d.get_info(&info);
    d.slots = std::max(1, info.noOfThreads);
    return d;
  }();
  return loaded.calc_dd_table ? &loaded : nullptr;
}

// DDS's suits: spades, hearts, diamonds, clubs; a holding's bit r for rank
// r, 2 to 14 (the ace).
int dds_suit(Suit s) {
  return s == kSpades ? 0 : s == kHearts ? 1 : s == kDiamonds ? 2 : 3;
}
int dds_rank(Card c) {
  return c.rank() == kAce ? 14 : static_cast<int>(c.rank());
}
Card from_dds(int suit, int rank) {
  constexpr std::array<Suit, 4> kSuits = {kSpades, kHearts, kDiamonds, kClubs};
  return Card::standard(rank == 14 ? kAce : static_cast<Rank>(rank),
                        kSuits[static_cast<std::size_t>(suit)]);
}

// A thread slot of DDS's, held for one call: each thread tries its own
// first (so that its table of the last deal serves the next), then waits.
class Slot {
 public:
  explicit Slot(int slots) {
    static std::atomic<int> next{0};
    thread_local const int mine = next++;
    static std::vector<std::mutex> locks(static_cast<std::size_t>(slots));
    index_ = mine % slots;
    lock_ = std::unique_lock<std::mutex>(locks[static_cast<std::size_t>(index_)]);
  }
  int index() const { return index_; }

 private:
  int index_ = 0;
  std::unique_lock<std::mutex> lock_;
};

}  // namespace

bool have_dds() {
  return dds() != nullptr;
}

Result<DdTricks> dds_table(const std::array<CardBits, 4>& hands) {
  ddTableDeal in{};
  for (int h = 0; h < 4; ++h) {
    if (std::popcount(hands[static_cast<std::size_t>(h)]) != 13)
      return Status::error("DDS solves whole deals: thirteen cards a hand");
    for (CardBits b = hands[static_cast<std::size_t>(h)]; b; b &= b - 1) {
      const Card c = Card::from_index(static_cast<std::uint8_t>(std::countr_zero(b)));
      in.cards[h][dds_suit(c.suit())] |= 1u << dds_rank(c);
    }
  }
  const Dds* lib = dds();
  if (!lib)
    return Status::error(
        "DDS (libdds.so.0) could not be loaded: install libdds0 (scripts/setup does)");
  ddTableResults res{};
  const int rc = lib->calc_dd_table(in, &res);
  if (rc != RETURN_NO_FAULT) {
    char line[80] = {};
    lib->error_message(rc, line);
    return Status::error(std::string("DDS refused the deal: ") + line);
  }
  // DDS's strains: spades, hearts, diamonds, clubs, no trumps; ours put no
  // trumps first.
  DdTricks t{};
  for (std::size_t h = 0; h < 4; ++h) {
    t[0][h] = res.resTable[4][h];
    for (std::size_t s = 0; s < 4; ++s) t[s + 1][h] = res.resTable[s][h];
  }
  return t;
}

std::optional<std::array<std::int8_t, 52>> dds_plays(const DdPosition& p) {
  if (!dds_serves(p)) return std::nullopt;
  const Dds* lib = dds();
  if (!lib) return std::nullopt;
  deal dl{};
  dl.trump = p.trump == kNoTrump ? 4 : dds_suit(p.trump);
  dl.first = p.leader;
  // The cards of the trick in progress, from its leader round to the left.
  int down = 0;
  for (int i = 0; i < 4; ++i) {
    const Card c = p.played[static_cast<std::size_t>((p.leader + i) % 4)];
    if (!c.valid()) break;
    if (down == 3) return std::nullopt;  // a complete trick: not a position DDS takes
    dl.currentTrickSuit[down] = dds_suit(c.suit());
    dl.currentTrickRank[down++] = dds_rank(c);
  }
  for (int h = 0; h < 4; ++h)
    for (CardBits b = p.hands[static_cast<std::size_t>(h)]; b; b &= b - 1) {
      const Card c = Card::from_index(static_cast<std::uint8_t>(std::countr_zero(b)));
      dl.remainCards[h][dds_suit(c.suit())] |= 1u << dds_rank(c);
    }
  const int to_play = (p.leader + down) % 4;
  const int left = std::popcount(p.hands[static_cast<std::size_t>(to_play)]);
  if (left == 0) return std::nullopt;
  futureTricks fut{};
  int rc = 0;
  {
    Slot slot(lib->slots);
    // Every card (solutions 3), searched even where only one may be played
    // (mode 1).
    rc = lib->solve_board(dl, -1, 3, 1, &fut, slot.index());
  }
  if (rc != RETURN_NO_FAULT) return std::nullopt;
  // Scores are the tricks of the side to play, of those left, this one
  // included; equals, the lower cards of the hand that do as well.
  const bool ours = p.side >> to_play & 1;
  std::array<std::int8_t, 52> out;
  out.fill(-1);
  for (int i = 0; i < fut.cards; ++i) {
    const int t = ours ? fut.score[i] : left - fut.score[i];
    out[from_dds(fut.suit[i], fut.rank[i]).index()] = static_cast<std::int8_t>(t);
    for (int r = 2; r <= 14; ++r)
      if (fut.equals[i] >> r & 1)
        out[from_dds(fut.suit[i], r).index()] = static_cast<std::int8_t>(t);
  }
  return out;
}

#else

bool have_dds() {
  return false;
}

Result<DdTricks> dds_table(const std::array<CardBits, 4>&) {
  return Status::error(
      "this build has no DDS: install libdds-dev (scripts/setup does) and build again");
}

std::optional<std::array<std::int8_t, 52>> dds_plays(const DdPosition&) {
  return std::nullopt;
}

#endif

}  // namespace parlour::kit
