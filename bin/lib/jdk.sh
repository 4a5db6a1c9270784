# Sourced by the bin/ scripts: makes JAVA_HOME point at a JDK 25.
# The major version of the JDK in $1: from its release file, which costs nothing, or else by asking
# its java (about 60 ms, paid on every command otherwise).
heapwise_java_major() {
  local v=""
  if [[ -r "$1/release" ]]; then
    v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$1/release")
  fi
  if [[ -z "$v" && -x "$1/bin/java" ]]; then
    v=$("$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
  fi
  echo "$v"
}
heapwise_major=""
if [[ -n "${JAVA_HOME:-}" && -x "$JAVA_HOME/bin/java" ]]; then
  heapwise_major=$(heapwise_java_major "$JAVA_HOME")
fi
if [[ "$heapwise_major" != "25" ]]; then
  for candidate in /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/temurin-25* /usr/lib/jvm/java-25* /opt/java/openjdk; do
    if [[ -x "$candidate/bin/java" && "$(heapwise_java_major "$candidate")" == "25" ]]; then
      export JAVA_HOME="$candidate"
      heapwise_major=25
      break
    fi
  done
fi
if [[ "$heapwise_major" != "25" ]]; then
  echo "heapwise needs a JDK 25; set JAVA_HOME to one" >&2
  exit 1
fi
export PATH="$JAVA_HOME/bin:$PATH"
