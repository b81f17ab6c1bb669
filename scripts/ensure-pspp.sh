#!/usr/bin/env bash
# The SPSS export tests open the .sav files they write in Debian's GNU PSPP; no other build is used.
set -euo pipefail
if [ -x /usr/bin/pspp ]; then exit 0; fi
echo "PSPP is missing: installing Debian's pspp package…"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends pspp >/dev/null
/usr/bin/pspp --version | sed -n 1p
