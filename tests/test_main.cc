#include <gtest/gtest.h>
#include <sys/resource.h>

#include <cstdlib>

#include "games/registry.h"

int main(int argc, char** argv) {
  // A test that only computes runs below the tests that keep time (a browser,
  // a server under attack), so that `make test` may run one more test than
  // there are cores and fill the time those spend waiting (parlour_background
  // in cmake/parlour.cmake sets this). Threads made later inherit it.
  if (const char* nice = std::getenv("PARLOUR_TEST_NICE"))
    if (setpriority(PRIO_PROCESS, 0, std::atoi(nice)) != 0) std::perror("setpriority");
  parlour::register_all_games();
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
