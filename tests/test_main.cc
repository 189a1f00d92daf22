#include <gtest/gtest.h>

#include "games/registry.h"

int main(int argc, char** argv) {
  parlour::register_all_games();
  ::testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
