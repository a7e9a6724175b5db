#!/usr/bin/env bash
# Install, or upgrade in place, the table companion on Raspberry Pi OS Bookworm (Pi 4 or 5):
# apt packages, a virtual environment that sees apt's picamera2, the project from this checkout,
# a config file, an unprivileged user, and a systemd service that starts on boot.
# Safe to run again: every step checks or overwrites, nothing is added twice, and an edited
# config file is kept. See "Set up a Raspberry Pi" in README.md.
#
#   sudo deploy/install.sh               install or upgrade, then (re)start the service
#   deploy/install.sh --dry-run          print every step without doing any (anywhere, no root)
#   deploy/install.sh --print-unit       print the systemd unit as it would be installed
set -euo pipefail

args="$*"
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src=$(dirname "$here")

service=table-companion
service_user=companion
prefix=/opt/table-companion
config_dir=/etc/table-companion
data_dir=/var/lib/table-companion # the unit's StateDirectory=table-companion
unit_dir=/etc/systemd/system
dry_run=0
print_unit=0
start=1
console_boot=0

# What the Pi needs from apt. Comments say who needs each.
apt_packages=(
    python3-venv      # the virtual environment
    python3-picamera2 # the Pi camera; pulls libcamera, python3-libcamera, python3-numpy
    python3-lgpio     # gpiozero's pin library on Bookworm (the only one that works on a Pi 5)
    # pygame-ce's wheel bundles SDL but loads these at run time for fullscreen KMSDRM:
    libdrm2 libgbm1 libegl1 libgles2 libegl-mesa0 libgl1-mesa-dri libudev1
    udev          # udevadm settle before start
    gpiod         # gpioinfo / gpioget, for checking the button wiring
    rpicam-apps-lite # rpicam-hello --list-cameras, for checking the camera
)
# A 32-bit (armhf) pygame-ce comes from piwheels, built against Debian's SDL.
armhf_packages=(libsdl2-2.0-0 libsdl2-ttf-2.0-0 libsdl2-image-2.0-0 libsdl2-mixer-2.0-0)
# Device access, by group: DRM/KMS (video, render), camera (video), buttons (gpio), touch and
# keyboards read by SDL without a desktop (input).
groups=(video render input gpio)

usage() {
    cat <<EOF
usage: $0 [--dry-run] [--user NAME] [--prefix DIR] [--no-start] [--console-boot] [--print-unit]

  --dry-run       print every step, change nothing (runs anywhere, as any user)
  --user NAME     the unprivileged user the service runs as (default: $service_user), made
                  if missing; an existing login user works, but the service cannot see /home
  --prefix DIR    where the virtual environment goes (default: $prefix; venv in DIR/venv)
  --no-start      install and enable the service, but do not (re)start it now
  --console-boot  boot to the console (multi-user.target): a desktop holds the screen and the
                  companion cannot become DRM master while it runs
  --print-unit    print the systemd unit with --user and --prefix filled in, and exit
EOF
}

me=install.sh
# shellcheck source=deploy/steps.sh
. "$(dirname "${BASH_SOURCE[0]}")/steps.sh"

while [ $# -gt 0 ]; do
    case "$1" in
        --dry-run) dry_run=1 ;;
        --user) [ $# -ge 2 ] || die "--user needs a name"; service_user=$2; shift ;;
        --user=*) service_user=${1#*=} ;;
        --prefix) [ $# -ge 2 ] || die "--prefix needs a directory"; prefix=$2; shift ;;
        --prefix=*) prefix=${1#*=} ;;
        --no-start) start=0 ;;
        --console-boot) console_boot=1 ;;
        --print-unit) print_unit=1 ;;
        -h | --help) usage; exit 0 ;;
        *) usage >&2; die "unknown option '$1'" ;;
    esac
    shift
done

# Both go into the unit file by substitution, so keep them to plain names and paths.
[[ $service_user =~ ^[a-z_][a-z0-9_-]{0,31}$ ]] ||
    die "--user '$service_user' is not a valid user name (lower case letters, digits, _ and -)"
[[ $prefix =~ ^/[A-Za-z0-9._/-]*$ ]] ||
    die "--prefix '$prefix' must be an absolute path of letters, digits, '.', '_', '-' and '/'"
[ "$service_user" != root ] || die "--user root: the service must run as an unprivileged user"
prefix=${prefix%/}
venv=$prefix/venv

render_unit() {
    sed -e "s|^User=companion\$|User=$service_user|" \
        -e "s|/opt/table-companion|$prefix|g" \
        "$here/$service.service"
}

if [ "$print_unit" = 1 ]; then
    render_unit
    exit 0
fi


# -- where are we ------------------------------------------------------------------------------
need_root "$args"
# shellcheck source=/dev/null
codename=$(. /etc/os-release 2>/dev/null && echo "${VERSION_CODENAME:-unknown}") || codename=unknown
[ "$codename" = bookworm ] ||
    warn "this is '$codename', not Raspberry Pi OS Bookworm: package names may differ"
arch=$(dpkg --print-architecture 2>/dev/null || uname -m)
case "$arch" in
    arm64 | aarch64) ;;
    armhf | armv7l)
        warn "32-bit ($arch): works, but the 64-bit OS is the one tested"
        apt_packages+=("${armhf_packages[@]}")
        ;;
    *) warn "'$arch' is not a Raspberry Pi architecture (arm64/armhf)" ;;
esac
[ -f "$src/pyproject.toml" ] && [ -f "$here/$service.service" ] ||
    die "run me from a checkout of the project: $src has no pyproject.toml"

# -- apt ---------------------------------------------------------------------------------------
say "apt packages"
run apt-get update
# No recommends: python3-picamera2 would otherwise pull a Qt and OpenGL desktop stack.
run env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
    "${apt_packages[@]}"

# -- the user ----------------------------------------------------------------------------------
say "user $service_user"
if id "$service_user" >/dev/null 2>&1; then
    echo "user $service_user exists"
else
    run useradd --system --user-group --home-dir "$data_dir" --no-create-home \
        --shell /usr/sbin/nologin --comment "Table companion" "$service_user"
fi
have_groups=()
for group in "${groups[@]}"; do
    if getent group "$group" >/dev/null; then
        have_groups+=("$group")
    elif [ "$dry_run" = 1 ]; then
        have_groups+=("$group") # apt above or Raspberry Pi OS itself would bring it
        warn "group $group does not exist on this machine (Raspberry Pi OS has it)"
    else
        warn "group $group does not exist: skipped (expected on Raspberry Pi OS; see README)"
    fi
done
if [ ${#have_groups[@]} -gt 0 ]; then
    run usermod --append --groups "$(
        IFS=,
        echo "${have_groups[*]}"
    )" "$service_user"
fi

# -- directories and config --------------------------------------------------------------------
say "directories and config"
# The user's own group: the one useradd made above, or an existing user's primary group.
service_group=$(id -gn "$service_user" 2>/dev/null || echo "$service_user")
run install -d -m 0750 -o "$service_user" -g "$service_group" "$data_dir"
run install -d -m 0755 "$prefix"
# The config directory and file are writable by the user's group: the wizards on the setup
# screen save the buttons and taught profiles into config.toml (a new file renamed over it).
run install -d -m 0775 -o root -g "$service_group" "$config_dir"
if [ -e "$config_dir/config.toml" ]; then
    echo "keeping $config_dir/config.toml (compare with deploy/config.example.toml after upgrades)"
    run chgrp "$service_group" "$config_dir/config.toml"
    run chmod g+rw "$config_dir/config.toml"
else
    run install -m 0664 -o root -g "$service_group" "$here/config.example.toml" "$config_dir/config.toml"
fi

# -- the virtual environment -------------------------------------------------------------------
say "virtual environment $venv"
if [ "$dry_run" = 0 ]; then
    python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' ||
        die "the companion needs Python 3.11 or newer as python3 (Bookworm has 3.11)"
fi
# --system-site-packages: picamera2, libcamera and lgpio come from apt and are seen from here.
# Running venv again on an existing one keeps what is installed and refreshes its settings.
run python3 -m venv --system-site-packages "$venv"
# The constraints keep numpy 1.x: apt's picamera2 (simplejpeg) is built against Bookworm's numpy
# 1.24 and fails to import beside numpy 2. pip then reuses apt's numpy.
run "$venv/bin/python" -m pip install --quiet --root-user-action=ignore --upgrade pip
run "$venv/bin/python" -m pip install --quiet --root-user-action=ignore --upgrade \
    --constraint "$here/constraints-pi.txt" "$src"
# The same version number after a code change would be "already satisfied": force the project.
run "$venv/bin/python" -m pip install --quiet --root-user-action=ignore --no-deps --force-reinstall "$src"
run install -m 0644 "$src/README.md" "$prefix/README.md"
# A config that no longer fits this version is the first thing to know about, not a boot loop.
run "$venv/bin/companion" --config "$config_dir/config.toml" config

# -- the service -------------------------------------------------------------------------------
say "systemd service $service"
echo "+ render $here/$service.service (User=$service_user, prefix $prefix) > $unit_dir/$service.service"
if [ "$dry_run" = 0 ]; then
    unit=$(mktemp)
    trap 'rm -f "$unit"' EXIT
    render_unit >"$unit"
    install -m 0644 "$unit" "$unit_dir/$service.service"
fi
run systemctl daemon-reload
run systemctl enable "$service.service"

default_target=$(systemctl get-default 2>/dev/null || echo unknown)
if [ "$default_target" = graphical.target ]; then
    if [ "$console_boot" = 1 ]; then
        run systemctl set-default multi-user.target
        echo "boots to the console from the next reboot on: reboot now"
    else
        warn "this Pi boots to the desktop, which holds the screen: the companion cannot go" \
            "fullscreen. Run again with --console-boot (or: sudo raspi-config, System" \
            "Options, Boot, Console) and reboot."
    fi
fi
if ! grep -qs '^camera_auto_detect=1' /boot/firmware/config.txt; then
    warn "/boot/firmware/config.txt has no 'camera_auto_detect=1': a Camera Module may not be found"
fi

if [ "$start" = 1 ]; then
    run systemctl restart "$service.service"
    [ "$dry_run" = 1 ] || echo "started; follow it with: journalctl -u $service -f"
else
    echo "not started (--no-start); it starts on the next boot, or: systemctl start $service"
fi
say "done"
