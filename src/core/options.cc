#include "core/options.h"

#include <cassert>
#include <charconv>

namespace parlour {

std::string OptionSpec::accepted() const {
  switch (type) {
    case OptionType::kBool:
      return "yes|no";
    case OptionType::kInt:
      return std::to_string(min) + ".." + std::to_string(max);
    case OptionType::kChoice: {
      std::string s;
      for (auto c : choices) s += (s.empty() ? "" : "|") + std::string(c);
      return s;
    }
  }
  return "";
}

std::string OptionSpec::format(int value) const {
  switch (type) {
    case OptionType::kBool:
      return value ? "yes" : "no";
    case OptionType::kInt:
      return std::to_string(value);
    case OptionType::kChoice:
      return std::string(choices.at(value));
  }
  return "";
}

Options::Options(std::span<const OptionSpec> specs) : specs_(specs) {
  for (const auto& s : specs) values_.push_back(s.default_value);
}

int Options::index_of(std::string_view key) const {
  for (std::size_t i = 0; i < specs_.size(); ++i)
    if (specs_[i].key == key) return static_cast<int>(i);
  return -1;
}

int Options::get(std::string_view key) const {
  int i = index_of(key);
  assert(i >= 0 && "unknown option key in game code");
  return values_[i];
}

Status Options::set(std::string_view assignment) {
  auto eq = assignment.find('=');
  if (eq == std::string_view::npos || eq == 0)
    return Status::error("option '" + std::string(assignment) +
                         "' is not of the form key=value (for example discards=down)");
  return set(assignment.substr(0, eq), assignment.substr(eq + 1));
}

Status Options::set(std::string_view key, std::string_view value) {
  int i = index_of(key);
  if (i < 0) {
    std::string keys;
    for (const auto& s : specs_) keys += (keys.empty() ? "" : ", ") + std::string(s.key);
    return Status::error("unknown option '" + std::string(key) +
                         "'; this game accepts: " + (keys.empty() ? "no options" : keys));
  }
  const OptionSpec& s = specs_[i];
  auto bad = [&] {
    return Status::error("option " + std::string(key) + "=" + std::string(value) +
                         " is not accepted; " + std::string(key) + " takes " + s.accepted());
  };
  switch (s.type) {
    case OptionType::kBool:
      if (value == "yes" || value == "true" || value == "1" || value == "on")
        values_[i] = 1;
      else if (value == "no" || value == "false" || value == "0" || value == "off")
        values_[i] = 0;
      else
        return bad();
      return {};
    case OptionType::kInt: {
      int v = 0;
      auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
      if (ec != std::errc() || p != value.data() + value.size() || v < s.min || v > s.max)
        return bad();
      values_[i] = v;
      return {};
    }
    case OptionType::kChoice:
      for (std::size_t c = 0; c < s.choices.size(); ++c)
        if (s.choices[c] == value) {
          values_[i] = static_cast<int>(c);
          return {};
        }
      return bad();
  }
  return bad();
}

std::vector<std::string> Options::assignments() const {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < specs_.size(); ++i)
    out.push_back(std::string(specs_[i].key) + "=" + specs_[i].format(values_[i]));
  return out;
}

std::string Options::changed() const {
  std::string out;
  for (std::size_t i = 0; i < specs_.size(); ++i)
    if (values_[i] != specs_[i].default_value)
      out += (out.empty() ? "" : " ") + std::string(specs_[i].key) + "=" +
             specs_[i].format(values_[i]);
  return out;
}

}  // namespace parlour
