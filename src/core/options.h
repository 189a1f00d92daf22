// Game options: each has a type, a range, a default, help text and the rule
// text it comes from. Values are small integers (bools 0/1, choices by index),
// so an Options object is a plain vector and cheap to copy into a game.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/status.h"

namespace parlour {

enum class OptionType { kBool, kInt, kChoice };

struct OptionSpec {
  std::string_view key;
  OptionType type = OptionType::kBool;
  int min = 0, max = 1;                   // kInt: inclusive range
  std::vector<std::string_view> choices;  // kChoice: accepted values, by index
  int default_value = 0;
  std::string_view help;
  std::string_view source;  // where the rule comes from, e.g. "seed 001: ..."
  std::string_view label;   // for people, in a form: "Cards pair by"

  // "yes/no", "1..20" or "a|b|c": what a user may write.
  std::string accepted() const;
  std::string format(int value) const;
};

struct Preset {
  std::string_view name;     // what `parlour play` takes
  std::string_view summary;  // one line for `parlour list`
  std::vector<std::pair<std::string_view, std::string_view>> settings;  // key=value
  int min_players, max_players, default_players;
};

class Options {
 public:
  Options() = default;
  // All options at their defaults.
  explicit Options(std::span<const OptionSpec> specs);

  // Parses "key=value" and sets it. On failure names the key or value and
  // lists what is accepted.
  Status set(std::string_view assignment);
  Status set(std::string_view key, std::string_view value);

  // REQUIRES: key is one of the specs (a programming error otherwise).
  int get(std::string_view key) const;
  bool flag(std::string_view key) const { return get(key) != 0; }

  std::span<const OptionSpec> specs() const { return specs_; }
  std::span<const int> values() const { return values_; }
  // Every option as "key=value", in spec order: what records store.
  std::vector<std::string> assignments() const;
  // Only those that differ from the defaults, joined by spaces ("" if none).
  std::string changed() const;

 private:
  int index_of(std::string_view key) const;  // -1 if unknown
  std::span<const OptionSpec> specs_;
  std::vector<int> values_;
};

}  // namespace parlour
