# shellcheck shell=bash
# What install.sh and uninstall.sh share: messages, and steps that a --dry-run only prints.
# The sourcing script sets `me` (its name, for messages) and `dry_run` (0 or 1) first.
# shellcheck disable=SC2154

die() {
    echo "$me: $*" >&2
    exit 1
}
warn() { echo "$me: warning: $*" >&2; }
say() { echo "== $*"; }

# Print a step as a shell command (quoted only where the shell needs it); run it unless this is
# a dry run.
run() {
    local arg line="+"
    for arg in "$@"; do
        if [[ $arg =~ ^[A-Za-z0-9_./=:,@%+-]+$ ]]; then line+=" $arg"; else line+=" $(printf '%q' "$arg")"; fi
    done
    echo "$line"
    if [ "$dry_run" = 0 ]; then
        "$@"
    fi
}

# Root is needed to change the system; a dry run may go on without it. $1: the arguments as given.
need_root() {
    [ "$dry_run" = 1 ] && say "dry run: printing the steps, changing nothing"
    if [ "$(id -u)" != 0 ]; then
        [ "$dry_run" = 1 ] || die "run as root: sudo $0 $1"
        warn "not root (fine for --dry-run)"
    fi
}
