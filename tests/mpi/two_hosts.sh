#!/bin/bash
# tests/mpi/two_hosts.sh PARLOUR PARLOUR_MPI
#
# parlour-mpi across two hosts: two network namespaces joined by a veth pair,
# with addresses only on that link (10.77.0.1 and .2), each with a hostname
# of its own (Open MPI tells nodes apart by hostname). mpirun starts in the
# first and reaches the second through a launch agent (plm_rsh_agent) that
# runs the command in that namespace instead of over ssh; the ranks talk TCP
# over the link alone. The output must be parlour's, byte for byte, and the
# ranks must have run on both hosts. Exits 77 (skipped) with the reason
# where namespaces cannot be made (not root, no `ip`, no `unshare`).
set -uo pipefail
P="$(realpath "$1")"
PM="$(realpath "$2")"
skip() { echo "SKIPPED: $*"; exit 77; }
[ "$(id -u)" = 0 ] || skip "network namespaces need root"
command -v ip >/dev/null || skip "no ip (iproute2)"
command -v unshare >/dev/null || skip "no unshare (util-linux)"
tag="pl$$"
A="${tag}a" B="${tag}b"
work="$(mktemp -d)"
cleanup() {
  ip netns del "$A" 2>/dev/null
  ip netns del "$B" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
ip netns add "$A" 2>"$work/err" && ip netns add "$B" 2>>"$work/err" ||
  skip "ip netns add failed: $(head -1 "$work/err")"
ip link add "${tag}x" type veth peer name "${tag}y" &&
  ip link set "${tag}x" netns "$A" && ip link set "${tag}y" netns "$B" &&
  ip -n "$A" addr add 10.77.0.1/24 dev "${tag}x" && ip -n "$B" addr add 10.77.0.2/24 dev "${tag}y" &&
  ip -n "$A" link set "${tag}x" up && ip -n "$B" link set "${tag}y" up &&
  ip -n "$A" link set lo up && ip -n "$B" link set lo up || skip "could not join the namespaces by veth"
# The launch agent: "agent HOST command..." runs the command on HOST.
cat >"$work/agent" <<AGENT
#!/bin/bash
host="\$1"; shift
case "\$host" in
  10.77.0.1) ns=$A; name=hosta ;;
  10.77.0.2) ns=$B; name=hostb ;;
  *) echo "agent: unknown host \$host" >&2; exit 1 ;;
esac
exec ip netns exec "\$ns" unshare --uts bash -c "hostname \$name; \$*"
AGENT
chmod +x "$work/agent"
mpi() {  # RANKS_A RANKS_B COMMAND...: mpirun from host A over both
  local a="$1" b="$2"
  shift 2
  timeout 120 ip netns exec "$A" unshare --uts bash -c 'hostname hosta; exec "$@"' mpi \
    mpirun --allow-run-as-root --oversubscribe -H "10.77.0.1:$a,10.77.0.2:$b" -n $((a + b)) \
    --mca plm_rsh_agent "$work/agent" --mca btl tcp,self \
    --mca btl_tcp_if_include 10.77.0.0/24 --mca oob_tcp_if_include 10.77.0.0/24 "$@"
}
failed=0
where=$(mpi 1 1 bash -c 'echo "$(hostname) $(ip -br addr | grep -o "10\.77\.0\.[0-9]")"' 2>"$work/err" | sort | tr '\n' ' ')
if [ "$where" = "hosta 10.77.0.1 hostb 10.77.0.2 " ]; then
  echo "ok: one rank on each host, each seeing only its own address: $where"
else
  echo "FAIL: the ranks ran on: '$where'"; head -5 "$work/err"; failed=1
fi
for ranks in "1 1" "2 2"; do
  set -- $ranks
  mpi "$1" "$2" "$PM" sim old-maid --players 4 --bots random --games 6000 --seed 5 --chunk 250 \
    --format json >"$work/many" 2>"$work/err"
  "$P" sim old-maid --players 4 --bots random --games 6000 --seed 5 --format json >"$work/one"
  if cmp -s "$work/one" "$work/many"; then
    echo "ok: $1 + $2 ranks on two hosts print what parlour prints"
  else
    echo "FAIL: $1 + $2 ranks on two hosts differ"; head -5 "$work/err"; failed=1
  fi
done
exit $failed
