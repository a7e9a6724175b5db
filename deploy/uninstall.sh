#!/usr/bin/env bash
# Remove what deploy/install.sh put on the Pi: the service and the virtual environment.
# The game store (/var/lib/table-companion), the config (/etc/table-companion) and the user stay,
# so a later install carries on with the same games; --purge removes them too.
# apt packages stay: other programs may use them.
#
#   sudo deploy/uninstall.sh             remove the service and the program, keep the games
#   sudo deploy/uninstall.sh --purge     remove the games, the config and the user as well
#   deploy/uninstall.sh --dry-run        print every step without doing any
set -euo pipefail

args="$*"
service=table-companion
service_user=companion
prefix=/opt/table-companion
config_dir=/etc/table-companion
data_dir=/var/lib/table-companion
unit_dir=/etc/systemd/system
dry_run=0
purge=0

usage() {
    cat <<EOF
usage: $0 [--dry-run] [--purge] [--user NAME] [--prefix DIR]

  --dry-run     print every step, change nothing (runs anywhere, as any user)
  --purge       also remove the game store ($data_dir), the config ($config_dir) and the user
  --user NAME   the user given to install.sh (default: $service_user)
  --prefix DIR  the prefix given to install.sh (default: $prefix)
EOF
}

me=uninstall.sh
# shellcheck source=deploy/steps.sh
. "$(dirname "${BASH_SOURCE[0]}")/steps.sh"

while [ $# -gt 0 ]; do
    case "$1" in
        --dry-run) dry_run=1 ;;
        --purge) purge=1 ;;
        --user) [ $# -ge 2 ] || die "--user needs a name"; service_user=$2; shift ;;
        --user=*) service_user=${1#*=} ;;
        --prefix) [ $# -ge 2 ] || die "--prefix needs a directory"; prefix=$2; shift ;;
        --prefix=*) prefix=${1#*=} ;;
        -h | --help) usage; exit 0 ;;
        *) usage >&2; die "unknown option '$1'" ;;
    esac
    shift
done

[[ $service_user =~ ^[a-z_][a-z0-9_-]{0,31}$ ]] && [ "$service_user" != root ] ||
    die "--user '$service_user' is not the service's user name"
# rm -rf of this path follows: refuse anything that is not a dedicated directory.
[[ $prefix =~ ^/[A-Za-z0-9._/-]*[A-Za-z0-9]$ ]] && [[ ! $prefix =~ (^|/)\.\.?(/|$) ]] ||
    die "--prefix '$prefix' must be an absolute path without '.' or '..' parts"
case "$prefix" in
    / | /usr | /usr/* | /etc | /var | /var/lib | /home | /root | /opt | /bin | /sbin | /lib | /boot*)
        die "--prefix '$prefix' is a system directory, not the companion's" ;;
esac


need_root "$args"

say "service $service"
if [ -e "$unit_dir/$service.service" ] || [ "$dry_run" = 1 ]; then
    # The service stops with SIGTERM: the store is closed cleanly before the files go.
    run systemctl disable --now "$service.service"
    run rm -f "$unit_dir/$service.service"
    run systemctl daemon-reload
    run systemctl reset-failed "$service.service" || true # not failed: nothing to reset
else
    echo "no $unit_dir/$service.service: nothing to stop"
fi

say "program $prefix"
run rm -rf "$prefix"

if [ "$purge" = 1 ]; then
    say "purge: games, config, user"
    run rm -rf "$data_dir" "$config_dir"
    if id "$service_user" >/dev/null 2>&1 || [ "$dry_run" = 1 ]; then
        run userdel "$service_user"
    fi
else
    echo "kept: the game store in $data_dir, the config in $config_dir, the user $service_user"
    echo "      (remove them with --purge)"
fi
say "done"
