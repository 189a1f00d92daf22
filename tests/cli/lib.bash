# Shared by the CLI tests: $1 of each test is the parlour binary.
set -u
PARLOUR="$1"
# A script that only computes runs below the tests that keep time
# (parlour_background in cmake/parlour.cmake).
if [ -n "${PARLOUR_TEST_NICE:-}" ]; then renice -n "$PARLOUR_TEST_NICE" -p $$ >/dev/null; fi
WORK=$(mktemp -d)
trap '[ -n "${KEEP_WORK:-}" ] || rm -rf "$WORK"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }
# expect_status WANT DESCRIPTION -- command...: runs it, output in $WORK/out, $WORK/err.
expect_status() {
  local want=$1 what=$2; shift 3
  "$@" >"$WORK/out" 2>"$WORK/err" </dev/null
  local got=$?
  if [ "$got" = "$want" ]; then pass "$what (exit $got)"; else fail "$what: exit $got, wanted $want; stderr: $(head -c 300 "$WORK/err")"; fi
}
expect_in() {  # expect_in FILE TEXT DESCRIPTION
  if grep -qF -- "$2" "$1"; then pass "$3"; else fail "$3: '$2' not in $(basename "$1"): $(head -c 300 "$1")"; fi
}
finish() {
  if [ "$failures" -gt 0 ]; then echo "$failures check(s) failed"; exit 1; fi
  echo "all checks passed"
}
