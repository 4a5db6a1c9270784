# Sourced by the bin/ scripts: makes JAVA_HOME point at a JDK 25.
heapwise_java_major() {
  "$1/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p'
}
if [[ -z "${JAVA_HOME:-}" || ! -x "$JAVA_HOME/bin/java" || "$(heapwise_java_major "$JAVA_HOME")" != "25" ]]; then
  for candidate in /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/temurin-25* /usr/lib/jvm/java-25* /opt/java/openjdk; do
    if [[ -x "$candidate/bin/java" && "$(heapwise_java_major "$candidate")" == "25" ]]; then
      export JAVA_HOME="$candidate"
      break
    fi
  done
fi
if [[ -z "${JAVA_HOME:-}" || "$(heapwise_java_major "$JAVA_HOME")" != "25" ]]; then
  echo "heapwise needs a JDK 25; set JAVA_HOME to one" >&2
  exit 1
fi
export PATH="$JAVA_HOME/bin:$PATH"
