# Package checks for .ci/setup.sh, in their own file so tests/test_setup.py can run them against
# stand-in apt tools. Meant to be sourced by a script that uses `set -euo pipefail`.
#
# Never put `grep -q` on the right of a pipe here: it exits at its first match, the command on
# the left dies of SIGPIPE once the pipe fills (64 KiB), and pipefail turns a match into a
# failure. Each check reads the whole output into a variable first, then matches it.

# installed PACKAGE: dpkg says it is installed.
installed() {
  local status
  status=$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null) || return 1
  [[ "$status" == *"install ok installed"* ]]
}

# has_candidate PACKAGE: apt can install it (its candidate version is not "(none)").
has_candidate() {
  local policy
  policy=$(apt-cache policy "$1" 2>/dev/null) || return 1
  [[ "$policy" =~ Candidate:\ [^\(] ]]
}
