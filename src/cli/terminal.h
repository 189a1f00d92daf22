// Terminal text for any game: views, narration and prompts, from the
// structured View alone, so every game gets the same terminal.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/view.h"

namespace parlour::cli {

struct Style {
  bool colour = false;   // ANSI colour (red suits), only on a terminal
  bool ascii = false;    // "QS" rather than "Q♠"
  bool plain = false;    // --plain: ASCII rules on a score-sheet as well as no colour
  bool spanish = false;  // the Spanish pack's names (View::card_names): "SC", "sota de copas"
  // The style for a game whose views name cards as `view` does.
  Style named_as(const View& view) const {
    Style s = *this;
    s.spanish = view.card_names == "spanish";
    return s;
  }
};

class Terminal {
 public:
  explicit Terminal(Style style) : style_(style) {}

  std::string card(Card c) const;
  // Replaces card tokens in a line of narration (with Spanish names, the
  // long ones: "sota de copas").
  std::string text(std::string_view line) const {
    if (!style_.spanish) return render_tokens(line, [&](Card c) { return card(c); });
    // Long names in a list need commas: "2 de bastos, 2 de espadas".
    std::string listed(line);
    for (std::size_t at = 0; (at = listed.find("]] [[", at)) != std::string::npos; at += 6)
      listed.replace(at, 5, "]], [[");
    return render_tokens(listed, [&](Card c) { return spanish_long_name(c); });
  }
  // The table as `view.viewer` sees it.
  std::string table(const View& view) const;
  // A score-sheet (Bridge's): the columns, the entries above the line (the
  // latest nearest the top), the line, the entries below it with a rule under
  // each game won, then games, totals and the result. Empty for no sheet.
  std::string sheet(const ScoreSheet& sheet) const;
  // A compact summary of the accepted inputs: "o, s, m A B (A, B: 1-7)".
  static std::string accepted(const std::vector<Choice>& choices);
  // What each key does, in a line: "o: offer · s: shuffle · m A B: move A to B
  // (A, B: 1-7)". Choices of one shape are told once.
  std::string hints(const std::vector<Choice>& choices) const;
  // The full list, one per line.
  std::string all_choices(const std::vector<Choice>& choices) const;
  // The choice a person's input names (by key or by label), if any.
  static std::optional<Action> parse(std::string_view input, const std::vector<Choice>& choices);
  // Input that names cards of the viewer's hand by place, as the keys do
  // ("m 2 3 5", or "3" alone): the word before the places ("" if none) and
  // the picks, for State::why_not. Nothing for any other input.
  struct Typed {
    std::string word;
    std::vector<CardRef> picks;
  };
  static std::optional<Typed> typed_picks(std::string_view input, const View& v);

 private:
  std::string zone_cards(const Zone& z, bool positions) const;
  // A zone drawn by its layout; `numbered`: with each card's position, where
  // a key picks cards by it.
  std::string zone_line(const Zone& z, bool numbered = false) const;
  Style style_;
};

}  // namespace parlour::cli
