# Sourced by bin/heapwise (and by LauncherOptionsTest): which JVM options a command gets.

# The CPUs this process may use, as the JVM counts them: those it may run on (nproc), and no more
# than a container's CPU quota allows (cgroup v2's cpu.max, or v1's cfs quota), rounded up.
heapwise_cpus() {
  local n quota="" period=""
  n=$(nproc 2>/dev/null || echo 4)
  if [[ -r /sys/fs/cgroup/cpu.max ]]; then
    read -r quota period < /sys/fs/cgroup/cpu.max || true
  elif [[ -r /sys/fs/cgroup/cpu/cpu.cfs_quota_us && -r /sys/fs/cgroup/cpu/cpu.cfs_period_us ]]; then
    quota=$(< /sys/fs/cgroup/cpu/cpu.cfs_quota_us)
    period=$(< /sys/fs/cgroup/cpu/cpu.cfs_period_us)
  fi
  if [[ "$quota" =~ ^[0-9]+$ && "$period" =~ ^[0-9]+$ ]] && (( quota > 0 && period > 0 )); then
    local limit=$(( (quota + period - 1) / period ))
    if (( limit < n )); then
      n=$limit
    fi
  fi
  echo "$n"
}
# The size of file $1 in bytes (GNU stat, else BSD stat), 0 if unknown.
heapwise_file_size() {
  stat -c %s -- "$1" 2>/dev/null || stat -f %z -- "$1" 2>/dev/null || echo 0
}
# Whether command $1 on dump $2, of $3 bytes, will find its index and saved dominator tree, so that
# it only reads them: in the index folder $4 (--index-dir), else $2.heapwise beside the dump, a
# manifest for a dump of that size and the tree file (ARCHITECTURE.md, "On-disk index layout"; $5
# set: the tree kept with --keep-unreachable). Only for the commands measured faster so on a big
# dump (BENCHMARKS.md, "The tiered JIT for a dump already analysed"); others, and a dump in the
# cache folder, say no.
heapwise_analysed() {
  local index=${4:-$2.heapwise} tree=extra.dominators.v2
  case "$1" in
    info|histogram|show|roots|threads|dominators|path|leaks|suspects|waste|report) ;;
    *) return 1 ;;
  esac
  if [[ -n "$5" ]]; then
    tree=extra.dominators-keep-unreachable.v2
  fi
  [[ -f "$index/$tree" ]] && grep -Eq "\"dumpSize\" *: *$3[^0-9]" "$index/manifest.json" 2>/dev/null
}
# Prints the JVM options for heapwise's arguments, one per line, with $1 the folder holding
# bin/lib: bin/lib/jvm.options (the heap's size and the collector), plus
# bin/lib/jvm-big-dump.options (the JIT, and why) when a file argument holds 256 MiB or more, unless
# the command only reads that dump's saved index and tree (heapwise_analysed), with
# bin/lib/jvm-few-cpus.options (a second compiler thread) below four CPUs; or
# bin/lib/jvm-small-dump.options (C1 alone) when the file arguments all hold less. `heapwise bench`
# mirrors the rule (ChildProcess.BIG_DUMP).
heapwise_jvm_options() {
  local home=$1 index_dir="" keep="" prev="" arg size small=""
  shift
  echo "@$home/bin/lib/jvm.options"
  for arg in "$@"; do
    case "$prev" in
      --index-dir) index_dir=$arg ;;
    esac
    case "$arg" in
      --index-dir=*) index_dir=${arg#--index-dir=} ;;
      --keep-unreachable) keep=1 ;;
    esac
    prev=$arg
  done
  for arg in "$@"; do
    if [[ -f "$arg" ]]; then
      size=$(heapwise_file_size "$arg")
      if (( size >= 268435456 )); then
        if ! heapwise_analysed "${1:-}" "$arg" "$size" "$index_dir" "$keep"; then
          echo "@$home/bin/lib/jvm-big-dump.options"
          if (( $(heapwise_cpus) < 4 )); then
            echo "@$home/bin/lib/jvm-few-cpus.options"
          fi
        fi
        return
      fi
      small=1
    fi
  done
  if [[ -n "$small" ]]; then
    echo "@$home/bin/lib/jvm-small-dump.options"
  fi
}
