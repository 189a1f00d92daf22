// JSON written straight into a string, for what is sent on every move (views,
// updates): building a tree first and dumping it cost most of the server's
// time per action. Keys come out in the order they are written. Text is
// escaped as JSON requires, and bytes that are not UTF-8 become U+FFFD, so
// whatever a game or a player wrote, the result parses. Numbers are written
// as nlohmann::json writes them (a double always with a point or an
// exponent, a non-finite one as null), so a text written either way is the
// same.
//
//   JsonWriter w(out);
//   w.begin_object().key("seat").integer(2).key("label").str("draw 3").end_object();
#pragma once

#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>

namespace parlour {

class JsonWriter {
 public:
  explicit JsonWriter(std::string& out) : out_(out) {}

  JsonWriter& begin_object() { return open('{'); }
  JsonWriter& end_object() { return close('}'); }
  JsonWriter& begin_array() { return open('['); }
  JsonWriter& end_array() { return close(']'); }
  JsonWriter& key(std::string_view k) {
    str(k);
    out_ += ':';
    comma_ = false;
    return *this;
  }
  JsonWriter& str(std::string_view s);
  JsonWriter& integer(long long v) {
    separate();
    char buf[24];
    out_.append(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
    return *this;
  }
  JsonWriter& number(double v);
  JsonWriter& boolean(bool b) { return raw(b ? "true" : "false"); }
  JsonWriter& null() { return raw("null"); }
  // Text that is JSON already.
  JsonWriter& raw(std::string_view json) {
    separate();
    out_ += json;
    return *this;
  }

 private:
  void separate() {
    if (comma_) out_ += ',';
    comma_ = true;
  }
  JsonWriter& open(char c) {
    separate();
    out_ += c;
    comma_ = false;
    return *this;
  }
  JsonWriter& close(char c) {
    out_ += c;
    comma_ = true;
    return *this;
  }
  // The length of the UTF-8 sequence at s[i], 0 if it is not one.
  static std::size_t utf8_length(std::string_view s, std::size_t i);

  std::string& out_;
  bool comma_ = false;
};

inline std::size_t JsonWriter::utf8_length(std::string_view s, std::size_t i) {
  const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = b(i);
  std::size_t n;
  unsigned char lo = 0x80, hi = 0xbf;  // the allowed range of the second byte
  if (c >= 0xc2 && c <= 0xdf)
    n = 2;
  else if (c == 0xe0)
    n = 3, lo = 0xa0;
  else if (c == 0xed)
    n = 3, hi = 0x9f;  // no surrogates
  else if (c >= 0xe1 && c <= 0xef)
    n = 3;
  else if (c == 0xf0)
    n = 4, lo = 0x90;
  else if (c >= 0xf1 && c <= 0xf3)
    n = 4;
  else if (c == 0xf4)
    n = 4, hi = 0x8f;
  else
    return 0;
  if (i + n > s.size() || b(i + 1) < lo || b(i + 1) > hi) return 0;
  for (std::size_t k = 2; k < n; ++k)
    if (b(i + k) < 0x80 || b(i + k) > 0xbf) return 0;
  return n;
}

inline JsonWriter& JsonWriter::str(std::string_view s) {
  separate();
  out_ += '"';
  std::size_t plain = 0;  // s[plain, i) is copied as it is
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x20 && c != '"' && c != '\\' && c < 0x80) {
      ++i;
      continue;
    }
    if (c >= 0x80) {
      if (const std::size_t n = utf8_length(s, i)) {
        i += n;
        continue;
      }
    }
    out_.append(s.data() + plain, i - plain);
    switch (c) {
      case '"':
        out_ += "\\\"";
        break;
      case '\\':
        out_ += "\\\\";
        break;
      case '\b':
        out_ += "\\b";
        break;
      case '\f':
        out_ += "\\f";
        break;
      case '\n':
        out_ += "\\n";
        break;
      case '\r':
        out_ += "\\r";
        break;
      case '\t':
        out_ += "\\t";
        break;
      default:
        if (c < 0x20) {
          static constexpr char hex[] = "0123456789abcdef";
          out_ += "\\u00";
          out_ += hex[c >> 4];
          out_ += hex[c & 15];
        } else {
          out_ += "\xef\xbf\xbd";  // not UTF-8
        }
    }
    plain = ++i;
  }
  out_.append(s.data() + plain, s.size() - plain);
  out_ += '"';
  return *this;
}

// nlohmann::json's format: the shortest digits that read back the same, in
// fixed notation for decimal exponents from -4 to 15 (with ".0" on a whole
// number), otherwise as 1.5e+20 with at least two exponent digits.
inline JsonWriter& JsonWriter::number(double v) {
  if (!std::isfinite(v)) return null();
  separate();
  if (v == 0) {
    out_ += std::signbit(v) ? "-0.0" : "0.0";
    return *this;
  }
  char buf[40];
  const char* end = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific).ptr;
  // buf: [-]d[.ddd]e±XX
  std::string_view sci(buf, static_cast<std::size_t>(end - buf));
  if (sci.front() == '-') out_ += '-', sci.remove_prefix(1);
  const std::size_t e = sci.find('e');
  std::string digits(sci.substr(0, e));
  if (digits.size() > 1) digits.erase(1, 1);  // the point
  int exponent = 0;
  std::from_chars(sci.data() + e + (sci[e + 1] == '+' ? 2 : 1), sci.data() + sci.size(), exponent);
  const int k = static_cast<int>(digits.size());
  const int n = exponent + 1;  // digits before the point
  if (k <= n && n <= 15) {
    out_ += digits;
    out_.append(static_cast<std::size_t>(n - k), '0');
    out_ += ".0";
  } else if (0 < n && n <= 15) {
    out_.append(digits, 0, static_cast<std::size_t>(n));
    out_ += '.';
    out_.append(digits, static_cast<std::size_t>(n));
  } else if (-4 < n && n <= 0) {
    out_ += "0.";
    out_.append(static_cast<std::size_t>(-n), '0');
    out_ += digits;
  } else {
    out_ += digits[0];
    if (k > 1) out_ += '.', out_.append(digits, 1);
    out_ += 'e';
    out_ += exponent < 0 ? '-' : '+';
    const int a = exponent < 0 ? -exponent : exponent;
    if (a < 10) out_ += '0';
    out_ += std::to_string(a);
  }
  return *this;
}

}  // namespace parlour
