// The one file that includes DDS (dd.h): Parlour's cards to DDS's holdings
// and its results back. DDS is loaded when first asked for (dlopen), not
// linked: its library sets up its threads' memory as it loads, some 18 MB
// and 20 ms, which every `parlour` process paid before, whatever it did.
#include "analysis/dd.h"

#ifdef PARLOUR_HAVE_DDS
#include <dds/dll.h>
#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#endif

namespace parlour::analysis {

#ifdef PARLOUR_HAVE_DDS

namespace {

// The functions used, from the library found at run time.
struct Dds {
  void (*set_max_threads)(int) = nullptr;
  int (*calc_dd_table)(ddTableDeal, ddTableResults*) = nullptr;
  void (*error_message)(int, char*) = nullptr;
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
    d.calc_dd_table =
        reinterpret_cast<int (*)(ddTableDeal, ddTableResults*)>(dlsym(lib, "CalcDDtable"));
    d.error_message = reinterpret_cast<void (*)(int, char*)>(dlsym(lib, "ErrorMessage"));
    if (!d.set_max_threads || !d.calc_dd_table || !d.error_message) d = Dds();
    if (d.set_max_threads) d.set_max_threads(0);
    return d;
  }();
  return loaded.calc_dd_table ? &loaded : nullptr;
}

}  // namespace

bool have_dds() {
  return dds() != nullptr;
}

Result<DdTable> dds_table(const BridgeDeal& deal) {
  for (const auto& h : deal.hands)
    if (h.size() != 13) return Status::error("DDS solves whole deals: thirteen cards a hand");
  // DDS: hands North, East, South, West (ours); suits spades, hearts,
  // diamonds, clubs; a holding's bit r for rank r, 2 to 14 (ace).
  ddTableDeal in{};
  for (int h = 0; h < 4; ++h)
    for (Card c : deal.hands[static_cast<std::size_t>(h)]) {
      const int suit = c.suit() == kSpades     ? 0
                       : c.suit() == kHearts   ? 1
                       : c.suit() == kDiamonds ? 2
                                               : 3;
      const int rank = c.rank() == kAce ? 14 : static_cast<int>(c.rank());
      in.cards[h][suit] |= 1u << rank;
    }
  const Dds* lib = dds();
  if (!lib) return Status::error("DDS (libdds.so.0) could not be loaded: install libdds0 (scripts/setup does)");
  ddTableResults res{};
  const int rc = lib->calc_dd_table(in, &res);
  if (rc != RETURN_NO_FAULT) {
    char line[80] = {};
    lib->error_message(rc, line);
    return Status::error(std::string("DDS refused the deal: ") + line);
  }
  // DDS's strains: spades, hearts, diamonds, clubs, no trumps; ours put no
  // trumps first.
  DdTable t;
  for (int h = 0; h < 4; ++h) {
    t.tricks[0][static_cast<std::size_t>(h)] = res.resTable[4][h];
    for (int s = 0; s < 4; ++s)
      t.tricks[static_cast<std::size_t>(s + 1)][static_cast<std::size_t>(h)] = res.resTable[s][h];
  }
  return t;
}

#else

bool have_dds() {
  return false;
}

Result<DdTable> dds_table(const BridgeDeal&) {
  return Status::error(
      "this build has no DDS: install libdds-dev (scripts/setup does) and build again");
}

#endif

}  // namespace parlour::analysis
