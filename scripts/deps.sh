#!/bin/sh
# SPDX-License-Identifier: MIT
# Makes sure the Debian packages pmuplug builds and tests with are installed:
# as root it installs the missing ones (apt-get), otherwise it prints the one
# apt-get line needed and fails.
set -eu
PKGS="gcc make libc6-dev libyaml-dev libcunit1-dev libpfm4-dev linux-source-6.12 \
python3 python3-yaml libpapi-dev papi-tools valgrind binutils xz-utils groff-base man-db \
clang libclang-rt-dev llvm-19 pcp"
missing=""
for p in $PKGS; do
	st=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
	case "$st" in *"install ok installed"*) ;; *) missing="$missing $p" ;; esac
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
	echo "pmuplug needs these Debian packages:$missing" >&2
	echo "run as root:  apt-get update && apt-get install -y$missing" >&2
	exit 1
fi
echo "  DEPS     installing:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# pcp's post-install script starts its daemons with systemctl, which fails
# where systemd is not running (containers, CI). During the install a
# systemctl that does nothing comes first on the PATH apt gives dpkg, so the
# package is configured and no daemon is started (tests/compat/clients.sh
# starts PCP's agent itself).
shim=$(mktemp -d)
trap 'rm -rf "$shim"' EXIT
printf '#!/bin/sh\nexit 0\n' >"$shim/systemctl"
chmod +x "$shim/systemctl"
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends \
	-o DPkg::Path="$shim:/usr/sbin:/usr/bin:/sbin:/bin" $missing >/dev/null
