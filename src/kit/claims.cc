#include "kit/claims.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace parlour::kit {
namespace {

constexpr std::array<std::string_view, 14> kPlural = {"",      "Aces",  "Twos",   "Threes", "Fours",
                                                      "Fives", "Sixes", "Sevens", "Eights", "Nines",
                                                      "Tens",  "Jacks", "Queens", "Kings"};
constexpr std::array<std::string_view, 14> kSingular = {
    "",        "an Ace",   "a Two",  "a Three", "a Four", "a Five",  "a Six",
    "a Seven", "an Eight", "a Nine", "a Ten",   "a Jack", "a Queen", "a King"};
constexpr std::array<std::string_view, 14> kNumber = {"no",   "one",    "two",    "three",   "four",
                                                      "five", "six",    "seven",  "eight",   "nine",
                                                      "ten",  "eleven", "twelve", "thirteen"};
constexpr std::array<std::string_view, 14> kKey = {"",  "a", "2", "3",  "4", "5", "6",
                                                   "7", "8", "9", "10", "j", "q", "k"};

// log n!, from a table for the counts of cards there are (the same values
// as std::lgamma gives, so the figures are bit for bit what they were): the
// claim bots ask for these at every decision, and lgamma was most of their
// time.
double log_factorial(int n) {
  static const std::array<double, 256> table = [] {
    std::array<double, 256> t{};
    for (std::size_t i = 0; i < t.size(); ++i) t[i] = std::lgamma(static_cast<double>(i) + 1.0);
    return t;
  }();
  return n < static_cast<int>(table.size()) ? table[static_cast<std::size_t>(n)]
                                            : std::lgamma(n + 1.0);
}

double log_choose(int n, int k) {
  if (k < 0 || k > n) return -INFINITY;
  return log_factorial(n) - log_factorial(k) - log_factorial(n - k);
}

int place_of(const Cards& cards, Card card) {
  return static_cast<int>(
      std::find_if(cards.begin(), cards.end(), [&](const Held& x) { return x.card == card; }) -
      cards.begin());
}

}  // namespace

std::string rank_plural(Rank r) {
  return std::string(kPlural[r]);
}

std::string claim_words(Rank r, int n) {
  if (n == 1) return std::string(kSingular[r]);
  return number_word(n) + " " + rank_plural(r);
}

std::string number_word(int n) {
  return n >= 0 && n < static_cast<int>(kNumber.size())
             ? std::string(kNumber[static_cast<std::size_t>(n)])
             : std::to_string(n);
}

std::string_view rank_key(Rank r) {
  return kKey[r];
}

Zone& last_play_zone(View& v, const Cards& last, std::string_view claim, const TurnedUp& turned,
                     Seat as) {
  // The plays lie in the middle of the table, whoever makes them: the notes
  // say whose they are.
  Zone& z = v.add_zone(ZoneKind::kTable, Layout::kRow, kNobody);
  if (v.text()) z.name = "the last play";
  if (!last.empty()) {
    for (const Held& c : last) z.cards.push_back(c.view(as));
    if (v.text()) z.note.assign(claim);
  } else if (!turned.cards.empty()) {
    for (const Held& c : turned.cards) z.cards.push_back(c.view(as));
    if (v.text())
      z.note = seat_name(turned.of) + "'s play, turned up by " + seat_name(turned.by) + ": " +
               (turned.truthful ? "true" : "a lie");
  }
  return z;
}

Zone& being_played_zone(View& v, const Cards& building, Seat player, Seat as) {
  Zone& z = v.add_zone(ZoneKind::kTable, Layout::kRow, kNobody);
  if (v.text()) z.name = "being played";
  if (v.text() && player >= 0 && !building.empty()) z.note = seat_name(player) + " puts down";
  for (const Held& c : building)
    z.cards.push_back(c.view(player >= 0 && as == player ? kEveryone : as));
  return z;
}

Choice put_choice(Action a, std::string label, Card card, const Cards& hand, int hand_zone,
                  int building_zone) {
  const int i = place_of(hand, card);
  return {a, std::move(label), std::to_string(i + 1), {{hand_zone, i}}, {building_zone, -1}};
}

void tell_building(const Words& w, Seat actor, Card card, bool put, int alike,
                   std::vector<std::string>& out) {
  if (!w.sees(actor)) return;
  const std::string which = put ? (alike > 1 ? "another " : "") : (alike > 0 ? "one " : "");
  out.push_back(w.says(actor, put ? "put" : "take") + (put ? " down " : " back ") + which +
                card_token(card) + (!put && alike > 0 ? ", leaving its like down" : "") + ".");
}

int alike(const Cards& building, Card card) {
  return static_cast<int>(std::count_if(building.begin(), building.end(),
                                        [&](const Held& h) { return h.card == card; }));
}

Choice take_back_choice(Action a, std::string label, Card card, const Cards& building,
                        int building_zone) {
  const int i = place_of(building, card);
  return {a, std::move(label), "b " + std::to_string(i + 1), {{building_zone, i}}, {}};
}

double chance_of_at_least(int need, int hand, int unseen, int of_rank) {
  if (need <= 0) return 1;
  hand = std::min(hand, unseen);
  of_rank = std::clamp(of_rank, 0, unseen);
  double p = 0;
  for (int k = need; k <= std::min(hand, of_rank); ++k)
    p += std::exp(log_choose(of_rank, k) + log_choose(unseen - of_rank, hand - k) -
                  log_choose(unseen, hand));
  return std::min(1.0, p);
}

}  // namespace parlour::kit
