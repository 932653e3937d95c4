# shellcheck shell=bash
# apt_for: an apt of its own for one Debian suite and architecture, kept under
# $apt_root/SUITE-ARCH: the host's apt, its sources and its dpkg status are left alone.
# Its status is empty, and no package counts as essential: apt then downloads only what
# the named packages need. Sourced by scripts/cross/prepare and scripts/deb-test/
# prepare-arm64-kernel, which set apt_root and mirror first.
#
#   apt_for SUITE ARCH apt-get|apt-cache ARGUMENTS...
#
# Valid-Until is not checked: a frozen copy of sid, as some mirrors keep, has an
# expired Release file.
apt_for() {
    local suite=$1 arch=$2 tool=$3; shift 3
    local dir=${apt_root:?}/$suite-$arch
    if [[ ! -f $dir/sources.list ]]; then
        mkdir -p "$dir/state/lists/partial" "$dir/cache/archives/partial"
        : > "$dir/status"
        echo "deb [arch=$arch signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] ${mirror:?} $suite main" \
            > "$dir/sources.list"
        chmod -R a+rwX "$dir"
    fi
    "$tool" -q -o Dir::Etc::SourceList="$dir/sources.list" -o Dir::Etc::SourceParts=/dev/null \
        -o Dir::Etc::Preferences=/dev/null -o Dir::Etc::PreferencesParts=/dev/null \
        -o Dir::State="$dir/state" -o Dir::State::status="$dir/status" -o Dir::Cache="$dir/cache" \
        -o APT::Architecture="$arch" -o APT::Architectures::="$arch" \
        -o pkgCacheGen::Essential=none -o Debug::NoLocking=true \
        -o Acquire::Check-Valid-Until=false -o APT::Sandbox::User=root "$@"
}
