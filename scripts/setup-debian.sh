#!/usr/bin/env bash
# Installs what Lamina needs on a Debian machine (run as root, or with sudo available):
# the C libraries it links, the protocol XML it generates bindings from, and the compositors
# and tools its end-to-end tests and the headless demo use. Safe to run again.
set -euo pipefail

packages=(
  pkg-config
  libwayland-dev        # wayland-client, wayland-cursor, the core protocol XML
  wayland-protocols     # xdg-shell, presentation-time, viewporter, fractional-scale, xdg-decoration
  libxkbcommon-dev
  libcairo2-dev
  libpixman-1-dev
  libpango1.0-dev       # pangocairo: CATextLayer's shaping (HarfBuzz) and fonts (fontconfig)
  fonts-dejavu-core     # a default font, so text draws on a minimal system
  fonts-urw-base35      # Nimbus Sans, Roman and Mono PS: fontconfig's metric-compatible Helvetica, Times and Courier
  fonts-lato            # Lato: Core Text's stand-in for Avenir and Avenir Next
  fonts-inter           # Inter and Inter Display: Core Text's stand-ins for San Francisco (SF Pro, SF Pro Display)
  fonts-inter-variable  # Inter's variable fonts: the tests' variable font (a weight axis), registered renamed
  libglib2.0-dev        # gio-2.0: GDBus, which the accessibility bridge speaks AT-SPI over, and GSettings
  gsettings-desktop-schemas  # org.gnome.desktop.interface: the desktop's reduce-motion preference (enable-animations)
  dbus-daemon           # a private session bus for the accessibility end-to-end tests
  at-spi2-core          # at-spi-bus-launcher and the registry those tests embed the app in
  python3-pyatspi       # the AT-SPI client (Orca's library) those tests query the app with
  orca                  # the screen reader itself, read through its debug log in those tests
  xwayland              # the X server Orca needs at start: it reads the keymap with xkbcomp…
  x11-xkb-utils         # …which this package has
  sway                  # headless compositor for the demo, screenshots and input tests
  weston                # headless compositor with presentation feedback
  grim                  # screenshots through wlr-screencopy
  util-linux            # unshare: sway refuses to run as root outside a user namespace
  wtype                 # types into the headless sway (zwp_virtual_keyboard_v1) in the keyboard tests
  wl-clipboard          # wl-copy and wl-paste: the clipboard end-to-end tests on sway
  xcursor-themes        # cursor images for the pointer (libwayland-cursor)
  libx11-data           # compose tables (dead keys, the Compose key) that xkbcommon reads
)
# Installed without its recommendations (the Plasma desktop): only the compositor is needed.
minimal_packages=(
  kwin-wayland          # KDE's compositor, headless (--virtual): fractional scales, activation, text input
)

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done

missing_minimal=()
for package in "${minimal_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing_minimal+=("$package")
done

if ((${#missing[@]} + ${#missing_minimal[@]})); then
  echo "setup: installing ${missing[*]} ${missing_minimal[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  if ((${#missing[@]})); then
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
  if ((${#missing_minimal[@]})); then
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing_minimal[@]}" >/dev/null
  fi
else
  echo "setup: system packages already installed"
fi

if ! command -v swift >/dev/null 2>&1; then
  if [ -x /opt/swift/usr/bin/swift ]; then
    echo "setup: swift is at /opt/swift/usr/bin; add it to PATH (the project's scripts do)"
  else
    echo "setup: no Swift toolchain found: install Swift 6.1 or newer (swift.org) and put it on PATH" >&2
    exit 1
  fi
fi
